# The controller stops answering while a button is held, then comes back (interrupt mode).
runs_in interrupt || return 0

begin "I2C failure while held"
down 0 100 60
expect_pixel one pressed
# Unplugging the chip: try removing i2c-stub first; while the firmware holds /dev/i2c-N open,
# i2c-dev pins the module, so fall back to the stub's `nack` parameter (every transfer -ENXIO).
if out=$(rmmod i2c_stub 2>&1); then
    FAULT=rmmod
    echo "    fault: rmmod i2c_stub mid-touch worked"
else
    FAULT=nack
    echo "    fault: rmmod i2c_stub mid-touch refused ($out); using i2c_stub.nack=1"
    echo 1 >/sys/module/i2c_stub/parameters/nack
fi
"$INJECT" -p "$PULL" -w "$FWPID" pulse || note "the firmware did not wake for the INT edge"
expect "one pressed" "one cancelled"
expect_pixel one normal
grep -q 'controller: .*touches cancelled' "$LOG" || note "log: no 'controller: ... touches cancelled' line"
end

begin "recovery after the I2C failure"
OLD_BUS=$BUS
if [ "$FAULT" = nack ]; then
    # The firmware may let go of /dev/i2c-N while it probes: then the module can go now.
    removed=no
    i=0
    while [ $i -lt 10 ]; do
        if rmmod i2c_stub 2>/dev/null; then removed=yes; break; fi
        usleep 100000
        i=$((i + 1))
    done
    if [ $removed = yes ]; then
        FAULT=rmmod
        echo "    rmmod i2c_stub after the fault: removed (the firmware had closed the bus)"
    else
        echo "    rmmod i2c_stub after the fault: still in use (the firmware keeps /dev/i2c-$BUS open while probing)"
        echo 0 >/sys/module/i2c_stub/parameters/nack
    fi
fi
if [ "$FAULT" = rmmod ]; then
    insmod /lib/modules/vm/i2c-stub.ko chip_addr=$ADDR || note "insmod i2c-stub again failed"
    find_stub_bus || note "no i2c-stub bus after insmod"
    echo "    i2c-stub back on /dev/i2c-$BUS (was /dev/i2c-$OLD_BUS)"
    [ "$BUS" = "$OLD_BUS" ] || note "i2c-stub came back on bus $BUS, not $OLD_BUS: the firmware's config still says $OLD_BUS"
fi
"$INJECT" -b "$BUS" -a "$ADDR" id 55 01 79 && "$INJECT" -b "$BUS" -a "$ADDR" report "00 00 00" ||
    note "re-seeding the registers failed"
wait_until 80 grep -q 'controller answers again' "$LOG" || note "log: no 'controller answers again' within 8 s"
wait_until 20 firmware_asleep
down 0 100 60
up 0
expect "one pressed" "one released" "one tap 1"
expect_pixel one normal
end
