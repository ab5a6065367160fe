#!/usr/bin/env bash
# scripts/build/build-firmware.sh [TARGET...]     (default: all)
#
# TARGET: RELEASE-ARCH with RELEASE = trixie | bookworm and ARCH = aarch64 | armhf, or a
# RELEASE or an ARCH alone for both of the other, or `all` for the four.
#
# Builds the Embedded Swift firmware for ARM Linux into build/firmware/RELEASE-ARCH/, compiled
# and linked against that Debian release's own packages (scripts/build/sysroot.sh):
#   touchpanel          dynamic; needs libc, libinih, libgpiod, libi2c, libfreetype, libpng16,
#                       libsystemd, libmosquitto, libdrm, libwebsockets, libcjson, libqrencode,
#                       libharfbuzz, libfribidi of
#                       that release on the board (trixie: libgpiod.so.3, the v2 API; bookworm:
#                       libgpiod.so.2, v1.6)
#   touchpanel-static   fully static; runs on either release (no systemd notifications, no MQTT,
#                       no QR codes, no text shaping: Debian has no static libsystemd, libmosquitto,
#                       libqrencode or libharfbuzz;
#                       Home Assistant with libwebsockets.a, OpenSSL's archives and cJSON.c from
#                       the release's source)
#   touchcore-selftest  static; TouchCore's allocation-free checks, prints "N passed, N failed"
#   stripped/*          the same, stripped (what goes on the board)
#
# Swift is compiled for the bare-metal triple (the toolchain ships Embedded Swift stdlibs only
# for those), while Clang acts as Linux/glibc for headers, the C shim and the link; see
# /work/shared/recipes/embedded.md. Each step is skipped when the hash of its command line and
# inputs is unchanged, so a warm run only re-checks the binaries.
#
# Env: SWIFTC (default: swiftc on PATH, else /opt/swift/usr/bin/swiftc);
#      TOUCHPANEL_SRC: build another source tree with the same layout (scratch testing only;
#      its output then goes to $TOUCHPANEL_SRC/build/firmware);
#      FIRMWARE_OPT: -O or -Osize for every module, in place of the per-module choice below
#      (comparisons only).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
src=$(cd "${TOUCHPANEL_SRC:-$root}" && pwd)

# --list TARGET...: print the targets the words name, one a line, and build nothing.
list_only=no
[[ ${1:-} == --list ]] && { list_only=yes; shift; }
targets=()
for word in "${@:-all}"; do
    case $word in
        all) targets+=(trixie-aarch64 trixie-armhf bookworm-aarch64 bookworm-armhf) ;;
        trixie | bookworm) targets+=("$word-aarch64" "$word-armhf") ;;
        aarch64 | arm64) targets+=(trixie-aarch64 bookworm-aarch64) ;;
        armhf) targets+=(trixie-armhf bookworm-armhf) ;;
        trixie-aarch64 | trixie-armhf | bookworm-aarch64 | bookworm-armhf) targets+=("$word") ;;
        # The same firmware as Embedded Swift for x86-64 Linux, never in `all`: scripts/bench.sh
        # measures the firmware's own instructions with it under callgrind on this machine.
        trixie-x86_64 | bookworm-x86_64) targets+=("$word") ;;
        *) echo "usage: $0 [all | trixie | bookworm | aarch64 | armhf | RELEASE-ARCH]..." >&2; exit 2 ;;
    esac
done
mapfile -t targets < <(printf '%s\n' "${targets[@]}" | awk '!seen[$0]++')
if [[ $list_only == yes ]]; then printf '%s\n' "${targets[@]}"; exit 0; fi

die() { echo "build-firmware: error: $*" >&2; exit 1; }

# The firmware's library modules, NAME:IMPORTS, in build order: DESIGN.md section 2's layers.
# Package.swift declares the same graph for the host build (Tests/Imports/check.sh compares).
firmware_modules=(
    "TouchCore:"
    "LinuxSystem:TouchCore CLinux"
    "PanelConfig:TouchCore LinuxSystem CLinux"
    "PanelEngine:TouchCore LinuxSystem PanelConfig"
    "PanelDrivers:TouchCore LinuxSystem PanelConfig PanelEngine CLinux CFreeType"
    "PanelApp:TouchCore LinuxSystem PanelConfig PanelEngine PanelDrivers CLinux CFreeType"
)

