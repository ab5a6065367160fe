#!/usr/bin/env bash
# Rewrites, on purpose, the key tables of docs/config-reference.md (between <!-- keys:NAME -->
# and <!-- /keys:NAME -->) and the manual page packaging/touchpanel.ini.5 from the key enums'
# `doc` in Sources/PanelConfig, as the host build's hidden `touchpanel key-docs` prints them
# (Tests/Docs/keys.py does the writing). The docs tier (Tests/Docs/check.sh) and
# Tests/PanelConfigTests/DocKeyTablesTests.swift fail while they differ. Review the changes
# (git diff) before committing.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product touchpanel >&2
keydocs=$(mktemp)
trap 'rm -f "$keydocs"' EXIT
"$(swift build --show-bin-path)/touchpanel" key-docs >"$keydocs"
python3 Tests/Docs/keys.py update "$keydocs"
git diff --stat -- docs/config-reference.md packaging/touchpanel.ini.5
