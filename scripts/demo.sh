#!/usr/bin/env bash
# The README's first command: installs what the host build needs, builds touchpanel and runs
# the example panel on the simulated board with the example trace, in real time. It prints
# the event lines and writes what the panel shows after each change as PNG frames into
# out/demo/. Extra arguments go to `touchpanel run` (e.g. --fast for virtual time).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
swift build --product touchpanel >&2
mkdir -p out/demo
rm -f out/demo/frame-*.png
"$(swift build --show-bin-path)/touchpanel" run examples/demo.ini --trace examples/demo.trace --png-dir out/demo "$@"
echo "PNG frames: $(ls out/demo | wc -l) in out/demo/" >&2
