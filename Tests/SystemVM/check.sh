#!/bin/sh
# The system VM's checks, run by touchpanel-check.service once multi-user.target is up on a
# Debian trixie or bookworm arm64 system ($M/release says which, from Tests/SystemVM/run.sh)
# with that release's touchpanel .deb installed by apt. The same checks run on both: each one
# depends on the release's systemd (257 or 252: the unit's hardening, notify, reload, watchdog,
# ExecStopPost) or on its libraries (libgpiod 2 or 1.6, libmosquitto, libdrm). It follows the
# Pi guide of docs/getting-started.md (edit /etc/touchpanel/panel.ini, touchpanel check, systemctl enable --now,
# journalctl -u touchpanel), with vfb as the display and a uinput touchscreen as the panel's
# touch. Each check prints "SYSVM ok ..." or "SYSVM FAIL ..." on the console; the last line is
# "SYSVM done", then the system powers off.
M=/usr/local/lib/sysvm
UINPUT_NAME="TouchPanel uinput touchscreen"
FIFO=/run/uinput.fifo
ACKS=/run/uinput.acks
say() { echo "SYSVM $*" >/dev/console; }
# Each result ends with the guest's uptime, to see what each check costs.
ok() { say "ok $* [$(cut -d' ' -f1 /proc/uptime) s]"; }
bad() { say "FAIL $* [$(cut -d' ' -f1 /proc/uptime) s]"; }
detail() { sed 's/^/SYSVM   | /' >/dev/console; }
# wait_for TENTHS CMD...: until CMD succeeds, at most TENTHS tenths of a second.
wait_for() {
    n=$1; shift
    while [ "$n" -gt 0 ]; do "$@" && return 0; sleep 0.1; n=$((n - 1)); done
    return 1
}
main_pid() { systemctl show -p MainPID --value touchpanel; }
is_active() { [ "$(systemctl is-active touchpanel)" = active ]; }
# A restart the checks make by hand: the unit's start limit (5 starts in 60 s, for a panel that
# keeps crashing) counts these too, and by the label check the checks have started the panel six
# times within 60 s (enable, the watchdog's, the hold, SIGKILL's, exec's, the label's), so
# systemd refuses the sixth unless the count is reset first.
restart_panel() { systemctl reset-failed touchpanel; systemctl restart touchpanel; }

module_params() {
    case $1 in
        vfb.ko) echo "vfb_enable=1 videomemorysize=1536000 mode_option=800x480M-32" ;;
        i2c-stub.ko) echo "chip_addr=0x38" ;;  # the FT5x06's registers, for the I2C check
    esac
}
# The system is the release the host meant: its Debian version and its systemd.
release=$(cat $M/release)
case $release in trixie) want_debian=13 want_systemd=257 ;; bookworm) want_debian=12 want_systemd=252 ;; esac
debian=$(cut -d. -f1 /etc/debian_version)
systemd_version=$(systemctl --version | sed -n '1s/^systemd \([0-9]*\).*/\1/p')
if [ "$debian" = "$want_debian" ] && [ "$systemd_version" = "$want_systemd" ]; then
    ok "Debian $(cat /etc/debian_version) ($release) with systemd $systemd_version"
else
    bad "expected Debian $want_debian ($release) with systemd $want_systemd, found Debian $(cat /etc/debian_version) with systemd $systemd_version"
fi
for ko in $(cat $M/order); do insmod "$M/$ko" $(module_params "$ko"); done
[ -c /dev/fb0 ] && ok "vfb: /dev/fb0" || bad "no /dev/fb0"
chgrp video /dev/fb0; chmod 660 /dev/fb0

