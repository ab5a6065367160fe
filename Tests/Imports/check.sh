#!/usr/bin/env bash
# The rule between the modules (DESIGN.md section 2), checked on the sources:
#   1. no Swift file imports a module its module may not import (the table below);
#   2. Package.swift's target dependencies and build-firmware.sh's firmware_modules say the same
#      graph as the table (the host and firmware builds cannot drift apart);
#   3. only PanelApp reads the clock: `MonotonicClock.now()` (and `RealTimeClock`'s time of day)
#      appears nowhere else but in the
#      clock's own file.
# The compiler already refuses an import of a module a target does not depend on; this also
# catches what SwiftPM lets through transitively (PanelEngine reaching CLinux via LinuxSystem).
# Prints one line per failed check and ends with "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/../.."

# module: what it may import (besides the Swift standard library).
declare -A allowed=(
    [TouchCore]=""
    [LinuxSystem]="CLinux TouchCore"
    [PanelConfig]="CLinux LinuxSystem TouchCore"
    [PanelEngine]="LinuxSystem PanelConfig TouchCore"
    [PanelDrivers]="CFreeType CLinux LinuxSystem PanelConfig PanelEngine TouchCore"
    [PanelApp]="CFreeType CLinux LinuxSystem PanelConfig PanelEngine PanelDrivers TouchCore"
    [touchpanel]="CFreeType CLinux LinuxSystem PanelApp PanelConfig PanelDrivers PanelEngine TouchCore"
)

passed=0
failed=0
fail() { echo "check-imports: $*"; failed=$((failed + 1)); }

sorted() { tr ' ' '\n' | grep -v '^$' | sort -u | tr '\n' ' ' | sed 's/ $//'; }

# Every module folder is in the table: a new module must say what it may import.
for dir in Sources/*/; do
    module=$(basename "$dir")
    [[ $module == CLinux || $module == CFreeType || $module == FirmwareRuntime ]] && continue
    [[ -v allowed[$module] ]] || fail "Sources/$module: a module missing from check-imports.sh's table"
done

# 1. Each file's imports.
for module in "${!allowed[@]}"; do
    bad=0
    while IFS=: read -r file _ line; do
        imported=$(sed -E 's/^(@testable |@_implementationOnly |internal |public |private )?import ([A-Za-z0-9_]+).*/\2/' <<<"$line")
        [[ $imported == Swift || $imported == _Concurrency ]] && continue
        if [[ " ${allowed[$module]} " != *" $imported "* ]]; then
            fail "$file imports $imported; $module may import only: ${allowed[$module]:-nothing}"
            bad=1
        fi
    done < <(grep -rnE '^[[:space:]]*(@[A-Za-z_]+ |internal |public |private )?import [A-Za-z]' "Sources/$module" --include='*.swift' || true)
    ((bad == 0)) && passed=$((passed + 1))
done

# 2. Package.swift and the firmware build agree with the table.
for module in "${!allowed[@]}"; do
    declared=$(tr -d '"' <<<"$(awk -v name="\"$module\"" '
        index($0, "name: " name) && /\.(target|executableTarget)\(/ {
            if (match($0, /dependencies: \[[^]]*\]/)) print substr($0, RSTART + 15, RLENGTH - 16) }' Package.swift)" |
        tr ',' ' ' | sorted)
    if [[ $declared != "$(sorted <<<"${allowed[$module]}")" ]]; then
        fail "Package.swift: $module depends on [$declared]; the table says [${allowed[$module]}]"
    else
        passed=$((passed + 1))
    fi
done
while read -r entry; do
    module=${entry%%:*} imports=${entry#*:}
    if [[ $(sorted <<<"$imports") != "$(sorted <<<"${allowed[$module]}")" ]]; then
        fail "build-firmware.sh: $module imports [$imports]; the table says [${allowed[$module]}]"
    else
        passed=$((passed + 1))
    fi
done < <(sed -n '/^firmware_modules=(/,/^)/p' scripts/build/build-firmware.sh | sed -nE 's/^[[:space:]]*"([^"]*)".*/\1/p')

# 3. The clock.
readers=$(grep -rln -e 'MonotonicClock\.now()' -e 'RealTimeClock\.epochNanoseconds()' Sources --include='*.swift' |
    grep -v -e '^Sources/PanelApp/' -e '^Sources/LinuxSystem/Time/MonotonicClock.swift$' \
        -e '^Sources/LinuxSystem/Time/RealTimeClock.swift$' || true)
if [[ -n $readers ]]; then
    for file in $readers; do fail "$file reads the clock; only PanelApp may (time is a parameter elsewhere)"; done
else
    passed=$((passed + 1))
fi

echo "$passed passed, $failed failed"
((failed == 0))
