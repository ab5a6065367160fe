#!/usr/bin/env bash
# Tests/SystemVM/run.sh: the system VM tier, for one release: SYSVM_RELEASE=trixie (default)
# or bookworm. That release's arm64 .deb (scripts/build/package.sh: +deb13 for trixie, +deb12
# for bookworm), released into a signed apt repository (scripts/release.sh, a key made for the
# run) and installed from it with apt into a Debian arm64 root of the same release (debootstrap,
# cached under build/sysvm/ by Tests/SystemVM/rootfs.sh), booted with systemd as PID 1 (257 in
# trixie, 252 in bookworm) under qemu-system-aarch64 on the kernel the kernel-VM tier fetches,
# with vfb and a uinput touchscreen (Tests/VM/uinput-touch.c) as the panel.
# Tests/SystemVM/check.sh runs the Pi guide (docs/getting-started.md) and the service checks in the guest
# (see its header), the same for both releases; each "SYSVM ok/FAIL" line of the console is one
# check. Must run as root (chroot, binfmt). Results in build/sysvm/ (trixie) or
# build/sysvm/bookworm/. The last line is "N passed, N failed".
#
# Env: SYSVM_RELEASE: trixie or bookworm (default trixie);
#      SYSVM_PACKAGES=built: take build/packages as they are (scripts/test.sh, after its
#      Debian packages tier), instead of building them first;
#      SYSVM_TIMEOUT: seconds for the boot and the checks (default 900).
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
release=${SYSVM_RELEASE:-trixie}
started=$(date +%s)
step() { echo "sysvm ($release): $* ($(($(date +%s) - started)) s)" >&2; }
broken() { echo "FAIL $1"; echo "0 passed, 1 failed"; exit 1; }
case $release in
    trixie) work=$root/build/sysvm suffix=deb13 ;;
    bookworm) work=$root/build/sysvm/bookworm suffix=deb12 ;;
    *) broken "SYSVM_RELEASE=$release: trixie or bookworm" ;;
esac
mkdir -p "$work"

"$root/scripts/build/deps.sh" vm >&2 || broken "host packages"
step "Debian $release arm64 root"
tarball=$("$root/Tests/SystemVM/rootfs.sh" "$release") || broken "debootstrap (Tests/SystemVM/rootfs.sh $release)"
step "kernel and simulator modules"
guest_env=$("$root/Tests/VM/fetch.sh") || broken "fetching the arm64 kernel"
eval "$guest_env"
moddir=$("$root/Tests/VM/modules.sh" "$KVER" "$KPKG_VERSION" "$HEADERS_DIR") || broken "building the simulator modules"
mapfile -t order < <("$root/Tests/VM/module-order.sh" "$GUEST_DIR/root/lib/modules/$KVER/kernel" "$moddir" \
    vfb backlight-stub gpio-hold-stub evdev uinput i2c-dev i2c-stub)
