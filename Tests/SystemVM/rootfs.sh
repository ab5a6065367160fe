#!/usr/bin/env bash
# Tests/SystemVM/rootfs.sh: prints the path of a Debian trixie arm64 root (debootstrap, minbase,
# with systemd) as a tarball under build/sysvm/, made once and reused while the package list
# is the same (the first run takes about 5 minutes, see /work/shared/recipes/systemd-vm.md).
# Registers qemu-user with binfmt_misc when it is not (root only), for debootstrap's second
# stage and for running arm64 programs in the root.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cache=$root/build/sysvm
packages=systemd,systemd-sysv,udev,kmod,procps,libgpiod3,libi2c0,libinih1,libfreetype6,libsystemd0,libmosquitto1,libdrm2,fonts-dejavu-core,mosquitto,mosquitto-clients
key=$(echo "trixie arm64 minbase $packages" | sha256sum | cut -c1-16)
tarball=$cache/trixie-arm64-$key.tar.gz
mkdir -p "$cache"

"$root/Tests/SystemVM/binfmt.sh" >&2

if [[ ! -f $tarball ]]; then
    mirror=$(awk '/^URIs:/ { print $2; exit } /^deb / { for (i = 2; i <= NF; i++) if ($i ~ /^http/) { print $i; exit } }' \
        /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null | head -n1)
    mirror=${mirror:-http://deb.debian.org/debian}
    work=$cache/rootfs.tmp
    rm -rf "$work"
    echo "sysvm: debootstrap trixie arm64 from $mirror (once; cached as $(basename "$tarball"))" >&2
    debootstrap --arch=arm64 --variant=minbase --include="$packages" trixie "$work" "$mirror" >&2
    tar -C "$work" -czf "$tarball.tmp" .
    mv "$tarball.tmp" "$tarball"
    rm -rf "$work"
fi
echo "$tarball"
