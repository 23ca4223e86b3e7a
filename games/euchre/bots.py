"""Euchre's bots, at three levels. Every decision starts from the seat's
view, ``rules.view(state, seat)`` (engine/play.py and the table hand it over),
and uses nothing else, so a bot knows exactly what a person in its seat
would. It chooses among the moves that view offers (``rules.moves_in``), the
same list as ``rules.legal``.

- easy bids on the look of its hand alone, plays its highest card whenever it
  can take the trick (its partner's too) and otherwise throws its lowest.
- medium judges a hand (``_strength``), counts its partner and the turned
  card, and plays like a steady club player: second hand low, third hand
  high, never trumps its partner's winner, draws trump when it called.
  It remembers who has shown out of a suit, but not which cards are gone.
- hard plays medium's game and counts every card: what's been played, the
  card turned down, its own discard, and the turned card in the dealer's
  hand. It searches (``hard``, through engine/search.py) every bid, its
  discard and its card in the first trick: it deals the unseen cards
  again in ways its view and the bids allow, plays the hand out with medium
  in every seat after each move, and makes the move worth most in points
  for the hand and the game; it names trump, or goes alone, only where
  that clearly beats passing, or bidding with its partner, over the same
  deals. From the second trick on it deals the unseen cards out
  the same way, plays each deal out perfectly face up (``policy._search``), and
  plays the card that scores best on average. ``decide`` gives its move
  with the hint's sentence saying what it does for the seat (``why``).

Strength: see games/euchre/README.md (``python -m tools.strength euchre``).
"""

from __future__ import annotations

from . import hard, policy, why


def choose(v: dict, level: str, rng) -> dict:
    """The bot's move, from its seat's view ``v``: one of the moves the view
    offers."""
    return decide(v, level, rng)[0]


def decide(v: dict, level: str, rng) -> tuple[dict, str | None]:
    """The bot's move and, for hard, the hint's sentence saying what it
    does for the seat (``why``); None for the other levels."""
    kind = _searched(v) if level == "hard" else None
    if kind is not None:
        found = hard.think(v, kind, rng)
        return found.move, found.reason
    move = policy.rule_move(v, level, rng)
    return move, (why.reason(v, move) if level == "hard" else None)


def _searched(v: dict):
    """The kind of decision hard searches with engine/search.py, or None:
    every bid, the discard, and the cards of the first SEARCH_FROM tricks
    (after that ``policy._search`` plays the hand out face up)."""
    if v["phase"] in ("bid1", "bid2"):
        return "bid"
    if v["phase"] in ("defend", "discard"):
        return v["phase"]
    if v["phase"] == "play" and len(v["done"]) < policy.SEARCH_FROM and len(v["legal"]) > 1:
        return "play"
    return None
