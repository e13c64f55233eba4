"""Licence and notices (issue 31): tools/third_party_notices.py names every library the
game ships, with each licence's text; the committed THIRD_PARTY_NOTICES.txt is the one
it makes today; pyproject.toml declares the licence and setup.py ships the notices."""

import importlib.metadata as md
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from game import resources
from tools import third_party_notices as tpn

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def dists():
    return tpn.closure(tpn.runtime_requirements())


@pytest.fixture(scope="module")
def text(dists):
    return tpn.render(dists)


def test_closure_is_every_runtime_dependency_and_theirs(dists):
    names = {d.metadata["Name"].lower().replace("_", "-") for d in dists}
    direct = {Requirement(r).name.lower() for r in tpn.runtime_requirements()}
    assert direct <= names
    # pygame-gui needs python-i18n, zeroconf needs ifaddr; no test or build tool ships
    assert {"python-i18n", "ifaddr"} <= names
    assert not names & {"pytest", "hypothesis", "ruff", "mypy", "numpy", "pyinstaller"}


def test_notices_name_every_shipped_library_with_its_licence_text(dists, text):
    for d in dists:
        assert f"{d.metadata['Name']} {d.version}: " in text  # in the summary
        for path, body in tpn.licence_texts(d):
            assert f"{d.metadata['Name']} {d.version}: {path}" in text
            assert body.strip()[:200] in text
    # pygame-ce and the SDL it carries are LGPL / zlib: the full LGPL and zlib texts
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in text
    assert "libSDL2" in text and "SDL_mixer" in text and "SDL_ttf" in text
    assert "The origin of this software must not be misrepresented" in text


def test_every_native_library_of_pygame_ce_is_named(text):
    libs = [f.name for f in md.distribution("pygame-ce").files or []
            if f.parent.name.endswith(".libs")]
    assert libs, "pygame-ce's wheel carries its native libraries beside it"
    for lib in libs:
        assert lib in text


def test_an_unknown_native_library_is_refused(monkeypatch):
    dist = md.distribution("pygame-ce")
    fake = md.PackagePath("pygame_ce.libs/libmystery-0123.so.1")
    monkeypatch.setattr(type(dist), "files", property(lambda self: [fake]))
    with pytest.raises(tpn.NoticeError, match="libmystery"):
        tpn.native_libraries(dist)


def test_a_missing_dependency_says_so_in_one_line():
    with pytest.raises(tpn.NoticeError, match="not-a-real-package is required but not "
                       "installed"):
        tpn.closure(["not-a-real-package==1.0"])


def test_the_committed_notices_are_current(text):
    committed = (ROOT / "THIRD_PARTY_NOTICES.txt").read_text(encoding="utf-8")
    assert committed == text, "THIRD_PARTY_NOTICES.txt is stale: run " \
        "tools/third_party_notices.py (a dependency changed)"


def test_bundle_notices_add_python():
    if not any(True for _ in md.distributions(name="pyinstaller")):
        pytest.skip("PyInstaller (the bundle extra) is not installed here")
    text = tpn.render(tpn.closure(tpn.runtime_requirements()), bundle=True)
    assert "PYTHON SOFTWARE FOUNDATION LICENSE" in text
    assert "PyInstaller" in text


def test_licence_is_declared_and_shipped():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "MIT"
    for name in project["license-files"]:
        assert (ROOT / name).is_file(), name
    assert "MIT License" in (ROOT / "LICENSE").read_text(encoding="utf-8")
    notice = (ROOT / "NOTICE").read_text(encoding="utf-8")
    assert "Dragoon" in notice and "Lay Waste Games" in notice and "not affiliated" in notice
    assert "SIL Open Font License" in (ROOT / "assets" / "fonts" / "OFL.txt").read_text(
        encoding="utf-8")
    setup = (ROOT / "setup.py").read_text(encoding="utf-8")
    assert '"THIRD_PARTY_NOTICES.txt"' in setup  # copied into game/_data in the wheel


def test_the_game_finds_its_notices():
    # a checkout: the repository's own files (a wheel or a bundle: game/_data)
    assert resources.notices().is_file()
    assert resources.notices("LICENSE").is_file()
    assert resources.notices("NOTICE").is_file()
