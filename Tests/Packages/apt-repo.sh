#!/usr/bin/env bash
# Tests/Packages/apt-repo.sh [PACKAGES_DIR]   (default build/packages)
#
# The apt repository of scripts/release.sh, end to end, without network and without a Pi: the
# four packages of the source's version (copied from PACKAGES_DIR) are released with
# --test-key into a temporary directory, and apt reads it as a Pi would, through the README's
# deb822 touchpanel.sources (URIs: file:..., Signed-By: the exported keyring). apt is this
# machine's (bookworm's apt; trixie's verifies with sqv, checked on its own), run with a private
# configuration (APT_CONFIG: its own sources, lists, cache, dpkg status and no trusted keys of
# the machine) for arm64 or armhf, so the machine's own apt state is untouched. Checks:
#   - release.sh prints the fingerprint; the keyring (binary) and the .asc hold that key alone,
#     public only; Release says the suite, main, arm64 armhf; each suite's indices hold exactly
#     its release's package (+deb12 in bookworm, +deb13 in trixie); the same packages give the
#     same indices again; sqv (the verifier trixie's apt calls) accepts Release.gpg;
#   - for each suite and architecture, `apt-get update` succeeds without a warning and
#     `apt-cache policy touchpanel` has that release's version as the only candidate;
#     `apt-get download` gets the very package released; `apt-get -s install touchpanel`
#     (its Depends marked installed) installs it without an authentication warning;
#   - apt refuses: a keyring of another key (NO_PUBKEY with the signing key's id), the
#     signatures removed ("is not signed"), the signed Release edited (BADSIG), a Packages
#     file changed under its signed hash, a .deb changed in the pool;
#   - an upgrade: 0.1.0 released with a maintainer's key (--key), installed (in the dpkg status
#     apt reads), then the next version re-packed and released into the same directory:
#     `apt-get update` and `apt-get -s upgrade` upgrade touchpanel; the pool keeps the old
#     version; a published file is never replaced by other bytes;
#   - release.sh's errors name what is missing (no key, a package missing).
# The last line is "apt-repo: N passed, N failed" (Tests/Packages/test.sh adds it up).
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root" || exit 1
passed=0 failed=0
ok() { echo "ok   $*"; passed=$((passed + 1)); }
bad() { echo "FAIL $*"; failed=$((failed + 1)); }
finish() { echo "apt-repo: $passed passed, $failed failed"; ((failed == 0)); exit; }

built=${1:-build/packages}
version=$(sed -nE 's/.*static let text: StaticString = "([^"]+)".*/\1/p' Sources/PanelEngine/Engine/SoftwareVersion.swift)
next=$(awk -F. -v OFS=. '{ $NF = $NF + 1; print }' <<<"$version")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/apt-repo.XXXXXX")
export GNUPGHOME=$tmp/gnupg
mkdir -m 700 "$GNUPGHOME"
trap 'gpgconf --kill gpg-agent 2>/dev/null; rm -rf "$tmp"' EXIT
# Fixed, so that two releases of the same packages can be compared byte for byte.
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}

mkdir -p "$tmp/p"
for name in touchpanel_${version}+deb12_arm64.deb touchpanel_${version}+deb12_armhf.deb \
    touchpanel_${version}+deb13_arm64.deb touchpanel_${version}+deb13_armhf.deb; do
    cp "$built/$name" "$tmp/p/" 2>/dev/null || { bad "no $built/$name (scripts/build/package.sh all makes it)"; finish; }
done

# --- the release ----------------------------------------------------------------------------
repo=$tmp/repo
if out=$(scripts/release.sh --packages "$tmp/p" --test-key --out "$repo" 2>&1) &&
    fpr=$(sed -nE 's/^fingerprint: ([0-9A-F]{40})$/\1/p' <<<"$out") && [[ -n $fpr ]]; then
    ok "release.sh --packages --test-key: repository made, fingerprint $fpr"
else
    bad "release.sh --packages --test-key: $(tail -n 3 <<<"$out")"; finish
fi
keyid=${fpr: -16}

