#!/usr/bin/env bash
# `make bundle`: the standalone game for players without Python, one folder: dist/narby/
# (run dist/narby/narby). Uses the pinned PyInstaller of the `bundle` extra.
set -euo pipefail
case "${1:-}" in -h|--help) printf "usage: bash tools/build_bundle.sh   (make bundle)\n\nBuild the standalone one-folder game into dist/narby/ with the pinned PyInstaller.\nEnvironment: PY (the Python with PyInstaller, default .venv/bin/python).\n"; exit 0;; esac
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
start=$(date +%s)
# the notices of what this bundle ships: the libraries, Python and PyInstaller's bootloader
"$PY" tools/third_party_notices.py --bundle --out build/notices/THIRD_PARTY_NOTICES.txt
"$PY" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath dist --workpath build/pyinstaller packaging/narby.spec
# pygame-gui carries its own copies of the game's font (the same files): link them to
# the game's, so no file is shipped twice.
internal=dist/narby/_internal
for font in NotoSans-Regular.ttf NotoSans-Bold.ttf; do
    theirs=$internal/pygame_gui/data/$font
    ours=$internal/game/_data/assets/fonts/$font
    if [ -f "$theirs" ] && [ -f "$ours" ] && cmp -s "$theirs" "$ours"; then
        ln -sf "../../game/_data/assets/fonts/$font" "$theirs"
    fi
done
# ...and beside the program, where a player who unpacks the folder sees them
cp LICENSE NOTICE build/notices/THIRD_PARTY_NOTICES.txt dist/narby/
size=$(du -sh dist/narby | cut -f1)
echo "built dist/narby/ ($size, $(find dist/narby -type f | wc -l) files) in $(( $(date +%s) - start )) s"
