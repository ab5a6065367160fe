#!/usr/bin/env bash
# Tests/Packages/maintainer-scripts.sh: runs packaging/postinst and postrm as dpkg would, with
# Debian's own deb-systemd-helper and deb-systemd-invoke (init-system-helpers) working on a
# scratch root (DPKG_ROOT), and checks what they leave there: a fresh install neither enables
# nor starts the service; an upgrade keeps the user's choice (enabled stays enabled, disabled
# stays disabled) and asks systemd to restart the panel only if it runs (try-restart); a
# reinstall after remove unmasks the unit and still does not enable it.
#
# systemctl, systemd-sysusers and udevadm are stand-ins on PATH that record their arguments.
# The scripts look at /run/systemd/system to see whether systemd runs: the test runs in a mount
# namespace of its own (unshare, as root) with an empty /run that has that directory.
# The last line is "N passed, N failed".
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

if [[ ${TOUCHPANEL_IN_NAMESPACE:-} != yes ]]; then
    command -v deb-systemd-helper >/dev/null || { echo "FAIL no deb-systemd-helper (apt-get install init-system-helpers)"; echo "0 passed, 1 failed"; exit 1; }
    exec unshare --mount env TOUCHPANEL_IN_NAMESPACE=yes bash "${BASH_SOURCE[0]}" "$@"
fi
mount --make-rprivate / && mount -t tmpfs tmpfs /run && mkdir -p /run/systemd/system ||
    { echo "FAIL cannot make a private /run"; echo "0 passed, 1 failed"; exit 1; }

passed=0 failed=0
ok() { echo "ok   $*"; passed=$((passed + 1)); }
bad() { echo "FAIL $*"; failed=$((failed + 1)); }

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
bin=$scratch/bin calls=$scratch/calls
mkdir -p "$bin"
for tool in systemctl systemd-sysusers udevadm; do
    printf '#!/bin/sh\necho "%s $*" >>"%s"\n' "$tool" "$calls" >"$bin/$tool"
    chmod +x "$bin/$tool"
done
export PATH="$bin:$PATH"

target=$scratch/root
export DPKG_ROOT=$target
install -D -m 644 "$root/packaging/touchpanel.service" "$target/usr/lib/systemd/system/touchpanel.service"
wants=$target/etc/systemd/system/multi-user.target.wants/touchpanel.service
masked=$target/etc/systemd/system/touchpanel.service
state=$target/var/lib/systemd/deb-systemd-helper-enabled/touchpanel.service.dsh-also

# maintainer SCRIPT ARGS...: runs packaging/SCRIPT as dpkg would, with a fresh call record.
maintainer() {
    local script=$1; shift
    : >"$calls"
    if ! DPKG_MAINTSCRIPT_PACKAGE=touchpanel DPKG_MAINTSCRIPT_NAME=$script \
        sh -e "$root/packaging/$script" "$@" >"$scratch/out" 2>&1; then
        bad "$script $*: exit status $?: $(head -n 3 "$scratch/out")"
    fi
}
calls_matching() { grep -E "$1" "$calls" | paste -sd';' -; }

# A fresh install: dpkg runs "postinst configure" with no old version.
maintainer postinst configure
[[ -e $wants || -L $wants ]] && bad "install: $wants was made: the service is enabled" ||
    ok "install leaves touchpanel.service disabled (no multi-user.target.wants link)"
started=$(calls_matching '^systemctl .*(start|restart|enable|reload-or)')
[[ -z $started ]] && ok "install starts nothing (systemctl calls: $(calls_matching '^systemctl' ))" ||
    bad "install: systemctl was asked: $started"
[[ -f $state ]] && ok "install records the unit's links for purge ($(sed "s|^|$target|" "$state" | xargs -n1 basename | paste -sd' ' -))" ||
    bad "install: no deb-systemd-helper state file $state"
grep -q '^systemd-sysusers touchpanel.conf' "$calls" && ok "install makes the touchpanel user (systemd-sysusers)" ||
    bad "install: systemd-sysusers touchpanel.conf not run"

# The user enables the panel, as the guide says (systemctl enable makes the same link).
mkdir -p "$(dirname "$wants")"
ln -s /usr/lib/systemd/system/touchpanel.service "$wants"
maintainer postinst configure 0.1.0+deb13
[[ -L $wants ]] && ok "upgrade keeps an enabled service enabled" || bad "upgrade: the user's $wants is gone"
restart=$(calls_matching '^systemctl .*(start|restart)')
[[ $restart == "systemctl try-restart touchpanel.service" ]] &&
    ok "upgrade asks systemd to restart the panel only if it runs ($restart)" ||
    bad "upgrade: expected exactly systemctl try-restart touchpanel.service, got: ${restart:-nothing}"

# The user disables it again.
rm "$wants"
maintainer postinst configure 0.1.0+deb13
[[ -e $wants || -L $wants ]] && bad "upgrade: a disabled service was enabled ($wants)" ||
    ok "upgrade keeps a disabled service disabled"
restart=$(calls_matching '^systemctl .*(start|restart)')
[[ $restart == "systemctl try-restart touchpanel.service" ]] &&
    ok "upgrade of a disabled service: only try-restart (a stopped panel stays stopped)" ||
    bad "upgrade of a disabled service: got: ${restart:-nothing}"

# Remove (the unit is masked meanwhile), then install again: unmasked, still disabled.
maintainer prerm remove
maintainer postrm remove
[[ -L $masked ]] && ok "remove masks the unit while its file is gone" || bad "remove: $masked is no mask"
maintainer postinst configure 0.1.0+deb13
[[ -L $masked ]] && bad "reinstall: the unit stays masked ($masked -> $(readlink "$masked"))" ||
    ok "reinstall after remove unmasks the unit"
[[ -e $wants || -L $wants ]] && bad "reinstall: the service was enabled ($wants)" ||
    ok "reinstall after remove leaves the service disabled"

# Purge forgets the unit's state.
maintainer postrm purge
[[ -f $state ]] && bad "purge leaves $state" || ok "purge removes deb-systemd-helper's state of the unit"

echo "$passed passed, $failed failed"
((failed == 0))
