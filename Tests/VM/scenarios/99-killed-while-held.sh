# SIGKILL while a hold-to-run output is on. The kernel releases a dead process's lines as they
# were: on the Pi, and on gpio-hold-stub (Tests/VM/gpio-hold-stub.c), the pump's line stays
# high. `touchpanel safe-outputs`, which the unit runs as ExecStopPost=, takes it low. The last
# scenario of the interrupt run: the firmware is not started again.
runs_in interrupt || return 0

hold_level() { cut -c$(($1 + 1)) /sys/module/gpio_hold_stub/parameters/levels; }

begin "killed while a hold-to-run output is on: the line stays on until safe-outputs"
[ "$(hold_level 1)" = 0 ] || note "pump line (touchpanel-hold 1) at start: $(hold_level 1), expected 0"
# The run's latency figures first (SIGUSR1), as its SIGTERM would have printed them.
kill -USR1 "$FWPID"
wait_until 5 grep -q 'latency slowest_report' "$LOG" || note "no latency figures after SIGUSR1"
FWHWM=$(status_kb VmHWM)
FWMEM="$(status_kb RssAnon) $(status_kb RssFile) $(status_kb RssShmem) $(framebuffer_rss_kb)"
# Killed at once: the harness sends no report while the finger rests, and after lost_ms
# (1000) the touch would end and on_release would take the line low by itself.
down 0 560 360
[ "$(hold_level 1)" = 1 ] || note "pump line while held: $(hold_level 1), expected 1"
kill -KILL "$FWPID"
wait "$FWPID" 2>/dev/null
FWPID=""
expect "pump pressed"
[ "$(hold_level 1)" = 1 ] || note "pump line after SIGKILL: $(hold_level 1), expected 1 (a released line keeps its level)"
"$TP" safe-outputs "$CONF" >/tmp/safe.out 2>&1 || note "safe-outputs exit $?: $(tr '\n' ';' </tmp/safe.out)"
[ "$(hold_level 1)" = 0 ] || note "pump line after safe-outputs: $(hold_level 1), expected 0"
grep -qx 'safe-outputs: touchpanel-hold:1: off' /tmp/safe.out || note "safe-outputs said: $(tr '\n' ';' </tmp/safe.out)"
grep -qx "safe-outputs: $CHIP:4: off" /tmp/safe.out || note "safe-outputs did not take jog's line: $(tr '\n' ';' </tmp/safe.out)"
end
POINTS=""
