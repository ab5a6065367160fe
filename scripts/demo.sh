#!/usr/bin/env bash
# The README's first command: installs what the host build needs, builds touchpanel and
# plays the example panel with the example trace, printing its event lines.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
swift build --product touchpanel >&2
exec "$(swift build --show-bin-path)/touchpanel" replay "${1:-examples/demo.ini}" "${2:-examples/demo.trace}"