"$root/scripts/build/deps.sh"

swiftc=${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}
[[ -x $swiftc ]] || die "swiftc not found (install a Swift toolchain or set SWIFTC)"
# Use the clang/lld of the Swift toolchain: same LLVM as the Swift compiler's object files.
toolbin=$(dirname "$(readlink -f "$swiftc")")
clang=$toolbin/clang
[[ -x $clang && -x $toolbin/ld.lld ]] || die "clang/ld.lld not found next to $swiftc"
embedded_lib=$toolbin/../lib/swift/embedded
objcopy=$toolbin/llvm-objcopy

# --- incremental steps -----------------------------------------------------------------------
# step OUTPUT CMD...   with the global array `inputs` naming the files CMD reads. Re-runs CMD
# only when the command line or any input's content changed since OUTPUT was last made.
step() {
    local output=$1; shift
    local key keyfile
    keyfile=$(dirname "$output")/.$(basename "$output").key   # hidden: stripped/* stays clean
    key=$({ printf '%q ' "$@"; echo; sha256sum "${inputs[@]}" /dev/null; } | sha256sum | cut -c1-64)
    if [[ -e $output && -f $keyfile && $(<"$keyfile") == "$key" ]]; then
        return 0
    fi
    echo "  ${output#"$src/"}" >&2
    # The output goes first: swiftc keeps an existing object whose LLVM IR hash is unchanged,
    # so a change of code-generation flags alone (-Xllvm ...) would otherwise not reach it.
    rm -f "$keyfile" "$output"
    "$@" || die "$(basename "$1") failed making ${output#"$src/"}"
    echo "$key" >"$keyfile"
}

