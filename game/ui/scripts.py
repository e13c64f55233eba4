"""Text in any script: CJK map titles and descriptions drawn with a font that has them.

The game's font (Noto Sans) covers Latin, Greek and Cyrillic. For Chinese, Japanese and
Korean the window uses the Noto Sans JP, SC and KR fonts that pygame-gui itself ships
(SIL Open Font License, in pygame_gui/data; the bundle collects them with pygame-gui's
data), so no second copy of 4-9 MB fonts is shipped. SDL_ttf has no glyph fallback, so
the face is chosen per text, by the characters it holds:

    face_for("Narby Vale")     -> None        (the game's own font)
    face_for("竜の谷")           -> "narby_jp"  (kana: Japanese)
    face_for("龙谷")             -> "narby_sc"  (Han only: Simplified Chinese forms)
    face_for("용의 계곡")         -> "narby_kr"  (Hangul)
    html("竜の谷")               -> "<font face='narby_jp'>竜の谷</font>"

`register(ui)` gives a pygame-gui manager the three faces (loaded on first use) and
`theme_variants(theme)` adds, for the few theme blocks that show titles, a copy per face
("#map_item_jp" ...), picked with `object_id(base, text)`.
"""

from __future__ import annotations

import warnings
from functools import cache
from html import escape
from importlib import resources
from pathlib import Path

FACES = {"narby_jp": "NotoSansJP", "narby_sc": "NotoSansSC", "narby_kr": "NotoSansKR"}
_SUFFIX = {"narby_jp": "_jp", "narby_sc": "_sc", "narby_kr": "_kr"}
# theme ids that show map titles -> the blocks they are made of; each gets a copy per
# CJK face ("#map_item_jp" ...) with that face at the same size
VARIANTS = {"selection_list.#map_item": ("selection_list.@selection_list_item",),
            "selection_list.#map_broken": ("selection_list.@selection_list_item",
                                           "#map_broken"),
            "#heading": ("@heading",), "#map_cycler": ("button", "@cycler")}
# pygame-gui warns when a face is used before being preloaded: these load on first use
warnings.filterwarnings("ignore", message=r".*narby_(jp|sc|kr).*")


def _is_hangul(o: int) -> bool:
    return 0xAC00 <= o <= 0xD7AF or 0x1100 <= o <= 0x11FF or 0x3130 <= o <= 0x318F


def _is_kana(o: int) -> bool:
    return 0x3040 <= o <= 0x30FF or 0x31F0 <= o <= 0x31FF or 0xFF66 <= o <= 0xFF9F


def _is_cjk(o: int) -> bool:
    return (0x2E80 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0xFF00 <= o <= 0xFFEF
            or 0x20000 <= o <= 0x2FA1F or _is_hangul(o))


def face_for(text: str) -> str | None:
    """The pygame-gui font face for `text`, None when the game's own font has it all."""
    codes = [ord(ch) for ch in text]
    if not any(_is_cjk(o) for o in codes):
        return None
    if any(_is_hangul(o) for o in codes):
        return "narby_kr"
    if any(_is_kana(o) for o in codes):
        return "narby_jp"
    return "narby_sc"


@cache
def font_files(face: str) -> tuple[Path, Path] | None:
    """(regular, bold) font files of a face, or None when pygame-gui has not got them."""
    try:
        data = Path(str(resources.files("pygame_gui.data")))
    except (ModuleNotFoundError, TypeError):
        return None
    stem = FACES[face]
    for ext in (".otf", ".ttf"):
        regular, bold = data / f"{stem}-Regular{ext}", data / f"{stem}-Bold{ext}"
        if regular.is_file():
            return regular, bold if bold.is_file() else regular
    return None


def register(ui) -> None:
    """Give a pygame-gui manager the CJK faces (files are read on first use)."""
    for face in FACES:
        files = font_files(face)
        if files:
            regular, bold = map(str, files)
            ui.add_font_paths(face, regular, bold, regular, bold)


def html(text: str) -> str:
    """`text` escaped for a pygame-gui text box, in a CJK face when it needs one."""
    face = face_for(text)
    if face is None or font_files(face) is None:
        return escape(text)
    return f"<font face='{face}'>{escape(text)}</font>"


def object_id(base: str, text: str) -> str:
    """A theme id whose font can draw `text`: "#map_item" or "#map_item_jp"."""
    face = face_for(text)
    return base + _SUFFIX[face] if face and font_files(face) else base


def theme_variants(theme: dict) -> None:
    """Add each title id's copy per CJK face, for `object_id` (in place)."""
    for name, parts in VARIANTS.items():
        merged: dict = {}
        for part in parts:
            for section, values in (theme.get(part) or {}).items():
                merged[section] = {**merged.get(section, {}), **values}
        if "font" not in merged:
            continue
        for face, suffix in _SUFFIX.items():
            files = font_files(face)
            if files:
                font = dict(merged["font"], name=face, regular_path=str(files[0]),
                            bold_path=str(files[1]), italic_path=str(files[0]),
                            bold_italic_path=str(files[1]))
                theme[name + suffix] = {**merged, "font": font}
