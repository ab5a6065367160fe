#!/usr/bin/env bash
# Tests/VM/run.sh
#
# The kernel VM tier: the aarch64 firmware on Debian's own arm64 kernel under
# qemu-system-aarch64 (TCG), with the touch hardware simulated by the kernel itself:
# i2c-stub (the FT5x06's registers), gpio-sim (its INT line) and vfb (/dev/fb0); our own
# gt911-stub (a GT911's 16-bit registers, which no kernel simulator has) and the kernel's
# uinput (a touchscreen input device for the evdev source); in the homeassistant run our
# homeassistant-stub plays Home Assistant's websocket API on the guest's loopback.
#
#   1. host packages (scripts/build/deps.sh vm): qemu-system-arm, linux-source-6.1, linux-kbuild-6.1, cpio
#   2. the guest kernel, its headers and busybox-static for arm64 (Tests/VM/fetch.sh)
#   3. i2c-stub, gpio-sim and vfb built out of tree for that kernel (Tests/VM/modules.sh)
#   4. the static aarch64 firmware (scripts/build/build-firmware.sh trixie-aarch64: libgpiod v2, as on
#      today's Raspberry Pi OS; VM_RELEASE=bookworm for the v1.6 one) and the test helpers
#      (touch-inject: the FT5x06's or GT911's side; uinput-touch: a touchscreen; fbpeek;
#      homeassistant-stub, with OpenSSL's libcrypto from trixie's arm64 sysroot)
#      (Tests/VM/*.c, static)
#   5. an initramfs with Tests/VM/init.sh as /init and Tests/VM/scenarios/, the fonts (DejaVu for
#      labels, Material Design Icons for icons) and the page pictures (Tests/VM/pictures.py)
#   6. one boot, bounded by a timeout; the console log is OUT/console.log
#   7. Tests/VM/console.py reads the results from the log, writes OUT/latency.json,
#      OUT/metrics.json (peak RSS, time to the first frame, idle wake-ups per second in
#      interrupt and polling mode; reported, never gated) and OUT/fb-pressed.png
# OUT is build/vm/ for trixie's firmware and build/vm/bookworm/ for bookworm's, so that one
# release's results never overwrite the other's (scripts/bench.sh reads build/vm/).
# Downloads and built modules are cached under build/vm/, keyed by the kernel package version;
# both releases share them (the guest kernel is the same; only the firmware differs).
# The last line is "N passed, N failed" (one check per line above it); exits non-zero on any
# failure.
#
# Env: VM_TIMEOUT (seconds for the boot, default 360; a whole trixie run, with the looks and
#      iconpages runs, took 160 to 171 on a 2-core machine loaded with builds);
#      VM_FIRMWARE: a static aarch64 touchpanel to test instead of building this tree's;
#      VM_RELEASE: trixie (default) or bookworm, whose static firmware is built and tested;
#      VM_RUNS: the firmware runs of init.sh to play, separated by spaces, played in init.sh's
#      order (default: every run for trixie, the GPIO runs for bookworm: see below);
#      VM_IDLE_SECONDS: the idle window per mode for the wake-up count (default 2).
#
# Bookworm's firmware plays only the runs in which libgpiod matters, because that library is
# the one difference between the two static builds that this VM can see (bookworm's is 1.6,
# the v1 API, trixie's 2.x the v2 API; everything else is the same Swift code over the same
# kernel interfaces: i2c-dev, evdev, fbdev, DRM, sysfs). Those runs are: "interrupt" (the INT
# line's edge events waking the loop, the idle check that nothing else does, the GPIO outputs
# with their active-low and start levels and hold-to-run, and safe-outputs after a SIGKILL),
# "reload" (every line released and requested again on a reload) and "gt911" (its reset line,
# and its INT line driven as an output for the address selection, then requested for edges).
# The other runs (polling, evdev, backlight, record, watchdog, pages, iconpages, homeassistant,
# drm, looks) request the same output lines as "interrupt" or none, and nothing else from
# libgpiod; playing them again would cost about a minute of the suite for no code path of its own.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
vm=$root/build/vm
limit=${VM_TIMEOUT:-360}
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

