#!/usr/bin/env bash
# The README's test command: every test tier this project has, on a fresh machine.
#   0. the rule between the modules: imports, the build graphs, who reads the clock
#      (Tests/Imports/check.sh)
#   1. host unit tests (Swift Testing)
#   2. replay traces against their expected event lines
#   3. the firmware build for aarch64 and armhf, its self-tests under qemu-user, and the
#      firmware replay compared byte for byte with the host's
#   4. the real-broker tier: the panel against Debian's mosquitto on loopback, with a password
#      file and TLS (Tests/MQTT/test.sh)
#   4a. the Home Assistant tier: the panel against a real Home Assistant (its MQTT integration,
#      discovery, services, automations) and mosquitto on loopback; Home Assistant is installed
#      into build/homeassistant by its setup.sh (Tests/HomeAssistant/test.sh)
#   4b. the flood tier: the release build on the simulated board in real time, flooded through
#      its control socket and the broker; lateness against the same run's quiet stretches
#      (Tests/Floods/test.sh)
#   5. a fuzz smoke: every libFuzzer target 10 s (scripts/fuzz.sh --smoke; the long runs are
#      scripts/fuzz.sh on its own)
#   6. the Debian packages: the four built, lintian, each checked against its release
#      (Tests/Packages/test.sh)
#   7. the kernel VM: the static aarch64 firmware on Debian's arm64 kernel under qemu-system-aarch64
#      with i2c-stub, gpio-sim and vfb as its touch hardware (Tests/VM/run.sh; at most 5 minutes)
#   8. the system VM: the trixie arm64 package in a Debian trixie arm64 system booted with systemd
#      (Tests/SystemVM/run.sh; the first run also debootstraps the root, about 5 minutes)
# Each tier runs even when an earlier one failed; the last line sums them up.
set -uo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT

scripts/build/deps.sh || { echo "0 passed, 1 failed"; exit 1; }

passed=0
failed=0

echo "== module rules"
Tests/Imports/check.sh 2>&1 | tee "$log"
rules_line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1)
rules_passed=$(sed -nE 's/^([0-9]+) passed.*/\1/p' <<<"$rules_line")
passed=$((passed + ${rules_passed:-0}))
rules_failed=$(sed -nE 's/.* ([0-9]+) failed$/\1/p' <<<"$rules_line")
failed=$((failed + ${rules_failed:-1}))

echo "== host unit tests"
swift test 2>&1 | tee "$log" | grep -vE '^(\[[0-9]+/[0-9]+\]|Test Suite|\s+Executed|◇ Test .* started|✔ Test .*passed after)'
host_line=$(grep -E 'Test run with [0-9]+ tests' "$log" | tail -n 1)
host_total=$(sed -nE 's/.*Test run with ([0-9]+) tests.*/\1/p' <<<"$host_line")
host_failed=$(grep -cE '^✘ Test [^r]' "$log")
if grep -q 'passed after' <<<"$host_line"; then
    passed=$((passed + host_total))
else
    failed=$((failed + (host_failed > 0 ? host_failed : 1)))
    passed=$((passed + ${host_total:-0} - host_failed))
fi

echo "== replay traces"
Tests/Traces/test.sh 2>&1 | tee "$log"
trace_passed=$(sed -nE 's/^traces: ([0-9]+) passed, ([0-9]+) failed$/\1/p' "$log" | tail -n 1)
passed=$((passed + ${trace_passed:-0}))
trace_failed=$(sed -nE 's/^traces: ([0-9]+) passed, ([0-9]+) failed$/\2/p' "$log" | tail -n 1)
failed=$((failed + ${trace_failed:-1}))

echo "== firmware: cross-build, self-tests under qemu-user, replay comparison"
Tests/Firmware/test.sh 2>&1 | tee "$log"
firmware_line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1)
passed=$((passed + $(sed -nE 's/^([0-9]+) passed.*/\1/p' <<<"$firmware_line")))
firmware_failed=$(sed -nE 's/.* ([0-9]+) failed$/\1/p' <<<"$firmware_line")
failed=$((failed + ${firmware_failed:-1}))

# tier NAME COMMAND...: runs a tier whose last "N passed, N failed" line is added up; no such
# line (a timeout, a crash) counts as one failure.
tier() {
    local name=$1; shift
    echo "== $name"
    "$@" 2>&1 | tee "$log"
    local line
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1)
    local tier_passed tier_failed
    tier_passed=$(sed -nE 's/^([0-9]+) passed.*/\1/p' <<<"$line")
    passed=$((passed + ${tier_passed:-0}))
    tier_failed=$(sed -nE 's/.* ([0-9]+) failed$/\1/p' <<<"$line")
    failed=$((failed + ${tier_failed:-1}))
}

tier "MQTT broker" Tests/MQTT/test.sh
tier "Home Assistant" Tests/HomeAssistant/test.sh
tier "floods" Tests/Floods/test.sh
tier "fuzz smoke" scripts/fuzz.sh --smoke
tier "Debian packages" Tests/Packages/test.sh

echo "== kernel VM"
timeout -k 10 300 Tests/VM/run.sh 2>&1 | tee "$log"
vm_line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1)
vm_passed=$(sed -nE 's/^([0-9]+) passed.*/\1/p' <<<"$vm_line")
vm_failed=$(sed -nE 's/.* ([0-9]+) failed$/\1/p' <<<"$vm_line")
passed=$((passed + ${vm_passed:-0}))
failed=$((failed + ${vm_failed:-1}))   # no summary line (a timeout, a crash): one failure

tier "system VM" timeout -k 10 2400 Tests/SystemVM/run.sh

echo "== all tiers"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
