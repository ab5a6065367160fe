#!/usr/bin/env bash
# The README's test command: every test tier this project has, on a fresh machine.
#   1. host unit tests (Swift Testing)
#   2. replay traces against their expected event lines
#   3. the firmware build for aarch64 and armhf, its self-tests under qemu-user, and the
#      aarch64 replay compared byte for byte with the host's
set -euo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT

scripts/deps.sh

echo "== host unit tests"
swift test 2>&1 | tee "$log" | grep -vE '^(\[[0-9]+/[0-9]+\]|Test Suite|\s+Executed|◇ Test .* started|✔ Test .*passed after)' || true
host_line=$(grep -E 'Test run with [0-9]+ tests' "$log" | tail -n 1)
host_total=$(sed -E 's/.*Test run with ([0-9]+) tests.*/\1/' <<<"$host_line")
if ! grep -q 'passed after' <<<"$host_line" || [ -z "$host_total" ]; then
    echo "host unit tests failed"
    echo "0 passed, 1 failed"
    exit 1
fi

echo "== replay traces"
scripts/test-traces.sh | tee "$log"
trace_line=$(grep -E '^traces: ' "$log")

echo "== firmware: cross-build, self-tests under qemu-user, replay comparison"
scripts/test-firmware.sh | tee "$log"
firmware_line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1)

traces_passed=$(sed -E 's/traces: ([0-9]+) passed.*/\1/' <<<"$trace_line")
firmware_passed=$(sed -E 's/([0-9]+) passed.*/\1/' <<<"$firmware_line")
echo "host tests: $host_total, traces: $traces_passed, firmware checks: $firmware_passed"
echo "$((host_total + traces_passed + firmware_passed)) passed, 0 failed"