# The panel's touchscreen: uinput-touch holds it and takes commands from the FIFO.
mkfifo $FIFO; : >$ACKS
$M/uinput-touch -n "$UINPUT_NAME" $FIFO $ACKS &
uinput_pid=$!
# What holds the touchscreen, and whether its program still runs: for a touch that never came.
touch_diagnosis() {
    kill -0 $uinput_pid 2>/dev/null && echo "uinput-touch $uinput_pid runs; acks: $(tail -n 3 $ACKS | tr '\n' ';')" || echo "uinput-touch $uinput_pid is gone"
    for p in /proc/[0-9]*; do
        ls -l "$p/fd" 2>/dev/null | grep -q '/dev/input/event' && echo "holds an input device: ${p#/proc/} $(cat "$p/comm") state $(cut -d' ' -f3 "$p/stat")"
    done
    journalctl -u touchpanel -o cat --no-pager | tail -n 25
}
exec 3>$FIFO
wait_for 100 grep -qs "^$UINPUT_NAME\$" /sys/class/input/event*/device/name && ok "uinput touchscreen up" || bad "no uinput touchscreen"
udevadm settle

# The guide: edit the config, check it, enable and start.
sed -i 's|^# \[controller\]$|[controller]|; s|^# device = .*|name = TouchPanel uinput touchscreen|' /etc/touchpanel/panel.ini
if touchpanel check /etc/touchpanel/panel.ini >/dev/null 2>/run/check.err; then ok "touchpanel check on the edited example"; else bad "touchpanel check"; detail </run/check.err; fi
systemctl enable --now touchpanel 2>&1 | detail
if is_active; then ok "systemctl enable --now: active (READY=1 received)"; else bad "not active: $(systemctl is-active touchpanel)"; journalctl -u touchpanel --no-pager | tail -n 20 | detail; fi
[ -L /etc/systemd/system/multi-user.target.wants/touchpanel.service ] && ok "enabled for multi-user.target" || bad "not enabled"
pid=$(main_pid)
user=$(ps -o user= -p "$pid" | tr -d ' ')
[ "$user" = touchpanel ] && ok "runs as user touchpanel (pid $pid)" || bad "runs as '$user'"
groups=$(id -nG touchpanel)
case " $groups " in *" gpio "*) case " $groups " in *" i2c "*" input "*|*" input "*" i2c "*) ok "touchpanel is in: $groups" ;; *) bad "groups: $groups" ;; esac ;; *) bad "groups: $groups" ;; esac

# The unit's exposure as systemd rates it: at most 2.0, with every check below passing under it.
score=$(systemd-analyze security touchpanel 2>/dev/null | sed -n 's/.*Overall exposure level for touchpanel.service: \([0-9.]*\).*/\1/p')
if [ -n "$score" ] && awk "BEGIN { exit !($score <= 2.0) }"; then ok "systemd-analyze security touchpanel: $score"; else bad "systemd-analyze security touchpanel: '$score', expected at most 2.0"; fi

# A tap on the touchscreen: its event line in the journal.
tap_seen() { journalctl -u touchpanel -o cat --no-pager | grep -q '"button":"light","event":"tap","taps":1'; }
printf 'down 0 100 100\nsyn\nup 0\nsyn\n' >&3
if wait_for 100 tap_seen; then ok "a tap gives its event line in journalctl -u touchpanel: $(journalctl -u touchpanel -o cat --no-pager | grep '"event":"tap"' | head -n1)"; else bad "no tap event line"; journalctl -u touchpanel -o cat --no-pager | tail -n 15 | detail; fi

# A broken config on reload: refused with file:line, as an error; the same process goes on.
cp /etc/touchpanel/panel.ini /run/panel.ini.good
echo "bogus_key = 1" >>/etc/touchpanel/panel.ini
# systemctl reload fails: the unit's ExecReload checks the config before it signals the panel.
if systemctl reload touchpanel 2>/run/reload.err; then reload_status=0; else reload_status=$?; fi
refused() { journalctl -u touchpanel -o cat --no-pager | grep -q '/etc/touchpanel/panel.ini:[0-9]*: .*bogus_key'; }
if [ "$reload_status" != 0 ] && wait_for 100 refused && is_active && [ "$(main_pid)" = "$pid" ]; then
    ok "reload with a broken config: systemctl reload exits $reload_status, journal: $(journalctl -u touchpanel -o cat --no-pager | grep 'panel.ini:[0-9]*: .*bogus_key' | tail -n1); pid $pid still running"
