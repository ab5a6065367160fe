#!/usr/bin/env bash
# The real-broker tier: the host build of touchpanel on the simulated board against Debian's
# mosquitto, started here on loopback with a password file and TLS from a CA made here; checked
# with mosquitto_sub (Tests/MQTT/run.py). Works in build/mqtt/. Ends with `N passed, M failed`.
# Arguments: scenario names to run only those.
set -uo pipefail
cd "$(dirname "$0")/../.."
scripts/build/deps.sh || { echo "0 passed, 1 failed"; exit 1; }
mkdir -p build
if ! swift build --product touchpanel >build/mqtt-build.log 2>&1; then
    cat build/mqtt-build.log
    echo "0 passed, 1 failed"
    exit 1
fi
exec timeout -k 10 600 python3 -B Tests/MQTT/run.py "$(swift build --show-bin-path)/touchpanel" "$PWD/build/mqtt" "$@"
