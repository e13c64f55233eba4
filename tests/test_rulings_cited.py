"""Every ruling the project cites is written in docs/RULES.md: R1..R40 (with sub-numbers
such as R37.13) and the project's P-rulings. A citation of a ruling that is not there
(a typo, a ruling only kept outside the repository) fails here."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "RULES.md"
CITED = re.compile(r"\b([RP])(\d+)(?:\.(\d+))?\b")
DEFINED = re.compile(r"\*\*([RP]\d+(?:\.\d+)?) ")
SCANNED = ("game", "tests", "tools", "docs")
SUFFIXES = {".py", ".md", ".txt", ".json", ".tmx", ".tsx", ".cfg", ".toml"}


def defined() -> set[str]:
    return set(DEFINED.findall(RULES.read_text(encoding="utf-8")))


def citations() -> dict[str, set[str]]:
    """ruling -> the files citing it."""
    out: dict[str, set[str]] = {}
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*")):
            if path.suffix not in SUFFIXES or not path.is_file():
                continue
            for kind, num, sub in CITED.findall(path.read_text(encoding="utf-8")):
                name = f"{kind}{num}" + (f".{sub}" if sub else "")
                out.setdefault(name, set()).add(str(path.relative_to(ROOT)))
    return out


def test_every_cited_ruling_is_written_in_docs_rules():
    known = defined()
    missing = {name: sorted(files) for name, files in citations().items()
               if name not in known}
    assert not missing, f"rulings cited but not in docs/RULES.md: {missing}"


def test_the_r_rulings_are_all_there_with_their_sub_numbers():
    known = defined()
    assert {f"R{n}" for n in range(1, 41)} <= known
    assert {f"R37.{n}" for n in range(1, 15)} <= known


def test_rulings_are_defined_once_each():
    names = DEFINED.findall(RULES.read_text(encoding="utf-8"))
    assert len(names) == len(set(names))


def test_the_scan_finds_the_usual_citations():
    cited = citations()
    assert "game/systems/claims.py" in cited["R37.13"] and "P17" in cited
