#!/usr/bin/env bash
# scripts/release.sh (--key FILE [--passphrase-file FILE] | --test-key) [--packages DIR] [--out DIR]
#
# Makes a release: the four Debian packages (scripts/build/package.sh, for bookworm-aarch64,
# bookworm-armhf, trixie-aarch64 and trixie-armhf) and a signed apt repository holding them, in
# build/release/apt/ (or --out DIR), ready to be copied as it is to any web server:
#
#   touchpanel-archive-keyring.gpg   the archive's public key, binary (for Signed-By)
#   touchpanel-archive-keyring.asc   the same key, ASCII-armored
#   pool/main/t/touchpanel/*.deb     every package released into this directory
#   dists/bookworm/{InRelease,Release,Release.gpg}, main/binary-{arm64,armhf}/Packages{,.gz}
#   dists/trixie/...                 the same for trixie
#
# Each suite holds only its release's packages: +deb12 in bookworm, +deb13 in trixie. Releasing
# a new version into the same directory adds its packages to the pool and keeps the older ones,
# so `apt upgrade` finds the new version and an older one can still be installed by version; a
# file already in the pool is never replaced by different bytes (raise the version instead).
#
#   --key FILE            the archive's secret key, as `gpg --armor --export-secret-keys` writes
#                         it (one secret key); the maintainer keeps it, never in the repository
#   --passphrase-file F   the passphrase of that key, when it has one
#   --test-key            a throwaway key made for this run (no passphrase, gone afterwards):
#                         for tests only, as nobody can sign the next release with it
#   --packages DIR        take the four packages from DIR (touchpanel_VERSION+deb12_arm64.deb
#                         ... +deb13_armhf.deb, one VERSION) instead of building them
#   --out DIR             the repository's directory (default build/release/apt)
#
# The last line is the signing key's fingerprint, "fingerprint: 40 HEX DIGITS", which the README's
# install section has users compare. The indices are deterministic: the same pool gives the same
# Packages and Release files (Date is SOURCE_DATE_EPOCH, else the commit's time); only the
# signatures differ between runs.
#
# Needs apt-ftparchive (apt-utils), gpg and gpgv (gnupg), dpkg-deb (dpkg) and gzip;
# scripts/build/deps.sh installs them.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
die() { echo "release: error: $*" >&2; exit 1; }
usage() {
    echo "usage: $0 (--key FILE [--passphrase-file FILE] | --test-key) [--packages DIR] [--out DIR]" >&2
    exit 2
}

