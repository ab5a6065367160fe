#!/usr/bin/env bash
# The README's first command: installs what the host build needs (no cross toolchains), builds
# touchpanel and plays the tour (examples/tour.ini with examples/tour.trace) on the simulated
# board, in real time: two pages in one theme, icons, a lamp bound to its device, a latch, a
# dimmer dragged, a live temperature, a swipe to the second page and back. It prints the event
# lines as they happen, writes what the panel shows after each change as PNG frames into
# out/demo/ and all the frames on one picture, out/demo/contact-sheet.png (open that first),
# then says what happened. Extra arguments go to `touchpanel run` (e.g. --fast for virtual time).
# `scripts/demo.sh --mqtt HOST[:PORT]` first: the panel also talks to that broker (anonymous
# login, client id touchpanel-demo, Home Assistant discovery on), so its events, state and
# discovery show there: `mosquitto_sub -h HOST -t 'touchpanel/#' -t 'homeassistant/#' -v`.
# Without it the tour has no broker: the lamp's state comes from the trace, and the panel says
# it cannot connect and drops the lamp's command (device commands are never queued).
set -euo pipefail
cd "$(dirname "$0")/.."
config=examples/tour.ini
trace=examples/tour.trace
out=out/demo
if [[ ${1:-} == --mqtt ]]; then
    [[ -n ${2:-} ]] || { echo "demo.sh: --mqtt takes HOST or HOST:PORT" >&2; exit 2; }
    host=${2%%:*}
    port=1883
    [[ $2 == *:* ]] && port=${2##*:}
    shift 2
    mkdir -p build
    config=build/demo-mqtt.ini
    printf 'include = ../examples/tour.ini\n\n[mqtt]\nhost = %s\nport = %s\nclient_id = touchpanel-demo\nname = TouchPanel demo\ndiscovery = yes\n' \
        "$host" "$port" >"$config"
fi
scripts/build/deps.sh host
swift build --product touchpanel >&2
mkdir -p "$out"
rm -f "$out"/frame-*.png "$out"/contact-sheet.png "$out"/events.jsonl
"$(swift build --show-bin-path)/touchpanel" run "$config" --trace "$trace" --png-dir "$out" "$@" | tee "$out/events.jsonl"
frames=("$out"/frame-*.png)
python3 Tests/ReferenceImages/png.py contact-sheet "$out/contact-sheet.png" 4 "${frames[@]}"
# What happened, from the event lines.
events=$out/events.jsonl
count() { grep -c "$1" "$events" || true; }
{
    echo
    echo "What happened ($(wc -l <"$events") event lines, also in $events):"
    echo "  taps: $(count '"event":"tap"'), long presses: $(count '"event":"long_press"'), slider values sent: $(count '"event":"value"')"
    pages=$(grep -o '"event":"page","page":"[^"]*"' "$events" | sed 's/.*"page":"/ -> /; s/"$//' | tr -d '\n' || true)
    echo "  swipes: $(count '"event":"swipe"'), pages shown: home$pages"
    echo "PNG frames: ${#frames[@]} in $out/"
    echo "All of them on one picture: $out/contact-sheet.png"
} >&2
