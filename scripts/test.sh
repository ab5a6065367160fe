#!/usr/bin/env bash
# The README's test command: every test tier this project has, on a fresh machine.
#   0. the rule between the modules: imports, the build graphs, who reads the clock
#      (Tests/Imports/check.sh)
#   1. host unit tests (Swift Testing)
#   2. replay traces against their expected event lines
#   2a. the docs (Tests/Docs/check.sh): every ini block of README.md and docs/ passes
#      `touchpanel check`, every link resolves, the key tables and touchpanel.ini(5) are what
#      the binary documents, docs/troubleshooting.md lists every message of the sources, and
#      scripts/demo.sh plays the tour into its frames and contact sheet
#   3. the firmware build for aarch64 and armhf, its self-tests under qemu-user, and the
#      firmware replay compared byte for byte with the host's
#   3a. the instruction tier: the firmware's own code built for x86-64 under callgrind over
#      short runs (the input path, repaints, a page change, a slider drag, state and text to
#      pixels, the eight-button panel), held to Benchmarks/Thresholds (Tests/Instructions/test.sh;
#      scripts/bench.sh keeps the long runs and the footprint)
#   4. the real-broker tier: the panel against Debian's mosquitto on loopback, with a password
#      file and TLS (Tests/MQTT/test.sh)
#   4a. the Home Assistant tier: the panel against a real Home Assistant (its MQTT integration,
#      discovery, services, automations) and mosquitto on loopback; Home Assistant is installed
#      into build/homeassistant by its setup.sh (Tests/HomeAssistant/test.sh)
#   4b. the flood tier: the release build on the simulated board in real time, flooded through
#      its control socket and the broker; lateness against the same run's quiet stretches
#      (Tests/Floods/test.sh)
#   4c. the scale tier: 100 panels of the release build on simulated boards against mosquitto on
#      loopback (and a second one bridged to it): group commands, `touchpanel fleet status` and
#      `fleet push` at that scale, memory per idle panel (Tests/Scale/test.sh)
#   5. a fuzz smoke: every libFuzzer target 10 s (scripts/fuzz.sh --smoke; the long runs are
#      scripts/fuzz.sh on its own)
#   6. the Debian packages: the four built, lintian, each checked against its release
#      (Tests/Packages/test.sh)
#   7. the kernel VM: the static aarch64 firmware on Debian's arm64 kernel under qemu-system-aarch64
#      with i2c-stub, gpio-sim and vfb as its touch hardware (Tests/VM/run.sh; at most 5 minutes),
#      trixie's firmware (libgpiod 2) through every run, then bookworm's (libgpiod 1.6) through
#      the runs where libgpiod matters (VM_RELEASE=bookworm; see Tests/VM/run.sh)
#   8. the system VM: each release's arm64 package, installed with apt from the signed repository,
#      in a Debian arm64 system of that release booted with systemd: trixie, then bookworm
#      (Tests/SystemVM/run.sh, SYSVM_RELEASE=bookworm)
# The two system VM roots are debootstrapped once (about 5 minutes each) and cached under
# build/sysvm/; on a fresh machine that starts in the background at the beginning (nice 19,
# idle I/O: mostly downloads, and qemu-user while the earlier tiers leave a core idle) and is
# waited for before the flood tier, which must have the machine to itself.
# Each tier runs even when an earlier one failed; the last lines give each tier's result and
# the sum.
set -uo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT

scripts/build/deps.sh || { echo "0 passed, 1 failed"; exit 1; }
scripts/build/deps.sh vm || { echo "0 passed, 1 failed"; exit 1; }

# The system VM roots, trixie's then bookworm's, in the background from now on (a cached root
# costs nothing); Tests/SystemVM/rootfs.sh makes each at most once at a time, so the system VM
# tier waits for one still being made. A failure here is only logged: that tier makes the root
# again in the foreground and fails there if it still cannot.
mkdir -p build/sysvm
roots_log=build/sysvm/roots-background.log
(for release in trixie bookworm; do
    start=$SECONDS
    nice -n 19 ionice -c 3 Tests/SystemVM/rootfs.sh "$release" || echo "rootfs.sh $release failed"
    echo "the $release root: $((SECONDS - start)) s"
done) >"$roots_log" 2>&1 &
roots_job=$!
# wait_for_roots: the background roots finished (waited for before the flood tier).
wait_for_roots() {
    [[ -n $roots_job ]] || return 0
    local start=$SECONDS
    wait "$roots_job"
    roots_job=""
    echo "== system VM roots made in the background ($((SECONDS - start)) s waited for them here):"
    grep -E '^(the .* root: [0-9]+ s|rootfs.sh .* failed)$' "$roots_log" | sed 's/^/   /'
}

