# Presence (issue 47) on a gpio-sim line of the real kernel: [presence] line 7 of the sim chip,
# debounce_ms = 200, beside [backlight] (dim 2 s, off 4 s; Tests/VM/backlight-stub.c). The
# panel is left to go off; a pulse on the line shorter than the debounce changes nothing; the
# line pulled and held wakes it (the stub shows brightness and bl_power back) no sooner than
# 200 ms after the pull, with the event line; the next tap is not swallowed; while the line
# stays active the panel does not blank; released, the idle time counts again from then.
# The pull-to-light time is reported as a metric.
runs_in backlight || return 0

BL=/sys/class/backlight/touchpanel-stub
BLP=/sys/module/backlight_stub/parameters
PRESENCE_PULL=/sys/devices/platform/$SIMDEV/$CHIP/sim_gpio7/pull
light() { echo "$(cat $BL/brightness) $(cat $BL/bl_power)"; }
light_is() { [ "$(light)" = "$1" ]; }
# The kernel's CLOCK_MONOTONIC now, in ns (the clock of edge stamps and of the stub's writes).
monotonic_ns() { sed -n 's/^now at \([0-9]*\) nsecs$/\1/p' /proc/timer_list | head -n 1; }
presence_events() { sed -n "$((SC_START + 1)),\$p" "$EV" | grep -c '"event":"presence"'; }

# 70-backlight.sh stopped its firmware: a fresh one, with the line idle (nobody there).
echo pull-down >"$PRESENCE_PULL"
[ -n "$FWPID" ] || start_firmware $MODE

begin "presence: a pulse shorter than debounce_ms changes nothing"
wait_until 60 light_is "26 4" || note "4 s after the start: $(light), expected 26 4 (off)"
echo pull-up >"$PRESENCE_PULL"
echo pull-down >"$PRESENCE_PULL"
usleep 800000
light_is "26 4" || note "after a short pulse: $(light), expected 26 4 (still off)"
[ "$(presence_events)" = 0 ] || note "a presence event line after a pulse shorter than the debounce"
end

begin "presence: the line pulled wakes the panel after the debounce, the next tap taps"
before_ns=$(monotonic_ns)
echo pull-up >"$PRESENCE_PULL"
wait_until 40 light_is "255 0" || note "after the pull: $(light), expected 255 0 (awake)"
on_ns=$(cat $BLP/last_update_ns)
if [ -n "$before_ns" ] && [ -n "$on_ns" ] && [ "$on_ns" -gt "$before_ns" ]; then
    wake_ms=$(((on_ns - before_ns) / 1000000))
    echo "VMTEST-METRIC $RUN presence_wake_ms $wake_ms"
    [ "$wake_ms" -ge 200 ] || note "lit $wake_ms ms after the pull: sooner than debounce_ms 200"
else
    note "pull-to-light: pulled at ${before_ns:-?} ns, lit at ${on_ns:-?} ns"
fi
wait_until 30 sh -c "[ \$(sed -n '$((SC_START + 1)),\$p' $EV | grep -c '\"event\":\"presence\",\"present\":true') = 1 ]" ||
    note "no presence event line with present true"
grep -q 'presence: someone there' "$LOG" || note "log: no 'presence: someone there'"
down 0 100 80
expect_pixel one pressed
up 0
wait_until 30 count_events 4
usleep 300000
[ "$(events | grep -v presence)" = "one pressed
one released
one tap 1" ] || note "the tap after the wake: $(events | tr '\n' ';')"
end

begin "presence: while someone is there the panel stays lit; leaving starts the idle time"
usleep 4500000
light_is "255 0" || note "4.5 s present: $(light), expected 255 0 (no idle blanking while present)"
echo pull-down >"$PRESENCE_PULL"
wait_until 30 sh -c "grep -q '\"event\":\"presence\",\"present\":false' $EV" || note "no presence event line with present false"
wait_until 40 light_is "26 0" || note "2 s after leaving: $(light), expected 26 0 (dimmed)"
CTL="$TP ctl --socket /tmp/control.sock"
case $($CTL state) in *'"present":false'*) ;; *) note "ctl state: $($CTL state)" ;; esac
end
