"""Write THIRD_PARTY_NOTICES.txt: every library the game ships, with its licence's full text.

    .venv/bin/python tools/third_party_notices.py                 # -> THIRD_PARTY_NOTICES.txt
    .venv/bin/python tools/third_party_notices.py --check         # exit 1 if it is stale
    .venv/bin/python tools/third_party_notices.py --bundle --out dist/narby/THIRD_PARTY_NOTICES.txt

The list is computed, not kept by hand: the runtime requirements in pyproject.toml and,
through importlib.metadata, everything they require in turn (extras left out), each
with the licence files its installed distribution carries. pygame-ce's wheel also
carries SDL 2 and the native libraries SDL loads (pygame_ce.libs): they are listed
from that folder with their licences. `--bundle` adds what only the standalone bundle
ships: the Python interpreter and PyInstaller's bootloader.

The output depends only on the installed versions (pinned in pyproject.toml), so the
committed THIRD_PARTY_NOTICES.txt is checked against a fresh one by the tests;
setup.py copies it into the wheel and tools/build_bundle.sh writes one into the bundle.
"""

from __future__ import annotations

import argparse
import importlib.metadata as md
import re
import sys
import sysconfig
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "THIRD_PARTY_NOTICES.txt"
LICENCE_FILE = re.compile(r"(LICEN[CS]E|COPYING|NOTICE)", re.I)
# licence texts a distribution ships outside its dist-info, by its own choice of path
EXTRA_TEXTS = {"pygame-ce": ("pygame/docs/generated/LGPL.txt",)}

ZLIB = """\
This software is provided 'as-is', without any express or implied warranty. In no
event will the authors be held liable for any damages arising from the use of this
software.

Permission is granted to anyone to use this software for any purpose, including
commercial applications, and to alter it and redistribute it freely, subject to the
following restrictions:

1. The origin of this software must not be misrepresented; you must not claim that
   you wrote the original software. If you use this software in a product, an
   acknowledgment in the product documentation would be appreciated but is not
   required.
2. Altered source versions must be plainly marked as such, and must not be
   misrepresented as being the original software.
3. This notice may not be removed or altered from any source distribution.
"""

# The native libraries inside pygame-ce's wheel (pygame_ce.libs), by file-name prefix:
# (name, licence, where its source and full licence are). The LGPL ones are under the
# LGPL 2.1 whose full text is pygame-ce's, above; SDL's own libraries under zlib, below.
NATIVE = {
    "libSDL2-": ("SDL 2 (Simple DirectMedia Layer)", "Zlib", "https://libsdl.org"),
    "libSDL2_image": ("SDL_image 2", "Zlib", "https://github.com/libsdl-org/SDL_image"),
    "libSDL2_mixer": ("SDL_mixer 2", "Zlib", "https://github.com/libsdl-org/SDL_mixer"),
    "libSDL2_ttf": ("SDL_ttf 2", "Zlib", "https://github.com/libsdl-org/SDL_ttf"),
    "libfreetype": ("FreeType", "FTL (FreeType License)", "https://freetype.org/license.html"),
    "libharfbuzz": ("HarfBuzz", "MIT (Old MIT)", "https://github.com/harfbuzz/harfbuzz"),
    "libbrotlicommon": ("Brotli", "MIT", "https://github.com/google/brotli"),
    "libbrotlidec": ("Brotli", "MIT", "https://github.com/google/brotli"),
    "libpng16": ("libpng", "libpng-2.0", "http://www.libpng.org/pub/png/src/libpng-LICENSE.txt"),
    "libjpeg": ("libjpeg-turbo", "IJG, BSD-3-Clause, Zlib",
                "https://github.com/libjpeg-turbo/libjpeg-turbo/blob/main/LICENSE.md"),
    "libtiff": ("LibTIFF", "libtiff", "https://libtiff.gitlab.io/libtiff/"),
    "libwebp": ("libwebp", "BSD-3-Clause", "https://chromium.googlesource.com/webm/libwebp"),
    "libwebpdemux": ("libwebp", "BSD-3-Clause",
                     "https://chromium.googlesource.com/webm/libwebp"),
    "libsharpyuv": ("libwebp (sharpyuv)", "BSD-3-Clause",
                    "https://chromium.googlesource.com/webm/libwebp"),
    "libogg": ("libogg (Xiph.Org)", "BSD-3-Clause", "https://xiph.org/ogg/"),
    "libvorbis": ("libvorbis (Xiph.Org)", "BSD-3-Clause", "https://xiph.org/vorbis/"),
    "libvorbisenc": ("libvorbis (Xiph.Org)", "BSD-3-Clause", "https://xiph.org/vorbis/"),
    "libvorbisfile": ("libvorbis (Xiph.Org)", "BSD-3-Clause", "https://xiph.org/vorbis/"),
    "libopus": ("Opus (Xiph.Org)", "BSD-3-Clause", "https://opus-codec.org/license/"),
    "libopusfile": ("opusfile (Xiph.Org)", "BSD-3-Clause", "https://opus-codec.org/license/"),
    "libFLAC": ("libFLAC (Xiph.Org)", "BSD-3-Clause", "https://xiph.org/flac/"),
    "libwavpack": ("WavPack", "BSD-3-Clause", "https://www.wavpack.com/"),
    "libxmp": ("libxmp", "MIT", "https://github.com/libxmp/libxmp"),
    "libmpg123": ("mpg123", "LGPL-2.1", "https://mpg123.org/"),
    "libfluidsynth": ("FluidSynth", "LGPL-2.1-or-later", "https://www.fluidsynth.org/"),
    "libsndfile": ("libsndfile", "LGPL-2.1-or-later", "https://libsndfile.github.io/libsndfile/"),
    "libasound": ("ALSA library", "LGPL-2.1-or-later", "https://www.alsa-project.org/"),
    "libportmidi": ("PortMidi", "MIT", "https://github.com/PortMidi/portmidi"),
}
# Attributions some of these licences ask for in a binary's documentation, word for word.
CREDITS = {
    "FreeType": "Portions of this software are copyright (C) The FreeType Project "
                "(www.freetype.org). All rights reserved.",
    "libjpeg-turbo": "This software is based in part on the work of the Independent JPEG "
                     "Group.",
}


