# A touchscreen the kernel drives: a uinput device sending multi-touch protocol B, read by the
# firmware's evdev source from /dev/input/eventN (found by its name, grabbed).
runs_in evdev || return 0

begin "evdev: single tap"
down 0 100 60
expect_pixel one pressed
up 0
expect "one pressed" "one released" "one tap 1"
expect_dt 2 3 0
expect_pixel one normal
end

begin "evdev: double tap"
down 0 340 80
up 0
down 0 342 82
up 0
expect "dbl pressed" "dbl released" "dbl pressed" "dbl released" "dbl tap 2"
expect_dt 4 5 0
end

begin "evdev: long press and repeat from a silent resting finger"
down 0 560 80
hold 560                        # the device sends nothing while the finger rests
up 0
expect_hold_with_repeats hold
end

begin "evdev: two fingers on two buttons"
down 0 100 60
down 1 100 200
expect_pixel one pressed
expect_pixel two pressed
up 0
up 1
expect "one pressed" "two pressed" "one released" "one tap 1" "two released" "two tap 1"
end

begin "evdev: device unplugged while held, then plugged back"
down 0 100 60
expect_pixel one pressed
ucmd unplug
expect "one pressed" "one cancelled"
grep -q 'touches cancelled, waiting for it to come back' "$LOG" || note "log: no 'waiting for it to come back' line"
ucmd plug
wait_until 50 grep -q 'is there' "$LOG" || note "log: the firmware did not reopen the device within 5 s"
wait_until 20 firmware_asleep
down 0 100 60
up 0
expect "one pressed" "one cancelled" "one pressed" "one released" "one tap 1"
expect_pixel one normal
end

begin "evdev: events lost in the kernel's buffer (SYN_DROPPED), the state re-read"
down 0 100 60
expect_pixel one pressed
# The firmware stops reading; the device goes on: thousands of frames, more than its evdev
# buffer holds, then the finger lifts and another lands on "two". The kernel drops what did
# not fit and queues SYN_DROPPED; the firmware re-reads the slots (EVIOCGMTSLOTS).
kill -STOP "$FWPID"
ucmd "pid 0" "flood 0 100 60 3000" "up 0" syn "down 1 100 200" syn
kill -CONT "$FWPID"
wait_until 30 count_events 4
ucmd "pid $FWPID"
grep -q 'SYN_DROPPED' "$LOG" || note "log: no SYN_DROPPED line (was the buffer not overflowed?)"
up 1
expect "one pressed" "one released" "one tap 1" "two pressed" "two released" "two tap 1"
expect_pixel one normal
expect_pixel two normal
end