((${#order[@]})) || broken "resolving the kernel modules"
# virtio-gpu, the DRM card: loaded by the checks only for the DRM check (until then the panel
# draws on vfb's /dev/fb0).
mapfile -t drm_order < <("$root/Tests/VM/module-order.sh" "$GUEST_DIR/root/lib/modules/$KVER/kernel" "$moddir" virtio_mmio virtio-gpu)
((${#drm_order[@]})) || broken "resolving the DRM modules"
image=$GUEST_DIR/root/boot/vmlinuz-$KVER

step "packages and their signed apt repository"
# All four, released as scripts/release.sh does for users, with a key made for this run. They
# are built first (package.sh rebuilds the four and runs lintian: about a minute even when
# nothing changed), unless SYSVM_PACKAGES=built says that they just were: scripts/test.sh's
# Debian packages tier builds them before both system VM runs. They must then be newer than
# what goes into them.
if [[ ${SYSVM_PACKAGES:-} == built ]]; then
    target=$release-aarch64
    deb=$(ls "$root"/build/packages/touchpanel_*+${suffix}_arm64.deb 2>/dev/null | head -n1)
    [[ -n $deb ]] || broken "SYSVM_PACKAGES=built, but build/packages has no +${suffix}_arm64 package"
    newer=$(find "$root/packaging" "$root/boards" "$root/README.md" "$root/docs" "$root/build/firmware/$target/stripped/touchpanel" -newer "$deb" -type f | head -n 3)
    [[ -z $newer ]] || broken "SYSVM_PACKAGES=built, but $(basename "$deb") is older than: $newer"
else
    "$root/scripts/build/package.sh" >&2 || broken "scripts/build/package.sh"
fi
rm -rf "$work/apt"
release_out=$("$root/scripts/release.sh" --test-key --packages "$root/build/packages" --out "$work/apt" 2>&1) ||
    { echo "$release_out"; broken "scripts/release.sh"; }
fingerprint=$(sed -n 's/^fingerprint: //p' <<<"$release_out")
host_checks=$work/host-checks
: >"$host_checks"
for helper in VM/uinput-touch VM/touch-inject SystemVM/line-hold; do
    aarch64-linux-gnu-gcc -static -O2 -Wall -Wextra -Werror -o "$work/${helper#*/}" "$root/Tests/$helper.c" ||
        broken "compiling Tests/$helper.c"
done

step "root: unpack, apt install touchpanel from the repository (file: source, signed)"
tree=$work/root
rm -rf "$tree"
mkdir -p "$tree"
tar -C "$tree" -xzf "$tarball" || broken "unpacking $tarball"
# As the README's install section does on a Pi, with the repository in the root instead of on a
# web server: the keyring, a deb822 source with Signed-By, apt update, apt install. Only that
# source is read (the root's own names a mirror, and there is no network).
mkdir -p "$tree/srv"
cp -r "$work/apt" "$tree/srv/touchpanel-apt"
install -D -m 644 "$work/apt/touchpanel-archive-keyring.gpg" "$tree/usr/share/keyrings/touchpanel-archive-keyring.gpg"
cat >"$tree/etc/apt/sources.list.d/touchpanel.sources" <<SOURCES
Types: deb
URIs: file:/srv/touchpanel-apt
Suites: $release
Components: main
Signed-By: /usr/share/keyrings/touchpanel-archive-keyring.gpg
SOURCES
apt_only=(-o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts=/etc/apt/sources.list.d)
chroot "$tree" apt-get "${apt_only[@]}" update >"$work/apt.log" 2>&1 || { cat "$work/apt.log"; broken "apt-get update in the $release root"; }
if grep -qE '^(W|E):' "$work/apt.log"; then
    cat "$work/apt.log"; broken "apt-get update warned (the signature was not verified?)"
fi
[[ -n $fingerprint ]] || broken "release.sh printed no fingerprint"
candidate=$(chroot "$tree" apt-cache "${apt_only[@]}" policy touchpanel | sed -n 's/^  Candidate: //p')
DEBIAN_FRONTEND=noninteractive chroot "$tree" apt-get "${apt_only[@]}" install -y touchpanel >>"$work/apt.log" 2>&1 ||
    { cat "$work/apt.log"; broken "apt-get install touchpanel in the $release root"; }
installed=$(chroot "$tree" dpkg-query -W -f '${Version}' touchpanel)
if [[ $installed == "$candidate" && $installed == *+$suffix ]] && grep -q "file:/srv/touchpanel-apt $release InRelease" "$work/apt.log"; then
    echo "ok apt update verified the repository's InRelease (key $fingerprint) and apt install touchpanel installed $installed" >>"$host_checks"
else
    echo "FAIL apt install: candidate '$candidate', installed '$installed' (expected +$suffix, from the $release suite's InRelease)" >>"$host_checks"
fi
lib=$tree/usr/local/lib/sysvm
mkdir -p "$lib"
for ko in "${order[@]}"; do cp "$ko" "$lib/"; basename "$ko" >>"$lib/order"; done
for ko in "${drm_order[@]}"; do
    grep -qx "$(basename "$ko")" "$lib/order" && continue
    cp "$ko" "$lib/"
    basename "$ko" >>"$lib/order-drm"
done
cp "$work/uinput-touch" "$work/touch-inject" "$work/line-hold" "$root/Tests/SystemVM/check.sh" "$lib/"
cp "$root/Tests/SystemVM/touchpanel-check.service" "$tree/etc/systemd/system/"
ln -sf /etc/systemd/system/touchpanel-check.service "$tree/etc/systemd/system/multi-user.target.wants/touchpanel-check.service"
echo sysvm >"$tree/etc/hostname"
echo "$release" >"$lib/release"
# No getty on the console: its output would interleave with the checks' lines.
ln -sf /dev/null "$tree/etc/systemd/system/serial-getty@ttyAMA0.service"
(cd "$tree" && find . | cpio -H newc -o --quiet | gzip -1) >"$work/rootfs.cpio.gz" || broken "packing the root"

step "booting (limit ${SYSVM_TIMEOUT:-900} s)"
boot_started=$(date +%s)
timeout "${SYSVM_TIMEOUT:-900}" qemu-system-aarch64 -M virt -cpu cortex-a72 -m 2048 -smp 2 -accel tcg -nic none \
    -global virtio-mmio.force-legacy=false -device virtio-gpu-device,xres=800,yres=480 \
    -nographic -no-reboot -kernel "$image" -initrd "$work/rootfs.cpio.gz" \
    -append "console=ttyAMA0 rdinit=/lib/systemd/systemd systemd.unit=multi-user.target panic=-1 quiet" \
    </dev/null >"$work/console.log" 2>&1
boot_seconds=$(($(date +%s) - boot_started))
{ cat "$host_checks"; tr -d '\r' <"$work/console.log" | grep '^SYSVM' | sed 's/^SYSVM //' | grep -v '^  |'; } >"$work/results" || true
cat "$host_checks"
tr -d '\r' <"$work/console.log" | grep '^SYSVM' | sed 's/^SYSVM //' 
passed=$(grep -c '^ok ' "$work/results")
failed=$(grep -c '^FAIL ' "$work/results")
if ! grep -qx done "$work/results"; then
    echo "FAIL the checks did not finish within the limit (console: $work/console.log)"
    failed=$((failed + 1))
fi
((passed >= 10)) || { echo "FAIL only $passed checks passed"; failed=$((failed + 1)); }
step "boot and checks took $boot_seconds s"
echo "$passed passed, $failed failed"
((failed == 0))
