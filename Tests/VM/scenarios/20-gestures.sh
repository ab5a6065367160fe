# Long press and repeat, drag out, two fingers (interrupt mode).
runs_in interrupt || return 0

begin "long press and repeat"
down 0 560 80
hold 560                        # contact reports every 40 ms: long press at 300, repeats at 400, 500
expect_pixel hold pressed
up 0
wait_until 30 count_events 5
usleep 300000
got=$(events)
# pressed, long_press 1, repeat 1..k (k >= 2, the last ones depend on how late the lift came
# under TCG), released; no tap.
want="hold pressed
hold long_press 1"
k=0
for l in $(echo "$got" | sed -n 's/^hold repeat //p'); do
    k=$((k + 1))
    want="$want
hold repeat $k"
done
want="$want
hold released"
[ "$got" = "$want" ] && [ $k -ge 2 ] || note "events: expected pressed, long_press 1, repeat 1..k (k >= 2), released; got
$(echo "$got" | sed 's/^/  /')"
expect_dt 1 2 300               # long_press at down + long_press_ms
expect_dt 1 3 400               # repeat n at down + long_press_ms + n * repeat_ms
expect_dt 1 4 500
expect_pixel hold normal
end

begin "drag out"
down 0 100 60
move 0 110 64                   # within the rect: nothing
move 0 400 400                  # outside every button
expect_pixel one normal
up 0
expect "one pressed" "one exit" "one cancelled"
expect_pixel one normal
end

begin "two fingers on two buttons"
down 0 100 60
down 1 100 220
expect_pixel one pressed
expect_pixel two pressed
expect_pixel dbl normal
expect_pixel background "$BACKGROUND"
# What the panel shows with two buttons held: saved for build/vm/fb-pressed.png.
dd if=/dev/fb0 of=/tmp/fb-pressed.raw bs=3200 count=480 2>/dev/null
up 0
expect_pixel one normal
expect_pixel two pressed
up 1
expect "one pressed" "two pressed" "one released" "one tap 1" "two released" "two tap 1"
expect_pixel two normal
end

begin "a touch outside every button, dragged onto one"
down 0 700 300
move 0 100 60
up 0
expect                          # ignored for its whole life
end

begin "the INT line goes quiet while held (lost_ms)"
down 0 100 60                   # then no report at all
wait_until 30 count_events 2
expect "one pressed" "one cancelled"
expect_dt 1 2 1000              # the last report + lost_ms
expect_pixel one normal
end

begin "a garbage report while held"
down 0 100 60
report_raw "00 00 0f"           # TD_STATUS 15 > the FT5406's 5 points
up 0
expect "one pressed" "one released" "one tap 1"
grep -q 'controller report dropped' "$LOG" || note "log: no 'controller report dropped' line"
end
