# GPIO outputs on the gpio-sim chip, read back from the simulator's own view of each line
# (sim_gpioN/value: the level the panel drives). [output relay] is line 2, active low, off at
# start: the line must read 1 from the first look, never 0. [output lamp] is line 3, active
# high, start = on: 1. A tap on the relay button switches it on (0), a second off (1).
runs_in interrupt || return 0

line_value() { cat "/sys/devices/platform/$SIMDEV/$CHIP/sim_gpio$1/value" 2>&1; }

begin "active-low relay off and lamp on at start; a tap toggles the relay"
[ "$(line_value 2)" = 1 ] || note "relay (line 2, active low, off at start): $(line_value 2), expected 1"
[ "$(line_value 3)" = 1 ] || note "lamp (line 3, start = on): $(line_value 3), expected 1"
down 0 560 220
up 0
expect "relay pressed" "relay released" "relay tap 1"
[ "$(line_value 2)" = 0 ] || note "relay after one tap: line 2 $(line_value 2), expected 0 (on, active low)"
down 0 560 220
up 0
expect "relay pressed" "relay released" "relay tap 1" "relay pressed" "relay released" "relay tap 1"
[ "$(line_value 2)" = 1 ] || note "relay after a second tap: line 2 $(line_value 2), expected 1 (off)"
[ "$(line_value 3)" = 1 ] || note "lamp after the taps: line 3 $(line_value 3), expected 1"
end

# Hold-to-run on gpio-sim line 4: high from the down, low again the moment the finger leaves
# the button (coming back in does not start it again), and a second press lifted inside.
begin "hold-to-run: on_press at the down, on_release once when the finger leaves"
[ "$(line_value 4)" = 0 ] || note "jog line 4 at start: $(line_value 4), expected 0"
down 0 340 220
[ "$(line_value 4)" = 1 ] || note "jog line 4 while held: $(line_value 4), expected 1"
move 0 340 400
[ "$(line_value 4)" = 0 ] || note "jog line 4 after dragging out: $(line_value 4), expected 0"
move 0 340 220
[ "$(line_value 4)" = 0 ] || note "jog line 4 after coming back in: $(line_value 4), expected 0"
up 0
down 1 340 220
[ "$(line_value 4)" = 1 ] || note "jog line 4 on a second press: $(line_value 4), expected 1"
up 1
[ "$(line_value 4)" = 0 ] || note "jog line 4 after the lift: $(line_value 4), expected 0"
expect "jog pressed" "jog exit" "jog enter" "jog released" "jog pressed" "jog released"
end

# Interlock: jog (line 4) and back (line 5) are one group. A second finger on back while jog is
# held is ignored for its whole life, so the two lines are never high together; back alone
# runs once jog is let go, and then a finger on jog is the one ignored.
begin "interlock: jog and back never drive their lines together"
both_low() { [ "$(line_value 4)" = 0 ] && [ "$(line_value 5)" = 0 ]; }
both_low || note "at start: lines 4 and 5 are $(line_value 4) $(line_value 5), expected 0 0"
down 0 340 220
down 1 340 360
[ "$(line_value 4)$(line_value 5)" = 10 ] || note "jog held, finger on back: lines 4 5 = $(line_value 4)$(line_value 5), expected 10"
up 0
[ "$(line_value 4)$(line_value 5)" = 00 ] || note "jog let go, back's finger still down: $(line_value 4)$(line_value 5), expected 00"
up 1
down 2 340 360
down 3 340 220
[ "$(line_value 4)$(line_value 5)" = 01 ] || note "back held, finger on jog: lines 4 5 = $(line_value 4)$(line_value 5), expected 01"
up 3
up 2
both_low || note "after both lifts: lines 4 and 5 are $(line_value 4) $(line_value 5), expected 0 0"
expect "jog pressed" "jog released" "back pressed" "back released"
[ "$(grep -c 'touch ignored: interlock jog' "$LOG")" = 2 ] ||
    note "log: $(grep 'interlock' "$LOG" | tr '\n' ';'), expected two 'touch ignored' lines"
grep -q '\[button back\] touch ignored: interlock jog is held by \[button jog\]' "$LOG" || note "log: no line for back"
end
