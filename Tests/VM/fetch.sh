#!/usr/bin/env bash
# Tests/VM/fetch.sh
#
# Fetches what the kernel VM's guest needs from Debian's arm64 archive and unpacks it under
# build/vm/guest/KERNEL-PACKAGE-VERSION/:
#   linux-image-<ABI>-arm64     the kernel (an uncompressed arm64 Image) and its modules
#   linux-headers-<ABI>-arm64   and its -common package: to build the simulators out of tree
#   busybox-static              the guest's shell and tools
# The kernel is whatever the `linux-image-arm64` metapackage depends on right now (never a
# hard-coded version: security updates change it), from every suite of this Debian release
# the machine's own apt sources list (release, -updates, -security).
#
# Uses a private apt configuration, like scripts/build/sysroot.sh (whose source-list reader it
# reuses), so the machine's own apt state and architectures stay untouched.
#
# Prints shell assignments for the caller to eval (KVER, KPKG_VERSION, GUEST_DIR, ...);
# progress goes to stderr. When the archive cannot be reached, the last resolution is reused.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
vm=$root/build/vm
work=$vm/apt
arch=arm64

say() { echo "vm/fetch: $*" >&2; }
die() { say "error: $*"; exit 1; }

codename=${DEBIAN_CODENAME:-$(. /etc/os-release && echo "${VERSION_CODENAME:-}")}
[[ -n $codename ]] || die "cannot tell the Debian codename (set DEBIAN_CODENAME)"

# host_sources: "URI SUITE SIGNED-BY ARCHS" for every enabled deb source with `main`, from the
# one-line and deb822 formats. Taken from sysroot.sh itself so there is one reader of apt
# sources in the project.
source <(sed -n '/^host_sources() {$/,/^}$/p' "$root/scripts/build/sysroot.sh")
declare -F host_sources >/dev/null || die "scripts/build/sysroot.sh no longer defines host_sources()"

mkdir -p "$work/lists/partial" "$work/cache/archives/partial" "$work/empty.d"
list=$work/sources.list
{
    while read -r uri suite signed archs; do
        # This release and its -updates/-security suites: the kernel's security updates live
        # there, and so does the linux-source-6.1 the host installs from the same sources.
        [[ $suite == "$codename" || $suite == "$codename"-* ]] || continue
        [[ $archs == - || ,$archs, == *,$arch,* || " $archs " == *" $arch "* ]] || continue
        opts="arch=$arch"
        [[ $signed == - ]] || opts+=" signed-by=$signed"
        echo "deb [$opts] $uri $suite main"
    done < <(host_sources | sort -u)
} >"$list.new"
[[ -s $list.new ]] || die "no '$codename ... main' source found in /etc/apt"
mv "$list.new" "$list"

apt_opts=(
    -q
    -o "APT::Architecture=$arch" -o "APT::Architectures::=$arch"
    -o "Dir::Etc::SourceList=$list" -o "Dir::Etc::SourceParts=$work/empty.d"
    -o "Dir::Etc::Preferences=$work/empty.d/none" -o "Dir::Etc::PreferencesParts=$work/empty.d"
    -o "Dir::State::Lists=$work/lists" -o "Dir::Cache=$work/cache"
    -o Dir::State::status=/dev/null
    -o APT::Sandbox::User="$(id -un)"
)

resolved=$vm/guest.env   # the last successful resolution, for offline warm runs

# --- refresh the index (a warm run only revalidates it) -------------------------------------
online=0
for attempt in 1 2; do
    if apt-get "${apt_opts[@]}" update >"$work/update.log" 2>&1 &&
        ! grep -qE '^(E:|W: Failed)' "$work/update.log" &&
        compgen -G "$work/lists/*_Packages*" >/dev/null; then
        online=1
        break
    fi
    ((attempt == 2)) || sleep 3
done
if ((online == 0)); then
    sed 's/^/    /' "$work/update.log" >&2
    [[ -f $resolved ]] || die "apt-get update failed for $arch and nothing is cached"
    say "apt-get update failed; using the last resolution ($(. "$resolved"; echo "$KVER $KPKG_VERSION"))"
    cat "$resolved"
    exit 0
fi

