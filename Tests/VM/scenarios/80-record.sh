# touchpanel record on the real kernel (its own run, FT5x06 on i2c-stub with INT on gpio-sim):
# a tap, a double tap, a hold with repeats and a finger still down at SIGTERM, recorded as raw
# FT5x06 reports with the INT edges' times; replay of the recording prints exactly the event
# lines the panel printed.
runs_in record || return 0

begin "record: gestures on the real kernel, then SIGTERM with a finger down"
down 0 100 60
up 0
down 1 300 60
up 1
usleep 50000
down 1 300 60
up 1
down 2 520 60
hold 560
up 2
down 3 100 200
wait_until 30 count_events 12
stop_firmware || note "SIGTERM: exit $FWRC"
lines=$(wc -l </tmp/recorded.trace)
[ "$(grep -c ' ft5x06 ' /tmp/recorded.trace)" -ge 10 ] || note "the recording holds $lines lines: $(head -n 5 /tmp/recorded.trace | tr '\n' ';')"
tail -n 1 /tmp/recorded.trace | grep -q ' end$' || note "the recording does not end with the stop: $(tail -n 1 /tmp/recorded.trace)"
"$TP" replay "$CONF" /tmp/recorded.trace >/tmp/replayed.jsonl 2>/tmp/replay.err || note "replay failed: $(cat /tmp/replay.err)"
if cmp -s "$EV" /tmp/replayed.jsonl; then
    echo "    $(wc -l <"$EV") event lines, $lines trace lines; replay prints the same"
else
    note "replay differs:
$(diff "$EV" /tmp/replayed.jsonl)"
fi
end

# touchpanel calibrate on the real kernel, the firmware stopped: five touches off their crosses
# as a skewed panel would report them; the printed calibration line maps them back.
begin "calibrate: five touches on the real kernel give the calibration line"
"$TP" calibrate "$CONF" >/tmp/calibrate.out 2>/tmp/calibrate.err &
FWPID=$!
cross_drawn() { [ "$("$FBPEEK" /dev/fb0 48 48)" = "#F2F2F2" ]; }
wait_until 50 cross_drawn || note "no cross at the first target (48, 48): $("$FBPEEK" /dev/fb0 48 48)"
wait_until 20 firmware_asleep
n=0
CALPID=$FWPID
for touch in "38 55" "762 44" "770 416" "46 426" "405 236"; do
    set -- $touch
    down $n $1 $2
    # The last lift ends calibrate: nothing will be asleep to take it.
    [ $n = 4 ] && FWPID=""
    up $n
    n=$((n + 1))
done
FWPID=$CALPID
wait_until 50 sh -c "! kill -0 $FWPID 2>/dev/null"
wait "$FWPID" 2>/dev/null
rc=$?
FWPID=""
line=$(sed -n 's/^calibration = //p' /tmp/calibrate.out)
[ $rc = 0 ] && [ -n "$line" ] || note "calibrate exit $rc: $(cat /tmp/calibrate.out /tmp/calibrate.err | tr '\n' ';')"
echo "    calibration = $line ($(sed -n 's/^; touchpanel calibrate: //p' /tmp/calibrate.out))"
end
