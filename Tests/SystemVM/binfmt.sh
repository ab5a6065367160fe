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
    # Another script may register it at the same moment (scripts/test.sh makes the system VM
    # roots in the background): a refused second registration is fine if the entry is there.
    cat "$conf" >"$misc/register" 2>/dev/null || [[ -e $misc/qemu-$arch ]] ||
        { echo "binfmt.sh: registering $conf failed" >&2; exit 1; }
done
