#!/usr/bin/env bash
# scripts/check-osize.sh
#
# Whether this machine's Swift toolchain still miscompiles Embedded aarch64 code at -Osize
# (Tests/Toolchain/osize-string-retain.swift says why the firmware is built with -O). Builds
# that program with the firmware's Embedded flags at -O and at -Osize, links it against the
# bookworm arm64 sysroot (scripts/sysroot.sh) and runs both under qemu-aarch64-static.
# Prints what each printed; exits 0 when both say "intact" and count 6 bytes, 1 when -Osize
# still breaks the program, 2 when it could not be built or run. Not part of the test suite:
# run it when the toolchain changes, before trying -Osize again.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
"$root/scripts/sysroot.sh" bookworm arm64 >/dev/null || exit 2
sysroot=$root/build/sysroot/bookworm-arm64
swiftc=${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}
toolbin=$(dirname "$(readlink -f "$swiftc")")
out=$root/build/check-osize
mkdir -p "$out"
status=0
for level in -O -Osize; do
    object=$out/program$level.o binary=$out/program$level
    "$swiftc" -target aarch64-none-none-elf -Xcc --target=aarch64-linux-gnu -enable-experimental-feature Embedded \
        -swift-version 6 -wmo -parse-as-library "$level" -Xfrontend -function-sections \
        -c Tests/Toolchain/osize-string-retain.swift -o "$object" || exit 2
    "$toolbin/clang" --target=aarch64-linux-gnu --sysroot="$sysroot" -fuse-ld=lld -Wl,--gc-sections "$object" \
        "$toolbin/../lib/swift/embedded/aarch64-none-none-elf/libswiftUnicodeDataTables.a" -o "$binary" || exit 2
    printed=$(qemu-aarch64-static -L "$sysroot" "$binary" 2>&1)
    rc=$?
    echo "$level: $(echo "$printed" | tr '\n' ' ')(exit $rc)"
    [[ $rc == 0 && $printed == $'intact\nname has 6 bytes' ]] || status=1
done
exit $status