# key_fprs FILE: the fingerprints of the primary keys gpg --show-keys finds in FILE, and "sec"
# for a secret key.
key_fprs() {
    gpg --batch --with-colons --show-keys "$1" 2>/dev/null |
        awk -F: '$1 == "sec" { print "sec" } $1 ~ /^(pub|sec)$/ { want = 1; next } want && $1 == "fpr" { print $10; want = 0 }' |
        paste -sd' '
}
ring=$repo/touchpanel-archive-keyring.gpg
if [[ $(key_fprs "$ring") == "$fpr" && $(key_fprs "$repo/touchpanel-archive-keyring.asc") == "$fpr" &&
    $(head -c 5 "$ring") != "-----" && $(head -n 1 "$repo/touchpanel-archive-keyring.asc") == "-----BEGIN PGP PUBLIC KEY BLOCK-----" ]] &&
    ! grep -rqa 'PRIVATE KEY' "$repo"; then
    ok "touchpanel-archive-keyring.gpg (binary) and .asc hold $fpr alone, public only"
else
    bad "keyring: .gpg has '$(key_fprs "$ring")', .asc '$(key_fprs "$repo/touchpanel-archive-keyring.asc")', want $fpr, public only"
fi

for suite in bookworm trixie; do
    case $suite in bookworm) suffix=deb12 ;; trixie) suffix=deb13 ;; esac
    release=$repo/dists/$suite/Release
    fields=$(grep -E '^(Suite|Codename|Components|Architectures): ' "$release" | sort | paste -sd';')
    want_fields="Architectures: arm64 armhf;Codename: $suite;Components: main;Suite: $suite"
    versions=""
    for arch in arm64 armhf; do
        versions+="$arch=$(awk '/^Version: / { printf "%s%s", sep, $2; sep = "," }' "$repo/dists/$suite/main/binary-$arch/Packages") "
    done
    want_versions="arm64=$version+$suffix armhf=$version+$suffix "
    if [[ $fields == "$want_fields" && $versions == "$want_versions" ]]; then
        ok "dists/$suite: Release says $suite, main, arm64 armhf; its indices hold only $version+$suffix"
    else
        bad "dists/$suite: Release '$fields' (want '$want_fields'); indices '$versions' (want '$want_versions')"
    fi
done

# The same packages, released again (another throwaway key): the same indices, byte for byte.
if scripts/release.sh --packages "$tmp/p" --test-key --out "$tmp/again" >/dev/null 2>&1 &&
    diff -r -x InRelease -x Release.gpg -x 'touchpanel-archive-keyring.*' "$repo" "$tmp/again" >/dev/null; then
    ok "released twice: the same Release and Packages files, byte for byte"
else
    bad "released twice: $(diff -r -x InRelease -x Release.gpg -x 'touchpanel-archive-keyring.*' "$repo" "$tmp/again" 2>&1 | head -n 3)"
fi

if ! command -v sqv >/dev/null; then
    bad "sqv is missing (Debian package sqv; scripts/build/deps.sh installs it)"
elif signer=$(sqv --keyring "$ring" "$repo/dists/trixie/Release.gpg" "$repo/dists/trixie/Release" 2>&1) &&
    [[ $signer == "$fpr" ]]; then
    ok "sqv (trixie's apt verifier) accepts dists/trixie/Release.gpg: signed by $signer"
else
    bad "sqv on dists/trixie/Release.gpg: $signer"
fi

# --- apt, as on the Pi ----------------------------------------------------------------------
# apt_setup DIR ARCH REPO SUITE KEYRING [STATUS]: a private apt for ARCH in DIR whose one source
# is the README's touchpanel.sources, with URIs file:REPO and Signed-By KEYRING.
apt_setup() {
    local dir=$1 arch=$2 repo=$3 suite=$4 keyring=$5 status=${6:-/dev/null}
    mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial" "$dir/empty.d" "$dir/sources.list.d"
    printf 'Types: deb\nURIs: file:%s\nSuites: %s\nComponents: main\nSigned-By: %s\n' \
        "$repo" "$suite" "$keyring" >"$dir/sources.list.d/touchpanel.sources"
    cat >"$dir/apt.conf" <<CONF
APT::Architecture "$arch";
APT::Architectures { "$arch"; };
Dir::Etc::Main "$dir/empty.d/none";
Dir::Etc::Parts "$dir/empty.d";
Dir::Etc::SourceList "$dir/empty.d/none";
Dir::Etc::SourceParts "$dir/sources.list.d";
Dir::Etc::Preferences "$dir/empty.d/none";
Dir::Etc::PreferencesParts "$dir/empty.d";
Dir::Etc::Trusted "$dir/empty.d/none";
Dir::Etc::TrustedParts "$dir/empty.d";
Dir::State::Lists "$dir/lists";
Dir::State::status "$status";
Dir::Cache "$dir/cache";
Dir::Log "$dir";
Acquire::Languages "none";
APT::Sandbox::User "$(id -un)";
CONF
}
# apt_in DIR COMMAND...: run an apt command with DIR's configuration, output and errors together.
apt_in() { local dir=$1; shift; APT_CONFIG=$dir/apt.conf LC_ALL=C "$@" 2>&1; }
candidate() { apt_in "$1" apt-cache policy touchpanel | awk '/Candidate:/ { print $2 }'; }
table() { apt_in "$1" apt-cache policy touchpanel | awk '/^ +(\*\*\* )?[0-9][^ ]* [0-9]+$/ { print $(NF - 1) }' | paste -sd' '; }

