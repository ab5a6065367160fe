#!/usr/bin/env bash
# Tests/VM/modules.sh
#
# Builds the kernel simulators and stubs the VMs need, which Debian's arm64 kernel lacks, as
# out-of-tree modules for the guest kernel (cross: ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-):
#   i2c-stub   the FT5x06's registers at 0x38
#   gpio-sim   its INT line; gpio-sim.c + gpiolib.h + kernel/irq/irq_sim.c in one module,
#              since the kernel is built without CONFIG_IRQ_SIM. irq_to_desc() is not exported
#              to modules, so irq_sim.c's handle_simple_irq(irq_to_desc(irq)) becomes
#              generic_handle_irq(irq).
#   vfb        /dev/fb0
#   gt911-stub a Goodix GT911's 16-bit registers on an I2C adapter of its own (Tests/VM/gt911-stub.c:
#              the kernel has no simulator for it)
#   backlight-stub  a backlight class device with nothing behind it (Tests/VM/backlight-stub.c:
#              qemu's virt machine has no backlight)
#   gpio-hold-stub  a GPIO chip whose released outputs keep their level, as the Pi's do
#              (Tests/VM/gpio-hold-stub.c: gpio-sim returns a released line to its pull)
# Sources come from the host's linux-source-6.1 (same release as the guest kernel), built
# against the guest's linux-headers with the host's linux-kbuild-6.1 (Tests/VM/fetch.sh).
#
# One addition to i2c-stub, for the fault tests: a writable parameter `nack`
# (/sys/module/i2c_stub/parameters/nack). While it is 1 every transfer fails with ENXIO, as
# an unplugged chip gives no acknowledge. (Removing the module is no substitute while the
# firmware holds /dev/i2c-N open: i2c-dev pins the adapter's module.)
#
# Usage: modules.sh KVER KPKG_VERSION HEADERS_DIR    prints the module directory on stdout.
# The result is cached in build/vm/modules/KVER/, keyed by kernel package, source package,
# cross compiler and this script: a kernel update rebuilds.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
vm=$root/build/vm
kver=$1 kpkg_version=$2 headers=$3

say() { echo "vm/modules: $*" >&2; }
die() { say "error: $*"; exit 1; }

tarball=/usr/src/linux-source-6.1.tar.xz
[[ -f $tarball ]] || die "$tarball missing (scripts/build/deps.sh vm installs linux-source-6.1)"
src_version=$(dpkg-query -W -f='${Version}' linux-source-6.1)
kbuild_version=$(dpkg-query -W -f='${Version}' linux-kbuild-6.1)
cross=aarch64-linux-gnu-
command -v "${cross}gcc" >/dev/null || die "${cross}gcc missing (scripts/build/deps.sh)"
if [[ $src_version != "$kpkg_version" || $kbuild_version != "$kpkg_version" ]]; then
    say "note: guest kernel $kpkg_version, host linux-source-6.1 $src_version, linux-kbuild-6.1 $kbuild_version"
fi

out=$vm/modules/$kver
key=$({
    echo "$kver $kpkg_version $src_version $kbuild_version"
    "${cross}gcc" --version | head -n1
    sha256sum "${BASH_SOURCE[0]}" "$root/Tests/VM/gt911-stub.c" "$root/Tests/VM/backlight-stub.c" "$root/Tests/VM/gpio-hold-stub.c"
} | sha256sum | cut -c1-64)
if [[ -f $out/.key && $(<"$out/.key") == "$key" ]] &&
    [[ -f $out/i2c-stub.ko && -f $out/gpio-sim.ko && -f $out/vfb.ko && -f $out/gt911-stub.ko && -f $out/backlight-stub.ko && -f $out/gpio-hold-stub.ko ]]; then
    echo "$out"
    exit 0
fi

