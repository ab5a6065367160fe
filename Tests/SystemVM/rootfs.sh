#!/usr/bin/env bash
# Tests/SystemVM/rootfs.sh [trixie|bookworm]: prints the path of a Debian arm64 root of that
# release (default trixie; debootstrap, minbase, with systemd) as a tarball under build/sysvm/,
# made once and reused while the release and the package list are the same (the first run
# takes about 5 minutes, see /work/shared/recipes/systemd-vm.md). The package list is what the
# touchpanel package of that release depends on (its libgpiod: libgpiod3, the v2 API, in
# trixie; libgpiod2, v1.6, in bookworm) and what the checks use, because apt installs the
# package in the root without a network. Registers qemu-user with binfmt_misc when it is not
# (root only), for debootstrap's second stage and for running arm64 programs in the root.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cache=$root/build/sysvm
release=${1:-trixie}
case $release in
    trixie) gpiod=libgpiod3 websockets=libwebsockets19t64 ;;
    bookworm) gpiod=libgpiod2 websockets=libwebsockets17 ;;
    *) echo "rootfs.sh: release $release: trixie or bookworm" >&2; exit 2 ;;
esac
packages=systemd,systemd-sysv,udev,kmod,procps,$gpiod,libi2c0,libinih1,libfreetype6,libsystemd0,libmosquitto1,libdrm2,$websockets,libcjson1,libqrencode4,libharfbuzz0b,libfribidi0,fonts-dejavu-core,mosquitto,mosquitto-clients,openssl
key=$(echo "$release arm64 minbase $packages" | sha256sum | cut -c1-16)
tarball=$cache/$release-arm64-$key.tar.gz
mkdir -p "$cache"

"$root/Tests/SystemVM/binfmt.sh" >&2

# One maker per release at a time: scripts/test.sh starts both roots in the background early,
# and the system VM tier's own call then waits here for that one instead of starting another.
exec 9>"$cache/rootfs-$release.lock"
flock 9
if [[ ! -f $tarball ]]; then
    mirror=$(awk '/^URIs:/ { print $2; exit } /^deb / { for (i = 2; i <= NF; i++) if ($i ~ /^http/) { print $i; exit } }' \
        /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null | head -n1)
    mirror=${mirror:-http://deb.debian.org/debian}
    # One work folder per release: the two roots may be made at the same time.
    work=$cache/rootfs-$release.tmp
    rm -rf "$work"
    echo "sysvm: debootstrap $release arm64 from $mirror (once; cached as $(basename "$tarball"))" >&2
    debootstrap --arch=arm64 --variant=minbase --include="$packages" "$release" "$work" "$mirror" >&2
    tar -C "$work" -czf "$tarball.tmp" .
    mv "$tarball.tmp" "$tarball"
    rm -rf "$work"
fi
echo "$tarball"