else
    bad "broken reload: systemctl reload exit $reload_status, active=$(systemctl is-active touchpanel) pid $(main_pid) (was $pid)"; journalctl -u touchpanel -o cat --no-pager | tail -n 10 | detail
fi
# A config that passes check but that the panel cannot start with: its [output relay] is a line
# another program holds (line-hold, as a relay driver or gpioset would). The unit's
# `touchpanel reload $MAINPID` waits for the panel's answer, so systemctl reload fails; the
# journal names the holder, and the same process goes on with the previous config: a tap still
# gives "light" (the refused config calls that button "lamp").
light_taps() { journalctl -u touchpanel -o cat --no-pager | grep -c '"button":"light","event":"tap"'; }
$M/line-hold touchpanel-hold 3 >/run/line-hold.out 2>&1 &
holder=$!
sed 's/^\[button light\]$/[button lamp]/' /run/panel.ini.good >/etc/touchpanel/panel.ini
printf '\n[output relay]\nchip = touchpanel-hold\nline = 3\n' >>/etc/touchpanel/panel.ini
if wait_for 50 grep -q '^holding touchpanel-hold 3$' /run/line-hold.out && touchpanel check --quiet /etc/touchpanel/panel.ini 2>/run/check.err; then
    taps=$(light_taps)
    since=$(date '+%Y-%m-%d %H:%M:%S')
    if systemctl reload touchpanel 2>/run/reload.err; then reload_status=0; else reload_status=$?; fi
    named() { journalctl -u touchpanel -o cat --no-pager | grep -q "reload refused by pid $pid: cannot start with /etc/touchpanel/panel.ini: gpio touchpanel-hold 3 (\[output relay\]): .*in use by \"sysvm-line-hold\"; it goes on with the previous config"; }
    printf 'down 0 100 100\nsyn\nup 0\nsyn\n' >&3
    tapped() { [ "$(light_taps)" -gt "$taps" ]; }
    if [ "$reload_status" != 0 ] && wait_for 100 named && is_active && [ "$(main_pid)" = "$pid" ] && wait_for 100 tapped &&
        ! journalctl -u touchpanel -o cat --no-pager | grep -q '"button":"lamp"'; then
        ok "reload of a config the panel cannot start with: systemctl reload exits $reload_status ($(head -n1 /run/reload.err)), journal: $(journalctl -u touchpanel -o cat --no-pager | grep 'reload refused by pid' | tail -n1); pid $pid goes on with the previous config (a tap gives light)"
    else
        bad "refused reload: systemctl reload exit $reload_status ($(tr '\n' ';' </run/reload.err)), active=$(systemctl is-active touchpanel) pid $(main_pid) (was $pid), light taps $taps -> $(light_taps)"
        journalctl -u touchpanel -o short-monotonic --no-pager --since "$since" | grep -v '{"t_ms"' | head -n 30 | detail
    fi
else
    bad "refused reload: line-hold: $(cat /run/line-hold.out | tr '\n' ';') check: $(cat /run/check.err 2>/dev/null | tr '\n' ';')"
fi
kill $holder
wait $holder 2>/dev/null

# The good config again: systemctl reload exits 0 once the panel runs it.
cp /run/panel.ini.good /etc/touchpanel/panel.ini
reloads=$(journalctl -u touchpanel -o cat --no-pager | grep -c "^reloaded /etc/touchpanel/panel.ini$")
if systemctl reload touchpanel 2>/run/reload.err; then reload_status=0; else reload_status=$?; fi
reloaded() { [ "$(journalctl -u touchpanel -o cat --no-pager | grep -c "^reloaded /etc/touchpanel/panel.ini$")" -gt "$reloads" ]; }
if [ "$reload_status" = 0 ] && wait_for 100 reloaded && [ "$(main_pid)" = "$pid" ]; then
    ok "reload with the good config: systemctl reload exits 0, reloaded by pid $pid"
