# A slider on the real kernel (issue 26): a drag through i2c-stub and the INT line sends one
# value, at the lift, and the fill is drawn to it (pixels read from /dev/fb0 by another process),
# with its value written at its right end ("80 %", in the text colour over the track).
runs_in interrupt || return 0

begin "slider: a drag sends one value at the lift and draws the fill"
down 0 60 450                  # 40 of 399 along the track: 10
move 0 200 450                 # 50
move 0 340 450                 # 320 of 399: 80
up 0
expect "dimmer pressed" "dimmer released" "dimmer value 80"
_fill=$("$FBPEEK" /dev/fb0 300 450 2>&1)
[ "$_fill" = "#2E7D32" ] || note "pixel at (300, 450), in the fill: $_fill, expected #2E7D32"
# Above the value's text line (rows 436-463 at 24 px), on the track beyond the value.
_track=$("$FBPEEK" /dev/fb0 380 432 2>&1)
[ "$_track" = "$NORMAL" ] || note "pixel at (380, 432), on the track beyond the value: $_track, expected $NORMAL"
# The value's text, right-aligned 13 px from the end: some pixel of its row is the text colour.
_text=""
for _x in 370 372 374 376 378 380 382 384 386 388 390 392 394 396 398 400 402 404; do
    _pixel=$("$FBPEEK" /dev/fb0 $_x 450 2>&1)
    [ "$_pixel" = "#F2F2F2" ] && _text=$_x && break
done
[ -n "$_text" ] || note "no pixel of the text colour #F2F2F2 along y 450 from x 370 to 404: the value text is not drawn"
end
