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