# --- the five source files, from the tarball (xz must stream through it: about 8 s) -------
files=(
    drivers/i2c/i2c-stub.c
    drivers/gpio/gpio-sim.c drivers/gpio/gpiolib.h kernel/irq/irq_sim.c
    drivers/video/fbdev/vfb.c
)
srcdir=$vm/src/linux-source-$src_version
if [[ ! -f $srcdir/.complete ]]; then
    say "extracting ${files[*]} from $tarball"
    rm -rf "$srcdir" && mkdir -p "$srcdir"
    tar -xJf "$tarball" -C "$srcdir" --strip-components=1 "${files[@]/#/linux-source-6.1/}" ||
        die "cannot extract the simulators' sources from $tarball"
    touch "$srcdir/.complete"
    find "$vm/src" -mindepth 1 -maxdepth 1 -type d ! -path "$srcdir" -exec rm -rf {} + 2>/dev/null || true
fi

build=$out.tmp
rm -rf "$build" && mkdir -p "$build"
cp "$srcdir/drivers/i2c/i2c-stub.c" "$srcdir/drivers/video/fbdev/vfb.c" \
    "$srcdir/drivers/gpio/gpiolib.h" "$srcdir/kernel/irq/irq_sim.c" "$build/"
cp "$srcdir/drivers/gpio/gpio-sim.c" "$build/gpio-sim-core.c"   # gpio-sim.ko is the composite
cp "$root/Tests/VM/gt911-stub.c" "$build/"                       # our own: a GT911's registers
cp "$root/Tests/VM/backlight-stub.c" "$build/"                   # our own: a backlight
cp "$root/Tests/VM/gpio-hold-stub.c" "$build/"                   # our own: outputs that outlive their owner

# replace FILE OLD NEW: a literal, checked edit (a changed upstream file must fail loudly).
replace() {
    local file=$1 old=$2 new=$3
    grep -qF -- "$old" "$file" || die "$(basename "$file"): expected text not found: $old"
    OLD=$old NEW=$new perl -0pi -e 's/\Q$ENV{OLD}\E/$ENV{NEW}/' "$file"
    grep -qF -- "$new" "$file" || die "$(basename "$file"): edit did not apply"
}
replace "$build/irq_sim.c" 'handle_simple_irq(irq_to_desc(irqnum));' 'generic_handle_irq(irqnum);'
replace "$build/i2c-stub.c" 'MODULE_PARM_DESC(functionality, "Override functionality bitfield");' \
    'MODULE_PARM_DESC(functionality, "Override functionality bitfield");

/* TouchPanel VM tests: a controller that stops answering. */
static bool nack;
module_param(nack, bool, S_IRUGO | S_IWUSR);
MODULE_PARM_DESC(nack, "Answer every transfer with no acknowledge (-ENXIO), like an unplugged chip");'
replace "$build/i2c-stub.c" '	if (!chip)
		return -ENODEV;
' '	if (!chip)
		return -ENODEV;
	if (READ_ONCE(nack))
		return -ENXIO;
'

cat >"$build/Kbuild" <<'EOF'
obj-m := i2c-stub.o gpio-sim.o vfb.o gt911-stub.o backlight-stub.o gpio-hold-stub.o
gpio-sim-y := gpio-sim-core.o irq_sim.o
EOF

say "building i2c-stub, gpio-sim, vfb, gt911-stub, backlight-stub, gpio-hold-stub for $kver"
make -s -C "$headers" M="$build" ARCH=arm64 CROSS_COMPILE="$cross" modules >"$build/make.log" 2>&1 || {
    sed 's/^/    /' "$build/make.log" >&2
    die "module build failed"
}
for m in i2c-stub gpio-sim vfb gt911-stub backlight-stub gpio-hold-stub; do
    [[ -f $build/$m.ko ]] || die "$m.ko was not built"
    magic=$("${cross}objcopy" -O binary -j .modinfo "$build/$m.ko" /dev/stdout | tr '\0' '\n' |
        sed -n 's/^vermagic=//p')
    [[ $magic == "$kver "* ]] || die "$m.ko has vermagic '$magic', not $kver"
done
echo "$key" >"$build/.key"
rm -rf "$out" && mv "$build" "$out"
find "$vm/modules" -mindepth 1 -maxdepth 1 -type d ! -path "$out" -exec rm -rf {} + 2>/dev/null || true
echo "$out"
