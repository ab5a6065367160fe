#!/usr/bin/env bash
# Coverage-guided fuzzing (libFuzzer, with AddressSanitizer) of every decoder and parser the
# panel has, kept in the repository: Fuzz/Targets/*Target.swift, seeds in Fuzz/corpus/TARGET.
#
#   scripts/fuzz.sh [--seconds N] [TARGET...]   each target N seconds (default 600)
#   scripts/fuzz.sh --smoke                     each target 10 s; ends "N passed, M failed"
#   scripts/fuzz.sh --property                  the property test with a million gestures
#
# Targets: ft5x06 gt911 evdev (the decoders), pipeline (tracker and classifier, the gesture
# rules checked on every event), trace (parser and replayer), config (libinih and the loader),
# png (PNGDecoder, CLinux's png.c and libpng: icons and images), outside (MQTT messages, Home
# Assistant's websocket messages through CLinux's homeassistant.c and cJSON, numbers and control
# lines against the engine and its MQTT and Home Assistant bridges, with taps and time between;
# after each, a tap on a probe button must still give its events).
# New inputs go to build/fuzz/corpus/TARGET, crashes to build/fuzz/crashes/TARGET; the seeds
# in the repository are only read. Per target one line: runs, coverage, crashes.
set -uo pipefail
cd "$(dirname "$0")/.."

all_targets=(ft5x06 gt911 evdev pipeline trace config png outside)
seconds=600
smoke=0
targets=()
while [ $# -gt 0 ]; do
    case $1 in
    --seconds) seconds=$2; shift 2 ;;
    --smoke) smoke=1; seconds=10; shift ;;
    --property)
        echo "fuzz: the property test with 1,000,000 gestures"
        start=$(date +%s)
        TOUCHPANEL_PROPERTY_GESTURES=1000000 swift test --filter GestureProperty 2>&1 | grep -E '✘|Test run with'
        status=${PIPESTATUS[0]}
        echo "fuzz: property test: 1000000 gestures in $(($(date +%s) - start)) s, exit $status"
        exit "$status"
        ;;
    -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
    esac
done
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")

build=build/fuzz
mkdir -p "$build/modules"
flags=(-sanitize=fuzzer,address -parse-as-library -O -g)

