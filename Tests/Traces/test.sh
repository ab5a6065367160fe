#!/usr/bin/env bash
# Replays every trace in Tests/Traces on the host build and compares the event lines (and,
# where a .expected-stderr file exists, the error lines) byte for byte; traces named
# error-*.trace must exit 1, all others 0. The same traces then run on the simulated board
# (`touchpanel run --fast`: the simulated controller, its driver and touch source, the live
# engine) and must give the same event lines: with the FT5x06 of panel.ini, and the rule
# traces also with a GT911 and with an evdev input device in its place (a trace named
# gt911-* or evdev-* holds raw lines of that kind and runs only on its own controller).
# Every config in boards/ and examples/ must pass `touchpanel check`. Finally the reference
# images: what the simulated board draws must match Tests/ReferenceImages/ pixel for pixel.
set -euo pipefail
cd "$(dirname "$0")/../.."

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
    timeout 60 "$touchpanel" replay Tests/Traces/panel.ini "$trace" >"$scratch/out" 2>"$scratch/err" || status=$?
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
# The same panel with each controller in turn (simulated: no bus, no device).
sed 's/^model = ft5406$/model = gt911/' Tests/Traces/panel.ini >"$scratch/panel-gt911.ini"
sed 's/^model = ft5406$/model = evdev/' Tests/Traces/panel.ini >"$scratch/panel-evdev.ini"
grep -q '^model = gt911$' "$scratch/panel-gt911.ini" || { echo "traces: panel.ini has no model = ft5406 line"; exit 1; }
simulate() {  # simulate CONFIG TRACE LABEL [more of run's options]
    local status=0
    timeout 60 "$touchpanel" run "$1" --trace "$2" --fast "${@:4}" >"$scratch/out" 2>"$scratch/err" || status=$?
    if [ "$status" = 0 ] && cmp -s "$scratch/out" "${2%.trace}.expected"; then
        passed=$((passed + 1))
        echo "ok    simulated board ($3): $2"
    else
        failed=$((failed + 1))
        echo "FAIL  simulated board ($3): $2 (exit $status)"
        diff "${2%.trace}.expected" "$scratch/out" | sed 's/^/      /' || true
        sed 's/^/      /' "$scratch/err"
    fi
}
for trace in Tests/Traces/*.trace; do
    case "$(basename "$trace")" in
        error-*) continue ;;
        gt911-*) simulate "$scratch/panel-gt911.ini" "$trace" gt911 ;;
        evdev-*) simulate "$scratch/panel-evdev.ini" "$trace" evdev ;;
        rule*)
            simulate Tests/Traces/panel.ini "$trace" ft5406
            # Raw ft5x06 lines can only go into an FT5x06; point lines into any controller.
            if ! grep -q '^[0-9]* *ft5x06 ' "$trace"; then
                simulate "$scratch/panel-gt911.ini" "$trace" gt911
                simulate "$scratch/panel-evdev.ini" "$trace" evdev
            fi
            ;;
        *) simulate Tests/Traces/panel.ini "$trace" ft5406 ;;
    esac
done

# Pages and swipes (rules 10 and 11), sliders (rule 12) and dials (rule 14): Tests/Traces/DIR/*.trace on each
# directory's own panel, replayed and on the simulated board with each controller (point lines only).
for dir in pages sliders dials; do
sed 's/^model = ft5406$/model = gt911/' "Tests/Traces/$dir/panel.ini" >"$scratch/$dir-gt911.ini"
sed 's/^model = ft5406$/model = evdev/' "Tests/Traces/$dir/panel.ini" >"$scratch/$dir-evdev.ini"
for trace in "Tests/Traces/$dir"/*.trace; do
    status=0
    timeout 60 "$touchpanel" replay "Tests/Traces/$dir/panel.ini" "$trace" >"$scratch/out" 2>"$scratch/err" || status=$?
    if [ "$status" = 0 ] && cmp -s "$scratch/out" "${trace%.trace}.expected" && [ ! -s "$scratch/err" ]; then
        passed=$((passed + 1))
        echo "ok    $trace"
    else
        failed=$((failed + 1))
        echo "FAIL  $trace (exit $status)"
        diff "${trace%.trace}.expected" "$scratch/out" | sed 's/^/      /' || true
        sed 's/^/      /' "$scratch/err"
    fi
    simulate "Tests/Traces/$dir/panel.ini" "$trace" ft5406
    simulate "$scratch/$dir-gt911.ini" "$trace" gt911
    simulate "$scratch/$dir-evdev.ini" "$trace" evdev
done
done

# The night schedule of [backlight] (issue 47), on the simulated board only (replay has no wall
# clock): each trace from the local time and time zone given here, across 22:00 and across the
# daylight-saving changes of Europe/Berlin (night = 02:30-06:00 there).
sed 's/^night = 22:00-06:30$/night = 02:30-06:00/' Tests/Traces/night/panel.ini >"$scratch/night-berlin.ini"
grep -q '^night = 02:30-06:00$' "$scratch/night-berlin.ini" || { echo "traces: night/panel.ini has no night = 22:00-06:30 line"; exit 1; }
for run in "UTC 2026-11-29T21:59:50 Tests/Traces/night/panel.ini dims-at-ten" \
    "Europe/Berlin 2026-03-29T01:59:50 $scratch/night-berlin.ini spring-forward" \
    "Europe/Berlin 2026-10-25T01:59:50 $scratch/night-berlin.ini fall-back"; do
    read -r zone wall config name <<<"$run"
    TZ=$zone simulate "$config" "Tests/Traces/night/$name.trace" "TZ=$zone, --wall-clock $wall" --wall-clock "$wall"
done
# The screensaver (issue 47), on the simulated board: the built-in clock from 21:59 UTC across
# the night's start, and across the clocks going back in Europe/Berlin (night = 02:30-06:00).
sed 's/^night = 22:00-06:30$/night = 02:30-06:00/' Tests/Traces/screensaver/panel.ini >"$scratch/saver-berlin.ini"
grep -q '^night = 02:30-06:00$' "$scratch/saver-berlin.ini" || { echo "traces: screensaver/panel.ini has no night = 22:00-06:30 line"; exit 1; }
for run in "UTC 2026-11-29T21:59:00 Tests/Traces/screensaver/panel.ini drifting-clock" \
    "Europe/Berlin 2026-10-25T02:29:00 $scratch/saver-berlin.ini fall-back"; do
    read -r zone wall config name <<<"$run"
    TZ=$zone simulate "$config" "Tests/Traces/screensaver/$name.trace" "TZ=$zone, --wall-clock $wall" --wall-clock "$wall"
done
# Presence (issue 47), on the simulated board only: its `presence` lines are the sensor's GPIO
# line, debounced by the panel (replay has no sensor: for it they only pass time).
for trace in Tests/Traces/presence/*.trace; do
    simulate Tests/Traces/presence/panel.ini "$trace" "presence line"
done
status=0
"$touchpanel" run Tests/Traces/night/panel.ini --trace Tests/Traces/night/dims-at-ten.trace --fast --wall-clock 2026-11-29T22:00 >/dev/null 2>"$scratch/err" || status=$?
if [ "$status" = 2 ] && grep -qxF 'touchpanel: --wall-clock takes a local time YYYY-MM-DDTHH:MM:SS, e.g. 2026-11-29T21:59:50, found "2026-11-29T22:00"' "$scratch/err"; then
    passed=$((passed + 1))
    echo "ok    --wall-clock in another format: exit 2, the option named"
else
    failed=$((failed + 1))
    echo "FAIL  --wall-clock 2026-11-29T22:00: exit $status"
    sed 's/^/      /' "$scratch/err"
fi

# [panel] locale (issue 49): on the simulated board at Monday 2 March 2026, 12:00 UTC a time text
# shows the German day and month (ctl state answers what it shows); check and run refuse a locale
# the system lacks (exit 1), naming its line and how to add it. scripts/build/deps.sh generates
# de_DE.UTF-8.
mkdir -p "$scratch/locale-png"
printf '[display]\nwidth = 800\nheight = 480\n[control]\nsocket = %s\n[panel]\nlocale = de_DE.UTF-8\n[text day]\nrect = 0, 0, 400, 60\ntime = %%A, %%-d. %%B\n' \
    "$scratch/locale.sock" >"$scratch/locale.ini"
rm -f "$scratch/locale.sock"
TZ=UTC timeout 60 "$touchpanel" run "$scratch/locale.ini" --png-dir "$scratch/locale-png" --wall-clock 2026-03-02T12:00:00 \
    >/dev/null 2>"$scratch/locale-err" &
locale_pid=$!
for _ in $(seq 200); do [ -S "$scratch/locale.sock" ] && break; sleep 0.05; done
locale_state=$("$touchpanel" ctl --socket "$scratch/locale.sock" state 2>&1 || true)
kill -TERM "$locale_pid" 2>/dev/null || true
wait "$locale_pid" 2>/dev/null || true
if [[ $locale_state == *'"texts":[{"name":"day","text":"Montag, 2. März","known":true}]'* ]]; then
    passed=$((passed + 1))
    echo "ok    [panel] locale = de_DE.UTF-8: the time text says Montag, 2. März"
else
    failed=$((failed + 1))
    echo "FAIL  [panel] locale = de_DE.UTF-8: ctl state said $locale_state"
    sed 's/^/      /' "$scratch/locale-err"
fi
printf '[display]\nwidth = 800\nheight = 480\n[panel]\nlocale = de_AT.UTF-8\n' >"$scratch/no-locale.ini"
locale_message="$scratch/no-locale.ini:5: [panel] locale: de_AT.UTF-8 is not installed on this system; add it with \`sudo dpkg-reconfigure locales\` (or uncomment it in /etc/locale.gen and run \`sudo locale-gen\`)"
check_status=0
"$touchpanel" check "$scratch/no-locale.ini" >/dev/null 2>"$scratch/err" || check_status=$?
run_status=0
timeout 60 "$touchpanel" run "$scratch/no-locale.ini" --png-dir "$scratch/locale-png" >/dev/null 2>"$scratch/err2" || run_status=$?
if [ "$check_status" = 1 ] && [ "$(cat "$scratch/err")" = "$locale_message" ] &&
    [ "$run_status" = 1 ] && grep -qxF "touchpanel: $locale_message" "$scratch/err2"; then
    passed=$((passed + 1))
    echo "ok    a locale the system lacks: check and run exit 1, naming it and how to add it"
else
    failed=$((failed + 1))
    echo "FAIL  a locale the system lacks: check exit $check_status, run exit $run_status"
    sed 's/^/      /' "$scratch/err" "$scratch/err2"
fi

# Touch feedback (issue 47): the same event lines replayed and on the simulated board, and there
# the feedback line's exact changes with their times (rule 15): on at each accepted press, off
# pulse_ms later or 15 ms after a press that came during a pulse; none for a swallowed touch.
for trace in Tests/Traces/feedback/*.trace; do
    status=0
    timeout 60 "$touchpanel" replay Tests/Traces/feedback/panel.ini "$trace" >"$scratch/out" 2>"$scratch/err" || status=$?
    if [ "$status" = 0 ] && cmp -s "$scratch/out" "${trace%.trace}.expected" && [ ! -s "$scratch/err" ]; then
        passed=$((passed + 1))
        echo "ok    $trace"
    else
        failed=$((failed + 1))
        echo "FAIL  $trace (exit $status)"
        diff "${trace%.trace}.expected" "$scratch/out" | sed 's/^/      /' || true
    fi
    simulate Tests/Traces/feedback/panel.ini "$trace" ft5406
    grep '^touchpanel: feedback ' "$scratch/err" | sed 's/^touchpanel: //' >"$scratch/feedback" || true
    if cmp -s "$scratch/feedback" "${trace%.trace}.expected-feedback"; then
        passed=$((passed + 1))
        echo "ok    simulated board: the feedback line of $trace"
    else
        failed=$((failed + 1))
        echo "FAIL  simulated board: the feedback line of $trace"
        diff "${trace%.trace}.expected-feedback" "$scratch/feedback" | sed 's/^/      /' || true
    fi
done

# `touchpanel preview` draws each page as the simulated board does: in the board's RGB565, the
# same pixels as the board's frame of that page (Tests/ReferenceImages/pages/).
mkdir -p "$scratch/preview"
if "$touchpanel" preview Tests/Traces/pages/panel.ini --all-pages --format rgb565 --out "$scratch/preview" 2>"$scratch/err"; then
    for pair in home:0000-home lights:0060-lights music:0260-music; do
        if result=$(python3 Tests/ReferenceImages/png.py compare "Tests/ReferenceImages/pages/${pair#*:}.png" \
            "$scratch/preview/${pair%%:*}.png"); then
            passed=$((passed + 1))
            echo "ok    preview of page ${pair%%:*}: the simulated board's frame, pixel for pixel"
        else
            failed=$((failed + 1))
            echo "FAIL  preview of page ${pair%%:*}: $result"
        fi
    done
else
    failed=$((failed + 1))
    echo "FAIL  touchpanel preview --all-pages"
    sed 's/^/      /' "$scratch/err"
fi
status=0
"$touchpanel" preview Tests/Traces/pages/panel.ini --page garden --out "$scratch/x.png" 2>"$scratch/err" || status=$?
if [ "$status" = 1 ] && grep -qxF 'touchpanel preview: --page garden: no such page in Tests/Traces/pages/panel.ini; pages: home, lights, music' "$scratch/err"; then
    passed=$((passed + 1))
    echo "ok    preview of a page that is not there: exit 1, and the pages named"
else
    failed=$((failed + 1))
    echo "FAIL  preview --page garden: exit $status"
    sed 's/^/      /' "$scratch/err"
fi

# What the simulated board logs about a trace line names it, as replay does.
timeout 60 "$touchpanel" run Tests/Traces/panel.ini --trace Tests/Traces/malformed-reports.trace --fast >/dev/null 2>"$scratch/err" || true
if [ "$(grep -o 'malformed-reports.trace:[0-9]*: controller report dropped' "$scratch/err" | cut -d: -f2 | tr '\n' ' ')" = "2 3 5 6 7 " ]; then
    passed=$((passed + 1))
    echo "ok    simulated board: dropped reports name their trace lines"
else
    failed=$((failed + 1))
    echo "FAIL  simulated board: dropped reports name their trace lines"
    sed 's/^/      /' "$scratch/err"
fi

# A reader of the event lines that has gone away (stdout is a pipe whose read end is closed
# before the panel starts): the panel is not killed by SIGPIPE, its lines are dropped, and a
# pulse under way still ends.
cat >"$scratch/pulse.ini" <<'INI'
[display]
width = 800
height = 480
[button go]
rect = 0, 0, 200, 100
on_tap = gpio gpiochip0 17 pulse 200
INI
printf '0 down 0 50 50\n40 up 0 50 50\n100 down 1 500 300\n140 up 1 500 300\n' >"$scratch/pulse.trace"
status=0
python3 - "$touchpanel" "$scratch" <<'PY' || status=$?
import os, subprocess, sys
touchpanel, scratch = sys.argv[1], sys.argv[2]
reader, writer = os.pipe()
os.close(reader)
with open(f"{scratch}/err", "w") as err:
    sys.exit(subprocess.run([touchpanel, "run", f"{scratch}/pulse.ini", "--trace", f"{scratch}/pulse.trace", "--fast"],
                            stdout=writer, stderr=err, timeout=60).returncode)
PY
if [ "$status" = 0 ] && grep -q 'gpio gpiochip0:17 -> on (line high)' "$scratch/err" && grep -q 'gpio gpiochip0:17 -> off (line low)' "$scratch/err"; then
    passed=$((passed + 1))
    echo "ok    a closed event reader: the panel goes on and the pulse ends"
else
    failed=$((failed + 1))
    echo "FAIL  a closed event reader (exit $status)"
    sed 's/^/      /' "$scratch/err"
fi

# Hold-to-run on the simulated board: on_press at the down, on_release once when the finger
# leaves the button (dragging back in and lifting runs nothing more); and, in real time, an
# on_press command that crashes while the finger is still down ends the press there.
cat >"$scratch/jog.ini" <<'INI'
[display]
width = 800
height = 480
[button jog]
rect = 0, 0, 200, 100
on_press = gpio gpiochip0 17 on
on_release = gpio gpiochip0 17 off
[button feed]
rect = 400, 0, 200, 100
on_press = exec kill -SEGV $$
on_release = gpio gpiochip0 18 off
INI
printf '0 down 0 50 50\n100 move 0 250 50\n200 move 0 50 50\n300 up 0 50 50\n' >"$scratch/jog.trace"
"$touchpanel" run "$scratch/jog.ini" --trace "$scratch/jog.trace" --fast >"$scratch/out" 2>"$scratch/err" || true
grep -o 'gpio gpiochip0:17 -> [a-z]*' "$scratch/err" | tr '\n' ' ' >"$scratch/levels"
if [ "$(cat "$scratch/levels")" = "gpio gpiochip0:17 -> on gpio gpiochip0:17 -> off " ]; then
    passed=$((passed + 1))
    echo "ok    hold-to-run: on_release once, at the drag out"
else
    failed=$((failed + 1))
    echo "FAIL  hold-to-run drag out: $(cat "$scratch/levels")"
    sed 's/^/      /' "$scratch/err"
fi
printf '0 down 0 500 50\n1500 up 0 500 50\n' >"$scratch/crash.trace"
timeout 60 "$touchpanel" run "$scratch/jog.ini" --trace "$scratch/crash.trace" >"$scratch/out" 2>"$scratch/err" || true
grep -o -e 'on_press command ended while held (killed by SIGSEGV (11))' -e 'gpio gpiochip0:18 -> [a-z]*' "$scratch/err" \
    | tr '\n' ';' >"$scratch/levels"
if [ "$(cat "$scratch/levels")" = "on_press command ended while held (killed by SIGSEGV (11));gpio gpiochip0:18 -> off;" ]; then
    passed=$((passed + 1))
    echo "ok    hold-to-run: a crashed on_press command ends the press before the lift"
else
    failed=$((failed + 1))
    echo "FAIL  hold-to-run crash: $(cat "$scratch/levels")"
    sed 's/^/      /' "$scratch/err"
fi

# An active-low relay on the simulated board: the log gives the output's state and the line's
# level, "on" being a low line (issue 28: it said "-> 1").
cat >"$scratch/relay.ini" <<'INI'
[display]
width = 800
height = 480
[output relay]
chip = gpiochip0
line = 17
active_low = yes
[button go]
rect = 0, 0, 200, 100
on_tap = gpio relay toggle
INI
printf '0 down 0 50 50\n40 up 0 50 50\n1000 down 0 50 50\n1040 up 0 50 50\n2000 end\n' >"$scratch/relay.trace"
"$touchpanel" run "$scratch/relay.ini" --trace "$scratch/relay.trace" --fast >"$scratch/out" 2>"$scratch/err" || true
grep -o 'gpio gpiochip0:17 -> .*' "$scratch/err" | tr '\n' ';' >"$scratch/levels"
if [ "$(cat "$scratch/levels")" = "gpio gpiochip0:17 -> on (line low, active_low) (simulated);gpio gpiochip0:17 -> off (line high, active_low) (simulated);" ]; then
    passed=$((passed + 1))
    echo "ok    an active-low relay: on is a low line, and the log says so"
else
    failed=$((failed + 1))
    echo "FAIL  active-low relay: $(cat "$scratch/levels")"
    sed 's/^/      /' "$scratch/err"
fi

# SIGHUP on the simulated board reloads the config as the live panel does (issue 28: it did
# nothing): a valid config replaces the running one (a latched button stays on), one with
# errors is refused with them and the board goes on; SIGTERM then stops it with exit 0.
# In real time, without a trace; each wait looks every 0.1 s for at most 10 s.
wait_for() { # wait_for FILE PATTERN
    for _ in $(seq 100); do grep -q -- "$2" "$1" 2>/dev/null && return 0; sleep 0.1; done
    return 1
}
reload_config() { # reload_config EXTRA_BUTTON_LINES
    printf '[display]\nwidth = 800\nheight = 480\n[control]\nsocket = %s\n[button a]\nrect = 0, 0, 100, 100\nlatch = yes\n%b' \
        "$scratch/reload.sock" "$1" >"$scratch/reload.ini"
}
reload_config ''
"$touchpanel" run "$scratch/reload.ini" >"$scratch/reload.out" 2>"$scratch/reload.err" &
panel=$!
reload_steps=""
for _ in $(seq 100); do [ -S "$scratch/reload.sock" ] && break; sleep 0.1; done
"$touchpanel" ctl --socket "$scratch/reload.sock" latch a on >/dev/null 2>&1 && reload_steps+="latched;"
reload_config '[button b]\nrect = 200, 0, 100, 100\n'
kill -HUP $panel
wait_for "$scratch/reload.err" "reloaded $scratch/reload.ini" && reload_steps+="reloaded;"
"$touchpanel" ctl --socket "$scratch/reload.sock" state 2>/dev/null |
    grep -q '"name":"a",[^}]*"on":true}.*"name":"b"' && reload_steps+="b and a on;"
reload_config '[button c]\nrect = 0, 0\n'
kill -HUP $panel
wait_for "$scratch/reload.err" 'reload refused; the running config stays:' && reload_steps+="refused;"
grep -q "reload.ini:10: \[button c\] rect: " "$scratch/reload.err" && reload_steps+="error named;"
"$touchpanel" ctl --socket "$scratch/reload.sock" state 2>/dev/null | grep -q '"name":"b"' && reload_steps+="b still;"
kill -TERM $panel
status=0
wait $panel || status=$?
if [ "$reload_steps" = "latched;reloaded;b and a on;refused;error named;b still;" ] && [ "$status" = 0 ]; then
    passed=$((passed + 1))
    echo "ok    simulated board: SIGHUP reloads a valid config (latched state kept) and refuses a bad one"
else
    failed=$((failed + 1))
    echo "FAIL  simulated board SIGHUP: $reload_steps (exit $status)"
    sed 's/^/      /' "$scratch/reload.err"
fi

# touchpanel reload PID (the unit's ExecReload, issue 28): SIGHUP, then the panel's answer in
# $RUNTIME_DIRECTORY/reload. A config the board takes exits 0; one with errors exits 1 naming
# the error; one that passes check but that the board cannot start with (its control socket in
# a directory that is not there) exits 1 naming why, and the same board goes on with the
# previous config (its socket answers, with its buttons); without RUNTIME_DIRECTORY it exits 2.
# A reload keeps no descriptor of the session it replaced.
mkdir -p "$scratch/run"
rm -f "$scratch/reload.sock"
reload_config ''
RUNTIME_DIRECTORY=$scratch/run "$touchpanel" run "$scratch/reload.ini" >"$scratch/answer.out" 2>"$scratch/answer.err" &
panel=$!
answer_steps=""
for _ in $(seq 100); do [ -S "$scratch/reload.sock" ] && break; sleep 0.1; done
descriptors() { ls "/proc/$panel/fd" | wc -l; }
before=$(descriptors)
reload_config '[button b]\nrect = 200, 0, 100, 100\n'
RUNTIME_DIRECTORY=$scratch/run "$touchpanel" reload $panel 2>"$scratch/reload-cmd.err" &&
    [ ! -s "$scratch/reload-cmd.err" ] && [ "$(cat "$scratch/run/reload")" = "$panel 1 applied running $scratch/reload.ini" ] &&
    answer_steps+="applied 0;"
# The first session was let go of (its control socket closed): a reload leaves no descriptor.
[ "$(descriptors)" = "$before" ] && answer_steps+="as many descriptors;"
reload_config '[button c]\nrect = 0, 0\n'
status=0
RUNTIME_DIRECTORY=$scratch/run "$touchpanel" reload $panel 2>"$scratch/reload-cmd.err" || status=$?
[ "$status" = 1 ] && grep -q "^touchpanel: reload refused by pid $panel: $scratch/reload.ini:10: \[button c\] rect: .*; it goes on with the previous config\$" "$scratch/reload-cmd.err" &&
    answer_steps+="errors 1;"
printf '[display]\nwidth = 800\nheight = 480\n[control]\nsocket = %s\n[button a]\nrect = 0, 0, 100, 100\n[button b]\nrect = 200, 0, 100, 100\n[button d]\nrect = 400, 0, 100, 100\n' \
    "$scratch/missing/reload.sock" >"$scratch/reload.ini"
"$touchpanel" check --quiet "$scratch/reload.ini" 2>/dev/null && answer_steps+="check passes;"
status=0
RUNTIME_DIRECTORY=$scratch/run "$touchpanel" reload $panel 2>"$scratch/reload-cmd.err" || status=$?
[ "$status" = 1 ] && [ "$(cat "$scratch/reload-cmd.err")" = "touchpanel: reload refused by pid $panel: cannot start with $scratch/reload.ini: [control] socket $scratch/missing/reload.sock: ENOENT (No such file or directory); it goes on with the previous config" ] &&
    answer_steps+="refused 1;"
"$touchpanel" ctl --socket "$scratch/reload.sock" state 2>/dev/null | grep -q '"name":"b"' &&
    ! "$touchpanel" ctl --socket "$scratch/reload.sock" state 2>/dev/null | grep -q '"name":"d"' && answer_steps+="b still, no d;"
status=0
env -u RUNTIME_DIRECTORY "$touchpanel" reload $panel 2>/dev/null || status=$?
[ "$status" = 2 ] && answer_steps+="no directory 2;"
kill -TERM $panel
status=0
wait $panel || status=$?
if [ "$answer_steps" = "applied 0;as many descriptors;errors 1;check passes;refused 1;b still, no d;no directory 2;" ] && [ "$status" = 0 ]; then
    passed=$((passed + 1))
    echo "ok    touchpanel reload: 0 when the board takes the config, 1 naming why when it refuses one (with errors, or one it cannot start with after check passed), 2 without RUNTIME_DIRECTORY"
else
    failed=$((failed + 1))
    echo "FAIL  touchpanel reload: $answer_steps (exit $status)"
    sed 's/^/      /' "$scratch/answer.err" "$scratch/reload-cmd.err"
fi

# Virtual time and real children (issue 24): in --fast runs a command's time-out and the
# stop's wait run in real time, so `exec env > FILE` writes its file every time, and every
# hold-to-run press's on_release command runs to its end, ten runs in a row each.
cat >"$scratch/children.ini" <<'INI'
[display]
width = 800
height = 480
[button save]
rect = 0, 0, 200, 100
exec_timeout_ms = 1000
on_tap = exec env > "$SAVE_TO"
[button jog]
rect = 400, 0, 200, 100
on_press = exec echo pressed >> "$JOG_LOG"
on_release = exec sleep 0.05; echo "released $TOUCHPANEL_EVENT" >> "$JOG_LOG"
INI
printf '0 down 0 50 50\n40 up 0 50 50\n100 down 1 450 50\n600000 up 1 450 50\n' >"$scratch/children.trace"
written=0 ended=0
for run in 1 2 3 4 5 6 7 8 9 10; do
    rm -f "$scratch/saved" "$scratch/jog.log"
    SAVE_TO=$scratch/saved JOG_LOG=$scratch/jog.log timeout 60 "$touchpanel" run "$scratch/children.ini" \
        --trace "$scratch/children.trace" --fast >/dev/null 2>"$scratch/err" || true
    grep -q '^TOUCHPANEL_EVENT=tap$' "$scratch/saved" 2>/dev/null && written=$((written + 1))
    [ "$(sort "$scratch/jog.log" 2>/dev/null | tr '\n' ';')" = "pressed;released released;" ] && ended=$((ended + 1))
done
if [ "$written" = 10 ] && [ "$ended" = 10 ]; then
    passed=$((passed + 1))
    echo "ok    --fast with real children: exec env > FILE wrote 10 of 10, every on_release ran 10 of 10"
else
    failed=$((failed + 1))
    echo "FAIL  --fast with real children: exec env > FILE wrote $written of 10, on_release ran $ended of 10"
    sed 's/^/      /' "$scratch/err"
fi

# [exec] groups = none (issue 24): commands run in the exec runner, not in the panel. A stand-in
# for touchpanel-exec.socket starts `touchpanel exec-runner` for the panel's connection; as
# root it runs the runner as nobody with no supplementary groups, as systemd runs it as
# touchpanel-exec. The command says who runs it and who its parent is. Without the socket the
# simulated board says so and runs the command itself.
chmod o+x "$scratch"  # the runner, as nobody, writes in shared/
mkdir -m 1777 "$scratch/shared"
cat >"$scratch/runner.ini" <<INI
[display]
width = 800
height = 480
[exec]
groups = none
runner = $scratch/exec.sock
[button who]
rect = 0, 0, 200, 100
on_tap = exec echo "\$(id -u) \$(id -G) \$(tr '\\0' ' ' </proc/\$PPID/cmdline)" > "$scratch/shared/who"
INI
printf '0 down 0 50 50\n40 up 0 50 50\n' >"$scratch/runner.trace"
runner_user=()
expected_who="$(id -u) $(id -G) $touchpanel exec-runner "
if [ "$(id -u)" = 0 ] && getent passwd nobody >/dev/null; then
    runner_user=(--user nobody)
    expected_who="$(id -u nobody) $(id -g nobody) $touchpanel exec-runner "
fi
python3 Tests/Traces/exec-runner-socket.py "$scratch/exec.sock" "$touchpanel" "$scratch/runner.log" "${runner_user[@]}" >"$scratch/launcher.out" &
launcher=$!
for _ in $(seq 100); do grep -q listening "$scratch/launcher.out" 2>/dev/null && break; sleep 0.05; done
timeout 60 "$touchpanel" run "$scratch/runner.ini" --trace "$scratch/runner.trace" --fast >"$scratch/out" 2>"$scratch/err" || true
kill "$launcher" 2>/dev/null; wait "$launcher" 2>/dev/null || true
who=$(cat "$scratch/shared/who" 2>/dev/null || echo "(no file)")
if [ "$who" = "$expected_who" ] && grep -q 'exec-runner: commands run as uid' "$scratch/runner.log"; then
    passed=$((passed + 1))
    echo "ok    [exec] groups = none: the command ran in the exec runner: $who"
else
    failed=$((failed + 1))
    echo "FAIL  [exec] groups = none: the command said \"$who\", expected \"$expected_who\""
    sed 's/^/      /' "$scratch/err" "$scratch/runner.log"
fi
rm -f "$scratch/shared/who" "$scratch/exec.sock"
timeout 60 "$touchpanel" run "$scratch/runner.ini" --trace "$scratch/runner.trace" --fast >"$scratch/out" 2>"$scratch/err" || true
who=$(cat "$scratch/shared/who" 2>/dev/null || echo "(no file)")
if [ "$who" = "$(id -u) $(id -G) $touchpanel run $scratch/runner.ini --trace $scratch/runner.trace --fast " ] &&
    grep -qF "[exec] groups = none: cannot reach the exec runner at $scratch/exec.sock: ENOENT (No such file or directory); enable it (systemctl enable --now touchpanel-exec.socket) or set groups = service; the simulated board runs the commands itself" "$scratch/err"; then
    passed=$((passed + 1))
    echo "ok    [exec] groups = none without the runner: the simulated board says so and runs the command itself"
else
    failed=$((failed + 1))
    echo "FAIL  [exec] groups = none without the runner: \"$who\""
    sed 's/^/      /' "$scratch/err"
fi

# Idle blanking on the simulated board: dimmed at 1 s, off at 2 s, the touch at 3 s wakes the
# panel and is swallowed, the next one taps; dimmed and off again before the trace's end at
# 6 s (a run ends with its trace: without the end line it would stop at 3.25 s, issue 28);
# replay prints the same event lines.
cat >"$scratch/blank.ini" <<'INI'
[display]
width = 800
height = 480
[backlight]
dim_after_s = 1
off_after_s = 2
[button a]
rect = 0, 0, 200, 100
on_tap = emit
INI
printf '3000 down 0 50 50\n3050 up 0 50 50\n3200 down 1 50 50\n3250 up 1 50 50\n6000 end\n' >"$scratch/blank.trace"
"$touchpanel" run "$scratch/blank.ini" --trace "$scratch/blank.trace" --fast >"$scratch/out" 2>"$scratch/err" || true
"$touchpanel" replay "$scratch/blank.ini" "$scratch/blank.trace" >"$scratch/replayed" 2>/dev/null || true
grep -o 'backlight: [a-z]*' "$scratch/err" | tr '\n' ';' >"$scratch/levels"
if [ "$(cat "$scratch/levels")" = "backlight: dimmed;backlight: off;backlight: on;backlight: dimmed;backlight: off;" ] &&
    [ "$(tr '\n' ';' <"$scratch/out")" = '{"t_ms":3200,"button":"a","event":"pressed"};{"t_ms":3250,"button":"a","event":"released"};{"t_ms":3250,"button":"a","event":"tap","taps":1};' ] &&
    cmp -s "$scratch/out" "$scratch/replayed"; then
    passed=$((passed + 1))
    echo "ok    idle blanking: dimmed, off, the waking touch swallowed; replay agrees"
else
    failed=$((failed + 1))
    echo "FAIL  idle blanking: $(cat "$scratch/levels")"
    sed 's/^/      /' "$scratch/out" "$scratch/replayed" "$scratch/err"
fi

# record on the simulated board, for each kind of raw report: the trace it writes replays to
# the event lines the panel printed while recording.
printf '0 down 0 50 50\n40 up 0 50 50\n100 down 1 52 50\n140 up 1 52 50\n300 down 2 350 50\n900 up 2 350 50\n1000 down 3 50 50\n1100 end\n' >"$scratch/rec.trace"
for model in ft5406 gt911 evdev; do
    cat >"$scratch/rec.ini" <<INI
[display]
width = 800
height = 480
[controller]
model = $model
[button a]
rect = 0, 0, 200, 100
on_tap = emit
on_double_tap = emit
[button b]
rect = 300, 0, 200, 100
on_long_press = emit
on_repeat = emit
INI
    "$touchpanel" record "$scratch/rec.ini" "$scratch/recorded.trace" --trace "$scratch/rec.trace" --fast >"$scratch/live" 2>"$scratch/err" || true
    "$touchpanel" replay "$scratch/rec.ini" "$scratch/recorded.trace" >"$scratch/replayed" 2>>"$scratch/err" || true
    kind=$(awk 'NR == 1 { print $2 }' "$scratch/recorded.trace")
    if [ "$(wc -l <"$scratch/live")" -ge 10 ] && cmp -s "$scratch/live" "$scratch/replayed"; then
        passed=$((passed + 1))
        echo "ok    record ($model, $kind lines): replay prints the $(wc -l <"$scratch/live") event lines the panel printed"
    else
        failed=$((failed + 1))
        echo "FAIL  record ($model)"
        diff "$scratch/live" "$scratch/replayed" | sed 's/^/      /'
        sed 's/^/      /' "$scratch/err"
    fi
done

# calibrate on the simulated board: touches 10 to 19 px off five targets (a panel that reports
# x' = 1.03x + 0.02y - 12, y' = -0.015x + 0.97y + 9) give a calibration line; with it, the same
# raw reports tap 15 px buttons centred on the targets, and without it they miss some.
printf '0 down 0 38 55\n60 up 0 38 55\n500 down 1 762 44\n560 up 1 762 44\n1000 down 2 770 416\n1060 up 2 770 416\n1500 down 3 46 426\n1560 up 3 46 426\n2000 down 4 405 236\n2060 up 4 405 236\n' >"$scratch/cal.trace"
"$touchpanel" calibrate boards/sim.ini --trace "$scratch/cal.trace" >"$scratch/cal.out" 2>"$scratch/err" || true
calibration=$(sed -n 's/^calibration = //p' "$scratch/cal.out")
raw_report() { # raw_report T EVENT X Y: one FT5x06 report of touch 0
    printf '%s ft5x06 00 00 01 %02x %02x %02x %02x 10 00\n' "$1" $(( ($2 << 6) | ($3 >> 8) )) $(( $3 & 255 )) $(( $4 >> 8 )) $(( $4 & 255 ))
}
: >"$scratch/taps.trace"
t=0
for touch in "38 55" "762 44" "770 416" "46 426" "405 236"; do
    raw_report $t 0 $touch >>"$scratch/taps.trace"
    raw_report $((t + 50)) 1 $touch >>"$scratch/taps.trace"
    t=$((t + 400))
done
targets_config() { # targets_config [CALIBRATION]
    printf '[display]\nwidth = 800\nheight = 480\n[controller]\nmodel = ft5406\n'
    [ -n "$1" ] && printf 'calibration = %s\n' "$1"
    n=0
    for target in "48 48" "751 48" "751 431" "48 431" "400 240"; do
        set -- $target
        printf '[button t%s]\nrect = %s, %s, 15, 15\non_tap = emit\n' $n $(($1 - 7)) $(($2 - 7))
        n=$((n + 1))
    done
}
targets_config "$calibration" >"$scratch/calibrated.ini"
targets_config "" >"$scratch/uncalibrated.ini"
calibrated_taps=$("$touchpanel" replay "$scratch/calibrated.ini" "$scratch/taps.trace" 2>>"$scratch/err" | grep -c '"event":"tap"')
uncalibrated_taps=$("$touchpanel" replay "$scratch/uncalibrated.ini" "$scratch/taps.trace" 2>>"$scratch/err" | grep -c '"event":"tap"')
if [ -n "$calibration" ] && [ "$calibrated_taps" = 5 ] && [ "$uncalibrated_taps" -lt 5 ]; then
    passed=$((passed + 1))
    echo "ok    calibrate: calibration = $calibration; 5 of 5 targets tapped with it, $uncalibrated_taps without"
else
    failed=$((failed + 1))
    echo "FAIL  calibrate: '$calibration', $calibrated_taps taps with it, $uncalibrated_taps without"
    sed 's/^/      /' "$scratch/cal.out" "$scratch/err"
fi

# State kept across a restart (issues 25 and 28): the simulated board on the real clock with
# [control] and STATE_DIRECTORY. A label, a latch and an enabled state set through ctl are in
# the state file after a clean stop, as control lines; the next start draws them in its first
# frame (the same pixels as the first run's last frame) and ctl state says so; a line for a
# button the config lost is dropped with a log line; a file that does not parse is set aside
# as state.bad, naming file:line, and the panel starts from its config.
mkdir -p "$scratch/state" "$scratch/state-png1" "$scratch/state-png2" "$scratch/state-png3"
state_config() {  # state_config: the panel, with button pump only while $1 is "pump"
    printf '[display]\nwidth = 800\nheight = 480\n[control]\nsocket = %s\n' "$scratch/state.sock"
    printf '[button heat]\nrect = 0, 0, 200, 100\nlabel = Heating\nlatch = yes\non_tap = emit\n'
    [ "${1:-}" = pump ] && printf '[button pump]\nrect = 300, 0, 200, 100\non_tap = emit\n'
    return 0
}
state_config pump >"$scratch/state.ini"
state_run() {  # state_run PNG_DIR CTL_COMMAND...: start the panel, run each ctl command, stop it
    local png=$1 pid
    shift
    rm -f "$scratch/state.sock"
    STATE_DIRECTORY="$scratch/state" timeout 60 "$touchpanel" run "$scratch/state.ini" --png-dir "$png" \
        >/dev/null 2>>"$scratch/state-err" &
    pid=$!
    for _ in $(seq 200); do [ -S "$scratch/state.sock" ] && break; sleep 0.05; done
    for command in "$@"; do
        # shellcheck disable=SC2086 # each command is its words
        "$touchpanel" ctl --socket "$scratch/state.sock" $command >>"$scratch/state-replies" 2>&1 || true
    done
    kill -TERM "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
}
: >"$scratch/state-err"
: >"$scratch/state-replies"
state_run "$scratch/state-png1" 'label heat Heat\non' 'latch heat on' 'disable pump'
kept=$(cat "$scratch/state/state" 2>/dev/null || echo "(no file)")
state_run "$scratch/state-png2" state
first_after=$(find "$scratch/state-png2" -name 'frame-0001-*' | head -n 1)
last_before=$(find "$scratch/state-png1" -name 'frame-*' | sort | tail -n 1)
if [ "$kept" = "$(printf '# touchpanel state: control commands replayed at start; written by the panel\nlabel heat Heat\\non\nlatch heat on\ndisable pump')" ] &&
    [ "$(tail -n 1 "$scratch/state-replies")" = '{"ok":true,"backlight":null,"buttons":[{"name":"heat","label":"Heat\non","enabled":true,"on":true},{"name":"pump","label":"pump","enabled":false}]}' ] &&
    [ -n "$first_after" ] && [ -n "$last_before" ] && cmp -s "$first_after" "$last_before" &&
    grep -qxF "touchpanel: state: 3 lines read back from $scratch/state/state" "$scratch/state-err"; then
    passed=$((passed + 1))
    echo "ok    state kept across a restart: a label, a latch and a disabled button, in the first frame"
else
    failed=$((failed + 1))
    echo "FAIL  state kept across a restart: the file said \"$kept\"; first frame $first_after, last $last_before"
    sed 's/^/      /' "$scratch/state-replies" "$scratch/state-err"
fi
state_config >"$scratch/state.ini"
: >"$scratch/state-err"
state_run "$scratch/state-png3" state
if [ "$(tail -n 1 "$scratch/state-replies")" = '{"ok":true,"backlight":null,"buttons":[{"name":"heat","label":"Heat\non","enabled":true,"on":true}]}' ] &&
    grep -qxF "touchpanel: state: dropped what $scratch/state.ini no longer has: disable pump" "$scratch/state-err" &&
    [ "$(tail -n +2 "$scratch/state/state")" = "$(printf 'label heat Heat\\non\nlatch heat on')" ]; then
    passed=$((passed + 1))
    echo "ok    state of a button the config lost: dropped with one log line, and from the file"
else
    failed=$((failed + 1))
    echo "FAIL  state of a button the config lost"
    sed 's/^/      /' "$scratch/state-replies" "$scratch/state-err" "$scratch/state/state"
fi
printf 'label heat Hot\nlatch heat maybe\n' >"$scratch/state/state"
: >"$scratch/state-err"
state_run "$scratch/state-png3" state
if [ "$(tail -n 1 "$scratch/state-replies")" = '{"ok":true,"backlight":null,"buttons":[{"name":"heat","label":"Heating","enabled":true,"on":false}]}' ] &&
    [ "$(cat "$scratch/state-err")" = "touchpanel: state: $scratch/state/state:2: latch takes on or off, not \"maybe\"; set aside as $scratch/state/state.bad, starting from the config" ] &&
    [ "$(cat "$scratch/state/state.bad")" = "$(printf 'label heat Hot\nlatch heat maybe')" ] && [ ! -e "$scratch/state/state" ]; then
    passed=$((passed + 1))
    echo "ok    a state file that does not parse: set aside as state.bad with file:line, the panel starts from its config"
else
    failed=$((failed + 1))
    echo "FAIL  a state file that does not parse"
    sed 's/^/      /' "$scratch/state-replies" "$scratch/state-err"
fi

# check warns of a label that cannot fit its button even at the smallest size, naming its line.
printf '[display]\nwidth = 800\nheight = 480\n[button room]\nrect = 0, 0, 120, 80\nlabel = Living room lights\n[button tiny]\nrect = 200, 0, 40, 24\nlabel = Supercalifragilistic\n' >"$scratch/labels.ini"
if "$touchpanel" check "$scratch/labels.ini" >/dev/null 2>"$scratch/err" &&
    [ "$(cat "$scratch/err")" = "$scratch/labels.ini:7: [button tiny] label: warning: \"Supercalifragilistic\" does not fit the 40x24 button even at 8 px; it is drawn clipped (a shorter label, a line break \\n, or a larger rect)" ]; then
    passed=$((passed + 1))
    echo "ok    check warns of the one label that cannot fit"
else
    failed=$((failed + 1))
    echo "FAIL  check's label warning"
    sed 's/^/      /' "$scratch/err"
fi

# With include = FILE, check writes each value a file gave after a comment naming its file and
# line, and a warning about an item written in the included file names that file's line.
printf '[display]\nwidth = 800\nheight = 480\n[button tiny]\nrect = 200, 0, 40, 24\nlabel = Supercalifragilistic\n' >"$scratch/common.ini"
printf 'include = common.ini\n[display]\nheight = 400\n' >"$scratch/node.ini"
if "$touchpanel" check "$scratch/node.ini" >"$scratch/out" 2>"$scratch/err" &&
    [ "$(cat "$scratch/err")" = "$scratch/common.ini:4: [button tiny] label: warning: \"Supercalifragilistic\" does not fit the 40x24 button even at 8 px; it is drawn clipped (a shorter label, a line break \\n, or a larger rect)" ] &&
    [ "$(grep -A 1 -x "; from $scratch/node.ini:3" "$scratch/out")" = "$(printf '; from %s/node.ini:3\nheight = 400' "$scratch")" ] &&
    [ "$(grep -A 1 -x "; from $scratch/common.ini:2" "$scratch/out")" = "$(printf '; from %s/common.ini:2\nwidth = 800' "$scratch")" ]; then
    passed=$((passed + 1))
    echo "ok    check with include: each value's file and line in a comment, an included item's warning at its file"
else
    failed=$((failed + 1))
    echo "FAIL  check with include"
    sed 's/^/      /' "$scratch/err" "$scratch/out"
fi

# check warns of a slider whose label and value cannot fit it even at the smallest size, and not
# of one whose text fits once made smaller than [display]'s size.
printf '[display]\nwidth = 800\nheight = 480\n[slider tank]\nrect = 0, 0, 30, 300\nformat = %%d %%%%\n[slider thin]\nrect = 100, 0, 14, 300\nlabel = Level\nformat = %%d %%%%\n' >"$scratch/slider-text.ini"
if "$touchpanel" check "$scratch/slider-text.ini" >/dev/null 2>"$scratch/err" &&
    [ "$(cat "$scratch/err")" = "$scratch/slider-text.ini:7: [slider thin] label: warning: the label and value do not fit the 14x300 slider at 8 px; they are drawn cut at its edges (a shorter label or format, a smaller font_size, or a larger rect)" ]; then
    passed=$((passed + 1))
    echo "ok    check warns of the one slider whose text cannot fit"
else
    failed=$((failed + 1))
    echo "FAIL  check's slider text warning"
    sed 's/^/      /' "$scratch/err"
fi

# check reads the files the config names as run's start would: a missing font or MQTT password
# file fails it (exit 1), each named with its line and path, so that "check passes" means "run
# gets past its config" (issue 28).
printf '[display]\nwidth = 800\nheight = 480\nfont = /nonexistent/label.ttf\n[mqtt]\nhost = 127.0.0.1\nusername = panel\npassword_file = /nonexistent/mqtt.pass\n[button a]\nrect = 0, 0, 100, 100\n' >"$scratch/files.ini"
status=0
"$touchpanel" check "$scratch/files.ini" >/dev/null 2>"$scratch/err" || status=$?
printf '%s\n' "$scratch/files.ini:4: [display] font: cannot open font /nonexistent/label.ttf: No such file or directory" \
    "$scratch/files.ini:8: [mqtt] password_file /nonexistent/mqtt.pass: cannot open: No such file or directory" >"$scratch/expected-err"
if [ "$status" = 1 ] && cmp -s "$scratch/err" "$scratch/expected-err"; then
    passed=$((passed + 1))
    echo "ok    check fails on a missing font and password_file, naming each line and path"
else
    failed=$((failed + 1))
    echo "FAIL  check on missing files: exit $status"
    { diff "$scratch/expected-err" "$scratch/err" || true; } | sed 's/^/      /'
fi

# check reads [homeassistant]'s token file as the start would: a missing one fails it with its
# line and path, a readable one whose mode lets others read it is a warning, and the token
# itself is never printed (issue 45).
printf '[display]\nwidth = 800\nheight = 480\n[homeassistant]\nurl = http://127.0.0.1:8123\ntoken_file = ha-missing\n[button a]\nrect = 0, 0, 100, 100\nentity = light.a\n' >"$scratch/ha-files.ini"
printf 'secret-token-never-printed\n' >"$scratch/ha-token"
chmod 644 "$scratch/ha-token"
sed 's/ha-missing/ha-token/' "$scratch/ha-files.ini" >"$scratch/ha-open.ini"
status=0
"$touchpanel" check "$scratch/ha-files.ini" >/dev/null 2>"$scratch/err" || status=$?
open_status=0
"$touchpanel" check "$scratch/ha-open.ini" >"$scratch/ha-out" 2>"$scratch/ha-err" || open_status=$?
if [ "$status" = 1 ] &&
    [ "$(cat "$scratch/err")" = "$scratch/ha-files.ini:6: [homeassistant] token_file $scratch/ha-missing: cannot open: No such file or directory" ] &&
    [ "$open_status" = 0 ] &&
    [ "$(cat "$scratch/ha-err")" = "$scratch/ha-open.ini:6: [homeassistant] token_file: warning: $scratch/ha-token has mode 0644: users other than its owner can read or change the token; chmod 600 $scratch/ha-token, owned by the user the panel runs as (touchpanel under systemd)" ] &&
    ! grep -q secret-token "$scratch/ha-out" "$scratch/ha-err"; then
    passed=$((passed + 1))
    echo "ok    check reads the token file (missing: an error; open to others: a warning) and never prints the token"
else
    failed=$((failed + 1))
    echo "FAIL  check on [homeassistant]'s token file: exit $status and $open_status"
    sed 's/^/      /' "$scratch/err" "$scratch/ha-err"
fi

# check --quiet (the unit's ExecStartPre) prints nothing for a good config and only the problems
# for a bad one, with the same exit status as check.
status=0
"$touchpanel" check --quiet examples/demo.ini >"$scratch/out" 2>"$scratch/err" || status=$?
quiet_bad=0
"$touchpanel" check --quiet "$scratch/files.ini" >"$scratch/out2" 2>"$scratch/err2" || quiet_bad=$?
if [ "$status" = 0 ] && [ ! -s "$scratch/out" ] && [ ! -s "$scratch/err" ] && [ "$quiet_bad" = 1 ] && [ ! -s "$scratch/out2" ] &&
    cmp -s "$scratch/err2" "$scratch/expected-err" &&
    grep -qx 'ExecStartPre=/usr/bin/touchpanel check --quiet /etc/touchpanel/panel.ini' packaging/touchpanel.service; then
    passed=$((passed + 1))
    echo "ok    check --quiet prints only problems, and the unit's ExecStartPre uses it"
else
    failed=$((failed + 1))
    echo "FAIL  check --quiet: exit $status/$quiet_bad, $(wc -l <"$scratch/out") lines on stdout"
fi

# check ends the effective config with comment lines on the glyph cache the labels filled
# (DejaVu Sans 2.37, FreeType 2.12) and on what the prepared looks take (PreparedLookSizesTests
# checks that figure against what a surface holds; the looks keep their labels' ink as spans,
# rows whose ink starts and ends alike in one span).
cache_line=$("$touchpanel" check "$scratch/labels.ini" 2>/dev/null | tail -n 2 | head -n 1)
looks_line=$("$touchpanel" check "$scratch/labels.ini" 2>/dev/null | tail -n 1)
if [ "$cache_line" = "; glyph cache after fitting the labels: 137 glyphs, 13152 of 262144 bytes" ] &&
    [ "$looks_line" = "; prepared looks at 4 bytes a pixel, normal and pressed: 17376 bytes; at most 28672 held, beyond which a button is drawn straight until a look goes unused for 64 draws" ]; then
    passed=$((passed + 1))
    echo "ok    check says what the labels keep in the glyph cache and what the prepared looks take"
else
    failed=$((failed + 1))
    echo "FAIL  check's glyph cache and prepared looks lines: $cache_line / $looks_line"
fi

# An icon the icon font does not have, a label character the label font draws as nothing and a
# label that does not fit beside its icon are warnings with the key's line (or the section's),
# and the panel still starts (exit 0).
mdi=/usr/share/fonts/truetype/materialdesignicons-webfont/materialdesignicons-webfont.ttf
printf '[display]\nwidth = 800\nheight = 480\nicon_font = %s\n[controller]\nmodel = ft5406\n' "$mdi" >"$scratch/icons.ini"
printf '[button lamp]\nrect = 0, 0, 200, 160\nlabel = Lamp \xf0\x9f\x92\xa1\nicon = mdi:lightbulb\non_icon = mdi:garage\non_tap = emit\n' >>"$scratch/icons.ini"
printf '[button fan]\nrect = 0, 200, 100, 60\nlabel = Fan\nicon = mdi:fan\nicon_size = 48\non_tap = emit\n' >>"$scratch/icons.ini"
{
    printf '%s:7: [button lamp] label: warning: /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf has no glyph for "\xf0\x9f\x92\xa1" (U+1F4A1); ' "$scratch/icons.ini"
    printf 'drawn as nothing (for icons: icon = mdi:NAME with [display] icon_font)\n'
    printf '%s:11: [button lamp] on_icon: warning: %s has no glyph mdi:garage; the button shows its label without it\n' "$scratch/icons.ini" "$mdi"
    printf '%s:13: [button fan] label: warning: "Fan" does not fit the 100x60 button beside its icon even at 8 px; it is drawn clipped ' "$scratch/icons.ini"
    printf '(a shorter label, a line break \\n, or a larger rect or a smaller icon_size)\n'
} >"$scratch/icons-expected"
# check_warns NAME OK FAIL: `check` of $scratch/NAME.ini exits 0 and writes exactly
# $scratch/NAME-expected to stderr.
check_warns() {
    local name=$1 status=0
    "$touchpanel" check "$scratch/$name.ini" >/dev/null 2>"$scratch/$name-err" || status=$?
    if [ "$status" = 0 ] && cmp -s "$scratch/$name-err" "$scratch/$name-expected"; then
        passed=$((passed + 1))
        echo "ok    $2"
    else
        failed=$((failed + 1))
        echo "FAIL  $3: exit $status"
        { diff "$scratch/$name-expected" "$scratch/$name-err" || true; } | sed 's/^/      /'
    fi
}
check_warns icons "check warns of an icon its font lacks, a label character no glyph draws, a label with no room beside its icon" \
    "check's icon and glyph warnings"

# With a chain of fonts, only a character no font of the chain has is a warning, named with the
# chain: the bulb comes from Noto Color Emoji, the Ethiopic letter from none of them; the
# joiner and the emoji selector need no glyph.
printf '[display]\nwidth = 800\nheight = 480\nfont = DejaVuSans.ttf, NotoColorEmoji.ttf\n[controller]\nmodel = ft5406\n' >"$scratch/chain.ini"
printf '[button lamp]\nrect = 0, 0, 300, 160\nlabel = Lamp \xf0\x9f\x92\xa1\xe2\x80\x8d\xef\xb8\x8f \xe1\x88\x80\non_tap = emit\n' >>"$scratch/chain.ini"
{
    printf '%s:7: [button lamp] label: warning: no font of the chain (/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf, ' "$scratch/chain.ini"
    printf '/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf) has a glyph for "\xe1\x88\x80" (U+1200); '
    printf 'drawn as nothing (for icons: icon = mdi:NAME with [display] icon_font)\n'
} >"$scratch/chain-expected"
check_warns chain "check warns only of a label character no font of the chain has, naming the chain" \
    "check's glyph warning with a font chain"

# The manual page names every subcommand the binary's --help lists, and no other.
"$touchpanel" --help | sed -n 's/^  touchpanel \([a-z-]*\).*/\1/p' | sort -u >"$scratch/help-commands"
sed -n 's/^\.B touchpanel \([a-z\\-]*\)$/\1/p' packaging/touchpanel.1 | sed 's/\\-/-/g' | sort -u >"$scratch/man-commands"
if cmp -s "$scratch/help-commands" "$scratch/man-commands" && [ -s "$scratch/help-commands" ]; then
    passed=$((passed + 1))
    echo "ok    touchpanel.1 and --help name the same subcommands: $(tr '\n' ' ' <"$scratch/help-commands")"