passed=0
failed=0
summary=()
# count NAME LOG_LINE: adds a tier's "N passed, N failed" (no such line: one failure) and keeps
# its result line for the summary at the end.
count() {
    local name=$1 line=$2 tier_passed tier_failed
    tier_passed=$(sed -nE 's/^([0-9]+) passed.*/\1/p' <<<"$line")
    tier_failed=$(sed -nE 's/.* ([0-9]+) failed$/\1/p' <<<"$line")
    passed=$((passed + ${tier_passed:-0}))
    failed=$((failed + ${tier_failed:-1}))
    summary+=("$(printf '%-44s %s' "$name" "${tier_passed:-0} passed, ${tier_failed:-1} failed")")
}

echo "== module rules"
Tests/Imports/check.sh 2>&1 | tee "$log"
count "module rules" "$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1)"

echo "== host unit tests"
swift test 2>&1 | tee "$log" | grep -vE '^(\[[0-9]+/[0-9]+\]|Test Suite|\s+Executed|◇ Test .* started|✔ Test .*passed after)'
host_line=$(grep -E 'Test run with [0-9]+ tests' "$log" | tail -n 1)
host_total=$(sed -nE 's/.*Test run with ([0-9]+) tests.*/\1/p' <<<"$host_line")
host_failed=$(grep -cE '^✘ Test [^r]' "$log")
if grep -q 'passed after' <<<"$host_line"; then
    count "host unit tests" "$host_total passed, 0 failed"
else
    count "host unit tests" "$((${host_total:-0} - host_failed)) passed, $((host_failed > 0 ? host_failed : 1)) failed"
fi

echo "== replay traces"
Tests/Traces/test.sh 2>&1 | tee "$log"
count "replay traces" "$(sed -nE 's/^traces: ([0-9]+ passed, [0-9]+ failed)$/\1/p' "$log" | tail -n 1)"

echo "== docs"
Tests/Docs/check.sh 2>&1 | tee "$log"
count "docs" "$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1)"

echo "== firmware: cross-build, self-tests under qemu-user, replay comparison"
Tests/Firmware/test.sh 2>&1 | tee "$log"
count "firmware" "$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1)"

# tier NAME COMMAND...: runs a tier whose last "N passed, N failed" line is added up; no such
# line (a timeout, a crash) counts as one failure.
tier() {
    local name=$1; shift
    echo "== $name"
    local start=$SECONDS
    "$@" 2>&1 | tee "$log"
    count "$name ($((SECONDS - start)) s)" "$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1)"
}

tier "instructions" Tests/Instructions/test.sh
tier "MQTT broker" Tests/MQTT/test.sh
tier "Home Assistant" Tests/HomeAssistant/test.sh
wait_for_roots
tier "floods" Tests/Floods/test.sh
tier "scale" Tests/Scale/test.sh
tier "fuzz smoke" scripts/fuzz.sh --smoke
tier "Debian packages" Tests/Packages/test.sh
tier "kernel VM, trixie firmware" timeout -k 10 420 Tests/VM/run.sh
tier "kernel VM, bookworm firmware" env VM_RELEASE=bookworm timeout -k 10 420 Tests/VM/run.sh
# The Debian packages tier has just built the packages both system VM runs install.
tier "system VM, trixie" env SYSVM_RELEASE=trixie SYSVM_PACKAGES=built timeout -k 10 2400 Tests/SystemVM/run.sh
tier "system VM, bookworm" env SYSVM_RELEASE=bookworm SYSVM_PACKAGES=built timeout -k 10 2400 Tests/SystemVM/run.sh

echo "== all tiers"
printf '%s\n' "${summary[@]}"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