# fake_status FILE DEB [installed]: a dpkg status in which DEB's Depends are installed (the
# Pi's system, which apt cannot install here), and with "installed", DEB itself.
fake_status() {
    local file=$1 deb=$2 arch name
    arch=$(dpkg-deb -f "$deb" Architecture)
    : >"$file"
    for name in $(dpkg-deb -f "$deb" Depends | tr ',|' '\n\n' | awk '{ print $1 }' | sort -u); do
        printf 'Package: %s\nStatus: install ok installed\nPriority: optional\nArchitecture: %s\nVersion: 999\nMaintainer: test\nDescription: stands for the system\n\n' \
            "$name" "$arch" >>"$file"
    done
    if [[ ${3:-} == installed ]]; then
        dpkg-deb -f "$deb" Package Version Architecture Maintainer Installed-Size Depends Description >>"$file"
        printf 'Status: install ok installed\n\n' >>"$file"
    fi
}

for suite in trixie bookworm; do
    case $suite in bookworm) suffix=deb12 ;; trixie) suffix=deb13 ;; esac
    for arch in arm64 armhf; do
        a=$tmp/apt-$suite-$arch
        apt_setup "$a" "$arch" "$repo" $suite "$ring"
        update=$(apt_in "$a" apt-get update); rc=$?
        if ((rc == 0)) && ! grep -qE '^(W|E):' <<<"$update" &&
            [[ $(candidate "$a") == "$version+$suffix" && $(table "$a") == "$version+$suffix" ]]; then
            ok "$suite $arch: apt-get update verifies the signature; apt-cache policy: candidate $version+$suffix, the only version"
        else
            bad "$suite $arch: apt-get update (exit $rc): $(grep -E '^(W|E):' <<<"$update" | head -n 2); candidate '$(candidate "$a")', versions '$(table "$a")'"
        fi
    done
done

a=$tmp/apt-trixie-arm64
deb=$tmp/p/touchpanel_${version}+deb13_arm64.deb
mkdir -p "$tmp/download"
download=$(cd "$tmp/download" && apt_in "$a" apt-get download touchpanel)
got=$tmp/download/$(basename "$deb")
if [[ -f $got ]] && cmp -s "$got" "$deb"; then
    ok "apt-get download touchpanel (trixie arm64): $(basename "$deb"), the very package released"
else
    bad "apt-get download touchpanel: $(tail -n 2 <<<"$download")"
fi

fake_status "$tmp/status-deps" "$deb"
apt_setup "$a" arm64 "$repo" trixie "$ring" "$tmp/status-deps"
install=$(apt_in "$a" apt-get -s install touchpanel)
want="Inst touchpanel ($version+deb13 TouchPanel:trixie [arm64])"
if grep -qxF "$want" <<<"$install" && ! grep -q 'cannot be authenticated' <<<"$install"; then
    ok "apt-get -s install touchpanel (trixie arm64): '$want', authenticated"
else
    bad "apt-get -s install touchpanel: $(grep -E '^(Inst|E:|W:|WARNING)' <<<"$install" | head -n 3)"
fi

# --- what apt must refuse -------------------------------------------------------------------
# refused NAME REPO KEYRING PATTERN: apt-get update of REPO's trixie arm64 with KEYRING fails and
# says PATTERN (an extended regex).
refused() {
    local name=$1 r=$2 keyring=$3 pattern=$4 a=$tmp/apt-refused-$RANDOM out rc
    apt_setup "$a" arm64 "$r" trixie "$keyring"
    out=$(apt_in "$a" apt-get update); rc=$?
    if ((rc != 0)) && grep -qE "$pattern" <<<"$out" && [[ -z $(candidate "$a") || $(candidate "$a") == "(none)" ]]; then
        ok "$name: apt-get update fails ($(grep -oE "$pattern" <<<"$out" | head -n 1)) and sees no touchpanel"
    else
        bad "$name: apt-get update exit $rc, candidate '$(candidate "$a")': $(grep -E '^(W|E):' <<<"$out" | head -n 3)"
    fi
}
gpg --batch --quiet --pinentry-mode loopback --passphrase '' \
    --quick-gen-key "Someone else <other@example.invalid>" ed25519 sign never 2>/dev/null