release=${VM_RELEASE:-trixie}
case $release in
    trixie) out=$vm default_runs="interrupt reload polling gt911 evdev backlight record watchdog pages iconpages homeassistant drm looks" ;;
    bookworm) out=$vm/bookworm default_runs="interrupt reload gt911" ;;
    *) broken "VM_RELEASE=$release: trixie or bookworm" ;;
esac
runs=${VM_RUNS:-$default_runs}
for run in $runs; do
    case " interrupt reload polling gt911 evdev backlight record watchdog pages iconpages homeassistant drm looks " in
        *" $run "*) ;;
        *) broken "VM_RUNS: no run named '$run'" ;;
    esac
done
mkdir -p "$out"

if [[ -n ${VM_FIRMWARE:-} ]]; then
    firmware=$(realpath "$VM_FIRMWARE")
    step "firmware: $firmware (VM_FIRMWARE)"
else
    # VM_RELEASE: whose libgpiod the static firmware carries (trixie: v2, bookworm: v1.6).
    step "firmware ($release-aarch64, static)"
    "$root/scripts/build/build-firmware.sh" "$release-aarch64" >&2 || broken "firmware build (see the errors above)"
    firmware=$root/build/firmware/$release-aarch64/touchpanel-static
fi
[[ -x $firmware ]] || broken "$firmware missing"
if [[ -z ${VM_FIRMWARE:-} ]]; then
    # The firmware carries its release's libgpiod: each API has a call the other lacks (v1's
    # line events, v2's line requests), so this run tests the API it says it does.
    case $release in
        trixie) api=2 has=gpiod_line_request_get_fd lacks=gpiod_line_event_get_fd ;;
        bookworm) api=1.6 has=gpiod_line_event_get_fd lacks=gpiod_line_request_get_fd ;;
    esac
    symbols=$(nm "$firmware" 2>/dev/null | awk '$2 == "T" { print $3 }')
    grep -qx "$has" <<<"$symbols" && ! grep -qx "$lacks" <<<"$symbols" ||
        broken "$firmware does not carry libgpiod $api (expected $has and not $lacks)"
    step "the firmware carries libgpiod $api ($has, no $lacks)"
fi

step "test helpers"
mkdir -p "$vm/bin"
helpers=(touch-inject fbpeek uinput-touch)
for helper in "${helpers[@]}"; do
    aarch64-linux-gnu-gcc -static -O2 -Wall -Wextra -Werror -o "$vm/bin/$helper" "$root/Tests/VM/$helper.c" ||
        broken "compiling Tests/VM/$helper.c"
done
# The homeassistant run's stand-in for Home Assistant: SHA-1 and base64 from OpenSSL's libcrypto,
# linked statically from trixie's arm64 sysroot with that release's glibc (its libcrypto.a needs
# glibc 2.38's symbols; -B and -L put the sysroot's crt files and libc.a before the cross
# compiler's own), and the archives it needs (zlib, zstd). Its output is shown only on failure:
# a static libcrypto always draws glibc's warnings about dlopen and getaddrinfo.
case " $runs " in
    *" homeassistant "*)
        "$root/scripts/build/sysroot.sh" trixie arm64 >&2 || broken "the trixie arm64 sysroot (scripts/build/sysroot.sh)"
        sysroot=$root/build/sysroot/trixie-arm64
        libdir=$sysroot/usr/lib/aarch64-linux-gnu
        if ! out_text=$(aarch64-linux-gnu-gcc --sysroot="$sysroot" -B"$libdir" -L"$libdir" -static -s -O2 -Wall -Wextra -Werror \
            -o "$vm/bin/homeassistant-stub" "$root/Tests/VM/homeassistant-stub.c" -lcrypto -lz -lzstd 2>&1); then
            echo "$out_text" >&2
            broken "compiling Tests/VM/homeassistant-stub.c"
        fi
        helpers+=(homeassistant-stub)
        ;;
esac

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

