#!/usr/bin/env bash
# Replays every trace in Tests/Traces on the host build and compares the event lines (and,
# where a .expected-stderr file exists, the error lines) byte for byte; traces named
# error-*.trace must exit 1, all others 0. The same traces then run on the simulated board
# (`touchpanel run --fast`: simulated FT5x06 registers, controller reads, the live engine)
# and must give the same event lines. Finally every config in boards/ and examples/ must
# pass `touchpanel check`.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product touchpanel >/dev/null
touchpanel="$(swift build --show-bin-path)/touchpanel"

passed=0
failed=0
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

for trace in Tests/Traces/*.trace; do
    name=${trace%.trace}
    expected_status=0
    case "$(basename "$trace")" in error-*) expected_status=1 ;; esac
    status=0
    "$touchpanel" replay Tests/Traces/panel.ini "$trace" >"$scratch/out" 2>"$scratch/err" || status=$?
    problems=""
    [ "$status" = "$expected_status" ] || problems+=" exit $status (expected $expected_status);"
    cmp -s "$scratch/out" "$name.expected" || problems+=" stdout differs;"
    if [ -f "$name.expected-stderr" ]; then
        cmp -s "$scratch/err" "$name.expected-stderr" || problems+=" stderr differs;"
    elif [ -s "$scratch/err" ]; then
        problems+=" unexpected stderr;"
    fi
    if [ -z "$problems" ]; then
        passed=$((passed + 1))
        echo "ok    $trace"
    else
        failed=$((failed + 1))
        echo "FAIL  $trace:$problems"
        diff "$name.expected" "$scratch/out" | sed 's/^/      /' || true
        [ -f "$name.expected-stderr" ] && { diff "$name.expected-stderr" "$scratch/err" | sed 's/^/      /' || true; }
    fi
done
for trace in Tests/Traces/*.trace; do
    case "$(basename "$trace")" in error-*) continue ;; esac
    status=0
    "$touchpanel" run Tests/Traces/panel.ini --trace "$trace" --fast >"$scratch/out" 2>"$scratch/err" || status=$?
    if [ "$status" = 0 ] && cmp -s "$scratch/out" "${trace%.trace}.expected"; then
        passed=$((passed + 1))
        echo "ok    simulated board: $trace"
    else
        failed=$((failed + 1))
        echo "FAIL  simulated board: $trace (exit $status)"
        diff "${trace%.trace}.expected" "$scratch/out" | sed 's/^/      /' || true
        sed 's/^/      /' "$scratch/err"
    fi
done

for config in boards/*.ini examples/*.ini; do
    if "$touchpanel" check "$config" >"$scratch/out" 2>"$scratch/err"; then
        passed=$((passed + 1))
        echo "ok    check $config"
    else
        failed=$((failed + 1))
        echo "FAIL  check $config"
        sed 's/^/      /' "$scratch/err"
    fi
done

echo "traces: $passed passed, $failed failed"
[ "$failed" = 0 ]
