#!/usr/bin/env bash
# `make bundle-test`: run the built bundle as a player would, with no Python: a clean
# environment (env -i), from a folder outside the repository, with a fresh HOME so saves
# and crash logs land in that user's folders (platformdirs).
set -euo pipefail
case "${1:-}" in -h|--help) printf "usage: bash tools/bundle_smoke.sh   (make bundle-test)\n\nRun the built bundle dist/narby/narby with a clean environment (env -i) and a fresh\nHOME: version, licence notices, self-test, a headless game with the AI worker, a screenshot.\n"; exit 0;; esac
cd "$(dirname "$0")/.."
APP=$PWD/dist/narby/narby
[ -x "$APP" ] || { echo "bundle-test: no $APP (run make bundle)" >&2; exit 1; }
WORK=$(mktemp -d "${TMPDIR:-/tmp}/narby-bundle.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"
start=$(date +%s)
run() { env -i HOME="$WORK/home" "$@"; }
dummy() { run SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$@"; }
want=$(sed -n 's/^__version__ = "\([^"]*\)".*/\1/p' "$OLDPWD/game/__init__.py")
run "$APP" --version | grep -qx "narby $want"
# the licences travel with it: beside the program and where the Credits screen finds them
for notices in "$(dirname "$APP")/THIRD_PARTY_NOTICES.txt" \
        "$(dirname "$APP")/_internal/game/_data/THIRD_PARTY_NOTICES.txt"; do
    for word in pygame-ce SDL LGPL "Python"; do grep -q "$word" "$notices"; done
done
test -s "$(dirname "$APP")/LICENSE" && test -s "$(dirname "$APP")/NOTICE"
run "$APP" self-test        # files, maps, art, CJK fonts, folders, AI worker process
dummy "$APP" self-test --window --no-worker       # the window opens and draws
run "$APP" --headless --map riverfell --seats hard,normal,easy --seed 3 --round-cap 6 --save smoke
test -n "$(ls "$WORK"/home/.local/share/narby-conquest/saves/*.json)"  # the user's folder
run "$APP" replay "$(ls "$WORK"/home/.local/share/narby-conquest/saves/*.json)" --headless | tail -1
run "$APP" check-map riverfell
dummy "$APP" --screenshot "$WORK/shot.png" --map narby-vale --rounds 2
test -s "$WORK/shot.png"
# a map titled in Japanese, previewed through the bundle's own fallback font (issue 35)
data=$(dirname "$APP")/_internal/game/_data
mkdir "$WORK/maps" && ln -s "$data/assets" "$WORK/assets"
sed 's/name="title" value="[^"]*"/name="title" value="竜の谷"/' "$data/maps/narby-vale.tmx" \
    > "$WORK/maps/ryu.tmx"
dummy "$APP" preview "$WORK/maps/ryu.tmx" --once --screenshot "$WORK/ryu.png"  # 3 on a crash
test -s "$WORK/ryu.png"
run XDG_DATA_HOME="$WORK/share" "$APP" install-desktop
grep -q "^Exec=$APP\$" "$WORK/share/applications/narby-conquest.desktop"
echo "bundle-test: passed in $(( $(date +%s) - start )) s ($(du -sh "$(dirname "$APP")" | cut -f1))"