else
    failed=$((failed + 1))
    echo "FAIL  touchpanel.1 and --help differ"
    { diff "$scratch/help-commands" "$scratch/man-commands" || true; } | sed 's/^/      /'
fi

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

# Reference images: the cases of Tests/ReferenceImages/cases.sh rendered on the simulated board
# and compared pixel for pixel (decoded, not byte for byte) with the checked-in PNGs. A rendered
# image that differs is kept in build/reference-diff/; scripts/update-reference-images.sh
# regenerates the references when a picture changes on purpose.
. Tests/ReferenceImages/cases.sh
render_reference_images "$touchpanel" "$scratch/reference" >"$scratch/reference-list" 2>"$scratch/reference-err"
rm -rf build/reference-diff
reference_failed() {  # reference_failed IMAGE MESSAGE
    failed=$((failed + 1))
    echo "FAIL  reference image $1: $2"
}
python3 Tests/ReferenceImages/png.py compare-all Tests/ReferenceImages "$scratch/reference" \
    <"$scratch/reference-list" >"$scratch/reference-results" || true
while IFS=$'\t' read -r image result; do
    case "$result" in
        same)
            passed=$((passed + 1))
            echo "ok    reference image $image" ;;
        "not rendered") reference_failed "$image" "not rendered (the errors follow)" ;;
        "no reference")
            reference_failed "$image" "no reference; run scripts/update-reference-images.sh (and look at it)" ;;
        *)
            mkdir -p "$(dirname "build/reference-diff/$image")"
            cp "$scratch/reference/$image" "build/reference-diff/$image"
            reference_failed "$image" "$result; rendered: build/reference-diff/$image" ;;
    esac
done <"$scratch/reference-results"
[ "$(wc -l <"$scratch/reference-results")" = "$(wc -l <"$scratch/reference-list")" ] ||
    reference_failed "comparison" "png.py compare-all stopped early"
sed 's/^/      /' "$scratch/reference-err"
for reference in Tests/ReferenceImages/*/*.png; do
    grep -qxF "${reference#Tests/ReferenceImages/}" "$scratch/reference-list" ||
        reference_failed "${reference#Tests/ReferenceImages/}" "no case renders it; run scripts/update-reference-images.sh"
done

echo "traces: $passed passed, $failed failed"
[ "$failed" = 0 ]
