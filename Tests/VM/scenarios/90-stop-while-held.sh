# SIGTERM while a button is held: the touch is cancelled before the firmware exits.
runs_in polling || return 0

begin "SIGTERM while a button is held"
down 0 100 60
expect "one pressed"
if stop_firmware; then :; else note "exit status $FWRC after SIGTERM"; fi
expect "one pressed" "one cancelled"
end
