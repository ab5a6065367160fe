# Home Assistant's entities on the real kernel (issue 45): the panel of write_homeassistant_config
# against the stand-in on loopback (Tests/VM/homeassistant-stub.c, started by init.sh with the
# states below), every item used: it logs in and subscribes to exactly its 12 entities, shows
# each as reported (the buttons' fills read from /dev/fb0, every item through `ctl state`), a tap
# on each button calls homeassistant.toggle on its entity and shows the state sent back, a drag
# on each slider calls its domain's service, states pushed by Home Assistant reach the items, and
# a dropped connection shows every button unknown until the panel is back. The anonymous memory
# read at the stop (console.py: within issue 45's 512 KiB) is that of this panel, every item used.
runs_in homeassistant || return 0

CTL="$TP ctl --socket /tmp/control.sock"
HA_MARK=0
ON="#2E7D32"
UNKNOWN="#222428"
# ha_mark: what the stand-in logs from here on is the step's
ha_mark() { HA_MARK=$(wc -l <"$HA_LOG"); }
# ha_received: the messages the stand-in received since ha_mark, each a line, with its id written
# N (the panel's counter; a ping it sends every 30 s takes one) and its pings left out
ha_received() {
    sed -n "$((HA_MARK + 1)),\$s/^< //p" "$HA_LOG" | sed 's/^{"id":[0-9]*,/{"id":N,/' |
        grep -v '^{"id":N,"type":"ping"}$'
}
ha_received_at_least() { [ "$(ha_received | wc -l)" -ge "$1" ]; }
# expect_received MESSAGE...: exactly these messages since ha_mark (waits for them, bounded)
expect_received() {
    _want=""
    for _l in "$@"; do _want="${_want:+$_want
}$_l"; done
    wait_until 50 ha_received_at_least $#
    usleep 200000
    _got=$(ha_received)
    [ "$_got" = "$_want" ] || note "Home Assistant received: expected
$(echo "${_want:-(nothing)}" | sed 's/^/  /')
got
$(echo "${_got:-(nothing)}" | sed 's/^/  /')"
}
# ha_command LINE: a command to the stand-in (set ENTITY STATE [NAME=VALUE ...], drop)
ha_command() { echo "$1" >"$HA_FIFO"; }
# items: every item as `ctl state` shows it, one "NAME STATE|VALUE|TEXT" a line in config order
items() {
    $CTL state | sed 's/{"name":/\
&/g' | sed -n -e 's/^.*"name":"\(b[1-4]\)".*"state":"\([a-z]*\)".*$/\1 \2/p' \
        -e 's/^.*"name":"\(s[1-4]\)".*"value":\([-0-9.]*\),.*$/\1 \2/p' \
        -e 's/^.*"name":"\(t[1-4]\)".*"text":"\([^"]*\)".*$/\1 \2/p' | tr '\n' ';'
}
items_are() { [ "$(items)" = "$1" ]; }
# expect_items "b1 on;...;": what `ctl state` must show (waits for it, bounded)
expect_items() {
    wait_until 50 items_are "$1" || note "ctl state: items $(items), expected $1"
}
# button_fill N: the fill of button bN, inside its border and clear of its label
button_fill() { "$FBPEEK" /dev/fb0 $((18 + ($1 - 1) * 195)) 18; }
fills_are() { [ "$(for _k in 1 2 3 4; do button_fill $_k; done | tr '\n' ' ')" = "$1" ]; }
# expect_fills "F1 F2 F3 F4 ": the four buttons' fills (waits for them, bounded)
expect_fills() {
    wait_until 50 fills_are "$1" ||
        note "button fills: $(for _k in 1 2 3 4; do button_fill $_k; done | tr '\n' ' ')expected $1"
}
ALL_ENTITIES='"light.b1","light.b2","light.b3","light.b4","sensor.t1","sensor.t2","sensor.t3","sensor.t4","light.s1","light.s2","cover.s3","cover.s4"'
FIRST_ITEMS="b1 on;b2 off;b3 on;b4 off;s1 50;s2 10;s3 40;s4 0;t1 20.5 °C;t2 48 %;t3 1013 hPa;t4 230 V;"

begin "homeassistant: logged in with the token, subscribed to the 12 bound entities, each item as reported"
wait_until 100 grep -q 'homeassistant: online, 12 entities subscribed$' "$LOG" || note "log: never online"
expect_received '{"type":"auth","access_token":"(the token)"}' \
    "{\"id\":N,\"type\":\"subscribe_entities\",\"entity_ids\":[$ALL_ENTITIES]}"
grep -q '"id":1,"type":"subscribe_entities"' "$HA_LOG" || note "the subscription's id is not 1"
expect_items "$FIRST_ITEMS"
expect_fills "$ON $NORMAL $ON $NORMAL "
end