gpg --batch --export "Someone else" >"$tmp/other.gpg"
refused "a keyring of another key" "$repo" "$tmp/other.gpg" "NO_PUBKEY $keyid"

cp -a "$repo" "$tmp/unsigned"
rm "$tmp/unsigned/dists/trixie/InRelease" "$tmp/unsigned/dists/trixie/Release.gpg"
refused "the signatures removed" "$tmp/unsigned" "$ring" "repository '[^']*' is not signed"

cp -a "$repo" "$tmp/edited"
sed -i 's/^Label: TouchPanel$/Label: TouchPanel (edited)/' "$tmp/edited/dists/trixie/InRelease" "$tmp/edited/dists/trixie/Release"
refused "the signed Release edited" "$tmp/edited" "$ring" "BADSIG $keyid"

cp -a "$repo" "$tmp/indexed"
f=$tmp/indexed/dists/trixie/main/binary-arm64/Packages
sed -i "s/^Version: .*/Version: 9.9.9+deb13/" "$f"
gzip -9n <"$f" >"$f.gz"
refused "a Packages file changed under its signed hash" "$tmp/indexed" "$ring" "Hash Sum mismatch|unexpected size"

cp -a "$repo" "$tmp/pooled"
pooled=$tmp/pooled/pool/main/t/touchpanel/$(basename "$deb")
printf 'X' | dd of="$pooled" bs=1 seek=1000 conv=notrunc status=none
a=$tmp/apt-pooled
apt_setup "$a" arm64 "$tmp/pooled" trixie "$ring"
apt_in "$a" apt-get update >/dev/null
mkdir -p "$tmp/download-pooled"
out=$(cd "$tmp/download-pooled" && apt_in "$a" apt-get download touchpanel); rc=$?
if ((rc != 0)) && grep -qE 'Hash Sum mismatch' <<<"$out" && ! compgen -G "$tmp/download-pooled/*.deb" >/dev/null; then
    ok "a .deb changed in the pool: apt-get download fails (Hash Sum mismatch) and keeps nothing"
else
    bad "a .deb changed in the pool: apt-get download exit $rc: $(grep -E '^(W|E):' <<<"$out" | head -n 2)"
fi

# --- an upgrade, with a maintainer's key ----------------------------------------------------
gpg --batch --quiet --pinentry-mode loopback --passphrase '' \
    --quick-gen-key "TouchPanel archive (test maintainer) <archive@example.invalid>" ed25519 sign never 2>/dev/null
mfpr=$(gpg --batch --with-colons --list-secret-keys "TouchPanel archive" 2>/dev/null | awk -F: '$1 == "fpr" { print $10; exit }')
gpg --batch --armor --export-secret-keys "$mfpr" >"$tmp/archive-key.asc"
up=$tmp/upgrade
out=$(scripts/release.sh --packages "$tmp/p" --key "$tmp/archive-key.asc" --out "$up" 2>&1)
if [[ $(tail -n 1 <<<"$out") == "fingerprint: $mfpr" ]]; then
    ok "release.sh --key FILE ($version): signed by that key, fingerprint $mfpr"
else
    bad "release.sh --key FILE: $(tail -n 3 <<<"$out")"
fi

