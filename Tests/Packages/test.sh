#!/usr/bin/env bash
# Tests/Packages/test.sh: builds the four Debian packages (scripts/build/package.sh, lintian
# included) and checks each one against its own release:
#   - every library in its binary's NEEDED list is in a package of that release (found in the
#     contents of the release's .debs) that its Depends names;
#   - installed into a root that holds only what apt would install with it (its Depends,
#     resolved by apt against the release's index, without Recommends: Depends alone must be
#     enough), `touchpanel version` and `touchpanel check /etc/touchpanel/panel.ini` (the
#     installed example, with the installed presets and the font it names) run in it (chroot;
#     qemu-user through binfmt_misc, which needs root), every program the units run is in it,
#     and the unit's `touchpanel reload $MAINPID` exits 0 for a config the (simulated) panel
#     takes and 1 with the reason for one it refuses after check passed;
#   - the signed apt repository that scripts/release.sh makes of them, read by apt: signature,
#     versions per suite, refusals, an upgrade (Tests/Packages/apt-repo.sh).
# First the maintainer scripts alone (Tests/Packages/maintainer-scripts.sh, seconds): install
# neither enables nor starts the service, an upgrade keeps the user's choice.
# The last line is "N passed, N failed".
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
passed=0 failed=0
Tests/SystemVM/binfmt.sh || { echo "FAIL binfmt"; echo "0 passed, 1 failed"; exit 1; }
ok() { echo "ok   $*"; passed=$((passed + 1)); }
bad() { echo "FAIL $*"; failed=$((failed + 1)); }

# install_root DEB RELEASE DEBARCH TREE: unpacks DEB and every package apt would install with
# it on an empty system of RELEASE into TREE (no maintainer scripts run). apt resolves against
# the index scripts/build/sysroot.sh fetched for that release; the .debs are kept in
# build/package-root/.debs/RELEASE-DEBARCH between runs.
install_root() {
    local deb=$1 release=$2 debarch=$3 tree=$4 work=$root/build/sysroot/.apt/$2-$3
    local cache=$root/build/package-root/.debs/$release-$debarch name version arch
    mkdir -p "$cache/archives/partial" "$cache/empty.d"
    local apt=(
        -q -o "APT::Architecture=$debarch" -o "APT::Architectures::=$debarch"
        -o "Dir::Etc::SourceList=$work/sources.list" -o "Dir::Etc::SourceParts=$cache/empty.d"
        -o "Dir::Etc::Preferences=$cache/empty.d/none" -o "Dir::Etc::PreferencesParts=$cache/empty.d"
        -o "Dir::State::Lists=$work/lists" -o "Dir::Cache=$cache" -o Dir::State::status=/dev/null
        -o APT::Sandbox::User="$(id -un)" --no-install-recommends
    )
    local plan
    plan=$(apt-get "${apt[@]}" -s install "$deb" 2>&1) || { echo "$plan" | tail -n 5; return 1; }
    local fetched
    fetched=$(apt-get "${apt[@]}" -y --download-only install "$deb" 2>&1) || { echo "$fetched" | tail -n 5; return 1; }
    dpkg-deb -x "$deb" "$tree"
    # "Inst NAME (VERSION SUITE [ARCH])": the file apt keeps is NAME_VERSION_ARCH.deb, an
    # epoch's colon written %3a.
    while read -r name version arch; do
        [[ $name == touchpanel ]] && continue
        local file=$cache/archives/${name}_${version//:/%3a}_$arch.deb
        [[ -f $file ]] || { echo "no $file"; return 1; }
        dpkg-deb -x "$file" "$tree"
    done < <(awk '/^Inst / { gsub(/[()\[\]]/, ""); print $2, $3, $NF }' <<<"$plan")
    # A merged /usr, as base-files (trixie) and usrmerge (bookworm) make it: bookworm's libc6
    # still puts the dynamic loader in /lib.
    if [[ -d $tree/lib && ! -L $tree/lib ]]; then
        mkdir -p "$tree/usr/lib"
        cp -a "$tree/lib/." "$tree/usr/lib/"
        rm -rf "$tree/lib"
    fi
    ln -sfn usr/lib "$tree/lib"
}

# reload_round_trip TREE: in TREE (chroot), the simulated board with RUNTIME_DIRECTORY as the
# unit gives it, and touchpanel reload PID for a config it takes and for one it refuses after
# check passed; says what happened, and fails unless it was 0, then 1 with the reason.
reload_round_trip() {
    local tree=$1 config=/tmp/reload.ini panel status=0 result
    mkdir -p "$tree/run/touchpanel" "$tree/tmp"
    rm -f "$tree/run/touchpanel/"*
    sim_config() { # sim_config SOCKET_PATH
        printf '[board]\nsimulated = yes\n[display]\nwidth = 320\nheight = 240\n[control]\nsocket = %s\n[button a]\nrect = 0, 0, 100, 100\n' "$1" >"$tree$config"
    }
    sim_config /run/touchpanel/control.sock
    RUNTIME_DIRECTORY=/run/touchpanel chroot "$tree" /usr/bin/touchpanel run "$config" >/dev/null 2>"$tree/tmp/reload-panel.err" &
    panel=$!
    for _ in $(seq 300); do [[ -S $tree/run/touchpanel/control.sock ]] && break; sleep 0.1; done
    [[ -S $tree/run/touchpanel/control.sock ]] || { kill $panel; wait $panel; echo "the board never bound its socket: $(tr '\n' ';' <"$tree/tmp/reload-panel.err")"; return 1; }
    printf '[button b]\nrect = 200, 0, 100, 100\n' >>"$tree$config"
    RUNTIME_DIRECTORY=/run/touchpanel chroot "$tree" /usr/bin/touchpanel reload $panel 2>"$tree/tmp/reload.err" || status=$?
    result="taken: exit $status"
    sim_config /run/missing/control.sock
    status=0
    chroot "$tree" /usr/bin/touchpanel check --quiet "$config" || result+=", check fails"
    RUNTIME_DIRECTORY=/run/touchpanel chroot "$tree" /usr/bin/touchpanel reload $panel 2>"$tree/tmp/reload.err" || status=$?
    result+="; refused: exit $status, $(cat "$tree/tmp/reload.err")"
    kill $panel
    wait $panel
    echo "$result"
    [[ $result == "taken: exit 0; refused: exit 1, touchpanel: reload refused by pid $panel: cannot start with $config: [control] socket /run/missing/control.sock: ENOENT (No such file or directory); it goes on with the previous config" ]]
}

while read -r line; do
    case $line in
        "ok   "*) ok "maintainer scripts: ${line#ok   }" ;;
        "FAIL "*) bad "maintainer scripts: ${line#FAIL }" ;;
    esac