key_file="" passphrase_file="" test_key=no packages="" out=$root/build/release/apt
while (($#)); do
    case $1 in
        --key) (($# >= 2)) || usage; key_file=$2; shift 2 ;;
        --passphrase-file) (($# >= 2)) || usage; passphrase_file=$2; shift 2 ;;
        --test-key) test_key=yes; shift ;;
        --packages) (($# >= 2)) || usage; packages=$2; shift 2 ;;
        --out) (($# >= 2)) || usage; out=$2; shift 2 ;;
        -h | --help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
        *) echo "release: unknown argument: $1" >&2; usage ;;
    esac
done
[[ -n $key_file || $test_key == yes ]] || die "no signing key: give --key FILE (the archive's secret key) or --test-key (a throwaway key, for tests)"
[[ -z $key_file || $test_key == no ]] || die "--key and --test-key exclude each other"
[[ -z $key_file || -r $key_file ]] || die "cannot read the key file $key_file"
[[ -z $passphrase_file || -r $passphrase_file ]] || die "cannot read the passphrase file $passphrase_file"
[[ -z $passphrase_file || -n $key_file ]] || die "--passphrase-file goes with --key"
# Absolute: the script works in the output directory later.
[[ -z $key_file ]] || key_file=$(realpath "$key_file")
[[ -z $passphrase_file ]] || passphrase_file=$(realpath "$passphrase_file")

# Building installs the build dependencies (the release tools among them) first, so that a
# missing tool is reported before a long build, not after it.
[[ -n $packages ]] || "$root/scripts/build/deps.sh"
for tool in apt-ftparchive:apt-utils gpg:gnupg gpgv:gpgv dpkg-deb:dpkg gzip:gzip; do
    command -v "${tool%%:*}" >/dev/null ||
        die "${tool%%:*} is missing: install the Debian package ${tool#*:} (scripts/build/deps.sh does)"
done

# suite_of SUFFIX: the suite that holds a +debNN package.
suite_of() { case $1 in deb12) echo bookworm ;; deb13) echo trixie ;; esac; }
suites=(bookworm trixie) archs=(arm64 armhf)
declare -A suffix_of=([bookworm]=deb12 [trixie]=deb13) number_of=([bookworm]=12 [trixie]=13)

# --- the four packages ----------------------------------------------------------------------
if [[ -z $packages ]]; then
    version=$(sed -nE 's/.*static let text: StaticString = "([^"]+)".*/\1/p' "$root/Sources/PanelEngine/Engine/SoftwareVersion.swift")
    [[ -n $version ]] || die "no version in Sources/PanelEngine/Engine/SoftwareVersion.swift"
    echo "release: building the packages of $version (scripts/build/package.sh all)" >&2
    "$root/scripts/build/package.sh" all >&2
    packages=$root/build/packages
else
    [[ -d $packages ]] || die "--packages $packages: no such directory"
    # The version is the packages': exactly one, as a release is the four packages of one version.
    mapfile -t versions < <(for deb in "$packages"/touchpanel_*.deb; do
        [[ -e $deb ]] || continue
        name=$(basename "$deb"); name=${name#touchpanel_}; echo "${name%%+deb*}"
    done | sort -u)
    ((${#versions[@]})) || die "--packages $packages holds no touchpanel_*.deb"
    ((${#versions[@]} == 1)) || die "--packages $packages holds versions ${versions[*]}; a release takes the four packages of one version"
    version=${versions[0]}
fi
debs=()
for suite in "${suites[@]}"; do
    for arch in "${archs[@]}"; do
        deb=$packages/touchpanel_${version}+${suffix_of[$suite]}_$arch.deb
        [[ -f $deb ]] || die "no $(basename "$deb") in $packages (a release needs +deb12 and +deb13, arm64 and armhf)"
        # The index is made from the control file, so it must say what the file name says.
        control=$(dpkg-deb -f "$deb" Package Version Architecture) || die "$deb is not a Debian package"
        [[ $control == "Package: touchpanel"$'\n'"Version: $version+${suffix_of[$suite]}"$'\n'"Architecture: $arch" ]] ||
            die "$(basename "$deb") says: $(tr '\n' ' ' <<<"$control")"
        debs+=("$deb")
    done
done

# --- the pool -------------------------------------------------------------------------------
pool=pool/main/t/touchpanel
mkdir -p "$out/$pool"
out=$(cd "$out" && pwd)
for deb in "${debs[@]}"; do
    target=$out/$pool/$(basename "$deb")
    if [[ -e $target ]]; then
        cmp -s "$deb" "$target" ||
            die "$pool/$(basename "$deb") is already in $out with other bytes; a published package is never replaced: raise the version"
    else
        cp "$deb" "$target.tmp" && chmod 644 "$target.tmp" && mv "$target.tmp" "$target"
    fi
done

# --- the indices ----------------------------------------------------------------------------
epoch=${SOURCE_DATE_EPOCH:-$(git -C "$root" log -1 --format=%ct 2>/dev/null || date +%s)}
date=$(LC_ALL=C date -u -d "@$epoch" '+%a, %d %b %Y %H:%M:%S UTC')
cd "$out"
# The key lives in a private GNUPGHOME for this run only (a short path: gpg-agent's socket).
GNUPGHOME=$(mktemp -d "${TMPDIR:-/tmp}/touchpanel-release.XXXXXX")
export GNUPGHOME
cleanup() {
    gpgconf --kill gpg-agent 2>/dev/null || true
    rm -rf "$GNUPGHOME" "$out/dists.new" "$out"/touchpanel-archive-keyring.*.new
}
trap cleanup EXIT
rm -rf dists.new
for suite in "${suites[@]}"; do
    suffix=${suffix_of[$suite]}
    for arch in "${archs[@]}"; do
        dir=dists.new/$suite/main/binary-$arch
        mkdir -p "$dir"
        # One stanza per package of this release and architecture, oldest version first.
        mapfile -t files < <(cd "$pool" && ls -1 -- *+"${suffix}_$arch.deb" | sort -V)
        for file in "${files[@]}"; do
            apt-ftparchive -o APT::FTPArchive::MD5=false -o APT::FTPArchive::SHA1=false \
                packages "$pool/$file"
        done >"$dir/Packages"
        gzip -9n <"$dir/Packages" >"$dir/Packages.gz"
    done
    apt-ftparchive \
        -o APT::FTPArchive::Release::MD5=false -o APT::FTPArchive::Release::SHA1=false \
        -o APT::FTPArchive::Release::Origin=TouchPanel \
        -o APT::FTPArchive::Release::Label=TouchPanel \
        -o APT::FTPArchive::Release::Suite="$suite" \
        -o APT::FTPArchive::Release::Codename="$suite" \
        -o APT::FTPArchive::Release::Date="$date" \
        -o APT::FTPArchive::Release::Architectures="${archs[*]}" \
        -o APT::FTPArchive::Release::Components=main \
        -o APT::FTPArchive::Release::Description="TouchPanel for Debian ${number_of[$suite]} $suite and Raspberry Pi OS based on it" \
        release "dists.new/$suite" >"dists.new/$suite.Release"
    mv "dists.new/$suite.Release" "dists.new/$suite/Release"
done

# --- the key and the signatures -------------------------------------------------------------
gpg_batch=(gpg --batch --quiet --no-tty)
if [[ $test_key == yes ]]; then
    "${gpg_batch[@]}" --pinentry-mode loopback --passphrase '' \
        --quick-gen-key "TouchPanel test archive key (throwaway, for tests only) <touchpanel-test@example.invalid>" \
        ed25519 sign never 2>/dev/null || die "gpg could not make the test key"
else
    "${gpg_batch[@]}" --import "$key_file" 2>/dev/null || die "gpg cannot import $key_file"
fi
mapfile -t fprs < <(gpg --batch --with-colons --list-secret-keys 2>/dev/null |
    awk -F: '$1 == "sec" { want = 1; next } want && $1 == "fpr" { print $10; want = 0 }')
((${#fprs[@]} > 0)) || die "$key_file holds no secret key (export it with gpg --armor --export-secret-keys FINGERPRINT)"
((${#fprs[@]} == 1)) || die "$key_file holds ${#fprs[@]} secret keys (${fprs[*]}); give it the archive's key alone"
fpr=${fprs[0]}
sign=("${gpg_batch[@]}" --yes --pinentry-mode loopback --local-user "$fpr" --digest-algo SHA512)
if [[ -n $passphrase_file ]]; then
    sign+=(--passphrase-file "$passphrase_file")
elif [[ $test_key == yes ]]; then
    sign+=(--passphrase '')
fi
for suite in "${suites[@]}"; do
    "${sign[@]}" --clearsign --output "dists.new/$suite/InRelease" "dists.new/$suite/Release" ||
        die "gpg could not sign with $fpr (a key with a passphrase needs --passphrase-file)"
    "${sign[@]}" --armor --detach-sign --output "dists.new/$suite/Release.gpg" "dists.new/$suite/Release"
done
gpg --batch --export --export-options export-minimal "$fpr" >touchpanel-archive-keyring.gpg.new
gpg --batch --armor --export --export-options export-minimal "$fpr" >touchpanel-archive-keyring.asc.new
# What apt will do: check both signatures against the exported keyring alone.
for suite in "${suites[@]}"; do
    gpgv --keyring "$out/touchpanel-archive-keyring.gpg.new" "dists.new/$suite/InRelease" 2>/dev/null &&
        gpgv --keyring "$out/touchpanel-archive-keyring.gpg.new" "dists.new/$suite/Release.gpg" "dists.new/$suite/Release" 2>/dev/null ||
        die "the signatures of $suite do not verify against the exported key"
done

# Swap in: the old indices stay whole until the new ones are complete.
rm -rf dists.old
[[ ! -d dists ]] || mv dists dists.old
mv dists.new dists
rm -rf dists.old
chmod 644 touchpanel-archive-keyring.gpg.new touchpanel-archive-keyring.asc.new
mv touchpanel-archive-keyring.gpg.new touchpanel-archive-keyring.gpg
mv touchpanel-archive-keyring.asc.new touchpanel-archive-keyring.asc

for suite in "${suites[@]}"; do
    for arch in "${archs[@]}"; do
        echo "$suite $arch: $(awk '/^Version: / { printf "%s%s", sep, $2; sep = " " }' "dists/$suite/main/binary-$arch/Packages")"
    done
done
echo "repository: $out"
[[ $test_key == no ]] || echo "key: a throwaway test key; nobody can sign another release with it"
echo "fingerprint: $fpr"