else
    bad "good reload: systemctl reload exit $reload_status ($(cat /run/reload.err | tr '\n' ';')), pid $(main_pid) (was $pid)"
    journalctl -u touchpanel -o cat --no-pager | tail -n 10 | detail
fi

# The watchdog: a frozen process (SIGSTOP) is killed and the service restarted.
pid=$(main_pid)
kill -STOP "$pid"
restarted() { p=$(main_pid); [ -n "$p" ] && [ "$p" != 0 ] && [ "$p" != "$pid" ] && is_active; }
if wait_for 600 restarted; then
    ok "SIGSTOPped pid $pid: watchdog killed it, restarted as pid $(main_pid) ($(journalctl -u touchpanel -o cat --no-pager | grep -i -m1 'watchdog'))"
else
    bad "no restart after SIGSTOP: $(systemctl is-active touchpanel), pid $(main_pid)"; journalctl -u touchpanel -o cat --no-pager | tail -n 10 | detail
fi

# A killed panel leaves no relay on. music's hold-to-run drives line 2 of touchpanel-hold
# (Tests/VM/gpio-hold-stub.c: a released line keeps its level, as the Pi's do). SIGKILL while
# it is held: ExecStopPost's safe-outputs takes the line low, before the restart (RestartSec=2).
HOLD=/sys/module/gpio_hold_stub/parameters/levels
pump() { cut -c3 $HOLD; }
if [ -r $HOLD ]; then
    sed -i 's|^on_long_press = emit$|on_long_press = emit\non_press = gpio touchpanel-hold 2 on\non_release = gpio touchpanel-hold 2 off|' /etc/touchpanel/panel.ini
    restart_panel
    wait_for 100 is_active
    pid=$(main_pid)
    printf 'down 0 100 240\nsyn\n' >&3
    if wait_for 50 sh -c "[ \"\$(cut -c3 $HOLD)\" = 1 ]"; then
        # Timed by the journal, not by polling (under TCG a look at the line costs a process
        # start, and a busy loop takes the CPU safe-outputs needs): from the kill to the
        # journal's timestamp of safe-outputs' line, which it writes after driving the line.
        started_us=$(($(date +%s%N) / 1000))
        kill -KILL "$pid"
        if wait_for 50 sh -c "[ \"\$(cut -c3 $HOLD)\" = 0 ]"; then
            # Each instant is the first matching journal line after the kill, waited for: the
            # journal takes lines in a little after they happen, and earlier stops left the same
            # lines. Both are read by the journal's clock, never by when this script looks (under
            # TCG and a busy host a look can come after RestartSec's 2 s).
            first_after_kill() { journalctl -o short-unix --no-pager | grep "$1" | awk -v t="$started_us" '{ s = $1; sub(/\./, "", s); if (s + 0 > t + 0) { print s; exit } }'; }
            logged_after_kill() { [ -n "$(first_after_kill "$1")" ]; }
            wait_for 50 logged_after_kill 'safe-outputs: touchpanel-hold:2: off'
            driven_us=$(first_after_kill 'safe-outputs: touchpanel-hold:2: off')
            low_ms=$(((${driven_us:-0} - started_us) / 1000))
            exited_us=$(first_after_kill 'touchpanel.service: Main process exited, code=killed')
            seen_ms=$(((${exited_us:-0} - started_us) / 1000))
            # The restart this kill causes: safe-outputs must have driven the line before it.
            wait_for 100 logged_after_kill 'touchpanel.service: Scheduled restart job'
            restart_us=$(first_after_kill 'touchpanel.service: Scheduled restart job')
            if [ -n "$driven_us" ] && [ -n "$restart_us" ] && [ "$driven_us" -lt "$restart_us" ]; then
                ok "SIGKILL while held: line low after $low_ms ms (systemd saw the death after $seen_ms ms; the rest is starting safe-outputs), $(((restart_us - driven_us) / 1000)) ms before the restart ($(journalctl -u touchpanel -o cat --no-pager | grep -m1 'safe-outputs: touchpanel-hold'))"
            else
                bad "line low after $low_ms ms, but not before the restart (restart scheduled at ${restart_us:-?} us, line low at ${driven_us:-?} us, kill at $started_us us)"
            fi
        else
            bad "line still $(pump) 5 s after SIGKILL"; journalctl -u touchpanel -o cat --no-pager | tail -n 10 | detail
        fi
    else
        bad "hold-to-run never drove line 2: levels $(cat $HOLD)"; touch_diagnosis | detail
    fi
    printf 'up 0\nsyn\n' >&3
    if wait_for 100 restarted; then ok "restarted after SIGKILL as pid $(main_pid); line $(pump)"; else bad "no restart after SIGKILL: $(systemctl is-active touchpanel)"; fi
