"""The engine contract every Parlor game meets.

A game is a package under ``games/`` registered in ``engine/registry.py``. Its
``__init__`` exposes the names in ``REQUIRED`` (and may expose ``OPTIONAL``):

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

Optional (``OPTIONAL``): ``fallback(state, seat)``, an always-legal move
played if a bot's choice is refused (by default the first of ``legal``:
``engine.play.fallback``); ``say(action)``, a plain sentence for a move, from the move alone (the
generic table's words; ``plain_words`` by default); ``tick(state, now)`` for
a game with a clock (the clock's own change, which stands even if the move
that brought it is refused); ``options_schema``, the settings as the waiting room
draws them; ``team_of(state_or_none, n, settings)``, which side each seat
plays for (ratings); ``legal_in_snapshot``, False for a game whose own table
draws the deciding seat's moves from its view, so its snapshots carry no
``legal`` list (by default they do: the generic table draws it).

Every state carries ``seq`` (bumped by ``moves.dispatch`` on each move) and
``events`` (``engine.log``).
"""

from __future__ import annotations

LEVELS = ("easy", "medium", "hard")

REQUIRED = (
    "slug", "title", "players", "sizes", "DEFAULTS", "options", "new", "MOVES",
    "view", "deciding", "legal", "bots", "bot_think", "result", "determinize",
)
OPTIONAL = ("fallback", "say", "tick", "options_schema", "team_of", "legal_in_snapshot")


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
    if seat is None or state is None or not hasattr(game, "legal"):
        return []
    words = words or getattr(game, "say", None) or plain_words
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
