#!/usr/bin/env bash
# scripts/build/sysroot.sh RELEASE ARCH   (RELEASE = trixie | bookworm; ARCH = arm64 | armhf, aarch64 is
#                                    accepted for arm64)
#
# Fetches one Raspberry Pi OS base release's ARM packages that the firmware is compiled and
# linked against, and unpacks them into build/sysroot/RELEASE-ARCH/: glibc and its headers, the
# compiler's crt files and libgcc, and the libraries (libgpiod, libi2c, libinih, FreeType,
# libsystemd, libmosquitto, libdrm, libwebsockets, cJSON, libqrencode). A binary linked there needs exactly
# what that release's packages provide: the two releases differ in glibc (2.36, 2.41), libgpiod
# (1.6 as libgpiod.so.2, 2.2 as libgpiod.so.3), libwebsockets (4.1 as libwebsockets.so.17, 4.3
# as .so.19) and, on armhf, time_t (trixie's is 64-bit).
#
# Uses a private apt configuration so the machine's own apt state and architectures stay
# untouched (`dpkg --add-architecture armhf` broke `apt-get update` on this kind of machine).
set -euo pipefail

case "${1:-}" in
    trixie | bookworm) release=$1 ;;
    *) echo "usage: $0 trixie|bookworm arm64|armhf" >&2; exit 2 ;;
esac
case "${2:-}" in
    arm64 | aarch64) arch=arm64 ;;
    armhf) arch=armhf ;;
    amd64 | x86_64) arch=amd64 ;;   # the firmware's own code measured on this machine (bench.sh)
    *) echo "usage: $0 trixie|bookworm arm64|armhf|amd64" >&2; exit 2 ;;
esac

# The C library, the kernel headers and GCC's crt files/libgcc, so that clang links with
# --sysroot against this release alone; then the libraries with what FreeType's static link
# needs (freetype2.pc's Requires.private: zlib, libpng, libbrotlidec), and what libsystemd.so
# itself needs, which the linker checks through -rpath-link.
packages=(
    libc6 libc6-dev linux-libc-dev libgcc-s1
    libgpiod-dev libi2c-dev libi2c0 libinih-dev libinih1
    libfreetype-dev libfreetype6 libpng-dev zlib1g-dev zlib1g libbrotli-dev libbrotli1
    libsystemd-dev libsystemd0 libcap2
    libmosquitto-dev libmosquitto1
    libdrm-dev libdrm2
    # Home Assistant's websocket client: libwebsockets' headers include <openssl/ssl.h> and
    # <sys/capability.h> (lws_config.h: LWS_WITH_TLS, LWS_HAVE_LIBCAP), and its library needs
    # libssl3, libcap2 and zlib1g, listed here or below.
    libwebsockets-dev libcjson-dev libcjson1 libssl-dev libcap-dev
    # The static binary's Home Assistant client: libwebsockets.a, libssl.a and libcrypto.a with
    # what they need (libcap.a, libz.a; trixie's OpenSSL also compresses with zstd and brotli).
    libzstd-dev
    # QR codes (CLinux's qrcode.c): libqrencode4 in both releases.
    libqrencode-dev libqrencode4
    # Text layout (CLinux's textshape.c): HarfBuzz and FriBidi; libharfbuzz.so.0 also needs
    # GLib (and GLib PCRE2) and Graphite, which the linker finds through -rpath-link.
    libharfbuzz-dev libharfbuzz0b libfribidi-dev libfribidi0 libgraphite2-3 libpcre2-8-0
)
# Debian ships no libcjson.a: the static binary compiles cJSON.c from the release's own source
# package (patches applied), unpacked into usr/src/cjson. (Nor libqrencode.a: the static binary
# has no QR codes, as it has no MQTT.)
source_packages=(cjson)
case $release in
    # trixie's GLib (which libharfbuzz.so.0 needs) needs libatomic.so.1 at run time.
    trixie) packages+=(libgcc-14-dev libgpiod3 libpng16-16t64 libbz2-dev libbz2-1.0 libssl3t64 libzstd1 libwebsockets19t64
        libglib2.0-0t64 libatomic1) ;;
    bookworm) packages+=(libgcc-12-dev libgpiod2 libpng16-16 libgcrypt20 libgpg-error0 liblz4-1 liblzma5 libzstd1 libssl3 libwebsockets17
        libglib2.0-0) ;;