else
    bad "no $HOLD (gpio-hold-stub not loaded)"
fi

# Idle blanking as the service runs it: the unprivileged user writes the backlight stub's
# sysfs files (group video through the package's udev rule) under the unit's hardening.
BL=/sys/class/backlight/touchpanel-stub
light() { echo "$(cat $BL/brightness) $(cat $BL/bl_power)"; }
if [ -d $BL ]; then
    ls -l $BL/brightness $BL/bl_power | detail
    # The service's sysfs mounts, "MOUNTPOINT ro|rw;" each: ProtectKernelTunables= makes /sys
    # read-only but for /sys/devices (the unit's ReadWritePaths=), where the backlight's files
    # really are. systemd 252 (bookworm) does so; 257 (trixie), as this VM boots it, leaves /sys
    # itself writable under ProtectKernelTunables=, so there only /sys/devices is checked.
    sys_mounts=$(awk '{ for (i = 7; i < NF; i++) if ($i == "-") break; if ($(i + 1) == "sysfs") print $5 " " substr($6, 1, 2) ";" }' "/proc/$(main_pid)/mountinfo" | tr -d '\n')
    case $release in bookworm) want_mounts="/sys ro;/sys/devices rw;" ;; *) want_mounts="/sys r?;/sys/devices rw;" ;; esac
    case $sys_mounts in
        $want_mounts) ok "the service's sysfs: $sys_mounts (ProtectKernelTunables=, ReadWritePaths=/sys/devices)" ;;
        *) bad "the service's sysfs: '$sys_mounts', expected '$want_mounts'" ;;
    esac
    printf '\n[backlight]\ndim_after_s = 1\noff_after_s = 2\ndim_brightness = 10\n' >>/etc/touchpanel/panel.ini
    systemctl reload touchpanel
    if wait_for 100 sh -c "[ \"\$(cat $BL/bl_power)\" = 4 ]" && [ "$(light)" = "26 4" ] &&
        ! journalctl -u touchpanel -p err -o cat --no-pager | grep -q backlight; then
        ok "backlight dimmed to 26 and switched off by user touchpanel: $(journalctl -u touchpanel -o cat --no-pager | grep 'backlight:' | tr '\n' ';')"
    else
        bad "backlight: $(light)"; journalctl -u touchpanel -o cat --no-pager | tail -n 10 | detail
        # How the service sees /sys: its mount namespace's sysfs mounts, and where the
        # backlight's attribute really is.
        echo "$BL -> $(readlink -f $BL)" | detail
    fi
else
    bad "no $BL (backlight-stub not loaded)"
fi

# Under the same hardening, everything else the panel does: exec commands through the exec
# runner without the device groups, the control socket, MQTT to the broker on this machine,
# the touch controller on I2C, and DRM/KMS.
journal_has() { journalctl -o cat --no-pager "$@"; }
cp /run/panel.ini.good /etc/touchpanel/panel.ini

