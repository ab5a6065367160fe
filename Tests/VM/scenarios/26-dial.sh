# A dial on the real kernel (issue 46): turned through i2c-stub and the INT line from its top
# (50) to 3 o'clock (84), it sends one value at the lift, and its band is drawn to it (pixels
# read from /dev/fb0 by another process): the fill before the value, the track beyond it.
runs_in interrupt || return 0

begin "dial: a turn sends one value at the lift and draws the band"
down 0 735 30                  # the top of the 110x110 dial at 680,20: 50
move 0 760 40                  # on round, clockwise
move 0 780 75                  # 3 o'clock: (91, 1) from the centre in half pixels, 90.63 degrees: 84
up 0
expect "knob pressed" "knob released" "knob value 84"
# At 9 o'clock on the band (-90 degrees), before the value: the fill.
_fill=$("$FBPEEK" /dev/fb0 690 75 2>&1)
[ "$_fill" = "#2E7D32" ] || note "pixel at (690, 75), on the band before the value: $_fill, expected #2E7D32"
# At about 120 degrees (lower right), beyond the value and its knob: the track.
_track=$("$FBPEEK" /dev/fb0 774 97 2>&1)
[ "$_track" = "$NORMAL" ] || note "pixel at (774, 97), on the band beyond the value: $_track, expected $NORMAL"
end
