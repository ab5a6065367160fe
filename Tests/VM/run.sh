#!/usr/bin/env bash
# Tests/VM/run.sh
#
# The kernel VM tier: the aarch64 firmware on Debian's own arm64 kernel under
# qemu-system-aarch64 (TCG), with the touch hardware simulated by the kernel itself:
# i2c-stub (the FT5x06's registers), gpio-sim (its INT line) and vfb (/dev/fb0); our own
# gt911-stub (a GT911's 16-bit registers, which no kernel simulator has) and the kernel's
# uinput (a touchscreen input device for the evdev source).
#
#   1. host packages (scripts/build/deps.sh vm): qemu-system-arm, linux-source-6.1, linux-kbuild-6.1, cpio
#   2. the guest kernel, its headers and busybox-static for arm64 (Tests/VM/fetch.sh)
#   3. i2c-stub, gpio-sim and vfb built out of tree for that kernel (Tests/VM/modules.sh)
#   4. the static aarch64 firmware (scripts/build/build-firmware.sh trixie-aarch64: libgpiod v2, as on
#      today's Raspberry Pi OS; VM_RELEASE=bookworm for the v1.6 one) and the test helpers
#      (touch-inject: the FT5x06's or GT911's side; uinput-touch: a touchscreen; fbpeek)
#      (Tests/VM/*.c, static)
#   5. an initramfs with Tests/VM/init.sh as /init and Tests/VM/scenarios/
#   6. one boot, bounded by a timeout; the console log is build/vm/console.log
#   7. Tests/VM/console.py reads the results from the log, writes build/vm/latency.json,
#      build/vm/metrics.json (peak RSS, time to the first frame, idle wake-ups per second in
#      interrupt and polling mode; reported, never gated) and build/vm/fb-pressed.png
# Downloads and built modules are cached under build/vm/, keyed by the kernel package version.
# The last line is "N passed, N failed" (one check per line above it); exits non-zero on any
# failure.
#
# Env: VM_TIMEOUT (seconds for the boot, default 240; a whole run takes about 100 on a quiet
#      2-core machine, more on a loaded one);
#      VM_FIRMWARE: a static aarch64 touchpanel to test instead of building this tree's;
#      VM_RELEASE: trixie (default) or bookworm, whose static firmware is built and tested;
#      VM_IDLE_SECONDS: the idle window per mode for the wake-up count (default 2).
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
vm=$root/build/vm
limit=${VM_TIMEOUT:-240}
idle_seconds=${VM_IDLE_SECONDS:-2}
started=$SECONDS

broken() {
    echo "FAIL vm: $1"
    echo "0 passed, 1 failed"
    exit 1
}
step() { echo "vm: $* ($((SECONDS - started)) s)" >&2; }
[[ $idle_seconds =~ ^[1-9][0-9]?$ ]] || broken "VM_IDLE_SECONDS=$idle_seconds: whole seconds, 1 to 99"

mkdir -p "$vm"
step "host packages"
"$root/scripts/build/deps.sh" vm >&2 || broken "installing the host packages (scripts/build/deps.sh vm)"

step "guest kernel and busybox (arm64)"
guest_env=$("$root/Tests/VM/fetch.sh") || broken "fetching the arm64 guest packages"
eval "$guest_env"

step "simulator modules for $KVER"
moddir=$("$root/Tests/VM/modules.sh" "$KVER" "$KPKG_VERSION" "$HEADERS_DIR") ||
    broken "building i2c-stub, gpio-sim and vfb"

if [[ -n ${VM_FIRMWARE:-} ]]; then
    firmware=$(realpath "$VM_FIRMWARE")
    step "firmware: $firmware (VM_FIRMWARE)"
else
    # VM_RELEASE: whose libgpiod the static firmware carries (trixie: v2, bookworm: v1.6).
    release=${VM_RELEASE:-trixie}
    step "firmware ($release-aarch64, static)"
    "$root/scripts/build/build-firmware.sh" "$release-aarch64" >&2 || broken "firmware build (see the errors above)"
    firmware=$root/build/firmware/$release-aarch64/touchpanel-static
fi
[[ -x $firmware ]] || broken "$firmware missing"

step "test helpers"
mkdir -p "$vm/bin"
for helper in touch-inject fbpeek uinput-touch; do
    aarch64-linux-gnu-gcc -static -O2 -Wall -Wextra -Werror -o "$vm/bin/$helper" "$root/Tests/VM/$helper.c" ||
        broken "compiling Tests/VM/$helper.c"
done

