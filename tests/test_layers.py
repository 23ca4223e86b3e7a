"""The layers hold (docs/architecture.md, decision 9): the engine and the games
load in a plain Python process with none of the service's libraries, no
Django in either, and the service, the browser edge, ratings and accounts
reach a game only through engine.registry, never by its package's name. No
import runs from a lower layer to a higher one, and no module of ours
imports itself round a circle.

Every check reads the source with ``ast``, so an import inside a function
counts as much as one at the top."""

from __future__ import annotations

import ast
import functools
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OURS = ("accounts", "engine", "games", "parlor", "ratings", "tables", "tests", "tools", "web")
SERVICE_LIBRARIES = ("django", "channels", "psycopg", "redis", "orjson")
# The site's layers, the lowest first (docs/architecture.md, Layers): each
# imports only its own and the ones below it. The tools and the tests stand
# over the site: they may import any layer, and none imports them.
LAYERS = ("engine", "games", "tables", "ratings", "web", "accounts", "parlor")
OVER = ("tools", "tests")
# A game's hooks for the tools, in its folder (found by engine.registry.hook):
# they stand with the tools, and may import them.
HOOKS = ("bench", "strength")


def sources(*folders: str) -> list[Path]:
    """Every Python file under these top-level folders (a game's web/ folder
    is its browser table, JavaScript, and holds none)."""
    return sorted(p for folder in folders for p in (ROOT / folder).rglob("*.py"))


@functools.cache
def parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(), str(path))


def imported(path: Path) -> list[tuple[int, str]]:
    """Every module a file imports, by its full dotted name, with the line:
    ``import a.b``, ``from a.b import c`` (as ``a.b`` and ``a.b.c``, since c
    may be a module), a relative import resolved against the file's package,
    and ``importlib.import_module("a.b")`` with a literal name."""
    package = list(path.relative_to(ROOT).parts[:-1])  # the file's package, as a relative import sees it
    out = []
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1] + ([base] if base else []))
            if base:
                out.append((node.lineno, base))
            out += [(node.lineno, f"{base}.{alias.name}".lstrip(".")) for alias in node.names if alias.name != "*"]
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in ("import_module", "__import__") and isinstance(node.args[0].value, str):
                out.append((node.lineno, node.args[0].value))
    return out


def offences(folders, bad) -> list[str]:
    return [f"{path.relative_to(ROOT)}:{line} imports {name}"
            for path in sources(*folders) for line, name in imported(path) if bad(path, name)]


def top(name: str) -> str:
    return name.split(".")[0]


def layer_of(path: Path) -> str:
    """The layer a file is in: its top folder's, but for a game's hooks for the tools."""
    parts = path.relative_to(ROOT).parts
    return "tools" if parts[0] == "games" and len(parts) == 3 and path.stem in HOOKS else parts[0]


def test_the_walker_sees_every_kind_of_import(tmp_path, monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    (tmp_path / "tables" / "inner").mkdir(parents=True)
    sample = tmp_path / "tables" / "inner" / "sample.py"
    sample.write_text("import games.line\nfrom games import euchre\nfrom games.get_in_line.rules import team\n"
                      "def f():\n    import django.db\n    importlib.import_module('games.station_master')\n"
                      "from . import near\nfrom .. import rows\n")
    names = {name for _line, name in imported(sample)}
    assert {"games.line", "games", "games.euchre", "games.get_in_line.rules", "django.db",
            "games.station_master", "tables.inner.near", "tables.rows"} <= names


@pytest.mark.parametrize("folder", ["tables", "web", "accounts", "ratings"])
def test_the_service_reaches_games_only_through_the_registry(folder):
    assert sources(folder), folder
    assert offences([folder], lambda _path, name: top(name) == "games") == []


def test_nothing_asks_whether_a_game_has_a_part_but_the_registry():
    """A game's optional parts are filled in once, where the registry loads
    it (``engine.contract.completed``): no caller looks one up with a
    default of its own."""
    exempt = {ROOT / "engine" / "contract.py", ROOT / "engine" / "registry.py"}
    asked = []
    for path in sources(*OURS):
        if path in exempt or path == Path(__file__):
            continue
        for node in ast.walk(parsed(path)):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("getattr", "hasattr")
                    and node.args and "game" in ast.unparse(node.args[0]).lower()):
                asked.append(f"{path.relative_to(ROOT)}:{node.lineno} {ast.unparse(node)}")
    assert asked == []


