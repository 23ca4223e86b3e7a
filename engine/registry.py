"""The registry: a game's slug -> its package. Every package under
``games/`` is a game, its slug its folder's name with ``-`` for ``_``; the
lobby lists them in that order. Games are imported when first asked for, so
a tool that needs one game loads only that one, and each is checked against
the contract and has its optional parts filled in once, as it loads.

A game keeps everything of its own in its folder, where the registry finds
it: beside its code, its bots' rating anchors (``anchors.json``, written by
``tools/ratings/anchors.py``) and its hooks for the tools (``bench.py``,
``strength.py``), which the tools find here rather than by a list."""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from pathlib import Path

from .contract import Game, completed, missing

GAMES = Path(__file__).resolve().parent.parent / "games"

# Slug -> module path, in the order the lobby lists them.
REGISTERED: dict[str, str] = {
    found.name.replace("_", "-"): f"games.{found.name}"
    for found in sorted(pkgutil.iter_modules([str(GAMES)]), key=lambda m: m.name) if found.ispkg
}


def register(slug: str, module: str) -> None:
    """Add a game from elsewhere (tests register their own small games this way)."""
    REGISTERED[slug] = module


def unregister(slug: str) -> None:
    REGISTERED.pop(slug, None)


_met: dict[str, Game] = {}  # module path -> its package, once it met the contract


def get(slug: str) -> Game | None:
    """The game package for a slug, or None if there is no such game. (Asked
    several times a move, so a package is loaded and checked once.)"""
    path = REGISTERED.get(slug) if isinstance(slug, str) else None
    if path is None:
        return None
    game = _met.get(path)
    return game if game is not None else load(path)


def load(path: str) -> Game:
    """The game package at this module path, checked and completed (a bot
    worker, given a path, loads its games this way)."""
    game = _met.get(path)
    if game is None:
        game = importlib.import_module(path)
        lacking = missing(game)
        if lacking:
            raise TypeError(f"{path} does not meet the engine contract: missing {', '.join(lacking)}")
        _met[path] = game = completed(game)
    return game


def all() -> list[Game]:  # noqa: A001 (the registry's own word)
    return [get(slug) for slug in REGISTERED]


def folder(slug: str) -> Path | None:
    """The folder a game keeps its own files in, or None if there is no such game."""
    game = get(slug)
    return Path(game.__file__).parent if game is not None else None


def hook(slug: str, name: str):
    """A game's hook for a tool (``bench``, ``strength``): the module of that
    name in its folder, or None if it has none."""
    return importlib.import_module(f"{REGISTERED[slug]}.{name}") if slug in hooked(name) else None


def hooked(name: str) -> list[str]:
    """The games that have a hook of this name, in the lobby's order."""
    return [slug for slug, path in REGISTERED.items() if importlib.util.find_spec(f"{path}.{name}") is not None]
