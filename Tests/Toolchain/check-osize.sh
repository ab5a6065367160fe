#!/usr/bin/env bash
# Tests/Toolchain/check-osize.sh
#
# The Embedded Swift 6.3 bug that -Osize exposes, and the firmware's fix for it
# (Tests/Toolchain/osize-string-retain.swift and Sources/FirmwareRuntime say how). Builds that
# program with the firmware's Embedded flags three ways, links each against the bookworm arm64
# sysroot (scripts/build/sysroot.sh) and runs it under qemu-aarch64-static:
#   -O                  the runtime's retain is inlined: intact
#   -Osize              the runtime's own retain: corrupted while the toolchain has the bug
#   -Osize+fix          with Sources/FirmwareRuntime/bridge-object-retain.c, as the firmware is
#                       linked: must be intact
#   -Osize+fix+lto      the same as LLVM bitcode, optimised at the link as the firmware is
#                       (scripts/build/build-firmware.sh): the fix must still win over the runtime's
#                       weak definitions: must be intact
# Prints one line for each with what the program printed and its exit code.
# Exits 0 when -O and -Osize+fix are intact (the firmware's -Osize modules are safe), 1 when
# either is not, 2 when something could not be built or run. Tests/Firmware/test.sh runs it;
# a plain -Osize line that says "intact" means the toolchain is fixed and the file can go.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
"$root/scripts/build/sysroot.sh" bookworm arm64 >/dev/null || exit 2
sysroot=$root/build/sysroot/bookworm-arm64
swiftc=${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}
toolbin=$(dirname "$(readlink -f "$swiftc")")
out=$root/build/check-osize
mkdir -p "$out"
"$toolbin/clang" --target=aarch64-linux-gnu --sysroot="$sysroot" -Os \
    -c Sources/FirmwareRuntime/bridge-object-retain.c -o "$out/bridge-object-retain.o" || exit 2
status=0
for variant in -O -Osize -Osize+fix -Osize+fix+lto; do
    level=${variant%%+*} object=$out/program$variant.o binary=$out/program$variant
    fix=() lto=()
    [[ $variant == *+fix* ]] && fix=("$out/bridge-object-retain.o")
    [[ $variant == *+lto ]] && lto=(-lto=llvm-full)
    rm -f "$object"   # swiftc keeps an object whose LLVM IR is unchanged
    "$swiftc" -target aarch64-none-none-elf -Xcc --target=aarch64-linux-gnu -enable-experimental-feature Embedded \
        -swift-version 6 -wmo -parse-as-library "$level" "${lto[@]}" -Xfrontend -function-sections \
        -c Tests/Toolchain/osize-string-retain.swift -o "$object" || exit 2
    "$toolbin/clang" --target=aarch64-linux-gnu --sysroot="$sysroot" -fuse-ld=lld -Wl,--gc-sections "$object" \
        "${fix[@]}" "$toolbin/../lib/swift/embedded/aarch64-none-none-elf/libswiftUnicodeDataTables.a" \
        -o "$binary" || exit 2
    printed=$(qemu-aarch64-static -L "$sysroot" "$binary" 2>&1)
    rc=$?
    echo "$variant: $(echo "$printed" | tr '\n' ' ')(exit $rc)"
    if [[ $variant != -Osize ]] && ! [[ $rc == 0 && $printed == $'intact\nname has 6 bytes' ]]; then
        status=1
    fi
done
exit $status
