# A Goodix GT911 on a real I2C adapter (our gt911-stub: 16-bit registers over I2C_RDWR) with
# its INT line on gpio-sim; the firmware reads 0x814E and clears it after every report.
runs_in gt911 || return 0

begin "GT911: the reset sequence leaves RST held high and INT an input again"
rst=$(cat "/sys/devices/platform/$SIMDEV/$CHIP/sim_gpio1/value" 2>&1)
[ "$rst" = 1 ] || note "RST (gpio-sim line 1) reads $rst, expected 1 (released from reset, held)"
grep -q 'Goodix GT911' "$LOG" || note "log: the chip was not identified after the reset sequence"
end

begin "GT911: single tap, the status cleared after each report"
down 0 100 60
expect_pixel one pressed
status=$("$INJECT" -g -b "$GTBUS" -a "$GTADDR" read 814e 1)
[ "$status" = "00" ] || note "0x814E after the firmware read it: $status, expected 00 (cleared)"
up 0
expect "one pressed" "one released" "one tap 1"
expect_dt 2 3 0
expect_pixel one normal
end

begin "GT911: double tap"
down 0 340 80
up 0
down 0 342 82
up 0
expect "dbl pressed" "dbl released" "dbl pressed" "dbl released" "dbl tap 2"
expect_dt 4 5 0
end

begin "GT911: long press and repeat"
down 0 560 80
hold 560                        # reports every 40 ms: long press at 300, repeats at 400, 500
up 0
expect_hold_with_repeats hold
end

begin "GT911: two fingers on two buttons"
down 0 100 60
down 1 100 200
expect_pixel one pressed
expect_pixel two pressed
up 0
up 1
expect "one pressed" "two pressed" "one released" "one tap 1" "two released" "two tap 1"
end

begin "GT911: bus failure while held, then recovery"
down 0 100 60
echo 1 >/sys/module/gt911_stub/parameters/nack
"$INJECT" -p "$PULL" -w "$FWPID" pulse || note "the firmware did not wake for the INT edge"
expect "one pressed" "one cancelled"
grep -q 'controller: .*touches cancelled' "$LOG" || note "log: no 'controller: ... touches cancelled' line"
echo 0 >/sys/module/gt911_stub/parameters/nack
wait_until 80 grep -q 'controller answers again' "$LOG" || note "log: no 'controller answers again' within 8 s"
wait_until 20 firmware_asleep
POINTS=""
down 0 100 60
up 0
expect "one pressed" "one cancelled" "one pressed" "one released" "one tap 1"
expect_pixel one normal
end
