#!/usr/bin/env bash
# scripts/sysroot.sh ARCH   (ARCH = arm64 | armhf; aarch64 is accepted for arm64)
#
# Fetches the ARM builds of the hardware libraries the firmware links against and unpacks them
# into build/sysroot/ARCH/. glibc, crt files and Linux headers come from Debian's *-cross
# packages (scripts/deps.sh), so only the libraries themselves are needed here.
#
# Uses a private apt configuration so the machine's own apt state and architectures stay
# untouched (`dpkg --add-architecture armhf` broke `apt-get update` on this kind of machine).
set -euo pipefail

packages=(
    libgpiod-dev libgpiod2 libi2c-dev libi2c0 libinih-dev libinih1
    # FreeType for the button labels, and what its static link needs (freetype2.pc's
    # Requires.private: zlib, libpng, libbrotlidec): -dev for headers/.a/.pc, runtime for .so.
    libfreetype-dev libfreetype6 libpng-dev libpng16-16 zlib1g-dev zlib1g libbrotli-dev libbrotli1
)

case "${1:-}" in
    arm64 | aarch64) arch=arm64 ;;
    armhf) arch=armhf ;;
    *) echo "usage: $0 arm64|armhf" >&2; exit 2 ;;
esac

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dest="$root/build/sysroot/$arch"
work="$root/build/sysroot/.apt/$arch"
stamp="$dest/.stamp"

# Same Debian release as the host, so the libraries match the cross glibc from deps.sh.
codename=${DEBIAN_CODENAME:-$(. /etc/os-release && echo "${VERSION_CODENAME:-}")}
[[ -n $codename ]] || { echo "sysroot.sh: cannot tell the Debian codename (set DEBIAN_CODENAME)" >&2; exit 1; }

key="$arch $codename ${packages[*]}"
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
    [[ $suite == "$codename" ]] || continue
    # A source restricted to other architectures (e.g. a vendor repo for amd64) is skipped.
    [[ $archs == - || ,$archs, == *,$arch,* || " $archs " == *" $arch "* ]] || continue
    opts="arch=$arch"
    [[ $signed == - ]] || opts+=" signed-by=$signed"
    echo "deb [$opts] $uri $suite main" >>"$list"
done < <(host_sources | sort -u)
[[ -s $list ]] || { echo "sysroot.sh: no '$codename ... main' source found in /etc/apt" >&2; exit 1; }

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

echo "sysroot.sh: fetching ${packages[*]} for $arch ($codename)" >&2
# Retry once: mirrors report transient size mismatches while syncing. Also require that an
# index really arrived, as apt only warns about some fetch failures.
for attempt in 1 2; do
    if apt-get "${apt_opts[@]}" update >&2 && compgen -G "$work/lists/*_Packages*" >/dev/null; then
        break
    fi
    ((attempt == 2)) && { echo "sysroot.sh: apt-get update failed for $arch" >&2; exit 1; }
    sleep 3
done
rm -f "$work/debs"/*.deb
(cd "$work/debs" && apt-get "${apt_opts[@]}" download "${packages[@]}" >&2)

# Unpack next to the destination and swap in at the end, so an interrupted run never leaves a
# half-filled sysroot behind a valid stamp.
tmp="$dest.tmp"
rm -rf "$tmp"
mkdir -p "$tmp"
for deb in "$work/debs"/*.deb; do
    dpkg-deb -x "$deb" "$tmp"
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
while IFS= read -r link; do
    target=$(readlink "$link")
    [[ $target == /* ]] || continue
    [[ $target == /lib/* ]] && target=/usr$target
    ln -sfn "$(realpath -m --relative-to="$(dirname "$link")" "$tmp$target")" "$link"
done < <(find "$tmp" -type l)
{
    echo "$key"
    (cd "$work/debs" && ls -1 *.deb)
} >"$tmp/.stamp"
rm -rf "$dest"
mv "$tmp" "$dest"
echo "sysroot.sh: $dest ready:" >&2
sed 1d "$stamp" | sed 's/^/  /' >&2
