#!/usr/bin/env bash
# The instruction tier (issue 44): the firmware's own code built for x86-64
# (scripts/build/build-firmware.sh bookworm-x86_64) under callgrind over short runs: the input
# path, button repaints, a page change, a slider drag, a state message and a text to pixels,
# and a repaint on the eight-button panel, each checked against Benchmarks/Thresholds as
# scripts/bench.sh checks its long runs (Tests/Instructions/run.py). Works in
# build/instructions/. Arguments go to run.py (--thresholds DIR, figure names).
# Ends with `N passed, M failed`.
set -uo pipefail
cd "$(dirname "$0")/../.."
scripts/build/deps.sh || { echo "0 passed, 1 failed"; exit 1; }
mkdir -p build/instructions
start=$SECONDS
if ! scripts/build/build-firmware.sh bookworm-x86_64 >build/instructions/build.log 2>&1; then
    tail -n 30 build/instructions/build.log
    echo "0 passed, 1 failed"
    exit 1
fi
echo "firmware for x86-64 built in $((SECONDS - start)) s"
start=$SECONDS
timeout -k 10 600 python3 -B Tests/Instructions/run.py build/firmware/bookworm-x86_64 build/instructions "$@"
status=$?
echo "callgrind runs took $((SECONDS - start)) s" >&2
exit $status
