"""The registry: a game's slug -> its package. Games are imported when first
asked for, so a tool that needs one game loads only that one."""

from __future__ import annotations

import importlib

from .contract import missing

# Slug -> module path, in the order the lobby lists them.
REGISTERED: dict[str, str] = {
    "euchre": "games.euchre",
    "get-in-line": "games.get_in_line",
    "line": "games.line",
    "station-master": "games.station_master",
}


def register(slug: str, module: str) -> None:
    """Add a game (tests register their own small games this way)."""
    REGISTERED[slug] = module


def unregister(slug: str) -> None:
    REGISTERED.pop(slug, None)


_met: dict[str, object] = {}  # module path -> its package, once it met the contract


def get(slug: str):
    """The game package for a slug, or None if there is no such game. (Asked
    several times a move, so a package is checked against the contract
    once.)"""
    path = REGISTERED.get(slug) if isinstance(slug, str) else None
    if path is None:
        return None
    game = _met.get(path)
    if game is None:
        game = importlib.import_module(path)
        lacking = missing(game)
        if lacking:
            raise TypeError(f"{path} does not meet the engine contract: missing {', '.join(lacking)}")
        _met[path] = game
    return game


def all() -> list:  # noqa: A001 (the registry's own word)
    return [get(slug) for slug in REGISTERED]
