# A slider on the real kernel (issue 26): a drag through i2c-stub and the INT line sends one
# value, at the lift, and the fill is drawn to it (pixels read from /dev/fb0 by another process).
runs_in interrupt || return 0

begin "slider: a drag sends one value at the lift and draws the fill"
down 0 60 450                  # 40 of 399 along the track: 10
move 0 200 450                 # 50
move 0 340 450                 # 320 of 399: 80
up 0
expect "dimmer pressed" "dimmer released" "dimmer value 80"
_fill=$("$FBPEEK" /dev/fb0 300 450 2>&1)
[ "$_fill" = "#2E7D32" ] || note "pixel at (300, 450), in the fill: $_fill, expected #2E7D32"
_track=$("$FBPEEK" /dev/fb0 380 450 2>&1)
[ "$_track" = "$NORMAL" ] || note "pixel at (380, 450), on the track beyond the value: $_track, expected $NORMAL"
end
