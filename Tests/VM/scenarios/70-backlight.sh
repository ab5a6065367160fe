# Idle blanking on a backlight class device of the real kernel (Tests/VM/backlight-stub.c):
# [backlight] dim_after_s = 2, off_after_s = 4, dim_brightness = 10 on a 0..255 device. The
# panel starts lit (255, bl_power 0), dims to 26 two seconds after its start and switches off
# (bl_power 4) at four. A tap wakes it (bl_power 0, brightness 255) and is swallowed: no event
# line, and the button never looks pressed; the next tap is a tap. The wake latency, from the
# INT edge to the stub's bl_power write, is reported as a metric. The control socket blanks,
# wakes, disables and enables through touchpanel ctl; its round trip is reported too.
runs_in backlight || return 0

BL=/sys/class/backlight/touchpanel-stub
BLP=/sys/module/backlight_stub/parameters
light() { echo "$(cat $BL/brightness) $(cat $BL/bl_power)"; }
light_is() { [ "$(light)" = "$1" ]; }

begin "backlight: lit at start, dimmed after 2 s, off after 4 s"
light_is "255 0" || note "at start: brightness and bl_power $(light), expected 255 0"
wait_until 40 light_is "26 0" || note "after 2 s: $(light), expected 26 0 (dimmed to 10 %)"
wait_until 40 light_is "26 4" || note "after 4 s: $(light), expected 26 4 (off through bl_power)"
grep -q 'backlight: dimmed (10 %)' "$LOG" || note "log: no 'backlight: dimmed (10 %)'"
grep -q 'backlight: off' "$LOG" || note "log: no 'backlight: off'"
end

begin "backlight: the waking tap is swallowed, the next one taps"
: >/tmp/edge_ns
POINTS="0:100:80"
INJECT_EXTRA="-T /tmp/edge_ns" report 0 0
INJECT_EXTRA=""
on_at=$(cat $BLP/last_update_ns)
edge_at=$(cat /tmp/edge_ns)
light_is "255 0" || note "after the waking touch: $(light), expected 255 0"
expect_pixel one normal
up 0
expect
expect_pixel one normal
if [ -n "$edge_at" ] && [ -n "$on_at" ] && [ "$on_at" -gt "$edge_at" ]; then
    echo "VMTEST-METRIC $RUN wake_us $(((on_at - edge_at) / 1000))"
else
    note "wake latency: edge at ${edge_at:-?} ns, backlight on at ${on_at:-?} ns"
fi
down 1 100 80
expect_pixel one pressed
up 1
expect "one pressed" "one released" "one tap 1"
light_is "255 0" || note "after the second tap: $(light), expected 255 0"
end

begin "control socket: blank, wake, disable and enable from touchpanel ctl"
CTL="$TP ctl --socket /tmp/control.sock"
out=$($CTL --time blank 2>/tmp/ctl.err)
[ "$out" = '{"ok":true}' ] || note "ctl blank: $out"
light_is "255 4" || note "after ctl blank: $(light), expected 255 4"
rt=$(sed -n 's/^.*round trip \([0-9][0-9]*\) us$/\1/p' /tmp/ctl.err)
[ -n "$rt" ] && echo "VMTEST-METRIC $RUN control_round_trip_us $rt" || note "ctl --time printed no round trip: $(cat /tmp/ctl.err)"
$CTL wake >/dev/null || note "ctl wake failed"
light_is "255 0" || note "after ctl wake: $(light), expected 255 0"
$CTL disable one >/dev/null || note "ctl disable one failed"
expect_pixel one "#1A1C1F"
down 2 100 80
up 2
expect
$CTL enable one >/dev/null || note "ctl enable one failed"
expect_pixel one normal
state=$($CTL state)
# The backlight run's config has [presence] (scenarios/75-presence.sh): its "present" follows the backlight.
case $state in '{"ok":true,"backlight":{"power":"awake","brightness":100},"present":false,"buttons":[{"name":"one","label":"One","enabled":true}'*) ;;
    *) note "ctl state: $state" ;; esac
out=$($CTL latch one on)
[ $? = 1 ] && [ "$out" = '{"ok":false,"error":"button one is no latch button (latch = yes in its section)"}' ] || note "ctl latch one on: $out"
end

begin "backlight: a reload starts lit; a panel stopped while dark puts the light back"
reloads=$(grep -c 'reloaded' "$LOG")
kill -HUP "$FWPID"
wait_until 100 sh -c "[ \$(grep -c 'reloaded' $LOG) -gt $reloads ]" || note "log: no 'reloaded' line"
light_is "255 0" || note "after the reload: $(light), expected 255 0"
wait_until 60 light_is "26 4" || note "4 s after the reload: $(light), expected 26 4"
if stop_firmware; then
    light_is "255 0" || note "after SIGTERM: $(light), expected 255 0 (as the panel found it)"
else
    note "SIGTERM: exit $FWRC"
fi
end
