"""The engine contract every Parlor game meets.

A game is a package under ``games/``, found there by ``engine/registry.py``
(its folder's name is its slug with ``_`` for ``-``). Its ``__init__``
exposes the names in ``REQUIRED`` (and may expose ``OPTIONAL``); ``Game``
says the same as a type:

- ``slug``, ``title``: ``"euchre"``, ``"Euchre"``.
- ``players``: ``(min, max)`` people the catalog advertises.
- ``sizes``: the seat counts a table can start with, bots included.
- ``DEFAULTS`` and ``options(raw)``: the table's settings; only exact allowed
  values survive, anything else becomes the default.
- ``new(players, seed, now, settings)``: a fresh state, one JSON-serialisable
  dict; raises ``Illegal`` with a sentence for a size it cannot start.
- ``MOVES``: ``{type: fn(state, seat, action, now)}``; each validates and
  mutates, or raises ``Illegal("a sentence a player can read")``, and makes
  every check that can refuse before its first change: ``moves.dispatch``
  plays a move on the state itself, and a refused move must change nothing.
- ``view(state, seat)``: the only route from state to a browser;
  ``seat=None`` is a spectator.
- ``deciding(state)``: ``[(seat, kind, key)]``: who must decide now, what
  kind of decision, and a key unique to this decision.
- ``legal(state, seat)``: every move this seat may make now, each a
  JSON-ready action ``MOVES`` accepts; empty for a seat that is not deciding.
  It depends only on what the seat may know, and is complete enough for a
  bot or the generic table to play a whole game from it (a game with a large
  space of moves may list those a player can make from the board as drawn).
- ``bots``: a module with ``choose(view, level, rng)``, deciding from the
  seat's view (``view(state, seat)``, which says which seat it is) alone, for
  the levels in ``LEVELS``.
- ``bot_think``: seconds of thinking per decision kind, before the pace.
- ``result(state)``: ``None`` while playing; then a dict with ``places``
  (1 is first, equal places tie) and ``scores``.
- ``determinize(view, rng)``: a whole state that the view's seat could be
  looking at: everything the view shows as it is, and every secret the seat
  has not seen (other hands, face-down piles, the seed of what is still to
  be dealt) dealt again at random from what it could be, never where the
  view rules it out. ``view(determinize(v, rng), v["seat"]) == v``. The
  contract test's ``scramble`` is its inverse; a search plays on its worlds.

Optional (``OPTIONAL``, each filled in with its default once, where the
registry loads the game, so no caller asks whether a game has it):
``fallback(state, seat)``, an always-legal move played if a bot's choice is
refused (by default the first of ``legal``); ``say(action)``, a plain
sentence for a move, from the move alone (the generic table's words;
``plain_words`` by default); ``options_schema``, the settings as the waiting
room draws them (none by default); ``team_of(state_or_none, n, settings)``,
which side each seat plays for (ratings; by default everyone for
themselves); ``legal_in_snapshot``, False for a game whose own table draws
the deciding seat's moves from its view, so its snapshots carry no ``legal``
list (by default they do: the generic table draws it); ``opening(state)``, a
sentence announcing the start (none by default); ``hand(view)``, the cards
in the hand of the view's seat as a replay shows them face up beside the
table: card strings the card kit draws, or for cards of the game's own
each a dict with its ``name`` (by default the view's ``mine``);
``levels``, ``{level: words}`` for every level in ``LEVELS``: a few plain
words saying what a bot at that level does in this game, which the waiting
room shows beside a bot's level (``LEVEL_WORDS`` by default); ``kicker``
and ``blurb``, how the lobby shows the game: what kind of game it is, and
one line about it (by default "Game" and none). A game's ``bots`` may have
``decide(view, level, rng)``, the move and a sentence saying why (a hint
shows both; by default ``choose``'s move and no sentence): one sentence,
the move in the words its table shows it by, then what it does for the
seat, spoken to the player and without the search's numbers
(``engine/why.py``).

Every state carries ``seq`` (bumped by ``moves.dispatch`` on each move) and
``events`` (``engine.log``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

LEVELS = ("easy", "medium", "hard")

REQUIRED = (
    "slug", "title", "players", "sizes", "DEFAULTS", "options", "new", "MOVES",
    "view", "deciding", "legal", "bots", "bot_think", "result", "determinize",
)
OPTIONAL = ("fallback", "say", "options_schema", "team_of", "legal_in_snapshot", "opening", "hand", "levels", "kicker",
            "blurb")

# What each level does, for a game that does not say it in its own words.
LEVEL_WORDS = {
    "easy": "Plays simply and makes mistakes.",
    "medium": "Plays a sensible, steady game.",
    "hard": "Thinks further ahead before it plays.",
}


class Bots(Protocol):
    def choose(self, view: dict, level: str, rng) -> dict: ...
    def decide(self, view: dict, level: str, rng) -> tuple[dict, str | None]: ...


class Game(Protocol):
    """A game as the service, the tools and the tests see it: a package,
    its optional parts filled in (``registry.get``)."""

    slug: str
    title: str
    players: tuple[int, int]
    sizes: tuple[int, ...]
    DEFAULTS: dict
    MOVES: dict[str, Callable[[dict, int, dict, float], None]]
    bots: Bots
    bot_think: dict[str, float]
    options_schema: list[dict]
    legal_in_snapshot: bool
    levels: dict[str, str]
    kicker: str
    blurb: str

    def options(self, raw: dict) -> dict: ...
    def new(self, players: int, seed: str, now: float, settings: dict | None = None) -> dict: ...
    def view(self, state: dict, seat: int | None) -> dict: ...
    def deciding(self, state: dict) -> list[tuple[int, str, str]]: ...
    def legal(self, state: dict, seat: int) -> list[dict]: ...
    def result(self, state: dict) -> dict | None: ...
    def determinize(self, view: dict, rng) -> dict: ...
    def fallback(self, state: dict, seat: int) -> dict: ...
    def say(self, action: dict) -> str: ...
    def team_of(self, state: dict | None, n: int, settings: dict | None = None) -> list[int]: ...
    def opening(self, state: dict) -> str | None: ...
    def hand(self, view: dict) -> list: ...


def completed(game) -> Game:
    """The game with each optional part it lacks filled in with its default
    (once, as the registry loads it)."""
    defaults = {
        "fallback": lambda state, seat: game.legal(state, seat)[0],
        "say": plain_words,
        "options_schema": [],
        "team_of": lambda state, n, settings=None: list(range(n)),
        "legal_in_snapshot": True,
        "opening": lambda state: None,
        "hand": lambda view: view.get("mine") or [],
        "levels": LEVEL_WORDS,
        "kicker": "Game",
        "blurb": "",
    }
    for name, default in defaults.items():
        if not hasattr(game, name):
            setattr(game, name, default)
    if not hasattr(game.bots, "decide"):
        choose = game.bots.choose
        game.bots.decide = lambda view, level, rng: (choose(view, level, rng), None)
    return game


class Illegal(Exception):
    """A move or action the rules refuse. Its message is one sentence a
    player can read and act on; raising it changes nothing."""

    def __init__(self, sentence: str):
        super().__init__(sentence)
        self.sentence = sentence

    def __str__(self) -> str:
        return self.sentence


def offered(game, state: dict, seat, words=None) -> list[dict]:
    """The moves a seat may make now, each as ``{"action": ..., "say": ...}``:
    the action as ``MOVES`` takes it, and a plain sentence for it (``words``,
    by default the game's own ``say(action)`` where it has one). The generic
    table draws these."""
    if seat is None or state is None:
        return []
    words = words or game.say
    return [{"action": action, "say": words(action)} for action in game.legal(state, seat)]


def plain_words(action: dict) -> str:
    """A sentence for a move from its fields, for a game that has no words of
    its own: ``{"type": "play", "card": "7H0"}`` is "Play: card 7H0"."""
    kind = str(action.get("type", "move")).replace("_", " ").capitalize()
    rest = ", ".join(f"{key.replace('_', ' ')} {_value(value)}" for key, value in action.items() if key != "type")
    return f"{kind}: {rest}" if rest else kind


def _value(value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return " ".join(_value(v) for v in value) or "none"
    return str(value)


def missing(game) -> list[str]:
    """The contract names a game package lacks (empty when it meets it)."""
    return [name for name in REQUIRED if not hasattr(game, name)]