# exec with [exec] groups = none (the shipped panel.ini): the command runs in
# touchpanel-exec@.service as touchpanel-exec, whose only group is touchpanel.
grep -qx 'groups = none' /etc/touchpanel/panel.ini || bad "the shipped panel.ini has no [exec] groups = none"
sed -i '/^\[button light\]$/,/^\[/ s|^on_tap = emit$|on_tap = exec echo "exec check: $(id -un) $(id -nG)"|' /etc/touchpanel/panel.ini
grep -q '^on_tap = exec echo "exec check' /etc/touchpanel/panel.ini || bad "the light button's on_tap could not be made an exec"
printf '\n[control]\n\n[mqtt]\nhost = 127.0.0.1\nclient_id = sysvm\ndiscovery = no\n' >>/etc/touchpanel/panel.ini
restart_panel
wait_for 100 is_active
ran() { journalctl -u 'touchpanel-exec@*' -o cat --no-pager | grep -q '^exec check: '; }
printf 'down 0 100 100\nsyn\nup 0\nsyn\n' >&3
if wait_for 100 ran && [ "$(journalctl -u 'touchpanel-exec@*' -o cat --no-pager | grep -m1 '^exec check: ')" = "exec check: touchpanel-exec touchpanel" ]; then
    ok "exec with groups = none: $(journalctl -u 'touchpanel-exec@*' -o cat --no-pager | grep -m1 '^exec check: ') (the panel: $(id -nG touchpanel))"
else
    bad "exec with groups = none: $(journalctl -u 'touchpanel-exec@*' -o cat --no-pager | tail -n 5 | tr '\n' ';')"
    touch_diagnosis | detail
fi

runner_unit=$(systemctl list-units 'touchpanel-exec@*' --plain --no-legend | awk '{ print $1 }' | head -n1)
runner_score=$(systemd-analyze security "$runner_unit" 2>/dev/null | sed -n 's/.*Overall exposure level for .*: \([0-9.]*\).*/\1/p')
if [ -n "$runner_score" ] && awk "BEGIN { exit !($runner_score <= 2.0) }"; then
    ok "systemd-analyze security $runner_unit: $runner_score"
else
    bad "systemd-analyze security of the exec runner ('$runner_unit'): '$runner_score', expected at most 2.0"
fi

# The control socket: root (or a member of the touchpanel group) talks to the panel.
if touchpanel ctl label light "From ctl" >/run/ctl.out 2>&1 && touchpanel ctl state >>/run/ctl.out 2>&1 &&
    grep -q '"name":"light","label":"From ctl"' /run/ctl.out; then
    ok "control socket: ctl label and ctl state answered ($(ls -l /run/touchpanel/control.sock | cut -d' ' -f1,3,4))"
else
    bad "control socket"; detail </run/ctl.out
fi

# The label set from outside survives a restart: kept in the unit's StateDirectory.
restart_panel
if wait_for 100 is_active && touchpanel ctl state >/run/ctl2.out 2>&1 && grep -q '"name":"light","label":"From ctl"' /run/ctl2.out &&
    grep -qx 'label light From ctl' /var/lib/touchpanel/state; then
    ok "the label set by ctl survives a restart ($(ls -l /var/lib/touchpanel/state | cut -d' ' -f1,3,4))"
else
    bad "label after a restart: $(cat /run/ctl2.out); state file: $(cat /var/lib/touchpanel/state 2>&1 | tr '\n' ';')"
    systemctl status touchpanel --no-pager -n 10 2>&1 | detail
fi

# MQTT: the tap's event on the broker on this machine (Debian's mosquitto, loopback).
timeout 20 mosquitto_sub -h 127.0.0.1 -C 1 -t 'touchpanel/sysvm/button/light/event' >/run/mqtt.out 2>&1 &
sub=$!
sleep 3
printf 'down 0 100 100\nsyn\nup 0\nsyn\n' >&3
wait $sub
if grep -q '"button":"light","event":"' /run/mqtt.out; then
    ok "MQTT: the tap's event reached mosquitto: $(cat /run/mqtt.out)"
