"""Releases (issue 31): the version is semver, comes from game/__init__.py alone, has a
CHANGELOG heading, and every file format the game writes is named in CHANGELOG.md, so a
new format version (say narby-save/3) cannot land without a line telling players."""

import re
import tomllib
from pathlib import Path

import game
from game.cli import main
from game.net import protocol
from game.persistence import saves

ROOT = Path(__file__).resolve().parent.parent
CHANGELOG = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
# the release entries: the policy above them may not count as naming a format
ENTRIES = CHANGELOG[CHANGELOG.index("## [Unreleased]"):]

# semver.org's own pattern (no leading zeros; optional pre-release and build)
SEMVER = re.compile(
    r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)"
    r"(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?"
    r"(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$")

# Every format identifier the game writes or reads today. The scan below finds them in
# the code by themselves; this list makes sure the scan still sees them all (a scan that
# silently found nothing would pass anything).
FORMATS = {"narby-save/1", "narby-save/2", "narby-replay/1", "narby-state/1",
           "narby-save-index/1", "narby-lesson/1", "narby-net-seats/1", "narby-records/1"}
FORMAT_ID = re.compile(r"""["'](narby-[a-z][a-z0-9-]*/\d+)["']""")


def formats_in_code(root: Path = ROOT) -> set[str]:
    found: set[str] = set()
    for path in sorted((root / "game").rglob("*")):
        if path.suffix in (".py", ".json") and "__pycache__" not in path.parts:
            found |= set(FORMAT_ID.findall(path.read_text(encoding="utf-8")))
    return found


def test_version_is_semver():
    assert SEMVER.match(game.__version__), game.__version__


def test_version_has_a_changelog_heading():
    assert re.search(rf"^## \[{re.escape(game.__version__)}\]", CHANGELOG, re.M), \
        f"CHANGELOG.md has no '## [{game.__version__}]' heading"


def test_changelog_has_unreleased_on_top_and_versions_newest_first():
    heads = re.findall(r"^## \[([^\]]+)\]", CHANGELOG, re.M)
    assert heads[0] == "Unreleased"
    versions = [tuple(int(n) for n in h.split("-")[0].split(".")) for h in heads[1:]]
    assert versions == sorted(versions, reverse=True) and len(set(versions)) == len(versions)


def test_pyproject_reads_the_version_from_the_game():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"]  # no second copy to drift
    assert "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "game.__version__"}


def test_every_format_the_code_names_is_in_the_changelog():
    found = formats_in_code()
    assert found >= FORMATS, f"the scan lost {sorted(FORMATS - found)}"
    missing = sorted(f for f in found if f"`{f}`" not in ENTRIES)
    assert not missing, f"CHANGELOG.md never names {missing}: add a line for players"


def test_current_save_format_and_protocol_are_in_the_changelog():
    assert f"narby-save/{saves.CURRENT_VERSION}" == saves.FORMAT
    assert f"protocol v{protocol.VERSION}" in ENTRIES


def test_a_new_format_without_a_changelog_line_is_caught(tmp_path):
    # the check itself: a module writing narby-save/3 makes the scan report it
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "saves.py").write_text('FORMAT = "narby-save/3"\n', encoding="utf-8")
    assert formats_in_code(tmp_path) == {"narby-save/3"}
    assert "narby-save/3" not in CHANGELOG


def test_narby_version_prints_it(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"narby {game.__version__}\n"