class NoticeError(RuntimeError):
    """A shipped library is not installed here, or has no licence we can name."""


def runtime_requirements(pyproject: Path = ROOT / "pyproject.toml") -> list[str]:
    return tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["dependencies"]


def closure(requirements: list[str]) -> list[md.Distribution]:
    """The installed distributions the requirements need, transitively, extras left out;
    sorted by name. A requirement whose marker is false here (another platform) is skipped."""
    seen: dict[str, md.Distribution] = {}
    todo = list(requirements)
    while todo:
        req = Requirement(todo.pop())
        if req.marker is not None and not req.marker.evaluate({"extra": ""}):
            continue
        key = canonicalize_name(req.name)
        if key in seen:
            continue
        try:
            dist = md.distribution(req.name)
        except md.PackageNotFoundError:
            raise NoticeError(f"{req.name} is required but not installed here: install the "
                              "game's dependencies (make .venv/.installed) first") from None
        seen[key] = dist
        todo.extend(dist.requires or [])
    return [seen[k] for k in sorted(seen)]


def licence_name(dist: md.Distribution) -> str:
    meta = dist.metadata
    if meta.get("License-Expression"):
        return meta["License-Expression"]
    text = (meta.get("License") or "").strip()
    if text and "\n" not in text and len(text) < 60:
        return text
    classifiers = [c.split(" :: ")[-1] for c in meta.get_all("Classifier") or []
                   if c.startswith("License ::")]
    if classifiers:
        return ", ".join(classifiers)
    raise NoticeError(f"{meta['Name']}: no licence in its metadata")


def homepage(dist: md.Distribution) -> str:
    meta = dist.metadata
    for url in meta.get_all("Project-URL") or []:
        label, _, link = url.partition(",")
        if label.strip().lower() in ("homepage", "home", "source", "repository"):
            return link.strip()
    page = meta.get("Home-page") or ""
    return page if page.startswith("http") else f"https://pypi.org/project/{meta['Name']}/"


def licence_texts(dist: md.Distribution) -> list[tuple[str, str]]:
    """(path inside the distribution, text) of each licence file it ships, once each."""
    name = canonicalize_name(dist.metadata["Name"])
    wanted = [f for f in dist.files or [] if LICENCE_FILE.search(f.name)]
    wanted += [f for f in dist.files or [] if str(f) in EXTRA_TEXTS.get(name, ())]
    out: list[tuple[str, str]] = []
    texts: set[str] = set()
    for f in sorted(wanted, key=str):
        text = Path(f.locate()).read_text(encoding="utf-8", errors="replace")
        if text.strip() and text not in texts:
            texts.add(text)
            out.append((str(f), text))
    if not out:
        raise NoticeError(f"{dist.metadata['Name']}: no licence text in its distribution")
    return out