else
    bad "MQTT: $(cat /run/mqtt.out)"; journalctl -u touchpanel -o cat --no-pager | grep -i mqtt | tail -n 5 | detail
fi

# Fleet (issue 48): a config pushed over the broker, signed with the key the panel trusts,
# runs and is kept in the unit's StateDirectory; restarted with the broker stopped (as after a
# reboot without it), the panel runs the kept config again. Signed here with openssl.
openssl genpkey -algorithm ed25519 -out /run/fleet.pem 2>/run/fleet.err && openssl pkey -in /run/fleet.pem -pubout -out /etc/touchpanel/fleet.pub 2>>/run/fleet.err
printf '\n[fleet]\naccept_config = yes\ntrust_key = /etc/touchpanel/fleet.pub\n' >>/etc/touchpanel/panel.ini
restart_panel
wait_for 100 is_active
topic=touchpanel/config/sysvm
sed 's/^label = Light$/label = Pushed/' /etc/touchpanel/panel.ini >/run/pushed.ini
{ printf 'touchpanel-config 1 1000 %s\n' "$topic"; cat /run/pushed.ini; } >/run/pushed.signed
if openssl pkeyutl -sign -inkey /run/fleet.pem -rawin -in /run/pushed.signed -out /run/pushed.sig 2>>/run/fleet.err; then
    { printf 'touchpanel-config 1 1000 %s\n' "$(base64 -w0 /run/pushed.sig)"; cat /run/pushed.ini; } >/run/pushed.msg
    mosquitto_pub -h 127.0.0.1 -q 1 -r -t "$topic" -f /run/pushed.msg 2>>/run/fleet.err
fi
applied() { journalctl -u touchpanel -o cat --no-pager | grep -q "^fleet: applied the config pushed on $topic (sequence 1000"; }
if wait_for 100 applied && [ -s /var/lib/touchpanel/pushed-config ]; then
    systemctl stop mosquitto
    restart_panel
    kept() { journalctl -u touchpanel -o cat --no-pager | grep -q "^fleet: running the config pushed on $topic (sequence 1000), kept in /var/lib/touchpanel/pushed-config"; }
    if wait_for 100 is_active && wait_for 100 kept; then
        ok "fleet: a pushed config ran, and again after a restart with the broker stopped ($(ls -l /var/lib/touchpanel/pushed-config | cut -d' ' -f1,3,4))"
    else
        bad "fleet: the kept config after a restart without the broker"; journalctl -u touchpanel -o cat --no-pager | tail -n 10 | detail
    fi
    systemctl start mosquitto
else
    bad "fleet: the pushed config was not applied"; detail </run/fleet.err; journalctl -u touchpanel -o cat --no-pager | grep -i 'fleet\|mqtt' | tail -n 10 | detail
fi
# The checks after this one run the local file: [fleet] and its key go (the key is no file of
# the package's, and dpkg --purge leaves a folder holding one).
sed -i '/^\[fleet\]$/,/^trust_key = /d' /etc/touchpanel/panel.ini
rm -f /etc/touchpanel/fleet.pub