# Each button tapped: b1 and b3 (on) go off, b2 and b4 (off) go on, each drawn once the stand-in
# sends the new state. (_b: init.sh's report counts points in _n.)
_fills="$ON $NORMAL $ON $NORMAL "
for _b in 1 2 3 4; do
    begin "homeassistant: a tap on b$_b calls homeassistant.toggle on light.b$_b; its new state is drawn"
    ha_mark
    down 0 $((100 + (_b - 1) * 195)) 80
    up 0
    expect "b$_b pressed" "b$_b released" "b$_b tap 1"
    expect_received "{\"id\":N,\"type\":\"call_service\",\"domain\":\"homeassistant\",\"service\":\"toggle\",\"target\":{\"entity_id\":\"light.b$_b\"}}"
    case $_b in 1 | 3) _new=$NORMAL ;; *) _new=$ON ;; esac
    _fills=$(echo "$_fills" | awk -v n=$_b -v c="$_new" '{ $n = c; print $0 " " }')
    expect_fills "$_fills"
    end
done

# Each slider dragged from 10 px into its track to a value (x - rect x) * 100 / 179: the lights'
# through light.turn_on with brightness_pct (the stand-in sends back round(pct * 255 / 100), which
# shows as the same percentage), the covers' through cover.set_cover_position.
for _slider in "1 30 light turn_on brightness_pct" "2 80 light turn_on brightness_pct" \
    "3 60 cover set_cover_position position" "4 20 cover set_cover_position position"; do
    set -- $_slider
    _x0=$((10 + ($1 - 1) * 195))
    case $2 in 30) _dx=54 ;; 80) _dx=143 ;; 60) _dx=107 ;; 20) _dx=36 ;; esac
    begin "homeassistant: a drag on s$1 calls $3.$4 with $5 $2; the level sent back is shown"
    ha_mark
    down 0 $((_x0 + 10)) 200
    move 0 $((_x0 + _dx / 2)) 200
    move 0 $((_x0 + _dx)) 200
    up 0
    expect "s$1 pressed" "s$1 released" "s$1 value $2"
    expect_received "{\"id\":N,\"type\":\"call_service\",\"domain\":\"$3\",\"service\":\"$4\",\"service_data\":{\"$5\":$2},\"target\":{\"entity_id\":\"$3.s$1\"}}"
    end
done
expect_items "b1 off;b2 on;b3 off;b4 on;s1 30;s2 80;s3 60;s4 20;t1 20.5 °C;t2 48 %;t3 1013 hPa;t4 230 V;"

begin "homeassistant: states Home Assistant sends reach the items"
ha_mark
ha_command "set light.b1 on"
ha_command "set light.b4 off"
ha_command "set light.s1 - brightness=255"
ha_command "set cover.s4 open current_position=75"
ha_command "set sensor.t1 21.5"
ha_command "set sensor.t4 229"
expect_items "b1 on;b2 on;b3 off;b4 off;s1 100;s2 80;s3 60;s4 75;t1 21.5 °C;t2 48 %;t3 1013 hPa;t4 229 V;"
expect_fills "$ON $ON $NORMAL $NORMAL "
expect_received
end

# The stand-in ends the connection and is stopped (SIGSTOP) before it can take the next: the
# panel's reconnection waits for its upgrade, so every item stays unknown, and a tap while away
# calls nothing. Resumed, it takes the connection and the panel logs in and subscribes again.
begin "homeassistant: a dropped connection shows the buttons unknown; the panel reconnects and shows the states again"
ha_mark
ha_command "drop"
wait_until 50 grep -q '^dropped$' "$HA_LOG" || note "the stand-in did not drop the connection"
kill -STOP "$HAPID"
wait_until 100 grep -q 'homeassistant: the connection to http://127.0.0.1:8123 ended' "$LOG" ||
    note "log: no line about the connection's end"
expect_fills "$UNKNOWN $UNKNOWN $UNKNOWN $UNKNOWN "
_away=$(items)
case $_away in "b1 unknown;b2 unknown;b3 unknown;b4 unknown;"*) ;; *) note "ctl state while away: $_away" ;; esac
down 0 100 80
up 0
expect "b1 pressed" "b1 released" "b1 tap 1"
wait_until 50 grep -q 'service homeassistant.toggle: dropped, Home Assistant at http://127.0.0.1:8123 is away' "$LOG" ||
    note "log: the tap's call was not dropped"
kill -CONT "$HAPID"
wait_until 150 sh -c "[ \$(grep -c 'homeassistant: online, 12 entities subscribed\$' $LOG) = 2 ]" || note "log: not online again"
expect_received '{"type":"auth","access_token":"(the token)"}' \
    "{\"id\":N,\"type\":\"subscribe_entities\",\"entity_ids\":[$ALL_ENTITIES]}"
expect_items "b1 on;b2 on;b3 off;b4 off;s1 100;s2 80;s3 60;s4 75;t1 21.5 °C;t2 48 %;t3 1013 hPa;t4 229 V;"
expect_fills "$ON $ON $NORMAL $NORMAL "
end

begin "homeassistant: at the stop the panel closes the connection with a close frame (1000)"
ha_mark
if stop_firmware; then
    ok "SIGTERM stops the firmware cleanly ($RUN)"
else
    note "SIGTERM: exit $FWRC"
fi
wait_until 50 grep -q '^closed 1000$' "$HA_LOG" || note "the stand-in logged no close frame: $(tail -n 1 "$HA_LOG")"
expect_received
end
