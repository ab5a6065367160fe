#!/usr/bin/env bash
# The docs tier (issue 50): README.md, docs/*.md and boards/README.md checked against the
# binary and the sources. One line per check ("ok   ..." or "FAIL ..."), then
# "N passed, N failed". What it checks is listed in Tests/Docs/check.py. Arguments name the
# steps to run (readme, ini, links, keys, troubleshooting, demo); without any, all of them.
set -uo pipefail
cd "$(dirname "$0")/../.."
mkdir -p build
if ! swift build --product touchpanel >build/docs-build.log 2>&1; then
    tail -n 20 build/docs-build.log
    echo "FAIL swift build --product touchpanel"; echo "0 passed, 1 failed"; exit 1
fi
exec python3 Tests/Docs/check.py "$(swift build --show-bin-path)/touchpanel" "$@"
