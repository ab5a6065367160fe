#!/usr/bin/env bash
# The README's first command: installs what the host build needs (no cross toolchains), builds touchpanel and runs
# the example panel on the simulated board with the example trace, in real time. It prints
# the event lines and writes what the panel shows after each change as PNG frames into
# out/demo/. Extra arguments go to `touchpanel run` (e.g. --fast for virtual time).
# `scripts/demo.sh --mqtt HOST[:PORT]` first: the panel also talks to that broker (anonymous
# login, client id touchpanel-demo), so its events, state and Home Assistant discovery show
# there: `mosquitto_sub -h HOST -t 'touchpanel/#' -t 'homeassistant/#' -v`.
set -euo pipefail
cd "$(dirname "$0")/.."
config=examples/demo.ini
if [[ ${1:-} == --mqtt ]]; then
    [[ -n ${2:-} ]] || { echo "demo.sh: --mqtt takes HOST or HOST:PORT" >&2; exit 2; }
    host=${2%%:*}
    port=1883
    [[ $2 == *:* ]] && port=${2##*:}
    shift 2
    mkdir -p build
    config=build/demo-mqtt.ini
    { cat examples/demo.ini
      printf '\n[mqtt]\nhost = %s\nport = %s\nclient_id = touchpanel-demo\nname = TouchPanel demo\n' "$host" "$port"
    } >"$config"
fi
scripts/build/deps.sh host
swift build --product touchpanel >&2
mkdir -p out/demo
rm -f out/demo/frame-*.png
"$(swift build --show-bin-path)/touchpanel" run "$config" --trace examples/demo.trace --png-dir out/demo "$@"
echo "PNG frames: $(ls out/demo | wc -l) in out/demo/" >&2