# Sorted list of files under DIR matching NAME, into the global array `files`.
collect() {
    local dir=$1 name=$2
    files=()
    [[ -d $dir ]] || die "missing source folder ${dir#"$src/"}"
    mapfile -t files < <(find "$dir" -name "$name" -type f | LC_ALL=C sort)
    ((${#files[@]})) || die "no $name files in ${dir#"$src/"}"
}

build_target() {
    local target=$1 release=${1%%-*} arch=${1#*-} deb swift_target triple machine
    local -a target_cflags
    case $arch in
        aarch64)
            deb=arm64 swift_target=aarch64-none-none-elf triple=aarch64-linux-gnu machine=AArch64
            target_cflags=()
            ;;
        x86_64)
            deb=amd64 swift_target=x86_64-unknown-linux-gnu triple=x86_64-linux-gnu
            machine="Advanced Micro Devices X86-64"
            target_cflags=()
            ;;
        armhf)
            deb=armhf swift_target=armv7-none-none-eabi triple=arm-linux-gnueabihf machine=ARM
            # Hard-float like Debian/Raspberry Pi OS armhf: without it the objects use the
            # soft-float convention and lld links them silently, with every double wrong.
            target_cflags=(-mfloat-abi=hard -mfpu=vfpv3-d16 -march=armv7-a -D_FILE_OFFSET_BITS=64)
            # trixie's armhf packages are built with a 64-bit time_t (Debian's t64 transition),
            # so ours is too; bookworm's libgpiod hands over edge times as a 32-bit-time_t
            # timespec, so there it stays 32-bit (gpio.c widens it).
            [[ $release == trixie ]] && target_cflags+=(-D_TIME_BITS=64)
            ;;
    esac

    "$root/scripts/build/sysroot.sh" "$release" "$deb"
    local sysroot=$root/build/sysroot/$release-$deb
    local libdir=$sysroot/usr/lib/$triple
    # Headers, crt files, libgcc and libc all come from the release's own packages.
    target_cflags+=(--sysroot="$sysroot")
    local out=$src/build/firmware/$target
    local mod=$out/modules obj=$out/obj
    mkdir -p "$mod" "$obj" "$out/stripped"
    echo "== $target ($swift_target, linking for $triple against $release)" >&2

    local clinux_inc=$src/Sources/CLinux/include
    local -a clinux_headers sysroot_headers freetype_module
    collect "$clinux_inc" '*'; clinux_headers=("${files[@]}")
    # CFreeType: Package.swift's system library module (module.modulemap + shim.h), with the
    # sysroot's FreeType headers instead of the host's.
    local freetype_dir=$src/Sources/CFreeType
    collect "$freetype_dir" '*'; freetype_module=("${files[@]}")
    [[ -f $sysroot/usr/include/freetype2/ft2build.h ]] || die "sysroot lacks FreeType headers (libfreetype-dev)"
    sysroot_headers=("$sysroot/.stamp")   # the sysroot changes only together with its stamp
    # libpng (CLinux's png.c), as the sysroot's libpng.pc gives it: its headers' folder, the
    # shared library for the dynamic binary, and for the static one its archive with what it
    # needs (Libs.private: zlib, libm).
    local -a sysroot_pkg_config=(env PKG_CONFIG_LIBDIR="$libdir/pkgconfig:$sysroot/usr/share/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$sysroot" pkg-config)
    local -a png_cflags png_libs png_static_libs
    local png_flags
    png_flags=$("${sysroot_pkg_config[@]}" --cflags libpng) || die "pkg-config cannot resolve libpng in the $deb sysroot"
    read -r -a png_cflags <<<"$png_flags"
    png_flags=$("${sysroot_pkg_config[@]}" --libs-only-l libpng) || die "pkg-config cannot resolve libpng in the $deb sysroot"
    read -r -a png_libs <<<"$png_flags"
    png_flags=$("${sysroot_pkg_config[@]}" --static --libs-only-l libpng) || die "pkg-config cannot resolve libpng in the $deb sysroot"
    read -r -a png_static_libs <<<"$png_flags"
    [[ -f $libdir/libpng16.a && -f $libdir/libz.a ]] || die "sysroot lacks libpng16.a or libz.a (libpng-dev, zlib1g-dev)"

    # --- CLinux: the C shim ---
    # notify.c, mqtt.c, qrcode.c and textshape.c twice: with libsystemd, libmosquitto,
    # libqrencode and HarfBuzz for the dynamic binary, without for the static ones (Debian ships
    # no static libsystemd, libmosquitto, libqrencode or libharfbuzz). homeassistant.c is
    # in both; the static binary links libwebsockets.a with OpenSSL's archives, and cJSON compiled
    # from the release's source package (sysroot.sh: Debian ships no libcjson.a).
    local -a clinux_objs=() clinux_static_objs=() c
    local cjson_src=$sysroot/usr/src/cjson/cJSON.c cjson_obj=$obj/cJSON-static.o
    [[ -f $cjson_src ]] || die "sysroot lacks cJSON's source (usr/src/cjson, sysroot.sh)"
    inputs=("$cjson_src" "${sysroot_headers[@]}")
    step "$cjson_obj" "$clang" --target="$triple" "${target_cflags[@]}" -Os -ffunction-sections -fdata-sections \
        -c "$cjson_src" -o "$cjson_obj"
    clinux_static_objs+=("$cjson_obj")
    collect "$src/Sources/CLinux" '*.c'
    for c in "${files[@]}"; do
        local o=$obj/CLinux.$(basename "$c" .c).o
        local -a library_cflags=()
        [[ $(basename "$c") == png.c ]] && library_cflags=("${png_cflags[@]}")
        # FreeType's, HarfBuzz's and FriBidi's headers each live in a folder of their own.
        [[ $(basename "$c") == textshape.c ]] && library_cflags=(-I "$sysroot/usr/include/freetype2"
            -I "$sysroot/usr/include/harfbuzz" -I "$sysroot/usr/include/fribidi")
        inputs=("$c" "${clinux_headers[@]}" "${sysroot_headers[@]}")
        step "$o" "$clang" --target="$triple" "${target_cflags[@]}" -Os -ffunction-sections -fdata-sections \
            -I "$clinux_inc" -I "$sysroot/usr/include/libdrm" "${library_cflags[@]}" -c "$c" -o "$o"
        clinux_objs+=("$o")
        if [[ $(basename "$c") == notify.c || $(basename "$c") == mqtt.c || $(basename "$c") == qrcode.c ||
            $(basename "$c") == textshape.c ]]; then
            local so=$obj/CLinux.$(basename "$c" .c)-static.o
            step "$so" "$clang" --target="$triple" "${target_cflags[@]}" -Os -ffunction-sections -fdata-sections \
                -DTOUCHPANEL_WITHOUT_SYSTEMD -DTOUCHPANEL_WITHOUT_MOSQUITTO -DTOUCHPANEL_WITHOUT_QRENCODE \
                -DTOUCHPANEL_WITHOUT_HARFBUZZ \
                -I "$clinux_inc" -c "$c" -o "$so"
            clinux_static_objs+=("$so")
        else
            clinux_static_objs+=("$o")
        fi
    done

    # The Embedded runtime's swift_bridgeObjectRetain, corrected (the file says why): linked
    # into every binary, ahead of the weak definitions in the Swift objects.
    local runtime_fix=$obj/FirmwareRuntime.bridge-object-retain.o
    inputs=("$src/Sources/FirmwareRuntime/bridge-object-retain.c" "${sysroot_headers[@]}")
    step "$runtime_fix" "$clang" --target="$triple" "${target_cflags[@]}" -Os -ffunction-sections \
        -c "$src/Sources/FirmwareRuntime/bridge-object-retain.c" -o "$runtime_fix"
    clinux_objs+=("$runtime_fix") clinux_static_objs+=("$runtime_fix")

    local -a xcc=(-Xcc --target="$triple")
    local f
    for f in "${target_cflags[@]}"; do xcc+=(-Xcc "$f"); done
    # Optimisation, by module: TouchCore, where every report and every repaint is computed,
    # for speed (-O); the rest (config, devices, services, commands) for size (-Osize: the
    # aarch64 binary about 14 % smaller). TouchCore's functions generic over the event sink are
    # specialised in those -Osize modules, so they carry @_optimize(speed) (GestureEventSink
    # says why). -Osize relies on FirmwareRuntime's corrected swift_bridgeObjectRetain (its
    # file says why); Tests/Toolchain/check-osize.sh, run by test-firmware.sh, checks that it holds.
    # FIRMWARE_OPT (-O or -Osize) puts every module at one level, for comparisons.
    local speed=${FIRMWARE_OPT:--O} size=${FIRMWARE_OPT:--Osize}
    # Link-time optimisation across the Swift modules (each compiled to LLVM bitcode, optimised
    # together by lld): the module split (DESIGN.md section 2) costs no size or speed at the
    # module boundaries, and the aarch64 firmware is about 12 % smaller than without it. Not
    # yet on armhf, whose hard-float check (below) reads each native object's attributes, nor
    # on the x86-64 build that scripts/bench.sh measures, whose callgrind toggles need the
    # functions they name to stay functions of their own. FIRMWARE_LTO=yes|no overrides.
    local lto=${FIRMWARE_LTO:-yes}
    [[ $arch == x86_64 || $arch == armhf ]] && lto=${FIRMWARE_LTO:-no}
    local -a lto_flags=()
    [[ $lto == yes ]] && lto_flags=(-lto=llvm-full)
    local -a swift_common=(
        -target "$swift_target" "${xcc[@]}"
        -enable-experimental-feature Embedded -swift-version 6
        -wmo -parse-as-library -Xfrontend -function-sections
        -module-cache-path "$out/module-cache"
        -I "$mod" "${lto_flags[@]}"
    )
    # swift_module NAME SRC_DIR KIND "IMPORTS" [extra swiftc flags...]
    # KIND = lib (also emits NAME.swiftmodule) | exe. IMPORTS = the modules it may import; only
    # modules listing CLinux see its headers, so an `import CLinux` in TouchCore or
    # FirmwareSelfTest fails here, as the design requires.
    swift_module() {
        local name=$1 dir=$2 kind=$3 imports=$4 d; shift 4
        collect "$dir" '*.swift'
        local -a emit=() flags=("$@")
        if [[ $kind == lib ]]; then
            emit=(-emit-module -emit-module-path "$mod/$name.swiftmodule")
            [[ -f $mod/$name.swiftmodule ]] || rm -f "$obj/$name.o"   # both outputs or neither
        fi
        inputs=("${files[@]}")
        # A module that imports LinuxSystem (or one above it) loads CLinux's module map through
        # it, so it gets CLinux's headers without being allowed to import CLinux itself
        # (Tests/Imports/check.sh keeps that rule).
        local -a deps=($imports)
        if [[ " $imports " == *" LinuxSystem "* && " $imports " != *" CLinux "* ]]; then deps+=(CLinux); fi
        for d in "${deps[@]}"; do
            if [[ $d == CLinux ]]; then
                inputs+=("${clinux_headers[@]}" "${sysroot_headers[@]}")
                flags+=(-I "$clinux_inc")
            elif [[ $d == CFreeType ]]; then
                # Also needed by modules that import one that imports CFreeType (touchpanel).
                inputs+=("${freetype_module[@]}" "${sysroot_headers[@]}")
                flags+=(-I "$freetype_dir" -Xcc -I"$sysroot/usr/include/freetype2")
            else
                inputs+=("$mod/$d.swiftmodule")
            fi
        done
        step "$obj/$name.o" "$swiftc" "${swift_common[@]}" "${flags[@]}" -module-name "$name" \
            "${emit[@]}" -c "${files[@]}" -o "$obj/$name.o"
    }

    # The library modules in the order they build, with what each may import: the same graph
    # as Package.swift's targets (Tests/Imports/check.sh checks the two agree and that no
    # source file imports more than its module may).
    local -a app_modules=()
    local entry name imports
    for entry in "${firmware_modules[@]}"; do
        name=${entry%%:*} imports=${entry#*:}
        if [[ $name == TouchCore ]]; then
            swift_module TouchCore "$src/Sources/TouchCore" lib "" "$speed" -no-allocations
        else
            swift_module "$name" "$src/Sources/$name" lib "$imports" "$size"
        fi
        app_modules+=("$name")
    done
    swift_module touchpanel "$src/Sources/touchpanel" exe "CLinux CFreeType ${app_modules[*]}" "$size"
    app_modules+=(touchpanel)
    swift_module FirmwareSelfTest "$src/Tests/FirmwareSelfTest" lib "TouchCore" "$speed" -no-allocations
    swift_module touchcore_selftest "$src/Tests/FirmwareSelfTestMain" exe \
        "TouchCore CLinux FirmwareSelfTest" "$speed" -no-allocations

    # --- link ---
    local -a unicode=()
    # String comparison and hashing need the Unicode tables in Embedded mode.
    [[ -f $embedded_lib/$swift_target/libswiftUnicodeDataTables.a ]] &&
        unicode=("$embedded_lib/$swift_target/libswiftUnicodeDataTables.a")
    # Without --as-needed (lld's default): the dynamic binary always declares what the board
    # must provide (libc, libinih, libgpiod, libi2c, libfreetype, libpng16, libsystemd, ...), which is what the
    # package's Depends are derived from (scripts/build/package.sh).
    local -a link=(
        "$clang" --target="$triple" "${target_cflags[@]}" -fuse-ld=lld -Wl,--gc-sections -Wl,--icf=all
        # DT_RELR: relative relocations packed into a bitmap (glibc >= 2.36: bookworm and trixie
        # both load it); the PIE's R_*_RELATIVE table was about 28 KB of the aarch64 binary.
        -Wl,-z,pack-relative-relocs
        -L "$libdir" -Wl,-rpath-link,"$libdir"
    )
    local -a libs=("${unicode[@]}" -linih -lgpiod -li2c -lm)
    # FreeType: the shared library for the dynamic binary; for the static one, its archive and
    # the archives it needs, as the sysroot's freetype2.pc lists them (Requires.private).
    local freetype_static
    freetype_static=$(PKG_CONFIG_LIBDIR="$libdir/pkgconfig:$sysroot/usr/share/pkgconfig" \
        PKG_CONFIG_SYSROOT_DIR="$sysroot" pkg-config --static --libs-only-l freetype2) ||
        die "pkg-config cannot resolve freetype2 in the $deb sysroot"
    local -a app_libs=("${unicode[@]}" -linih -lgpiod -li2c -lfreetype "${png_libs[@]}" -lsystemd -lmosquitto -ldrm
        -lwebsockets -lcjson -lqrencode -lcrypto -lharfbuzz -lfribidi -lm) freetype_static_libs
    read -r -a freetype_static_libs <<<"$freetype_static"
    # libwebsockets for the static one: its archive, OpenSSL's and what they need, as the
    # sysroot's .pc files list them (libwebsockets.pc names libcap, libcrypto.pc zlib and zstd).
    local websockets_static
    websockets_static=$("${sysroot_pkg_config[@]}" --static --libs-only-l libwebsockets libssl libcap zlib) ||
        die "pkg-config cannot resolve libwebsockets, libssl, libcap and zlib in the $deb sysroot"
    local -a websockets_static_libs
    read -r -a websockets_static_libs <<<"$websockets_static"
    [[ -f $libdir/libwebsockets.a && -f $libdir/libssl.a && -f $libdir/libcrypto.a ]] ||
        die "sysroot lacks libwebsockets.a, libssl.a or libcrypto.a (libwebsockets-dev, libssl-dev)"
    # libdrm ships its archive: the static build draws through DRM/KMS too.
    local -a app_static_libs=("${unicode[@]}" -linih -lgpiod -li2c "${freetype_static_libs[@]}" "${png_static_libs[@]}" -ldrm
        "${websockets_static_libs[@]}" -lm)
    local -a app_objs=("${clinux_objs[@]}") app_static_objs=("${clinux_static_objs[@]}") m
    for m in "${app_modules[@]}"; do app_objs+=("$obj/$m.o") app_static_objs+=("$obj/$m.o"); done
    # The self-test needs none of the Home Assistant client nor the fleet's signatures (nor their libraries).
    local -a test_objs=("$obj/TouchCore.o" "$obj/FirmwareSelfTest.o" "$obj/touchcore_selftest.o")
    for m in "${clinux_static_objs[@]}"; do
        [[ $m == */CLinux.homeassistant.o || $m == */CLinux.fleetcrypto.o || $m == "$cjson_obj" ]] || test_objs+=("$m")
    done

    inputs=("${app_objs[@]}" "${unicode[@]}" "$sysroot/.stamp")
    step "$out/touchpanel" "${link[@]}" "${app_objs[@]}" "${app_libs[@]}" -o "$out/touchpanel"
    inputs=("${app_static_objs[@]}" "${unicode[@]}" "$sysroot/.stamp")
    step "$out/touchpanel-static" "${link[@]}" -static "${app_static_objs[@]}" "${app_static_libs[@]}" \
        -o "$out/touchpanel-static"
    inputs=("${test_objs[@]}" "${unicode[@]}" "$sysroot/.stamp")
    step "$out/touchcore-selftest" "${link[@]}" -static "${test_objs[@]}" "${libs[@]}" -o "$out/touchcore-selftest"

    local bin
    for bin in touchpanel touchpanel-static touchcore-selftest; do
        inputs=("$out/$bin")
        if [[ -x $objcopy ]]; then
            step "$out/stripped/$bin" "$objcopy" --strip-all "$out/$bin" "$out/stripped/$bin"
        else
            step "$out/stripped/$bin" "$triple-strip" -o "$out/stripped/$bin" "$out/$bin"
        fi
    done

    # --- checks: wrong-but-linkable output must not pass silently ---
    for bin in touchpanel touchpanel-static touchcore-selftest; do
        local got
        got=$(readelf -h "$out/$bin" | awk -F: '/Machine:/ { gsub(/^[ \t]+/, "", $2); print $2 }')
        [[ $got == "$machine" ]] || die "$target/$bin: ELF machine is '$got', expected '$machine'"
        if [[ $arch == armhf ]]; then
            readelf -A "$out/$bin" | grep -q 'Tag_ABI_VFP_args: VFP registers' ||
                die "$target/$bin: not hard-float (readelf -A lacks 'Tag_ABI_VFP_args: VFP registers')"
        fi
    done
    if [[ $arch == armhf ]]; then
        # Per object too: the link's merged attributes can hide one soft-float object.
        local o
        for o in $(printf '%s\n' "${app_objs[@]}" "${test_objs[@]}" | sort -u); do
            readelf -A "$o" | grep -q 'Tag_ABI_VFP_args: VFP registers' ||
                die "$target: $(basename "$o") was compiled for the soft-float calling convention"
        done
    fi
    local needed
    needed=$(readelf -d "$out/touchpanel" | awk '/\(NEEDED\)/ { gsub(/[\[\]]/, "", $NF); print $NF }')
    local lib
    local gpiod_soname
    case $release in
        trixie) gpiod_soname=libgpiod.so.3 ;;
        bookworm) gpiod_soname=libgpiod.so.2 ;;
    esac
    grep -qx "$gpiod_soname" <<<"$needed" || die "$target/touchpanel: needs $gpiod_soname (has: $(echo $needed))"
    for lib in libinih libgpiod libi2c libfreetype libpng16 libsystemd libmosquitto libdrm libwebsockets libcjson libqrencode \
        libharfbuzz libfribidi libc; do
        grep -q "^$lib\.so" <<<"$needed" ||
            die "$target/touchpanel: NEEDED lacks $lib (has: $(echo $needed))"
    done
    # The board's loader: armhf must use the hard-float one, or the binary "is not found".
    local interp
    interp=$(readelf -l "$out/touchpanel" | sed -n 's/.*Requesting program interpreter: \(.*\)]/\1/p')
    case $arch in
        aarch64) [[ $interp == /lib/ld-linux-aarch64.so.1 ]] ;;
        armhf) [[ $interp == /lib/ld-linux-armhf.so.3 ]] ;;
        x86_64) [[ $interp == /lib64/ld-linux-x86-64.so.2 ]] ;;
    esac || die "$target/touchpanel: unexpected program interpreter '$interp'"
    for bin in touchpanel-static touchcore-selftest; do
        ! readelf -d "$out/$bin" | grep -q '(NEEDED)' || die "$target/$bin: not static"
    done
}

if ((${#targets[@]} > 1 && $(nproc) > 1)); then
    # The targets share nothing but read-only inputs, and each swiftc runs on one core: build
    # them side by side, then show each log whole.
    pids=() logs=()
    for target in "${targets[@]}"; do
        logs+=("$(mktemp)")
        (build_target "$target") >"${logs[-1]}" 2>&1 &
        pids+=($!)
    done
    status=0
    for i in "${!targets[@]}"; do
        wait "${pids[i]}" || status=1
        cat "${logs[i]}" >&2
        rm -f "${logs[i]}"
    done
    ((status == 0)) || exit 1
else
    for target in "${targets[@]}"; do
        build_target "$target"
    done
fi

# Size table: what a board gets is the stripped column.
printf '\n%-17s %-20s %12s %12s\n' target binary bytes stripped
for target in "${targets[@]}"; do
    for bin in touchpanel touchpanel-static touchcore-selftest; do
        f=$src/build/firmware/$target/$bin
        printf '%-17s %-20s %12d %12d\n' "$target" "$bin" "$(stat -c %s "$f")" "$(stat -c %s "$src/build/firmware/$target/stripped/$bin")"
    done
done
