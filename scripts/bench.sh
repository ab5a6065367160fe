#!/usr/bin/env bash
# scripts/bench.sh [--update-baselines]
#
# Every benchmark of the project, then ONE table (benchmark, metric, value, unit) and
# build/bench/results.json (schema in Benchmarks/README.md):
#   1. firmware footprint: scripts/build/build-firmware.sh all, stripped sizes of touchpanel and
#      touchpanel-static for aarch64 and armhf
#   2. callgrind over `touchpanel replay Benchmarks/panel.ini` (host release build) of a generated
#      trace of 100,000 raw FT5x06 reports, and of a trace of as many comment lines: whole cost,
#      per-report cost, TouchPipeline.report's inclusive cost, the biggest costs; instructions to
#      fit and rasterise a 128-character label in a 400x300 button from font_size 200 and 24
#      (Benchmarks/label-fit-*.ini, the same build on the simulated board); then the same
#      replay by the firmware's own code (Embedded Swift for x86-64, the firmware's flags): per
#      report, the input path alone (decode + TouchPipeline, without the event sink), and the
#      same trace on the simulated board in XRGB8888 and in RGB565: instructions per button
#      repaint and per full redraw; and mqtt trace lines on the simulated board
#      (Benchmarks/live-state.ini): instructions from a state message's arrival in the engine to
#      its pixels, for a bound button's look and for a text item's new 8-character text; and
#      homeassistant trace lines (Benchmarks/live-entity.ini): from an entity's state message's
#      bytes to a bound button's pixels
#   3. callgrind over Benchmarks' scenario driver: exact instructions per report (per input,
#      per redraw) of each benchmark scenario, checked against Benchmarks/Thresholds/callgrind.json
#   4. the ordo-one/benchmark suite (Benchmarks/): wall time, mallocs (and instructions where
#      perf counters work), checked against Benchmarks/Thresholds/*.p90.json
#   5. the kernel VM's figures, if build/vm/latency.json and build/vm/metrics.json exist
#
# --update-baselines  after measuring, rewrite the checked-in baselines from this run: the
#                     ordo-one thresholds (mallocs, instructions; never wall time) and the
#                     callgrind budgets. Review the diff before committing it.
#
# Exit status: 0 all checks passed; 2 a budget was exceeded (mallocs on an allocation-free
# path, instructions beyond their margin); 1 something could not be built or measured.
# Installs what it needs with apt-get (as root, no prompts). Work files go to build/bench/.
# Env: BENCH_REPORTS (default 100000) trace length; BENCH_SKIP_FIRMWARE=1 skips step 1
#      (the footprint is then marked stale or not measured).
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

update=no
for argument in "$@"; do
    case $argument in
        --update-baselines) update=yes ;;
        -h | --help) sed -n '2,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "usage: $0 [--update-baselines]" >&2; exit 64 ;;
    esac
done

work=$root/build/bench
reports=${BENCH_REPORTS:-100000}
live_messages=2000
page_changes=400
slider_reports=2000
seed=1
mkdir -p "$work"
rm -rf "$work/pct"
meta=$work/meta.txt
: >"$meta"
started=$(date +%s%N)

say() { echo "== $*" >&2; }
die() { echo "bench: error: $*" >&2; exit 1; }
record() { echo "$1=$2" >>"$meta"; }
# timed NAME CMD...: runs CMD, records its duration as seconds_NAME, returns its status.
timed() {
    local name=$1 t0 status
    shift
    t0=$(date +%s%N)
    "$@"
    status=$?
    record "seconds_$name" "$(awk -v ns=$(($(date +%s%N) - t0)) 'BEGIN { printf "%.1f", ns / 1e9 }')"
    return $status
}