# --- initramfs ------------------------------------------------------------------------------
step "initramfs"
kroot=$GUEST_DIR/root
kmods=$kroot/lib/modules/$KVER/kernel
image=$kroot/boot/vmlinuz-$KVER
[[ -f $image ]] || broken "no kernel image at $image"

mapfile -t order < <("$root/Tests/VM/module-order.sh" "$kmods" "$moddir" \
    configfs i2c-dev i2c-stub gpio-sim vfb gt911-stub backlight-stub gpio-hold-stub evdev uinput) || broken "resolving the kernel modules"
((${#order[@]})) || broken "resolving the kernel modules"
# The drm run's modules, loaded by the guest only then: virtio-mmio (Debian builds it as a
# module) and virtio-gpu with what it needs that the list above has not loaded already.
mapfile -t drm_order < <("$root/Tests/VM/module-order.sh" "$kmods" "$moddir" virtio_mmio virtio-gpu) ||
    broken "resolving the DRM modules"

initramfs=$vm/initramfs
rm -rf "$initramfs"
mkdir -p "$initramfs"/{bin,dev,proc,sys,tmp,usr/bin,lib/modules/vm,vm/scenarios}
cp "$kroot/bin/busybox" "$initramfs/bin/busybox"
cp "$root/Tests/VM/init.sh" "$initramfs/init"
chmod 755 "$initramfs/init"
cp "$root"/Tests/VM/scenarios/*.sh "$initramfs/vm/scenarios/"
cp "$firmware" "$initramfs/usr/bin/touchpanel"
cp "$vm/bin/touch-inject" "$vm/bin/fbpeek" "$vm/bin/uinput-touch" "$initramfs/usr/bin/"
for ko in "${order[@]}"; do
    cp "$ko" "$initramfs/lib/modules/vm/"
    basename "$ko" >>"$initramfs/lib/modules/vm/order"
done
for ko in "${drm_order[@]}"; do
    grep -qx "$(basename "$ko")" "$initramfs/lib/modules/vm/order" && continue
    cp "$ko" "$initramfs/lib/modules/vm/"
    basename "$ko" >>"$initramfs/lib/modules/vm/order-drm"
done
# The labels' default font ([display] font), from the host's fonts-dejavu-core.
font=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
[[ -f $font ]] || broken "$font missing (fonts-dejavu-core)"
mkdir -p "$initramfs$(dirname "$font")"
cp "$font" "$initramfs$font"
(cd "$initramfs" && find . -print0 | LC_ALL=C sort -z |
    cpio --null -o -H newc --owner=0:0 --quiet | gzip -1 >"$vm/initrd.gz") ||
    broken "packing the initramfs"

# --- boot -----------------------------------------------------------------------------------
step "booting $KVER under qemu-system-aarch64 (TCG, limit $limit s)"
console=$vm/console.log
monitor=$vm/qemu-monitor.sock
rm -f "$console" "$monitor" "$vm"/screen-*.ppm
: >"$console"
boot_start=$SECONDS
rc=0
# virtio-gpu: the drm run's DRM/KMS card, 800x480; its pictures are taken through the monitor
# by Tests/VM/screendump.py when the guest asks (VMTEST-SCREENDUMP NAME on the console). The
# kernel's virtio-gpu driver needs virtio 1.0, which qemu's virtio-mmio offers only when told to.
python3 "$root/Tests/VM/screendump.py" "$console" "$monitor" "$vm" &
watcher=$!
timeout -k 5 "$limit" qemu-system-aarch64 -M virt -cpu cortex-a72 -m 512 -smp 1 -nographic -no-reboot \
    -accel tcg -nic none -kernel "$image" -initrd "$vm/initrd.gz" \
    -global virtio-mmio.force-legacy=false -device virtio-gpu-device,xres=800,yres=480 \
    -monitor "unix:$monitor,server=on,wait=off" \
    -append "console=ttyAMA0 loglevel=1 panic=-1 rdinit=/init vm_idle_s=$idle_seconds" \
    </dev/null >"$console" 2>&1 || rc=$?
kill "$watcher" 2>/dev/null
wait "$watcher" 2>/dev/null
boot_seconds=$((SECONDS - boot_start))
step "guest finished (qemu exit $rc after $boot_seconds s)"
if ((rc == 124 || rc == 137)); then
    echo "vm: the guest did not power off within $limit s; console tail:" >&2
    tail -n 30 "$console" | sed 's/^/    /' >&2
fi

python3 "$root/Tests/VM/console.py" "$console" --out "$vm" --kernel "$KVER" \
    --boot-seconds "$boot_seconds" --total-seconds "$((SECONDS - started))"
