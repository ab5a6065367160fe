# The controller watchdog on the real kernel (its own run, stuck_ms = 1500): a controller
# that repeats one report with a finger down (i2c-stub keeps the registers; touch-inject
# raises INT every 40 ms) is noticed 1500 ms after the repeats began, the touch is cancelled,
# the chip is asked again, and touch works as before. The time from the down to the cancel
# is reported.
runs_in watchdog || return 0

begin "watchdog: a controller repeating one report with a finger down"
answered=$(grep -c 'controller answers again' "$LOG")
down 0 100 60
INJECT_EXTRA="-H 1700 -I 40" report
INJECT_EXTRA=""
wait_until 30 grep -q 'controller watchdog: the same report with touches down for' "$LOG" ||
    note "log: no watchdog line"
wait_until 30 sh -c "[ \$(grep -c 'controller answers again' $LOG) -gt $answered ]" ||
    note "log: the controller was not asked again"
up 0
no_touch
POINTS=""
[ "$(events | head -n 2 | tr '\n' ';')" = "one pressed;one cancelled;" ] || note "events: $(events | tr '\n' ';')"
dt=$(( $(t_of 2) - $(t_of 1) ))
echo "VMTEST-METRIC $RUN watchdog_cancel_after_down_ms $dt"
[ "$dt" -ge 1500 ] || note "cancelled $dt ms after the down, before stuck_ms"
end

begin "watchdog: touch works after the recovery"
down 1 100 60
up 1
expect "one pressed" "one released" "one tap 1"
end