esac

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
dest="$root/build/sysroot/$release-$arch"
work="$root/build/sysroot/.apt/$release-$arch"
stamp="$dest/.stamp"

# The host's own Debian mirror serves both releases: its sources for the host's release are
# taken with the suite swapped for RELEASE.
host_codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
[[ -n $host_codename ]] || { echo "sysroot.sh: cannot tell the host's Debian codename" >&2; exit 1; }
codename=$release
key="$arch $codename ${packages[*]} source: ${source_packages[*]}"
if [[ -f $stamp && $(head -n1 "$stamp") == "$key" ]]; then
    exit 0
fi

# --- sources: the host's own Debian mirrors, restricted to this release and `main` ----------
# Prints "URI SUITE SIGNED-BY" for every enabled `deb` source of the release, from both the
# one-line format (*.list) and deb822 (*.sources).
host_sources() {
    local f
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
        [[ -f $f ]] || continue
        awk '
            { sub(/#.*/, "") }
            $1 != "deb" { next }
            {
                signed = "-"; archs = ""; i = 2
                if ($2 ~ /^\[/) {                       # [opt=val opt=val]
                    while (i <= NF) {
                        o = $i; gsub(/[\[\]]/, "", o)
                        if (o ~ /^signed-by=/) signed = substr(o, 11)
                        if (o ~ /^arch=/) archs = substr(o, 6)
                        if ($i ~ /\]$/) { i++; break }
                        i++
                    }
                }
                uri = $i; suite = $(i + 1); main = 0
                for (j = i + 2; j <= NF; j++) if ($j == "main") main = 1
                if (main) print uri, suite, signed, (archs == "" ? "-" : archs)
            }' "$f"
    done
    for f in /etc/apt/sources.list.d/*.sources; do
        [[ -f $f ]] || continue
        # deb822: paragraphs of "Field: value"; continuation lines start with a space (an
        # inline Signed-By key block is skipped: only a keyring path is carried over).
        awk '
            function flush(   n, u, s, k, c, uris, suites, main) {
                if (types ~ /(^| )deb( |$)/ && enabled != "no") {
                    main = 0; n = split(comps, c, " "); for (k = 1; k <= n; k++) if (c[k] == "main") main = 1
                    if (main) {
                        n = split(urisf, uris, " "); split(suitesf, suites, " ")
                        for (u = 1; u <= n; u++) for (s in suites)
                            print uris[u], suites[s], (signed == "" ? "-" : signed), (archs == "" ? "-" : archs)
                    }
                }
                types = urisf = suitesf = comps = signed = archs = enabled = ""
            }
            /^#/ { next }
            /^[ \t]*$/ { flush(); next }
            /^[ \t]/ { next }
            {
                field = tolower($1); sub(/:$/, "", field)
                val = $0; sub(/^[^:]*:[ \t]*/, "", val); sub(/[ \t]+$/, "", val)
                if (field == "types") types = val
                else if (field == "uris") urisf = val
                else if (field == "suites") suitesf = val
                else if (field == "components") comps = val
                else if (field == "signed-by" && val ~ /^\//) signed = val
                else if (field == "architectures") archs = val
                else if (field == "enabled") enabled = tolower(val)
            }
            END { flush() }' "$f"
    done
}

mkdir -p "$work/lists/partial" "$work/cache/archives/partial" "$work/debs" "$work/empty.d"
list="$work/sources.list"
: >"$list"
while read -r uri suite signed archs; do
    # The release suite only: reproducible, and this mirror's bookworm-security armhf index
    # failed with a size mismatch. (These libraries had no -updates/-security uploads anyway.)
    [[ $suite == "$host_codename" ]] || continue
    # A source restricted to other architectures (e.g. a vendor repo for amd64) is skipped.
    [[ $archs == - || ,$archs, == *,$arch,* || " $archs " == *" $arch "* ]] || continue
    opts="arch=$arch"
    [[ $signed == - ]] || opts+=" signed-by=$signed"
    echo "deb [$opts] $uri $codename main" >>"$list"
    # Source packages (their index is not per architecture), for source_packages.
    src_opts=""
    [[ $signed == - ]] || src_opts="[signed-by=$signed] "
    echo "deb-src $src_opts$uri $codename main" >>"$list"
done < <(host_sources | sort -u)
[[ -s $list ]] || { echo "sysroot.sh: no '$host_codename ... main' source found in /etc/apt" >&2; exit 1; }

apt_opts=(
    -q
    -o "APT::Architecture=$arch" -o "APT::Architectures::=$arch"
    -o "Dir::Etc::SourceList=$list" -o "Dir::Etc::SourceParts=$work/empty.d"
    -o "Dir::Etc::Preferences=$work/empty.d/none" -o "Dir::Etc::PreferencesParts=$work/empty.d"
    -o "Dir::State::Lists=$work/lists" -o "Dir::Cache=$work/cache"
    -o Dir::State::status=/dev/null
    # The private dirs belong to the caller; apt's _apt sandbox user could not write them.
    -o APT::Sandbox::User="$(id -un)"
)

# fetch_unverified: the fallback for a mirror whose index for this architecture does not match
# its signed Release file (seen for weeks with this machine's mirror: trixie's armhf
# Packages.xz, earlier bookworm-security's). Reads that index directly, downloads each package
# it names and checks the .deb's SHA256 against it: consistent, but the index itself is not
# authenticated, which the warning says.
fetch_unverified() {
    local uri index=$work/Packages.unverified package fields filename sha
    uri=$(awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^(http|https|file):/) { print $i; exit } }' "$list")
    echo "sysroot.sh: warning: $uri $codename main/binary-$arch/Packages.xz does not match its" \
        "signed Release file; using it unverified (each .deb is checked against it)" >&2
    curl -fsSL --retry 3 "$uri/dists/$codename/main/binary-$arch/Packages.xz" | xz -dc >"$index" || return 1
    for package in "${packages[@]}"; do
        fields=$(awk -v want="$package" -v arch="$arch" '
            /^Package: / { name = $2 } /^Architecture: / { a = $2 }
            /^Filename: / { file = $2 } /^SHA256: / { sha = $2 }
            /^$/ { if (name == want && (a == arch || a == "all")) { print file, sha; exit } name = a = file = sha = "" }
        ' "$index")
        [[ -n $fields ]] || { echo "sysroot.sh: $package not in the $codename $arch index" >&2; return 1; }
        read -r filename sha <<<"$fields"
        curl -fsSL --retry 3 -o "$work/debs/$(basename "$filename")" "$uri/$filename" || return 1
        echo "$sha  $work/debs/$(basename "$filename")" | sha256sum -c --quiet - >&2 ||
            { echo "sysroot.sh: $filename does not match the index" >&2; return 1; }
    done
}

# fetch_sources_unverified: the same fallback for source_packages, from the Sources index: each
# file the package names is checked against that index's SHA256.
fetch_sources_unverified() {
    local uri index=$work/Sources.unverified package dir
    uri=$(awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^(http|https|file):/) { print $i; exit } }' "$list")
    curl -fsSL --retry 3 "$uri/dists/$codename/main/source/Sources.xz" | xz -dc >"$index" || return 1
    for package in "${source_packages[@]}"; do
        dir=$(awk -v want="$package" '/^Package: / { name = $2 } /^Directory: / && name == want { print $2; exit }' "$index")
        [[ -n $dir ]] || { echo "sysroot.sh: source $package not in the $codename index" >&2; return 1; }
        while read -r sha _ file; do
            curl -fsSL --retry 3 -o "$work/src/$file" "$uri/$dir/$file" || return 1
            echo "$sha  $work/src/$file" | sha256sum -c --quiet - >&2 ||
                { echo "sysroot.sh: $file does not match the index" >&2; return 1; }
        done < <(awk -v want="$package" '
            /^Package: / { name = $2; sums = 0; next }
            name == want && /^Checksums-Sha256:/ { sums = 1; next }
            name == want && sums && /^ / { print; next }
            { sums = 0 }
            /^$/ && name == want { exit }' "$index")
    done
}

echo "sysroot.sh: fetching ${packages[*]} and the source of ${source_packages[*]} for $arch ($codename)" >&2
# Retry: mirrors report transient size mismatches while syncing. Also require that an index
# really arrived, as apt only warns about some fetch failures.
verified=no
for attempt in 1 2 3; do
    if apt-get "${apt_opts[@]}" update >&2 && compgen -G "$work/lists/*_Packages*" >/dev/null; then
        verified=yes
        break
    fi
    ((attempt == 3)) || sleep $((attempt * 10))
done
rm -rf "$work/debs"/*.deb "$work/src"
mkdir -p "$work/src"
if [[ $verified == yes ]]; then
    (cd "$work/debs" && apt-get "${apt_opts[@]}" download "${packages[@]}" >&2)
    (cd "$work/src" && apt-get "${apt_opts[@]}" source --download-only "${source_packages[@]}" >&2)
else
    fetch_unverified || { echo "sysroot.sh: cannot fetch the $codename $arch packages" >&2; exit 1; }
    fetch_sources_unverified || { echo "sysroot.sh: cannot fetch the $codename sources" >&2; exit 1; }
fi

# Unpack next to the destination and swap in at the end, so an interrupted run never leaves a
# half-filled sysroot behind a valid stamp.
tmp="$dest.tmp"
rm -rf "$tmp"
mkdir -p "$tmp"
for deb in "$work/debs"/*.deb; do
    dpkg-deb -x "$deb" "$tmp"
done
# Each source package with its Debian patches applied. --no-check: the .dsc's signature needs the
# uploaders' keyring; its files were checked against the signed Sources index (or the index
# itself, as above).
mkdir -p "$tmp/usr/src"
for package in "${source_packages[@]}"; do
    dsc=$(compgen -G "$work/src/${package}_*.dsc" | head -n1) || { echo "sysroot.sh: no $package source" >&2; exit 1; }
    dpkg-source --no-check -x "$dsc" "$tmp/usr/src/$package" >&2
done
# Some packages (zlib1g) still install into /lib, and some -dev links are absolute
# (libz.so -> /lib/.../libz.so.1.2.13): both assume the board's root. Merge /lib into /usr/lib
# as usrmerge does and make absolute links relative, so that the linker (-L, -rpath-link) and
# qemu's LD_LIBRARY_PATH find everything under usr/lib/TRIPLE.
if [[ -d $tmp/lib ]]; then
    mkdir -p "$tmp/usr/lib"
    cp -a "$tmp/lib/." "$tmp/usr/lib/"
    rm -rf "$tmp/lib"
fi
# libc.so (a linker script) names /lib/TRIPLE/libc.so.6: as on a merged-/usr system, /lib is
# /usr/lib.
ln -sfn usr/lib "$tmp/lib"
while IFS= read -r link; do
    target=$(readlink "$link")
    [[ $target == /* ]] || continue
    [[ $target == /lib/* ]] && target=/usr$target
    ln -sfn "$(realpath -m --relative-to="$(dirname "$link")" "$tmp$target")" "$link"
done < <(find "$tmp" -type l)
{
    echo "$key"
    (cd "$work/debs" && ls -1 *.deb)
    (cd "$work/src" && ls -1 *.dsc)
} >"$tmp/.stamp"
rm -rf "$dest"
mv "$tmp" "$dest"
echo "sysroot.sh: $dest ready:" >&2
sed 1d "$stamp" | sed 's/^/  /' >&2
