#!/usr/bin/env bash
# Part of `make test`: build the wheel and run it as a player who pip-installed it would,
# from a fresh venv and a folder outside the repository (issue 20). The pinned
# dependencies install from pip's cache/wheelhouse, so this takes seconds, not minutes.
set -euo pipefail
case "${1:-}" in -h|--help) printf "usage: bash tools/wheel_smoke.sh\n\nBuild the wheel, install it in a fresh venv outside the repository and run it as a\nplayer would (--version, licence notices, self-test, a headless game, its replay, check-map, a screenshot).\nEnvironment: PYTHON (the Python for the venv), BUILD_PY (the Python that builds).\n"; exit 0;; esac
cd "$(dirname "$0")/.."
REPO=$PWD
PY=${PYTHON:-python3}
BUILD_PY=${BUILD_PY:-$REPO/.venv/bin/python}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/narby-wheel.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
start=$(date +%s)
"$BUILD_PY" -m pip wheel --quiet --no-deps --wheel-dir "$WORK/dist" "$REPO"
wheel=$(ls "$WORK"/dist/narby_conquest-*.whl)
"$PY" -m venv "$WORK/venv"
"$WORK/venv/bin/python" -m pip install --quiet "$wheel"
built=$(( $(date +%s) - start ))
mkdir "$WORK/elsewhere" && cd "$WORK/elsewhere"
export NARBY_DATA_DIR="$WORK/data" NARBY_CONFIG_DIR="$WORK/config"
narby=$WORK/venv/bin/narby
want=$(sed -n 's/^__version__ = "\([^"]*\)".*/\1/p' "$REPO/game/__init__.py")
"$narby" --version | grep -qx "narby $want"
"$WORK/venv/bin/python" - <<'PY'
import game.resources as r  # the installed copy, not the checkout
assert "site-packages" in str(r.data_root()), r.data_root()
# the licences ship inside the package: the libraries' (pygame-ce and SDL: LGPL), ours
text = r.notices().read_text(encoding="utf-8")
for word in ("pygame-ce", "SDL", "LGPL", "esper", "websockets"):
    assert word in text, f"THIRD_PARTY_NOTICES.txt does not name {word}"
assert "MIT License" in r.notices("LICENSE").read_text(encoding="utf-8")
assert "Dragoon" in r.notices("NOTICE").read_text(encoding="utf-8")
PY
# ...and the wheel declares the licence (PEP 639)
"$WORK/venv/bin/python" -c "import importlib.metadata as m; assert m.metadata('narby-conquest')['License-Expression'] == 'MIT'"
"$narby" self-test
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$narby" self-test --window --no-worker
"$narby" --headless --map riverfell --seed 3 --round-cap 5 --save smoke >/dev/null
"$narby" replay "$WORK/data/saves/smoke.json" --headless | tail -1
"$narby" check-map riverfell
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$narby" --screenshot shot.png --map riverfell --rounds 2
test -s shot.png
echo "wheel-smoke: passed in $(( $(date +%s) - start )) s (build + venv + install $built s)"
