#!/usr/bin/env bash
# Installs the Home Assistant the Home Assistant tier runs, from nothing, into
# build/homeassistant/venv (pip's cache in build/homeassistant/pip-cache): a venv made from
# pyenv's Python 3.13.0 (the python3 on PATH is too old for current Home Assistant), the pinned
# homeassistant, then the pinned requirements of the integrations the tier loads, read from
# their installed manifests, so that Home Assistant installs nothing while it runs.
# Idempotent: when the venv has the pinned version and the stamp says the integration
# requirements are in, it does nothing. A cold install takes about 5.5 min on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/../.."

version=2025.4.4
python=${HA_PYTHON:-$HOME/.pyenv/versions/3.13.0/bin/python3}
home=$PWD/build/homeassistant
venv=$home/venv
stamp=$venv/touchpanel-requirements.stamp
# frontend: without it Home Assistant starts in recovery mode; mqtt: the peer under test;
# isal: aiohttp's fast zlib, which http loads at start; recorder: the history a chart is
# filled from at start (history/history_during_period).
integrations=(frontend mqtt isal recorder)
want="homeassistant==$version ${integrations[*]}"

installed_version() {
    "$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("homeassistant"))' 2>/dev/null || true
}

if [[ -x $venv/bin/hass && $(installed_version) == "$version" && -f $stamp && $(cat "$stamp") == "$want" ]]; then
    echo "setup: Home Assistant $version and its integration requirements already in $venv"
    exit 0
fi

if [[ ! -x $python ]]; then
    echo "setup: no Python 3.13 at $python: Home Assistant $version needs Python 3.13." >&2
    echo "setup: install it with pyenv (pyenv install 3.13.0) or point HA_PYTHON at a python3.13." >&2
    exit 1
fi
if ! "$python" -c 'import sys, venv, ssl, sqlite3; sys.exit(sys.version_info[:2] != (3, 13))' 2>/dev/null; then
    echo "setup: $python is not a Python 3.13 with venv, ssl and sqlite3: Home Assistant $version needs them." >&2
    exit 1
fi

mkdir -p "$home/pip-cache"
export PIP_CACHE_DIR=$home/pip-cache PIP_DISABLE_PIP_VERSION_CHECK=1
rm -f "$stamp"
if [[ ! -x $venv/bin/pip ]]; then
    rm -rf "$venv"
    "$python" -m venv "$venv"
fi
if [[ $(installed_version) != "$version" ]]; then
    echo "setup: pip install homeassistant==$version (cold: about 5.5 min)"
    "$venv/bin/pip" install --quiet "homeassistant==$version"
fi

# The manifests' requirements are exact pins (name==version); installing them now is what
# Home Assistant would otherwise do at its first start, reaching the package index.
mapfile -t requirements < <("$venv/bin/python" - "${integrations[@]}" <<'PY'
import json, pathlib, sys
import homeassistant.components as components
root = pathlib.Path(components.__path__[0])
for name in sys.argv[1:]:
    manifest = json.loads((root / name / "manifest.json").read_text())
    for requirement in manifest.get("requirements", []):
        print(requirement)
PY
)
if (( ${#requirements[@]} == 0 )); then
    echo "setup: found no requirements in the manifests of ${integrations[*]}" >&2
    exit 1
fi
echo "setup: pip install ${requirements[*]}"
"$venv/bin/pip" install --quiet "${requirements[@]}"
echo "$want" >"$stamp"
echo "setup: Home Assistant $version ready in $venv"