def native_libraries(dist: md.Distribution) -> list[tuple[str, str, str, str]]:
    """(file, name, licence, source) of each native library shipped beside a package
    (auditwheel's <name>.libs folder); an unknown one is an error, so none goes unnamed."""
    files = sorted({f.name for f in dist.files or [] if f.parent.name.endswith(".libs")})
    out = []
    for file in files:
        prefix = max((p for p in NATIVE if file.startswith(p)), key=len, default=None)
        if prefix is None:
            raise NoticeError(f"{file} (in {dist.metadata['Name']}): a native library with "
                              "no licence in tools/third_party_notices.py NATIVE; add it")
        out.append((file, *NATIVE[prefix]))
    return out


def python_licence() -> str:
    path = Path(sysconfig.get_path("stdlib")) / "LICENSE.txt"
    if not path.is_file():
        raise NoticeError(f"the Python licence is not at {path}")
    return path.read_text(encoding="utf-8", errors="replace")


def _section(title: str) -> str:
    return f"\n{'=' * 78}\n{title}\n{'=' * 78}\n\n"


def render(dists: list[md.Distribution], bundle: bool = False) -> str:
    extra = [md.distribution("pyinstaller")] if bundle else []
    natives = [row for d in dists for row in native_libraries(d)]
    lines = ["Third-party notices for Narby Conquest", "",
             "Narby Conquest itself is under the MIT License (LICENSE); its origins and the "
             "licence",
             "of its fonts and art are in NOTICE. It ships the libraries below, each under "
             "its own",
             "licence, whose full texts follow. Made by tools/third_party_notices.py from "
             "the",
             "installed distributions; do not edit by hand.", "", "Python libraries:"]
    for d in dists:
        lines.append(f"  - {d.metadata['Name']} {d.version}: {licence_name(d)} "
                     f"({homepage(d)})")
    if natives:
        lines += ["", "Native libraries inside pygame-ce (pygame_ce.libs); pygame-ce and "
                  "SDL are", "used under the GNU LGPL and zlib licences, and may be "
                  "replaced by a player's own", "build of them:"]
        for file, name, licence, source in natives:
            lines.append(f"  - {file}: {name}: {licence} ({source})")
    if bundle:
        lines += ["", f"The standalone bundle also ships the Python {sys.version.split()[0]} "
                  "interpreter and", "its standard library (PSF License), and the bootloader "
                  f"of PyInstaller {extra[0].version}", "(GPL 2.0 with its bootloader "
                  "exception, which allows shipping it with any", "program)."]
    text = "\n".join(lines) + "\n"
    for d in dists + extra:
        for path, body in licence_texts(d):
            text += _section(f"{d.metadata['Name']} {d.version}: {path}") + body.rstrip() + "\n"
    if natives:
        text += _section("SDL 2, SDL_image, SDL_mixer, SDL_ttf: the zlib licence")
        text += "Copyright (C) 1997-2025 Sam Lantinga <slouken@libsdl.org>\n\n" + ZLIB
        text += _section("Notices of the other native libraries")
        done: set[str] = set()
        for _file, name, licence, source in natives:
            if not name.startswith("SDL") and name not in done:
                done.add(name)
                text += f"{name}\n  Licence: {licence}; full text: {source}\n"
                if name in CREDITS:
                    text += f"  {CREDITS[name]}\n"
        text += ("\nThe LGPL libraries among them (mpg123, FluidSynth, libsndfile, ALSA) "
                 "are under the\nGNU LGPL 2.1, whose full text is pygame-ce's, above.\n")
    if bundle:
        text += _section(f"Python {sys.version.split()[0]}: LICENSE") + python_licence().rstrip() \
            + "\n"
    return text


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter,
                                epilog=__doc__.split("\n\n", 1)[1])
    p.add_argument("--out", type=Path, default=OUT, help="where to write (default: %(default)s)")
    p.add_argument("--check", action="store_true", help="compare with --out instead of "
                   "writing it; exit 1 if they differ")
    p.add_argument("--bundle", action="store_true", help="add the Python interpreter and "
                   "PyInstaller's bootloader (what only the bundle ships)")
    args = p.parse_args(argv)
    try:
        text = render(closure(runtime_requirements()), bundle=args.bundle)
    except (NoticeError, md.PackageNotFoundError) as exc:
        print(f"third_party_notices: {exc}", file=sys.stderr)
        return 2
    if args.check:
        old = args.out.read_text(encoding="utf-8") if args.out.is_file() else ""
        if old != text:
            print(f"third_party_notices: {args.out} is stale; run "
                  "tools/third_party_notices.py", file=sys.stderr)
            return 1
        return 0
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out} ({len(text) // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