# The next version: each package re-packed with Version $next+debNN.
mkdir -p "$tmp/p2"
for old in "$tmp/p"/*.deb; do
    name=$(basename "$old")
    rm -rf "$tmp/unpacked"
    dpkg-deb -R "$old" "$tmp/unpacked"
    sed -i "s/^Version: $version+/Version: $next+/" "$tmp/unpacked/DEBIAN/control"
    dpkg-deb --root-owner-group -Zxz -b "$tmp/unpacked" "$tmp/p2/${name/_${version}+/_${next}+}" >/dev/null
done

# Installed from the first release, on both a 64-bit trixie and a 32-bit bookworm Pi.
cases=("trixie arm64 deb13" "bookworm armhf deb12")
declare -A before=()
for case in "${cases[@]}"; do
    read -r suite arch suffix <<<"$case"
    a=$tmp/apt-upgrade-$suite-$arch
    fake_status "$tmp/status-$suite-$arch" "$tmp/p/touchpanel_${version}+${suffix}_$arch.deb" installed
    apt_setup "$a" "$arch" "$up" $suite "$up/touchpanel-archive-keyring.gpg" "$tmp/status-$suite-$arch"
    apt_in "$a" apt-get update >/dev/null
    before[$case]=$(apt_in "$a" apt-cache policy touchpanel | awk '/Installed:|Candidate:/ { printf "%s%s", sep, $2; sep = "/" }')
done
out=$(scripts/release.sh --packages "$tmp/p2" --key "$tmp/archive-key.asc" --out "$up" 2>&1) ||
    bad "release.sh of $next into the same directory: $(tail -n 2 <<<"$out")"
for case in "${cases[@]}"; do
    read -r suite arch suffix <<<"$case"
    a=$tmp/apt-upgrade-$suite-$arch
    update=$(apt_in "$a" apt-get update); rc=$?
    after=$(apt_in "$a" apt-cache policy touchpanel | awk '/Installed:|Candidate:/ { printf "%s%s", sep, $2; sep = "/" }')
    upgrade=$(apt_in "$a" apt-get -s upgrade)
    want="Inst touchpanel [$version+$suffix] ($next+$suffix TouchPanel:$suite [$arch])"
    if [[ ${before[$case]} == "$version+$suffix/$version+$suffix" && $rc == 0 && $after == "$version+$suffix/$next+$suffix" &&
        $(table "$a") == "$next+$suffix $version+$suffix" ]] && ! grep -qE '^(W|E):' <<<"$update" &&
        grep -qxF "$want" <<<"$upgrade" && ! grep -q 'cannot be authenticated' <<<"$upgrade"; then
        ok "$suite $arch upgrade: installed/candidate ${before[$case]}, after $next's release $after; apt-get -s upgrade: '$want'; the pool keeps $version"
    else
        bad "$suite $arch upgrade: before '${before[$case]}', after '$after' (update exit $rc), versions '$(table "$a")': $(grep -E '^(Inst|E:|W:)' <<<"$update$upgrade" | head -n 3)"
    fi
done

# A published file is never replaced: other bytes under the same name are refused.
cp -a "$tmp/p2" "$tmp/p3"
rm -rf "$tmp/unpacked"
dpkg-deb -R "$tmp/p3/touchpanel_${next}+deb13_arm64.deb" "$tmp/unpacked"
echo "changed" >"$tmp/unpacked/usr/share/doc/touchpanel/extra"
dpkg-deb --root-owner-group -Zxz -b "$tmp/unpacked" "$tmp/p3/touchpanel_${next}+deb13_arm64.deb" >/dev/null
signed_before=$(sha256sum "$up/dists/trixie/InRelease")
out=$(scripts/release.sh --packages "$tmp/p3" --key "$tmp/archive-key.asc" --out "$up" 2>&1); rc=$?
if ((rc != 0)) && grep -q "touchpanel_${next}+deb13_arm64.deb is already in .* with other bytes" <<<"$out" &&
    [[ $(sha256sum "$up/dists/trixie/InRelease") == "$signed_before" ]]; then
    ok "a re-release of $next with other bytes is refused, the repository unchanged"
else
    bad "a re-release of $next with other bytes: exit $rc: $(tail -n 1 <<<"$out")"
fi

# --- release.sh's errors ------------------------------------------------------------------
out1=$(scripts/release.sh --packages "$tmp/p" --out "$tmp/nokey" 2>&1); rc1=$?
mkdir -p "$tmp/three"
cp "$tmp/p"/*.deb "$tmp/three/" && rm "$tmp/three/touchpanel_${version}+deb13_armhf.deb"
out2=$(scripts/release.sh --packages "$tmp/three" --test-key --out "$tmp/three-out" 2>&1); rc2=$?
if ((rc1 != 0 && rc2 != 0)) && grep -q 'no signing key: give --key FILE' <<<"$out1" &&
    grep -q "no touchpanel_${version}+deb13_armhf.deb in $tmp/three" <<<"$out2" && [[ ! -d $tmp/three-out/dists ]]; then
    ok "release.sh's errors name what is missing: '$(tail -n 1 <<<"$out1")'; '$(tail -n 1 <<<"$out2")'"
else
    bad "release.sh's errors: (exit $rc1) $out1; (exit $rc2) $out2"
fi
finish
