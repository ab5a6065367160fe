#!/usr/bin/env bash
# scripts/build/package.sh [TARGET...]     (default: all; TARGET as for build-firmware.sh)
#
# Builds the Debian packages into build/packages/:
#   touchpanel_VERSION+deb13_arm64.deb, touchpanel_VERSION+deb13_armhf.deb   (trixie)
#   touchpanel_VERSION+deb12_arm64.deb, touchpanel_VERSION+deb12_armhf.deb   (bookworm)
# each with that release's dynamic firmware, the presets, /etc/touchpanel/panel.ini as a
# conffile, touchpanel.service, the touchpanel system user (sysusers.d) in the gpio, i2c,
# input and video groups, a udev rule for the gpio and i2c groups, the manual pages
# touchpanel(1) and touchpanel.ini(5), and the guides (docs/) in /usr/share/doc/touchpanel.
#
# Depends is derived, never written by hand: for each library in the binary's NEEDED list, the
# package of that release that holds the file (looked up in the very .debs the firmware was
# linked against) and its shlibs entry, e.g. "libgpiod3 (>= 2.1)". Then lintian checks each
# package; its tags are printed, and an error fails the build. The last lines give each
# package's size and Depends.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
die() { echo "package: error: $*" >&2; exit 1; }

"$root/scripts/build/deps.sh"
targets=("$@")
((${#targets[@]})) || targets=(all)
"$root/scripts/build/build-firmware.sh" "${targets[@]}" >&2
mapfile -t targets < <("$root/scripts/build/build-firmware.sh" --list "${targets[@]}")

version=$(sed -nE 's/.*static let text: StaticString = "([^"]+)".*/\1/p' Sources/PanelEngine/Engine/SoftwareVersion.swift)
[[ -n $version ]] || die "no version in Sources/PanelEngine/Engine/SoftwareVersion.swift"
out=$root/build/packages
mkdir -p "$out"
# DEBEMAIL, as dch takes it, for whoever builds the packages they ship.
maintainer_email=${DEBEMAIL:-touchpanel@example.org}

# depends_of BINARY SYSROOT_DEBS_DIR: the Depends entries for BINARY's NEEDED libraries.
depends_of() {
    local binary=$1 debs=$2 soname lib abi deb entry
    declare -A owner=()
    # file -> package, from the contents of every runtime (non -dev) package of the sysroot.
    for deb in "$debs"/*.deb; do
        [[ $(dpkg-deb -f "$deb" Package) == *-dev ]] && continue
        while read -r path; do owner[$(basename "$path")]=$deb; done < <(dpkg-deb -c "$deb" | awk '{ print $6 }' | grep -E '\.so(\.[0-9]+)*$' || true)
    done
    while read -r soname; do
        deb=${owner[$soname]:-}
        [[ -n $deb ]] || die "$(basename "$binary") needs $soname, which no package of its release in the sysroot holds"
        lib=${soname%%.so*} abi=${soname#*.so.}
        entry=$(dpkg-deb -I "$deb" shlibs 2>/dev/null | awk -v lib="$lib" -v abi="$abi" '
            $1 !~ /:$/ && $1 == lib && $2 == abi { $1 = ""; $2 = ""; sub(/^  */, ""); print; exit }')
        if [[ -z $entry ]]; then
            entry="$(dpkg-deb -f "$deb" Package) (>= $(dpkg-deb -f "$deb" Version | sed -E 's/-[^-]*$//'))"
        fi
        echo "$entry"
    done < <(readelf -d "$binary" | awk '/\(NEEDED\)/ { gsub(/[\[\]]/, "", $NF); print $NF }')
}

summary=()
for target in "${targets[@]}"; do
    release=${target%%-*} arch=${target#*-}
    case $arch in aarch64) debarch=arm64 ;; armhf) debarch=armhf ;; esac
    case $release in trixie) suffix=deb13 ;; bookworm) suffix=deb12 ;; esac
    pkgversion=$version+$suffix
    stage=$out/stage/$target
    rm -rf "$stage"
    mkdir -p "$stage/DEBIAN"

    install -D -m 755 "build/firmware/$target/stripped/touchpanel" "$stage/usr/bin/touchpanel"
    install -d -m 755 "$stage/usr/share/touchpanel/boards"
    install -m 644 boards/*.ini "$stage/usr/share/touchpanel/boards/"
    install -D -m 644 packaging/panel.ini "$stage/etc/touchpanel/panel.ini"
    install -D -m 644 packaging/touchpanel.service "$stage/usr/lib/systemd/system/touchpanel.service"
    install -m 644 packaging/touchpanel-exec.socket packaging/touchpanel-exec@.service "$stage/usr/lib/systemd/system/"
    install -D -m 644 packaging/touchpanel.sysusers "$stage/usr/lib/sysusers.d/touchpanel.conf"
    install -D -m 644 packaging/60-touchpanel.rules "$stage/usr/lib/udev/rules.d/60-touchpanel.rules"
    install -d -m 755 "$stage/usr/share/man/man1" "$stage/usr/share/man/man5" "$stage/usr/share/doc/touchpanel/docs"
    gzip -9n <packaging/touchpanel.1 >"$stage/usr/share/man/man1/touchpanel.1.gz"
    # touchpanel.ini(5): written from the key docs by scripts/update-doc-keys.sh.
    gzip -9n <packaging/touchpanel.ini.5 >"$stage/usr/share/man/man5/touchpanel.ini.5.gz"
    gzip -9n <README.md >"$stage/usr/share/doc/touchpanel/README.md.gz"
    gzip -9n <boards/README.md >"$stage/usr/share/doc/touchpanel/boards.md.gz"
    for guide in docs/*.md; do
        gzip -9n <"$guide" >"$stage/usr/share/doc/touchpanel/docs/$(basename "$guide").gz"
    done
    install -m 644 packaging/copyright "$stage/usr/share/doc/touchpanel/copyright"
    {
        echo "touchpanel ($pkgversion) $release; urgency=medium"
        echo
        echo "  * Built from the TouchPanel source tree for Debian $release $debarch."
        echo
        echo " -- TouchPanel developers <$maintainer_email>  $(date -R -d @"${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}")"
    } | gzip -9n >"$stage/usr/share/doc/touchpanel/changelog.gz"
    chmod 644 "$stage/usr/share/doc/touchpanel/"*.gz "$stage/usr/share/doc/touchpanel/copyright" "$stage/usr/share/doc/touchpanel/docs/"*
    install -m 755 packaging/postinst packaging/prerm packaging/postrm "$stage/DEBIAN/"
    echo /etc/touchpanel/panel.ini >"$stage/DEBIAN/conffiles"

    depends=$(depends_of "$stage/usr/bin/touchpanel" "build/sysroot/.apt/$release-$debarch/debs" | sort -u | paste -sd, | sed 's/,/, /g')
    # Not libraries: the default label font, and systemd for the unit and sysusers.d. The unit
    # runs nothing but /usr/bin/touchpanel (Tests/Packages/test.sh checks that each program it
    # names is in the package or its Depends).
    depends="$depends, fonts-dejavu-core, systemd"
    cat >"$stage/DEBIAN/control" <<CONTROL
Package: touchpanel
Version: $pkgversion
Architecture: $debarch
Maintainer: TouchPanel developers <$maintainer_email>
Installed-Size: $(du -sk --exclude=DEBIAN "$stage" | cut -f1)
Depends: $depends
Suggests: fonts-noto-core, fonts-noto-cjk, fonts-noto-color-emoji
Section: misc
Priority: optional
Description: touch-panel firmware for Raspberry Pi displays
 Reads a capacitive touch controller (FT5x06 or Goodix GT911 over I2C, or any
 touchscreen through its input device), turns touches into button gestures
 (single, double and triple tap, long press, repeat) with exact timing, draws
 the buttons into the framebuffer and runs their actions: JSON event lines,
 GPIO outputs and commands. Runs as a systemd service.
 .
 Built for Debian $release (Raspberry Pi OS based on it).
CONTROL
    deb=$out/touchpanel_${pkgversion}_$debarch.deb
    dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null
    echo "== lintian $(basename "$deb")" >&2
    lintian_out=$(lintian --tag-display-limit 0 "$deb" 2>&1 | grep -v 'running with root privileges' || true)
    [[ -z $lintian_out ]] || echo "$lintian_out" | sed 's/^/  /' >&2
    grep -q '^E: ' <<<"$lintian_out" && die "lintian reports errors for $(basename "$deb")"
    summary+=("$(basename "$deb") $(stat -c %s "$deb") bytes; Depends: $depends")
done
printf '%s\n' "${summary[@]}"
