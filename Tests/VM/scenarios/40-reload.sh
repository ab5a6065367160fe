# SIGHUP: a valid changed config replaces the running one; a broken one is refused with
# file:line and the running config carries on (interrupt mode).
runs_in reload || return 0

begin "SIGHUP reload of a valid config"
write_config "$CONF" interrupt renamed      # button "two" is now "second"
reloads=$(grep -c 'reloaded' "$LOG")
kill -HUP "$FWPID"
wait_until 100 sh -c "[ \$(grep -c 'reloaded' $LOG) -gt $reloads ]" || note "log: no 'reloaded' line"
wait_until 20 firmware_asleep
down 0 100 220
expect_pixel second pressed
up 0
expect "second pressed" "second released" "second tap 1"
expect_pixel second normal
end

begin "SIGHUP reload of a broken config"
write_config "$CONF" interrupt broken
kill -HUP "$FWPID"
wait_until 50 grep -q "$CONF:$BROKEN_LINE:" "$LOG" || note "log: no error naming $CONF:$BROKEN_LINE"
wait_until 20 firmware_asleep
down 0 100 220
up 0
expect "second pressed" "second released" "second tap 1"
end
