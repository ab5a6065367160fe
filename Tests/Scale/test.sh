#!/usr/bin/env bash
# The scale tier (issue 48): 100 panels of the host release build on simulated boards, each
# its own process, client id and state directory, against Debian's mosquitto on loopback (a
# second one bridged to it for two sites); group commands, `touchpanel fleet status` and
# `fleet push` (with a canary, a refused config, the broker killed mid-push) at that scale
# (Tests/Scale/run.py). Works in build/scale/. Ends with `N passed, M failed`.
set -uo pipefail
cd "$(dirname "$0")/../.."
scripts/build/deps.sh || { echo "0 passed, 1 failed"; exit 1; }
mkdir -p build
if ! swift build -c release --product touchpanel >build/scale-build.log 2>&1; then
    cat build/scale-build.log
    echo "0 passed, 1 failed"
    exit 1
fi
exec timeout -k 10 240 python3 -B Tests/Scale/run.py "$(swift build -c release --show-bin-path)/touchpanel" "$PWD/build/scale"
