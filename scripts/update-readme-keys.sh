#!/usr/bin/env bash
# Rewrites, on purpose, the key tables of README.md and boards/README.md (between
# <!-- keys:NAME --> and <!-- /keys:NAME -->) from the key enums' `doc` in Sources/PanelConfig,
# through the test that otherwise compares them (Tests/PanelConfigTests/ReadmeKeyTablesTests.swift).
# Review the changed tables (git diff) before committing.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! log=$(UPDATE_README_KEYS=1 swift test --filter ReadmeKeyTablesTests 2>&1); then
    echo "$log" >&2
    exit 1
fi
git diff --stat -- README.md boards/README.md