# I2C: an FT5x06 whose registers i2c-stub holds at 0x38, polled (no INT line), read by the
# unprivileged panel through /dev/i2c-N (group i2c by the package's udev rule).
stub_bus=$(for d in /sys/class/i2c-dev/i2c-*; do grep -q 'SMBus stub driver' "$d/name" && basename "$d" | cut -d- -f2; done | head -n1)
if [ -n "$stub_bus" ] && $M/touch-inject -b "$stub_bus" -a 0x38 id 55 01 79 && $M/touch-inject -b "$stub_bus" -a 0x38 report "00 00 00"; then
    # No preset (generic-evdev's keys are an input device's): the size and the controller here.
    sed -i "s|^preset = generic-evdev\$||; s|^# \[display\]\$|[display]|; s|^# width = 800\$|width = 800|; s|^# height = 480\$|height = 480|" /etc/touchpanel/panel.ini
    sed -i "s|^name = TouchPanel uinput touchscreen\$|model = ft5406\nbus = $stub_bus\naddress = 0x38|" /etc/touchpanel/panel.ini
    restart_panel
    wait_for 100 is_active
    since=$(date '+%Y-%m-%d %H:%M:%S')
    $M/touch-inject -b "$stub_bus" -a 0x38 report "00 00 01 80 64 00 64 10 00"
    sleep 0.3
    $M/touch-inject -b "$stub_bus" -a 0x38 report "00 00 00"
    i2c_tap() { journalctl -u touchpanel -o cat --no-pager --since "$since" | grep -q '"button":"light"'; }
    if wait_for 100 i2c_tap; then
        ok "I2C: an FT5x06 touch through /dev/i2c-$stub_bus ($(ls -l /dev/i2c-$stub_bus | cut -d' ' -f1,3,4)): $(journalctl -u touchpanel -o cat --no-pager | grep 'controller:' | tail -n1); $(journalctl -u touchpanel -o cat --no-pager --since "$since" | grep -m1 '"button":"light"')"
    else
        bad "I2C: no tap from the FT5x06 on /dev/i2c-$stub_bus"; journalctl -u touchpanel -o cat --no-pager | tail -n 10 | detail
    fi
else
    bad "I2C: no i2c-stub bus ($(cat /sys/class/i2c-dev/*/name 2>/dev/null | tr '\n' ';'))"
fi

# DRM/KMS: virtio-gpu appears; the unprivileged panel (group video, DeviceAllow char-drm) takes
# it with output = drm.
for ko in $(cat $M/order-drm); do insmod "$M/$ko"; done
if wait_for 100 sh -c 'ls /dev/dri/card* >/dev/null 2>&1'; then
    udevadm settle
    grep -q '^\[display\]$' /etc/touchpanel/panel.ini || printf '\n[display]\n' >>/etc/touchpanel/panel.ini
    sed -i 's|^\[display\]$|[display]\noutput = drm|' /etc/touchpanel/panel.ini
    restart_panel
    drawn() { journalctl -u touchpanel -o cat --no-pager | grep -q '^display: .* through DRM/KMS'; }
    if wait_for 100 is_active && wait_for 100 drawn; then
        ok "DRM/KMS: $(journalctl -u touchpanel -o cat --no-pager | grep -m1 '^display: .* through DRM/KMS') ($(ls -l /dev/dri/card* | cut -d' ' -f1,3,4 | head -n1))"
    else
        bad "DRM/KMS: $(systemctl is-active touchpanel)"; journalctl -u touchpanel -o cat --no-pager | tail -n 10 | detail
    fi
else
    bad "DRM/KMS: no /dev/dri/card* after loading $(tr '\n' ' ' <$M/order-drm)"
fi

# Purge: nothing left but what policy keeps (the system user and group).
systemctl stop touchpanel
dpkg --purge touchpanel >/run/purge.log 2>&1 || { bad "dpkg --purge"; detail </run/purge.log; }
left=$(ls -d /etc/touchpanel /usr/share/touchpanel /usr/bin/touchpanel /usr/lib/systemd/system/touchpanel.service \
    /etc/systemd/system/multi-user.target.wants/touchpanel.service /usr/lib/sysusers.d/touchpanel.conf \
    /usr/lib/udev/rules.d/60-touchpanel.rules /usr/share/doc/touchpanel /var/lib/systemd/deb-systemd-helper-enabled/touchpanel.service 2>/dev/null)
if [ -z "$left" ] && ! dpkg -s touchpanel >/dev/null 2>&1; then ok "dpkg --purge leaves nothing (user kept: $(getent passwd touchpanel | cut -d: -f1,6))"; else bad "left after purge: $left"; fi
say done
systemctl poweroff
