"""Every table action a browser or script can ask for, by name: the HTTP API
and the websocket both go through this one map."""

from __future__ import annotations

import logging

from django.db import DatabaseError

from tables import service
from tables.asking import NOT_SAVED

from . import limits

log = logging.getLogger(__name__)

ACTIONS = {
    "join": lambda code, who, body: {"seat": service.join(code, who)},
    "leave": lambda code, who, body: service.leave(code, who),
    "bot": lambda code, who, body: {"seat": service.add_bot(code, who, body.get("level", "medium"))},
    "fill": lambda code, who, body: service.fill(code, who, body.get("level", "medium")),
    "level": lambda code, who, body: service.set_level(code, who, body.get("seat"), body.get("level")),
    "clear": lambda code, who, body: service.clear(code, who, body.get("seat")),
    "arrange": lambda code, who, body: service.arrange(code, who, body.get("seat"), body.get("to")),
    "settings": lambda code, who, body: {"settings": service.configure(code, who, body.get("settings"))},
    "pace": lambda code, who, body: {"pace": service.set_pace(code, who, body.get("pace"),
                                                              body.get("allowance", service.pace.FIRST_ALLOWANCE))},
    "hints": lambda code, who, body: {"hints": service.hints.allow(code, who, body.get("on"))},
    "start": lambda code, who, body: service.start(code, who),
    "move": lambda code, who, body: service.move(code, who, body.get("seq"), body.get("action"), body.get("seat")),
    "here": lambda code, who, body: {"seat": service.add_here(code, who, body.get("name"))},
    "hand": lambda code, who, body: service.hand(code, who, body.get("seat")),
    "hurry": lambda code, who, body: service.hurry(code, who),
    "cover": lambda code, who, body: service.cover(code, who, body.get("seat"), body.get("level", "medium")),
    "back": lambda code, who, body: service.take_back(code, who, body.get("seat")),
    "end": lambda code, who, body: service.end(code, who),
    "again": lambda code, who, body: service.again(code, who),
    "talk": lambda code, who, body: service.talking.say(code, who, body),
    "talking": lambda code, who, body: service.talking.allow(code, who, body.get("talk"), body.get("watchers")),
}


def perform(name, code, who, body: dict, *, counted: bool = False, address: str | None = None) -> service.Done:
    """Do one action for one visitor: its reply (a dict) and the messages
    for the table's sockets, which the caller sends (``service.send``).
    Every failure is a Refused sentence. The action counts against the
    browser's rate limit, and its ``address``'s, unless it was ``counted``
    already."""
    action = ACTIONS.get(name) if isinstance(name, str) else None
    if action is None:
        raise service.Refused("That isn't something you can do at a table.", 404)
    if not counted:
        limits.check(who.browser, name, address)
    try:
        done = service.act(action, code, who, body)
    except DatabaseError:
        raise not_saved(name, code) from None
    done.reply = done.reply or {}
    return done


def perform_moves(asked: list[tuple]) -> service.Done:
    """People's moves, each ``(code, who, body)`` and counted already, made
    together (``service.move_all``): for each, its refusal or None, and the
    messages for the tables' sockets."""
    try:
        return service.act(service.move_all, [(code, who, body.get("seq"), body.get("action"), body.get("seat"))
                                               for code, who, body in asked])
    except DatabaseError:
        return service.Done([not_saved("move", ", ".join(code for code, _who, _body in asked))] * len(asked))


def not_saved(name: str, code: str) -> service.Refused:
    # The transaction rolled back: nothing changed, and the player may retry.
    log.exception("the database failed during %s at %s", name, code)
    return service.Refused(NOT_SAVED, 503)
