"""Build hook: the wheel carries the repository's top-level maps/ and assets/ inside the
package, as game/_data/maps and game/_data/assets (found by game/resources.py), and the
licence files beside them (game/_data/LICENSE, NOTICE, THIRD_PARTY_NOTICES.txt: the
Credits screen names them; tools/third_party_notices.py makes the last one).

Everything else about the build is in pyproject.toml. An editable install copies
nothing: game.resources then finds the checkout's own maps/ and assets/ beside game/.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
SHIPPED = ("maps", "assets")  # top-level folders shipped as game/_data/<name>
NOTICES = ("LICENSE", "NOTICE", "THIRD_PARTY_NOTICES.txt")  # top-level files, same place
SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", ".*")


class BuildWithData(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return
        data = Path(self.build_lib) / "game" / "_data"
        shutil.rmtree(data, ignore_errors=True)  # no stale file from an earlier build
        for name in SHIPPED:
            shutil.copytree(HERE / name, data / name, ignore=SKIP)
        for name in NOTICES:
            shutil.copy2(HERE / name, data / name)


setup(cmdclass={"build_py": BuildWithData})
