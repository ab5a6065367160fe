#!/usr/bin/env bash
# Tests/SystemVM/binfmt.sh: lets this x86_64 machine run arm64 and armhf programs directly
# (chroot, debootstrap's second stage) by registering qemu-user-static with binfmt_misc, once.
set -euo pipefail
misc=/proc/sys/fs/binfmt_misc
[[ -f $misc/register ]] || mount -t binfmt_misc binfmt_misc "$misc"
for arch in aarch64 arm; do
    [[ -e $misc/qemu-$arch ]] && continue
    conf=/usr/lib/binfmt.d/qemu-$arch.conf
    [[ -f $conf ]] || { echo "binfmt.sh: $conf missing (qemu-user-static)" >&2; exit 1; }
    cat "$conf" >"$misc/register"
done
