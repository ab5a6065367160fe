#!/usr/bin/env bash
# The Home Assistant link's memory cost and idle wake-ups (Benchmarks/Scripts/homeassistant_bench.py):
# the firmware's own dynamic x86-64 build (scripts/build/build-firmware.sh bookworm-x86_64) on the
# simulated board, with [homeassistant] and 12 items bound to a real Home Assistant's entities
# (Tests/HomeAssistant/setup.sh installs it, hass.py starts it on loopback with entities.py's
# configuration), against the same panel with 12 plain items and no [homeassistant]: RssAnon once
# settled, and the voluntary context switches over 60 s idle. Prints them and writes
# build/bench/homeassistant.json (not committed: one machine, one commit). Not part of CI.
# About 3.5 min warm (Home Assistant's start, two panels idle 60 s each); the firmware build
# takes about 4 min and Home Assistant's install about 5.5 min the first time.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build/deps.sh
scripts/build/build-firmware.sh bookworm-x86_64 >&2
Tests/HomeAssistant/setup.sh >&2
mkdir -p build/bench
python3 -B Benchmarks/Scripts/homeassistant_bench.py build/firmware/bookworm-x86_64/touchpanel \
    "$PWD/build/bench-homeassistant" "$PWD/build/bench/homeassistant.json"