initramfs=$out/initramfs
rm -rf "$initramfs"
mkdir -p "$initramfs"/{bin,dev,proc,sys,tmp,usr/bin,lib/modules/vm,vm/scenarios}
cp "$kroot/bin/busybox" "$initramfs/bin/busybox"
cp "$root/Tests/VM/init.sh" "$initramfs/init"
chmod 755 "$initramfs/init"
cp "$root"/Tests/VM/scenarios/*.sh "$initramfs/vm/scenarios/"
cp "$firmware" "$initramfs/usr/bin/touchpanel"
for helper in "${helpers[@]}"; do cp "$vm/bin/$helper" "$initramfs/usr/bin/"; done
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
# The icons' font ([display] icon_font in the iconpages and looks runs), from the host's
# fonts-materialdesignicons-webfont.
icon_font=/usr/share/fonts/truetype/materialdesignicons-webfont/materialdesignicons-webfont.ttf
[[ -f $icon_font ]] || broken "$icon_font missing (fonts-materialdesignicons-webfont)"
mkdir -p "$initramfs$(dirname "$icon_font")"
cp "$icon_font" "$initramfs$icon_font"
# The page pictures ([page NAME] image), drawn by Tests/VM/pictures.py once per version of it
# into build/vm/pictures/, where console.py reads them back; in the guest at /vm/pictures.
pictures=$vm/pictures
picture_key=$(sha256sum "$root/Tests/VM/pictures.py" | cut -c1-64)
if [[ ! -f $pictures/.key || $(<"$pictures/.key") != "$picture_key" ]]; then
    rm -rf "$pictures"
    python3 "$root/Tests/VM/pictures.py" "$pictures" && echo "$picture_key" >"$pictures/.key" ||
        broken "drawing the page pictures (Tests/VM/pictures.py)"
fi
mkdir -p "$initramfs/vm/pictures"
cp "$pictures"/*.png "$initramfs/vm/pictures/"
(cd "$initramfs" && find . -print0 | LC_ALL=C sort -z |
    cpio --null -o -H newc --owner=0:0 --quiet | gzip -1 >"$out/initrd.gz") ||
    broken "packing the initramfs"

# --- boot -----------------------------------------------------------------------------------
step "booting $KVER under qemu-system-aarch64 (TCG, limit $limit s; $release firmware, runs: $runs)"
console=$out/console.log
monitor=$out/qemu-monitor.sock
rm -f "$console" "$monitor" "$out"/screen-*.ppm "$out"/screen-*.png
: >"$console"
boot_start=$SECONDS
rc=0
# virtio-gpu: the drm run's DRM/KMS card, 800x480; its pictures are taken through the monitor
# by Tests/VM/screendump.py when the guest asks (VMTEST-SCREENDUMP NAME on the console). The
# kernel's virtio-gpu driver needs virtio 1.0, which qemu's virtio-mmio offers only when told to.
python3 "$root/Tests/VM/screendump.py" "$console" "$monitor" "$out" &
watcher=$!
timeout -k 5 "$limit" qemu-system-aarch64 -M virt -cpu cortex-a72 -m 512 -smp 1 -nographic -no-reboot \
    -accel tcg -nic none -kernel "$image" -initrd "$out/initrd.gz" \
    -global virtio-mmio.force-legacy=false -device virtio-gpu-device,xres=800,yres=480 \
    -monitor "unix:$monitor,server=on,wait=off" \
    -append "console=ttyAMA0 loglevel=1 panic=-1 rdinit=/init vm_idle_s=$idle_seconds vm_runs=${runs// /,}" \
    </dev/null >"$console" 2>&1 || rc=$?
kill "$watcher" 2>/dev/null
wait "$watcher" 2>/dev/null
boot_seconds=$((SECONDS - boot_start))
step "guest finished (qemu exit $rc after $boot_seconds s)"
if ((rc == 124 || rc == 137)); then
    echo "vm: the guest did not power off within $limit s; console tail:" >&2
    tail -n 30 "$console" | sed 's/^/    /' >&2
fi

python3 "$root/Tests/VM/console.py" "$console" --out "$out" --kernel "$KVER" --runs "$runs" --label "vm ($release)" \
    --pictures "$pictures" \
    --boot-seconds "$boot_seconds" --total-seconds "$((SECONDS - started))"