# --- what this needs ---------------------------------------------------------------------------
missing=()
command -v valgrind >/dev/null || missing+=(valgrind)
command -v python3 >/dev/null || missing+=(python3)
if ((${#missing[@]})); then
    say "installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    { apt-get update -q && apt-get install -y -q --no-install-recommends "${missing[@]}"; } >"$work/apt.log" 2>&1 ||
        die "apt-get install ${missing[*]} failed (see $work/apt.log)"
fi
command -v swift >/dev/null || die "swift not found"

record generated "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
record commit "$(git rev-parse HEAD 2>/dev/null || echo unknown)"
record dirty "$([[ -n $(git status --porcelain 2>/dev/null) ]] && echo yes || echo no)"
record toolchain "$(swift --version 2>/dev/null | head -n 1)"
if command -v perf >/dev/null && perf stat -x, -e instructions true 2>&1 >/dev/null | grep -qE '^[0-9]+,'; then
    record perf_instructions yes
else
    record perf_instructions no
fi

# --- 1. firmware footprint ---------------------------------------------------------------------
if [[ ${BENCH_SKIP_FIRMWARE:-} == 1 ]]; then
    record firmware_build skipped
else
    say "firmware build (scripts/build/build-firmware.sh all)"
    if timed firmware_build scripts/build/build-firmware.sh all >"$work/firmware.log" 2>&1; then
        record firmware_build ok
    else
        record firmware_build failed
        echo "bench: the firmware build failed (see $work/firmware.log); footprint from the last build" >&2
    fi
fi

# --- 2. callgrind over touchpanel replay -------------------------------------------------------
say "host release build (swift build -c release --product touchpanel)"
timed host_release_build swift build -c release --product touchpanel >"$work/host-build.log" 2>&1 ||
    die "swift build -c release failed (see $work/host-build.log)"
binary=$(swift build -c release --product touchpanel --show-bin-path)/touchpanel
[[ -x $binary ]] || die "$binary not found"
record replay_binary "${binary#"$root/"}"

say "trace of $reports raw reports (Benchmarks/Scripts/make-long-trace.py)"
python3 Benchmarks/Scripts/make-long-trace.py "$work/long.trace" --blank "$work/blank.trace" --reports "$reports" --seed "$seed" ||
    die "make-long-trace.py failed"
record reports "$reports"
record trace "${work#"$root/"}/long.trace"
record trace_seed "$seed"

say "callgrind: touchpanel replay, long and blank traces"
# Valgrind 3.19 cannot read all of the toolchain's DWARF 5 ("possibly corrupted debuginfo file")
# and gives up: callgrind runs a copy without debug info. Function names come from the symbol
# table, which stays.
measured=$work/touchpanel-without-debug-info
objcopy --strip-debug "$binary" "$measured" || die "objcopy --strip-debug $binary failed"
for kind in long blank; do
    timed "callgrind_$kind" valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.$kind.out" \
        "$measured" replay Benchmarks/panel.ini "$work/$kind.trace" >"$work/replay.$kind.out" 2>"$work/valgrind.$kind.log" ||
        die "touchpanel replay of $work/$kind.trace failed under valgrind (see $work/valgrind.$kind.log)"
done
record replay_events "$(wc -l <"$work/replay.long.out")"

# Labels: one 128-character label fitted to a 400x300 button and rasterised, from font_size 200
# and from 24 (Benchmarks/label-fit-*.ini), the work of a label set over MQTT or the control
# socket (FramebufferSurface.fittedLabel), here at start-up on the simulated board, with the
# glyph cache as empty as the first such label finds it. No touch: an empty trace.
say "callgrind: a long label fitted and rasterised, from font_size 24 and 200"
: >"$work/no-touch.trace"
for size in 24 200; do
    timed "callgrind_label_$size" valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.label-$size.out" \
        "$measured" run "Benchmarks/label-fit-$size.ini" --trace "$work/no-touch.trace" --fast \
        >/dev/null 2>"$work/valgrind.label-$size.log" ||
        die "touchpanel run Benchmarks/label-fit-$size.ini failed under valgrind (see $work/valgrind.label-$size.log)"
done

# The firmware's own code: the same sources built as Embedded Swift with the firmware's flags,
# for x86-64 (scripts/build/build-firmware.sh bookworm-x86_64), static so that it runs on any host,
# replaying the same traces under callgrind. Its event lines must match the host build's.
say "firmware (Embedded Swift, x86-64): build, then callgrind over the same replay"
firmware_x86=$root/build/firmware/bookworm-x86_64/touchpanel-static
if timed firmware_x86_build scripts/build/build-firmware.sh bookworm-x86_64 >"$work/firmware-x86_64.log" 2>&1; then
    for kind in long blank; do
        timed "callgrind_firmware_$kind" valgrind --tool=callgrind \
            --callgrind-out-file="$work/callgrind.firmware-$kind.out" "$firmware_x86" replay Benchmarks/panel.ini \
            "$work/$kind.trace" >"$work/replay.firmware-$kind.out" 2>"$work/valgrind.firmware-$kind.log" ||
            die "the firmware's replay of $work/$kind.trace failed under valgrind (see $work/valgrind.firmware-$kind.log)"
    done
    # The input path alone: collection switched on inside the decoder and TouchPipeline.frame,
    # and off again inside the event sink they call (writing event lines is the output side).
    timed callgrind_firmware_input valgrind --tool=callgrind --collect-atstart=no \
        --toggle-collect='$e9TouchCore0A8PipelineV5frame*' --toggle-collect='$e9TouchCore11FT5x06CodecV6decode*' \
        --toggle-collect='$e11PanelEngine15EventLineWriterV7receive*' \
        --callgrind-out-file="$work/callgrind.firmware-input.out" "$firmware_x86" replay Benchmarks/panel.ini \
        "$work/long.trace" >/dev/null 2>"$work/valgrind.firmware-input.log" ||
        die "the firmware's input-path replay failed under valgrind (see $work/valgrind.firmware-input.log)"
    # Painting: the same trace on the simulated board (--fast), every repaint into its
    # framebuffer, labels from FreeType as on a panel; in XRGB8888, what DRM/KMS scans out,
    # and in RGB565, the simulated board's default and a 16-bit fbdev's.
    for format in xrgb8888 rgb565; do
        timed "callgrind_firmware_paint_$format" valgrind --tool=callgrind \
            --callgrind-out-file="$work/callgrind.firmware-run-$format.out" "$firmware_x86" run Benchmarks/panel.ini \
            --trace "$work/long.trace" --fast --format "$format" >/dev/null 2>"$work/valgrind.firmware-run-$format.log" ||
            die "the firmware's simulated run in $format failed under valgrind (see $work/valgrind.firmware-run-$format.log)"
    done
    # Looks (issue 27): the same trace over Benchmarks/looks.ini (an icon above each label, a
    # sublabel under it, rounded corners), per repaint of a button from its prepared look, and
    # over Benchmarks/icons.ini (an icon only).
    for looks in looks icons; do
        timed "callgrind_firmware_paint_$looks" valgrind --tool=callgrind \
            --callgrind-out-file="$work/callgrind.firmware-run-$looks.out" "$firmware_x86" run "Benchmarks/$looks.ini" \
            --trace "$work/long.trace" --fast --format xrgb8888 >/dev/null 2>"$work/valgrind.firmware-run-$looks.log" ||
            die "the firmware's simulated run of Benchmarks/$looks.ini failed under valgrind (see $work/valgrind.firmware-run-$looks.log)"
    done
    # Eight buttons of 200x100 (issue 44, the panel compared with LVGL), each pressed and
    # released in turn, 1,000 rounds: per repaint of one button (FramebufferSurface.draw(button:
    # state:), from its look or straight), what it costs when their looks do not all fit.
    record eight_rounds 1000
    python3 Benchmarks/Scripts/make-eight-trace.py "$work/eight.trace" 1000 || die "make-eight-trace.py failed"
    timed callgrind_firmware_eight valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.firmware-run-eight.out" \
        "$firmware_x86" run Benchmarks/eight-buttons.ini --trace "$work/eight.trace" --fast --format xrgb8888 >/dev/null \
        2>"$work/valgrind.firmware-run-eight.log" ||
        die "the firmware's eight-button run failed under valgrind (see $work/valgrind.firmware-run-eight.log)"
    # Live state (issue 25): a message's way through the engine to its pixels, per message, on
    # the simulated board (Benchmarks/live-state.ini): collected only inside
    # PanelEngine.received (parse, bind) and the drawOutsideChanges of the next turn (the text
    # rasterised, the looks repainted). `state` alternates a bound button's look; `text` gives a
    # text item a new 8-character text each time. The dynamic build: the static one has no
    # libmosquitto, so no [mqtt] (it runs natively here, on a bookworm x86-64 bench machine).
    record live_messages "$live_messages"
    firmware_x86_dynamic=$root/build/firmware/bookworm-x86_64/touchpanel
    for kind in state text; do
        python3 Benchmarks/Scripts/make-live-trace.py "$kind" "$work/live-$kind.trace" "$live_messages" ||
            die "make-live-trace.py $kind failed"
        timed "callgrind_firmware_live_$kind" valgrind --tool=callgrind --collect-atstart=no \
            --toggle-collect='$e11PanelEngineAAC8received*' --toggle-collect='$e11PanelEngineAAC18drawOutsideChanges*' \
            --callgrind-out-file="$work/callgrind.firmware-live-$kind.out" "$firmware_x86_dynamic" run Benchmarks/live-state.ini \
            --trace "$work/live-$kind.trace" --fast --format xrgb8888 >/dev/null 2>"$work/valgrind.firmware-live-$kind.log" ||
            die "the firmware's live-state run ($kind) failed under valgrind (see $work/valgrind.firmware-live-$kind.log)"
    done
    # An entity's state (issue 45): Home Assistant's `c` diff for a bound button, from the
    # message's bytes to its pixels, over homeassistant trace lines (Benchmarks/live-entity.ini):
    # collected only inside TracedEntities.deliver (cJSON's parse and the shim's flattening, the
    # Swift message, the entity table, PanelEngine.entityReported) and the next turn's
    # drawOutsideChanges. libwebsockets' read from the socket is not in it.
    python3 Benchmarks/Scripts/make-live-trace.py entity "$work/live-entity.trace" "$live_messages" ||
        die "make-live-trace.py entity failed"
    timed callgrind_firmware_live_entity valgrind --tool=callgrind --collect-atstart=no \
        --toggle-collect='$e12PanelDrivers14TracedEntitiesC7deliver*' --toggle-collect='$e11PanelEngineAAC18drawOutsideChanges*' \
        --callgrind-out-file="$work/callgrind.firmware-live-entity.out" "$firmware_x86_dynamic" run Benchmarks/live-entity.ini \
        --trace "$work/live-entity.trace" --fast --format xrgb8888 >/dev/null 2>"$work/valgrind.firmware-live-entity.log" ||
        die "the firmware's entity run failed under valgrind (see $work/valgrind.firmware-live-entity.log)"
    # Pages (issue 29): a page change on the simulated board in XRGB8888, 800x480, 12 buttons a
    # page (Benchmarks/pages.ini), reached by swipes that start on a button: collected only inside
    # PanelEngine.showPage (the touches that leave ended, the event line, the new page drawn
    # whole), per page change.
    record page_changes "$page_changes"
    python3 Benchmarks/Scripts/make-pages-trace.py "$work/pages.trace" "$page_changes" || die "make-pages-trace.py failed"
    timed callgrind_firmware_pages valgrind --tool=callgrind --collect-atstart=no \
        --toggle-collect='$e11PanelEngineAAC8showPage*' \
        --callgrind-out-file="$work/callgrind.firmware-pages.out" "$firmware_x86_dynamic" run Benchmarks/pages.ini \
        --trace "$work/pages.trace" --fast --format xrgb8888 >"$work/pages.out" 2>"$work/valgrind.firmware-pages.log" ||
        die "the firmware's page-change run failed under valgrind (see $work/valgrind.firmware-pages.log)"
    [ "$(grep -c '"event":"page"' "$work/pages.out")" = "$page_changes" ] ||
        die "the page-change run changed the page $(grep -c '"event":"page"' "$work/pages.out") times, expected $page_changes"
    # The same with a page image (issue 27): examples/floorplan.png (800x480) under every page,
    # converted once into a cache folder of the run's own and mapped; Benchmarks/pages-images.ini
    # keeps the 12 buttons (the gaps between them copied from the picture), pages-zones.ini makes
    # them invisible zones without labels (the whole picture copied).
    for kind in images zones; do
        XDG_CACHE_HOME="$work/cache" CACHE_DIRECTORY="" timed "callgrind_firmware_pages_$kind" valgrind --tool=callgrind \
            --collect-atstart=no --toggle-collect='$e11PanelEngineAAC8showPage*' \
            --callgrind-out-file="$work/callgrind.firmware-pages-$kind.out" "$firmware_x86_dynamic" run "Benchmarks/pages-$kind.ini" \
            --trace "$work/pages.trace" --fast --format xrgb8888 >"$work/pages-$kind.out" 2>"$work/valgrind.firmware-pages-$kind.log" ||
            die "the firmware's page-change run with images ($kind) failed under valgrind (see $work/valgrind.firmware-pages-$kind.log)"
        [ "$(grep -c '"event":"page"' "$work/pages-$kind.out")" = "$page_changes" ] ||
            die "the page-change run with images ($kind) changed the page $(grep -c '"event":"page"' "$work/pages-$kind.out") times"
    done
    # Sliders (issue 26): a 720x80 slider dragged 8 px every 10 ms on the simulated board in
    # XRGB8888 (Benchmarks/sliders.ini), collected only inside FT5x06Codec.decode and
    # PanelEngine.frame: the report decoded, then everything the engine does with the frame (its
    # timers, the gestures, the event lines, the slider's span repainted), per report. Not the
    # simulated controller's register reads (a panel's are I2C transfers in the kernel) nor the
    # simulated board's second, quiet turn per trace line.
    record slider_reports "$slider_reports"
    python3 Benchmarks/Scripts/make-slider-trace.py "$work/slider.trace" "$slider_reports" || die "make-slider-trace.py failed"
    timed callgrind_firmware_slider valgrind --tool=callgrind --collect-atstart=no \
        --toggle-collect='$e11PanelEngineAAC5frame_10measuredAt*' --toggle-collect='$e9TouchCore11FT5x06CodecV6decode*' \
        --callgrind-out-file="$work/callgrind.firmware-slider.out" "$firmware_x86" run Benchmarks/sliders.ini \
        --trace "$work/slider.trace" --fast --format xrgb8888 >"$work/slider.out" 2>"$work/valgrind.firmware-slider.log" ||
        die "the firmware's slider run failed under valgrind (see $work/valgrind.firmware-slider.log)"
    [ "$(grep -c '"event":"value"' "$work/slider.out")" = 1 ] ||
        die "the slider run sent $(grep -c '"event":"value"' "$work/slider.out") values, expected 1 (at the lift)"
    # The same drag with the value written on the slider (`%d%%`, at most 4 characters), redrawn
    # per report.
    timed callgrind_firmware_slider_text valgrind --tool=callgrind --collect-atstart=no \
        --toggle-collect='$e11PanelEngineAAC5frame_10measuredAt*' --toggle-collect='$e9TouchCore11FT5x06CodecV6decode*' \
        --callgrind-out-file="$work/callgrind.firmware-slider-text.out" "$firmware_x86" run Benchmarks/sliders-text.ini \
        --trace "$work/slider.trace" --fast --format xrgb8888 >"$work/slider-text.out" 2>"$work/valgrind.firmware-slider-text.log" ||
        die "the firmware's slider run with a value text failed under valgrind (see $work/valgrind.firmware-slider-text.log)"
    [ "$(grep -c '"event":"value"' "$work/slider-text.out")" = 1 ] ||
        die "the slider run with a value text sent $(grep -c '"event":"value"' "$work/slider-text.out") values, expected 1"
    if cmp -s "$work/replay.long.out" "$work/replay.firmware-long.out"; then
        record firmware_replay_matches yes
    else
        record firmware_replay_matches no
    fi
else
    record firmware_replay_matches "not built (see $work/firmware-x86_64.log)"
fi

# --- 3. callgrind over the scenario driver -----------------------------------------------------
say "benchmark package build (Benchmarks/, swift build -c release)"
timed benchmarks_build swift build --package-path Benchmarks -c release >"$work/benchmarks-build.log" 2>&1 ||
    die "the benchmark package did not build (see $work/benchmarks-build.log)"
driver=$(swift build --package-path Benchmarks -c release --show-bin-path)/TouchCoreInstructions
say "callgrind: benchmark scenarios"
timed callgrind_driver valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.driver.out" \
    "$driver" 5000 10 >"$work/driver.txt" 2>"$work/valgrind.driver.log" ||
    die "the scenario driver failed under valgrind (see $work/valgrind.driver.log)"

# --- 4. ordo-one/benchmark ---------------------------------------------------------------------
say "ordo-one/benchmark suite (wall time, mallocs)"
(
    cd Benchmarks || exit 1
    timed ordo_run swift package --allow-writing-to-package-directory benchmark baseline update bench \
        --no-progress --quiet >"$work/ordo-run.log" 2>&1 || exit 1
    if [[ $update == yes ]]; then
        swift package --allow-writing-to-package-directory benchmark thresholds update bench --no-progress \
            >"$work/thresholds-update.log" 2>&1 || exit 1
        # Keep only what is gated: mallocs and instructions. Wall time is noise on a shared machine.
        python3 - Thresholds/*.p90.json <<'PY' || exit 1
import json, sys
for path in sys.argv[1:]:
    with open(path) as f:
        data = json.load(f)
    data = {k: v for k, v in data.items() if k in ("mallocCountTotal", "instructions")}
    with open(path, "w") as f:
        f.write(json.dumps(data, indent=2, sort_keys=True) + "\n")
PY
    fi
    swift package benchmark thresholds check bench --no-progress >"$work/thresholds.log" 2>&1
    record thresholds_check $?
    swift package --allow-writing-to-directory "$work" benchmark baseline read bench \
        --format histogramPercentiles --path "$work/pct" --no-progress >"$work/export.log" 2>&1 || exit 1
) || echo "bench: the ordo-one run failed (see $work/ordo-run.log, $work/export.log)" >&2
grep -q '^thresholds_check=' "$meta" || record thresholds_check none

# --- 5. results --------------------------------------------------------------------------------
record seconds_total "$(awk -v ns=$(($(date +%s%N) - started)) 'BEGIN { printf "%.1f", ns / 1e9 }')"
flags=()
[[ $update == yes ]] && flags+=(--update-budgets)
python3 Benchmarks/Scripts/bench_results.py "$root" "$work" "${flags[@]}"
