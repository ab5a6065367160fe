# Touch feedback (issue 47) on gpio-sim line 6 ([feedback] chip = the sim chip, line = 6,
# pulse_ms = 1000 in the interrupt run's config), read back from the simulator's own view of
# the line: low at start, high as soon as a press's event line is out (the pulse starts before
# it, rule 15), low again once pulse_ms has passed; a touch on the background plays nothing.
runs_in interrupt || return 0

line_value() { cat "/sys/devices/platform/$SIMDEV/$CHIP/sim_gpio$1/value" 2>&1; }
feedback_low() { [ "$(line_value 6)" = 0 ]; }

begin "feedback: line 6 high from a press for pulse_ms, then low; nothing for the background"
# The scenarios before this one press buttons too: their pulses (1 s each) end first.
wait_until 10 feedback_low || note "feedback line 6 at start: $(line_value 6), expected 0 within 10 s"
down 0 120 80
wait_until 10 count_events 1
[ "$(line_value 6)" = 1 ] || note "feedback line 6 once 'one pressed' is out: $(line_value 6), expected 1"
up 0
expect "one pressed" "one released" "one tap 1"
wait_until 10 feedback_low ||
    note "feedback line 6 10 s after the press: $(line_value 6), expected 0 (pulse_ms = 1000)"
# The background touch's own events: none (counted from here).
SC_START=$(wc -l <"$EV")
down 0 780 460
up 0
expect
[ "$(line_value 6)" = 0 ] || note "feedback line 6 after a touch on the background: $(line_value 6), expected 0"
end
POINTS=""