done < <(Tests/Packages/maintainer-scripts.sh 2>&1)

if ! scripts/build/package.sh all >build/package.log 2>&1; then
    tail -n 30 build/package.log
    echo "FAIL scripts/build/package.sh"; echo "0 passed, 1 failed"; exit 1
fi
sed -n '/^touchpanel_/p' build/package.log
grep -E '^  [EWI]: ' build/package.log && echo "(lintian tags above)"

for target in trixie-aarch64 trixie-armhf bookworm-aarch64 bookworm-armhf; do
    release=${target%%-*} arch=${target#*-}
    case $arch in aarch64) debarch=arm64 ;; armhf) debarch=armhf ;; esac
    case $release in trixie) suffix=deb13 ;; bookworm) suffix=deb12 ;; esac
    deb=$(ls build/packages/touchpanel_*+${suffix}_$debarch.deb 2>/dev/null | head -n1)
    [[ -f $deb ]] || { bad "$target: no package"; continue; }
    name=$(basename "$deb")
    depends=$(dpkg-deb -f "$deb" Depends)
    # The manual pages side by side, and the guides, each as packaged from the tree.
    contents=$(dpkg-deb -c "$deb" | awk '{ print $6 }')
    wanted=(./usr/share/man/man1/touchpanel.1.gz ./usr/share/man/man5/touchpanel.ini.5.gz
            ./usr/share/doc/touchpanel/README.md.gz)
    for guide in docs/*.md; do wanted+=("./usr/share/doc/touchpanel/docs/$(basename "$guide").gz"); done
    absent=()
    for file in "${wanted[@]}"; do grep -qxF "$file" <<<"$contents" || absent+=("$file"); done
    if ((${#absent[@]} == 0)) &&
        dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/share/man/man5/touchpanel.ini.5.gz | gunzip | cmp -s - packaging/touchpanel.ini.5
    then
        ok "$name: touchpanel(1) and touchpanel.ini(5) (as in packaging/), README and the guides: ${#wanted[@]} files"
    else
        bad "$name: the manual pages or the docs: missing ${absent[*]:-none}, or touchpanel.ini.5 not packaging/'s"
    fi
    debs=build/sysroot/.apt/$release-$debarch/debs
    tree=build/package-root/$target
    rm -rf "$tree"; mkdir -p "$tree"
    if ! out=$(install_root "$root/$deb" "$release" "$debarch" "$tree" 2>&1); then
        bad "$name: cannot install it with its Depends: $out"; continue
    fi
    missing=()
    while read -r soname; do
        holder=""
        for d in "$debs"/*.deb; do
            p=$(dpkg-deb -f "$d" Package)
            [[ $p == *-dev ]] && continue
            dpkg-deb -c "$d" 2>/dev/null | awk '{ print $6 }' | grep -c "/$soname\$" >/dev/null && { holder=$p; break; }
        done
        [[ -n $holder && ( ", $depends," == *", $holder "* || ", $depends," == *", $holder,"* ) ]] || missing+=("$soname (${holder:-no package})")
    done < <(readelf -d "$tree/usr/bin/touchpanel" | awk '/\(NEEDED\)/ { gsub(/[\[\]]/, "", $NF); print $NF }')
    if ((${#missing[@]} == 0)); then
        ok "$name: every NEEDED library is in a $release package its Depends names ($depends)"
    else
        bad "$name: not covered by Depends: ${missing[*]}"
    fi
    # chroot: the root is the package and its dependencies (qemu-user through binfmt runs them).
    version=$(chroot "$tree" /usr/bin/touchpanel version 2>&1)
    [[ $version == "touchpanel "* ]] && ok "$name: '$version' under qemu-user in a $release root" ||
        bad "$name: touchpanel version: $version"
    if out=$(chroot "$tree" /usr/bin/touchpanel check /etc/touchpanel/panel.ini 2>&1) &&
        grep -q '^preset = generic-evdev' <<<"$out"; then
        ok "$name: touchpanel check /etc/touchpanel/panel.ini with the installed presets"
    else
        bad "$name: touchpanel check: $(head -n 3 <<<"$out")"
    fi
    # Every program the units run is in this root: the package and its Depends.
    missing=()
    for program in $(sed -nE 's/^Exec[A-Za-z]+=[-@+!:]*([^ ]+).*/\1/p' "$tree"/usr/lib/systemd/system/touchpanel*.service | sort -u); do
        [[ -x $tree$program || -x $tree/usr$program ]] || missing+=("$program")
    done
    if ((${#missing[@]} == 0)); then
        ok "$name: the programs the units run are there: $(sed -nE 's/^Exec[A-Za-z]+=[-@+!:]*([^ ]+).*/\1/p' "$tree"/usr/lib/systemd/system/touchpanel*.service | sort -u | tr '\n' ' ')"
    else
        bad "$name: the units run ${missing[*]}, which neither the package nor its Depends installs"
    fi
    # The unit's reload with this release's binary (the simulated board, under qemu-user):
    # touchpanel reload exits 0 when the panel takes the config, and 1 with the reason when it
    # refuses one that passes check (a control socket in a directory that is not there).
    if out=$(reload_round_trip "$tree" 2>&1); then
        ok "$name: touchpanel reload \$MAINPID: $out"
    else
        bad "$name: touchpanel reload: $out"
    fi
done

# The signed apt repository of these packages, read by apt (Tests/Packages/apt-repo.sh): its
# checks count here one by one.
repo_out=$(Tests/Packages/apt-repo.sh build/packages 2>&1)
grep -vE '^apt-repo: [0-9]+ passed, [0-9]+ failed$' <<<"$repo_out"
repo_line=$(grep -E '^apt-repo: [0-9]+ passed, [0-9]+ failed$' <<<"$repo_out" | tail -n 1)
if [[ -n $repo_line ]]; then
    passed=$((passed + $(sed -nE 's/^apt-repo: ([0-9]+) passed.*/\1/p' <<<"$repo_line")))
    failed=$((failed + $(sed -nE 's/.* ([0-9]+) failed$/\1/p' <<<"$repo_line")))
else
    bad "Tests/Packages/apt-repo.sh ended without its summary line"
fi
echo "$passed passed, $failed failed"
((failed == 0))
