#!/usr/bin/env bash
# The MQTT client's figures: event-to-publish latency on loopback (p50, p99, max at QoS 1 and
# QoS 0, 300 taps) and its memory cost (a connected panel against the same panel without
# [mqtt]), with the host release build against Debian's mosquitto started here. Prints them
# and writes build/bench/mqtt.json (not committed: one machine, one commit). About 50 s.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build/deps.sh
swift build -c release --product touchpanel >&2
mkdir -p build/bench
python3 -B Benchmarks/Scripts/mqtt_bench.py "$(swift build -c release --show-bin-path)/touchpanel" \
    "$PWD/build/bench-mqtt" "$PWD/build/bench/mqtt.json"
