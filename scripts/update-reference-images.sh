#!/usr/bin/env bash
# Regenerates, on purpose, the reference images in Tests/ReferenceImages/ that
# Tests/Traces/test.sh compares pixel for pixel: the cases of Tests/ReferenceImages/cases.sh,
# rendered on the simulated board (host build) and stored as the panel writes them (libpng with
# zlib: PNGWriter). A reference whose pixels are unchanged is left as it is; one no case renders any more is removed. Review
# the changed files (git status, and look at them) before committing.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product touchpanel >/dev/null
touchpanel="$(swift build --show-bin-path)/touchpanel"
references=Tests/ReferenceImages
png="python3 $references/png.py"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
. "$references/cases.sh"
render_reference_images "$touchpanel" "$scratch/png" >"$scratch/list"

missing=0 written=0 unchanged=0
$png compare-all "$references" "$scratch/png" <"$scratch/list" >"$scratch/results"
while IFS=$'\t' read -r image result; do
    case "$result" in
        same) unchanged=$((unchanged + 1)) ;;
        "not rendered")
            echo "not rendered: $image (see the errors above)" >&2
            missing=$((missing + 1)) ;;
        *)
            mkdir -p "$(dirname "$references/$image")"
            cp "$scratch/png/$image" "$references/$image"
            echo "wrote   $references/$image ($(stat -c %s "$references/$image") bytes)"
            written=$((written + 1)) ;;
    esac
done <"$scratch/results"

removed=0
for reference in "$references"/*/*.png; do
    [ -e "$reference" ] || continue
    if ! grep -qxF "${reference#"$references"/}" "$scratch/list"; then
        rm "$reference"
        echo "removed $reference (no case renders it)"
        removed=$((removed + 1))
    fi
done

echo "reference images: $written written, $unchanged unchanged, $removed removed," \
    "$(wc -l <"$scratch/list") in all, $(du -cb "$references"/*/*.png | tail -1 | cut -f1) bytes"
[ "$missing" = 0 ]
