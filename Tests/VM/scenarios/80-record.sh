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
