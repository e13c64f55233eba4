#!/usr/bin/env bash
# Install the Tiled map editor for the real Tiled round-trip test
# (tests/test_tiled_roundtrip.py) and its `tmxrasterizer` for the drawing comparison
# (tests/test_map_drawing.py), when this machine can: Debian/Ubuntu apt-get, as root.
# Best effort and quiet; never fails the build (the tests skip without Tiled).
#     tools/ci_install_tiled.sh [--help]
case "${1:-}" in
    -h|--help)
        echo "usage: tools/ci_install_tiled.sh"
        echo "Install the Tiled map editor (Debian package, as root) for the Tiled"
        echo "round-trip test; does nothing when tiled is installed or apt-get is missing."
        exit 0;;
esac
if command -v tiled >/dev/null 2>&1 && command -v tmxrasterizer >/dev/null 2>&1; then
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1 || [ "$(id -u)" != "0" ]; then
    echo "ci_install_tiled: no apt-get or not root; the Tiled round-trip test will be skipped"
    exit 0
fi
echo "ci_install_tiled: installing tiled (Debian package) for the map round-trip test"
export DEBIAN_FRONTEND=noninteractive
if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends tiled; } \
        >/tmp/ci_install_tiled.log 2>&1; then
    echo "ci_install_tiled: install failed (see /tmp/ci_install_tiled.log); test will be skipped"
fi
exit 0
