#!/usr/bin/env bash
# The Home Assistant tier: the host build of touchpanel on the simulated board against a real
# Home Assistant (its own MQTT integration, reading the panel's discovery documents) and Debian's
# mosquitto, all on loopback (Tests/HomeAssistant/run.py); then, against a second Home Assistant
# without MQTT, the panel speaking its websocket API itself (entities.py, scenarios entity_*).
# Home Assistant is installed by setup.sh into build/homeassistant/venv (about 5.5 min the first
# time, nothing after); the tier works in build/homeassistant/work. Ends with `N passed, M failed`.
# Arguments: scenario names to run only those (test.sh entity_toggle).
set -uo pipefail
cd "$(dirname "$0")/../.."
scripts/build/deps.sh || { echo "0 passed, 1 failed"; exit 1; }
mkdir -p build
if ! swift build --product touchpanel >build/homeassistant-build.log 2>&1; then
    cat build/homeassistant-build.log
    echo "0 passed, 1 failed"
    exit 1
fi
if ! timeout -k 10 1200 Tests/HomeAssistant/setup.sh; then
    echo "FAIL setup: Home Assistant could not be installed (Tests/HomeAssistant/setup.sh, above)"
    echo "0 passed, 1 failed"
    exit 1
fi
exec timeout -k 10 600 python3 -B Tests/HomeAssistant/run.py "$(swift build --show-bin-path)/touchpanel" \
    "$PWD/build/homeassistant/work" "$@"