# field PACKAGE FIELD: FIELD of PACKAGE's candidate version.
field() {
    apt-cache "${apt_opts[@]}" show --no-all-versions "$1" 2>/dev/null |
        awk -v f="$2" 'index($0, f ": ") == 1 { print substr($0, length(f) + 3); exit }'
}
# dep_matching PACKAGE REGEX: the first dependency of PACKAGE whose name matches REGEX.
dep_matching() {
    field "$1" Depends | tr ',|' '\n\n' | sed -E 's/^ +//; s/ .*//' | grep -E "$2" | head -n1
}

image_pkg=$(dep_matching linux-image-arm64 '^linux-image-[0-9]')
[[ -n $image_pkg ]] || die "linux-image-arm64 has no linux-image-* dependency in the $arch index"
kver=${image_pkg#linux-image-}
kver=${kver%-unsigned}
kpkg_version=$(field "$image_pkg" Version)
headers_pkg=linux-headers-$kver
common_pkg=$(dep_matching "$headers_pkg" '^linux-headers-.*-common$')
[[ -n $kpkg_version && -n $common_pkg ]] || die "cannot resolve $image_pkg / $headers_pkg in the $arch index"
headers_version=$(field "$headers_pkg" Version)
[[ $headers_version == "$kpkg_version" ]] ||
    say "note: $headers_pkg is $headers_version, the kernel $kpkg_version"
busybox_version=$(field busybox-static Version)
[[ -n $busybox_version ]] || die "busybox-static is not in the $arch index"
say "kernel $kver ($image_pkg $kpkg_version), busybox-static $busybox_version"

# --- download and unpack, once per kernel package version -------------------------------------
guest=$vm/guest/$kver-$kpkg_version
stamp=$guest/.stamp
key="$image_pkg $kpkg_version $headers_pkg $common_pkg busybox-static $busybox_version"
if [[ ! -f $stamp || $(<"$stamp") != "$key" ]]; then
    debs=$work/debs
    rm -rf "$debs" && mkdir -p "$debs"
    say "downloading $image_pkg $headers_pkg $common_pkg busybox-static"
    (cd "$debs" && apt-get "${apt_opts[@]}" download \
        "$image_pkg=$kpkg_version" "$headers_pkg" "$common_pkg" busybox-static >&2) ||
        die "apt-get download failed"
    tmp=$guest.tmp
    rm -rf "$tmp" && mkdir -p "$tmp/root"
    for deb in "$debs"/*.deb; do
        dpkg-deb -x "$deb" "$tmp/root"
    done
    # The headers expect to live in /usr/src: the arch tree's Makefile includes the common
    # tree's by absolute path, and both link scripts/ and tools/ to the arm64
    # linux-kbuild-6.1. Point them into this tree and at the host's linux-kbuild-6.1 (same
    # release, runs here), so that nothing is installed outside build/vm.
    src=$tmp/root/usr/src
    hdr=$src/linux-headers-$kver common=$src/$common_pkg
    [[ -f $hdr/Makefile && -f $common/Makefile ]] || die "unexpected layout in $headers_pkg / $common_pkg"
    sed -i -E "s|^include /usr/src/|include $guest/root/usr/src/|" "$hdr/Makefile"
    grep -q "^include $guest/" "$hdr/Makefile" || die "$hdr/Makefile does not include the common tree as expected"
    for d in scripts tools; do
        [[ -e /usr/lib/linux-kbuild-6.1/$d ]] || die "host /usr/lib/linux-kbuild-6.1/$d missing (scripts/build/deps.sh vm)"
        ln -sfn "/usr/lib/linux-kbuild-6.1/$d" "$hdr/$d"
        ln -sfn "/usr/lib/linux-kbuild-6.1/$d" "$common/$d"
    done
    (cd "$debs" && ls -1 *.deb) >"$tmp/debs.txt"
    echo "$key" >"$tmp/.stamp"
    rm -rf "$guest" && mv "$tmp" "$guest"
    rm -rf "$debs"
    # Older kernels' trees are not needed any more.
    find "$vm/guest" -mindepth 1 -maxdepth 1 -type d ! -path "$guest" -exec rm -rf {} + 2>/dev/null || true
fi

{
    echo "KVER=$kver"
    echo "KPKG_VERSION=$kpkg_version"
    echo "GUEST_DIR=$guest"
    echo "HEADERS_DIR=$guest/root/usr/src/linux-headers-$kver"
    echo "BUSYBOX_VERSION=$busybox_version"
} >"$resolved.new"
mv "$resolved.new" "$resolved"
cat "$resolved"
