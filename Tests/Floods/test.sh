#!/usr/bin/env bash
# The flood tier: the host release build on the simulated board in real time against Debian's
# mosquitto on loopback and its control socket, flooded seven ways, then in a run of its own
# against a fake Home Assistant's websocket API (Tests/Floods/run.py, fake_homeassistant.py).
# Works in build/floods/ (figures.json, panel.log) and build/floods-homeassistant/. Ends with
# `N passed, M failed`.
set -uo pipefail
cd "$(dirname "$0")/../.."
scripts/build/deps.sh || { echo "0 passed, 1 failed"; exit 1; }
mkdir -p build
if ! swift build -c release --product touchpanel >build/floods-build.log 2>&1; then
    cat build/floods-build.log
    echo "0 passed, 1 failed"
    exit 1
fi
exec timeout -k 10 360 python3 -B Tests/Floods/run.py "$(swift build -c release --show-bin-path)/touchpanel" "$PWD/build/floods"