# The modules the targets import, instrumented; rebuilt when a source is newer.
module() {
    local name=$1; shift
    local object=$build/modules/$name.o
    local newest
    newest=$(find "$@" -name '*.swift' -newer "$object" 2>/dev/null | head -n 1)
    if [ -f "$object" ] && [ -z "$newest" ]; then return 0; fi
    echo "fuzz: building $name (instrumented)"
    swiftc "${flags[@]}" -wmo -module-name "$name" -emit-module -emit-module-path "$build/modules/$name.swiftmodule" \
        -I "$build/modules" -I Sources/CLinux/include -c -o "$object" $(find "$@" -name '*.swift' | sort)
}
# CLinux's C files, for the modules above TouchCore that call into them (LinuxSystem's
# sd_notify and stdout wrappers are linked into the config target, used or not).
clinux_objects() {
    local c object
    for c in Sources/CLinux/*.c; do
        object=$build/modules/CLinux.$(basename "$c" .c).o
        if [ ! -f "$object" ] || [ "$c" -nt "$object" ]; then
            clang -O1 -g -I Sources/CLinux/include -I /usr/include/libdrm -I /usr/include/freetype2 -I /usr/include/harfbuzz \
                -I /usr/include/fribidi -c "$c" -o "$object" || return 1
        fi
        echo "$object"
    done
}
# CLinux's libpng shim for the png target, instrumented like the Swift code (coverage and
# AddressSanitizer), in place of the plain CLinux.png.o. libpng itself is Debian's, as on the
# board: not instrumented.
png_shim_object() {
    local object=$build/modules/CLinux.png-instrumented.o
    if [ ! -f "$object" ] || [ Sources/CLinux/png.c -nt "$object" ] || [ Sources/CLinux/include/CLinux.h -nt "$object" ]; then
        clang -O1 -g -fsanitize=fuzzer-no-link,address -I Sources/CLinux/include -I /usr/include/libdrm \
            $(pkg-config --cflags libpng) -c Sources/CLinux/png.c -o "$object" || return 1
    fi
    echo "$object"
}
# CLinux's Home Assistant shim for the outside target, instrumented as the png shim is (its
# message parsing is what the fuzzer reaches); libwebsockets and cJSON are Debian's.
ha_shim_object() {
    local object=$build/modules/CLinux.homeassistant-instrumented.o
    if [ ! -f "$object" ] || [ Sources/CLinux/homeassistant.c -nt "$object" ] || [ Sources/CLinux/include/CLinux.h -nt "$object" ]; then
        clang -O1 -g -fsanitize=fuzzer-no-link,address -I Sources/CLinux/include -c Sources/CLinux/homeassistant.c -o "$object" || return 1
    fi
    echo "$object"
}
module TouchCore Sources/TouchCore || exit 1
module LinuxSystem Sources/LinuxSystem || exit 1
module PanelConfig Sources/PanelConfig || exit 1
# The engine, for the outside target only: the others do not need its build time.
case " ${targets[*]} " in
*" outside "*) module PanelEngine Sources/PanelEngine || exit 1 ;;
esac

# fuzz_binary TARGET: the target's executable, built from its file and what it shares.
fuzz_binary() {
    local target=$1
    local binary=$build/fuzz-$target
    local sources objects libraries
    case $target in
    ft5x06) sources="Fuzz/Targets/FT5x06Target.swift Fuzz/Targets/FrameChecks.swift" ;;
    gt911) sources="Fuzz/Targets/GT911Target.swift Fuzz/Targets/FrameChecks.swift" ;;
    evdev) sources="Fuzz/Targets/EvdevTarget.swift Fuzz/Targets/FrameChecks.swift" ;;
    pipeline) sources="Fuzz/Targets/PipelineTarget.swift Tests/TouchCoreTests/GestureInvariants.swift" ;;
    trace) sources="Fuzz/Targets/TraceTarget.swift Tests/TouchCoreTests/GestureInvariants.swift" ;;
    config) sources="Fuzz/Targets/ConfigTarget.swift" ;;
    # The decoder's own files compiled into the target (the rest of PanelDrivers is not needed).
    # The decoder's own files: the rest of Display/Image (page backgrounds) needs the engine.
    png) sources="Fuzz/Targets/PNGTarget.swift $(ls Sources/PanelDrivers/Display/Image/PNG*.swift Sources/PanelDrivers/Display/Image/RGBAImage.swift | tr '\n' ' ')" ;;
    # The websocket connection's parsing (the rest of PanelDrivers is not needed).
    outside) sources="Fuzz/Targets/OutsideTarget.swift Sources/PanelDrivers/Remote/HomeAssistant/WebsocketConnection.swift" ;;
    *) echo "fuzz.sh: unknown target $target (${all_targets[*]})" >&2; return 1 ;;
    esac
    objects="$build/modules/TouchCore.o"
    libraries=""
    if [ "$target" = config ]; then
        objects="$objects $build/modules/LinuxSystem.o $build/modules/PanelConfig.o $(clinux_objects | tr '\n' ' ')"
        libraries="-linih -lgpiod -li2c -lsystemd -lmosquitto -ldrm -lwebsockets -lcjson -lqrencode -lcrypto -lharfbuzz -lfribidi -lfreetype $(pkg-config --libs libpng)"
    fi
    if [ "$target" = outside ]; then
        objects="$objects $build/modules/LinuxSystem.o $build/modules/PanelConfig.o $build/modules/PanelEngine.o"
        objects="$objects $(clinux_objects | grep -v '/CLinux\.homeassistant\.o$' | tr '\n' ' ')"
        objects="$objects $(ha_shim_object)" || return 1
        libraries="-linih -lgpiod -li2c -lsystemd -lmosquitto -ldrm -lwebsockets -lcjson -lqrencode -lcrypto -lharfbuzz -lfribidi -lfreetype $(pkg-config --libs libpng)"
    fi
    if [ "$target" = png ]; then
        objects="$objects $build/modules/LinuxSystem.o $(clinux_objects | grep -v '/CLinux\.png\.o$' | tr '\n' ' ')"
        objects="$objects $(png_shim_object)" || return 1
        # zlib: the target repairs chunk CRCs with its crc32.
        libraries="-linih -lgpiod -li2c -lsystemd -lmosquitto -ldrm -lwebsockets -lcjson -lqrencode -lcrypto -lharfbuzz -lfribidi -lfreetype $(pkg-config --libs libpng) -lz"
    fi
    # A build that fails must not leave the last one's binary to be run.
    rm -f "$binary"
    swiftc "${flags[@]}" -module-name "Fuzz_$target" -I "$build/modules" -I Sources/CLinux/include \
        $sources $objects $libraries -o "$binary" 2>&1 | grep -v 'Cannot export local symbol' >&2
    [ -x "$binary" ]
}

passed=0
failed=0
for target in "${targets[@]}"; do
    if ! fuzz_binary "$target"; then
        echo "fuzz $target: build failed"
        failed=$((failed + 1))
        continue
    fi
    mkdir -p "$build/corpus/$target" "$build/crashes/$target" "Fuzz/corpus/$target"
    log=$build/$target.log
    before=$(ls "$build/crashes/$target" | wc -l)
    "$build/fuzz-$target" -max_total_time="$seconds" -print_final_stats=1 -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$build/crashes/$target/" "$build/corpus/$target" "Fuzz/corpus/$target" >"$log" 2>&1
    status=$?
    crashes=$(($(ls "$build/crashes/$target" | wc -l) - before))
    runs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+).*/\1/p' "$log" | tail -n 1)
    coverage=$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -n 1 | sed -E 's/cov: ([0-9]+) ft: ([0-9]+)/cov \1, ft \2/')
    echo "fuzz $target: ${runs:-0} runs, ${coverage:-cov ?}, $crashes crashes ($seconds s)"
    if [ "$status" -ne 0 ] || [ "$crashes" -gt 0 ]; then
        grep -aE 'ERROR|Fatal error|runtime failure|SUMMARY' "$log" | head -n 5 | sed 's/^/    /'
        ls -t "$build/crashes/$target" | head -n "$crashes" | head -n 3 | sed "s|^|    $build/crashes/$target/|"
        failed=$((failed + 1))
    else
        passed=$((passed + 1))
    fi
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
