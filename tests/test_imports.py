"""No import cycle among the game's modules (issue 19, docs/ARCHITECTURE.md "Layers").

The graph is read from the source, not from a running interpreter: every module-level
import of game/**.py (imports under `if TYPE_CHECKING:` are for the type checker only and
do not count). Importing `a.b.c` also runs `a` and `a.b`, so those count as edges too,
except a package a module already sits in (its parent runs first either way)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def game_modules() -> dict[str, tuple[Path, bool]]:
    """module name -> (file, is a package __init__)."""
    mods = {}
    for path in sorted((ROOT / "game").rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        is_pkg = parts[-1] == "__init__"
        if is_pkg:
            parts.pop()
        mods[".".join(parts)] = (path, is_pkg)
    return mods


def _module_level_imports(tree: ast.Module):
    for node in tree.body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.If | ast.Try | ast.With):
            yield from (n for n in ast.walk(node) if isinstance(n, ast.Import | ast.ImportFrom))


def _targets(node, name: str, is_pkg: bool, mods) -> list[str]:
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    base = node.module or ""
    if node.level:  # relative: from . import x / from .y import z
        package = (name if is_pkg else name.rpartition(".")[0]).split(".")
        package = package[: len(package) - node.level + 1]
        base = ".".join(package + ([node.module] if node.module else []))
    return [f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base for a in node.names]


def import_graph() -> dict[str, set[str]]:
    mods = game_modules()
    graph: dict[str, set[str]] = {}
    for name, (path, is_pkg) in mods.items():
        deps: set[str] = set()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in _module_level_imports(tree):
            for target in _targets(node, name, is_pkg, mods):
                while target and target not in mods:  # `from m import function`
                    target = target.rpartition(".")[0]
                direct = True
                while target:
                    if target != name and (direct or not name.startswith(target + ".")):
                        deps.add(target)
                    direct = False
                    target = target.rpartition(".")[0]
        graph[name] = {d for d in deps if d in mods}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle as [a, b, ..., a], or None (depth-first search, colours)."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(v: str) -> list[str] | None:
        state[v] = 1
        path.append(v)
        for w in sorted(graph[v]):
            if state.get(w) == 1:
                return path[path.index(w):] + [w]
            if w not in state and (found := visit(w)):
                return found
        path.pop()
        state[v] = 2
        return None

    for v in sorted(graph):
        if v not in state and (found := visit(v)):
            return found
    return None


def test_the_graph_sees_the_modules_and_their_imports():
    graph = import_graph()
    assert "game.match" in graph and "game.ui.app" in graph
    assert "game.lookups" in graph["game.match"]
    assert "game.ui.scenes.menu" in graph["game.ui.app"]


def test_the_cycle_finder_finds_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_no_import_cycle_among_game_modules():
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_headless_commands_do_not_load_the_window():
    """The in-function imports left in the CLI are deliberate (a `# noqa: PLC0415` says
    why): `narby --headless`, `narby maps` and `narby host --headless` start without
    pygame-gui, the window's scenes or the network libraries."""
    code = ("import sys, game.cli, game.maps.commands, game.net.cli; "
            "print(sorted(m for m in ('pygame_gui', 'game.ui.app', 'websockets', 'zeroconf') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True).stdout
    assert out.strip() == "[]"
