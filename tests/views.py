"""Reading a seat's snapshot the way its page does."""

import random

from engine import registry
from engine.contract import offered


def offered_to(snapshot) -> list[dict]:
    """The moves this seat may make now, each ``{action, say}``: the
    snapshot's own list, or, for a game whose table draws them from the view
    (``legal_in_snapshot``), the same list worked out from the view alone: a
    world the seat could be looking at has the seat's legal moves (the
    contract suite holds every game to it)."""
    listed = snapshot.get("legal") or []
    if listed or snapshot.get("decision") is None or snapshot.get("view") is None:
        return listed
    game = registry.get(snapshot["game"])
    if game.legal_in_snapshot:
        return listed
    return offered(game, game.determinize(snapshot["view"], random.Random(0)), snapshot["seat"])


def move_from(snapshot):
    """The first move the server offers this seat."""
    return offered_to(snapshot)[0]["action"]