def test_no_django_or_channels_in_the_engine_or_a_game():
    assert offences(["engine", "games"], lambda _path, name: top(name) in ("django", "channels")) == []


def test_the_engine_imports_nothing_of_ours_and_a_game_only_the_engine_and_itself():
    def bad(path, name):
        if top(name) not in OURS or layer_of(path) == "tools":
            return False
        layer = path.relative_to(ROOT).parts
        if layer[0] == "engine":
            return top(name) != "engine"
        # games/<game>/...: the engine, or its own package.
        own = ".".join(layer[:2]) if len(layer) > 2 else "games"
        return top(name) != "engine" and name != own and not name.startswith(own + ".")

    assert offences(["engine", "games"], bad) == []


def test_no_import_runs_from_a_lower_layer_to_a_higher_one():
    def upward(path, name):
        here, there = layer_of(path), top(name)
        if here in OVER:
            return False
        if there in OVER:
            return True
        return there in LAYERS and LAYERS.index(there) > LAYERS.index(here)

    assert sorted(LAYERS + OVER) == sorted(OURS)
    assert offences(LAYERS, upward) == []


def module_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def run_time_imports(path: Path, modules: set[str]) -> set[str]:
    """The modules of ours a file imports when it runs, at its top or in a
    function (not those under ``if TYPE_CHECKING:``, which only a type
    checker reads): ``from a import b`` is ``a.b`` where b is a module, else
    ``a``."""
    package = list(path.relative_to(ROOT).parts[:-1])

    def known(name):
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name

    out, todo = set(), [parsed(path)]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            todo += node.orelse
            continue
        if isinstance(node, ast.Import):
            out |= {known(alias.name) for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1] + ([base] if base else []))
            out |= {f"{base}.{a.name}" if f"{base}.{a.name}" in modules else known(base) for a in node.names}
        todo += ast.iter_child_nodes(node)
    return out - {"", module_of(path)}


def test_no_module_imports_itself_round_a_circle():
    """A circle makes the order modules load in matter, and each module of
    it unreadable without the others (a game's levels of bot share their
    common play through a module both import)."""
    paths = sources(*OURS)
    modules = {module_of(p) for p in paths}
    graph = {module_of(p): run_time_imports(p, modules) for p in paths}
    circles, done = [], set()

    def walk(module, trail):
        if module in trail:
            circles.append(" -> ".join(trail[trail.index(module):] + [module]))
            return
        if module in done:
            return
        for name in sorted(graph[module]):
            walk(name, trail + [module])
        done.add(module)

    for module in sorted(graph):
        walk(module, [])
    assert circles == []


BLOCKED_RUN = """
import importlib, pkgutil, sys

BLOCKED = {blocked!r}

class Blocked:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ImportError(f"{{name}} is not for the engine or a game")
        return None

sys.meta_path.insert(0, Blocked())
import engine, engine.contract, engine.deck, engine.log, engine.moves, engine.play, engine.registry, engine.rounds
import games.euchre, games.get_in_line, games.line, games.station_master
from engine import play, registry

for slug in list(registry.REGISTERED):
    game = registry.get(slug)
    for found in pkgutil.walk_packages(game.__path__, game.__name__ + "."):
        importlib.import_module(found.name)
    played = play.play(game, ["easy"] * (2 if 2 in game.sizes else min(game.sizes)), "layers")
    assert game.result(played.final) is not None
loaded = sorted(m for m in sys.modules if m.split(".")[0] in BLOCKED)
print("loaded", len(registry.REGISTERED), "games; service libraries:", loaded)
"""


def test_the_engine_and_every_game_load_and_play_without_the_services_libraries():
    code = BLOCKED_RUN.format(blocked=SERVICE_LIBRARIES)
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "games; service libraries: []" in done.stdout, done.stdout


def test_the_blocker_does_block():
    code = BLOCKED_RUN.format(blocked=SERVICE_LIBRARIES).split("sys.meta_path.insert(0, Blocked())")[0]
    code += "sys.meta_path.insert(0, Blocked())\nimport django\n"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "django is not for the engine or a game" in done.stderr
