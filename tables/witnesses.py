"""Who may see a finished game: the people who were at its table, by their
browser or their account, and anyone they pass its shared link to. To
anyone else a result is not there at all, as a wrong number isn't: a
table's code is a way in, so nothing leads a stranger to it.

The asker is an account (``user_id``, None for a guest) and a browser's
id (``browser``, None for a browser without a session); reading them makes
no session for a browser that has none."""

from __future__ import annotations

from django.db.models import Q

from .models import Result, Seat, SharedResult


def tables_at(user_id: int | None, browser: str | None) -> set[int]:
    """The tables where this browser or this account has a seat."""
    tables = set()
    if browser:
        tables |= set(Seat.objects.filter(browser=browser).values_list("table_id", flat=True))
    if user_id is not None:
        tables |= set(Seat.objects.filter(user_id=user_id).values_list("table_id", flat=True))
    return tables


def was_at(result: Result, user_id: int | None, tables: set[int]) -> bool:
    """Whether the asker was at the table this game was played at: a seat
    of theirs there (``tables``: ``tables_at``), or their account in the
    game's own record of its seats (a seat left since, or a browser signed
    in anew)."""
    if result.table_id in tables:
        return True
    return user_id is not None and any(isinstance(s, dict) and s.get("user") == user_id for s in result.seats)


def may_see(result: Result, user_id: int | None, browser: str | None) -> bool:
    """``was_at`` for one game, its host's browser included."""
    if was_at(result, user_id, set()) or (browser and result.table.host == browser):
        return True
    who = Q()
    if browser:
        who |= Q(browser=browser)
    if user_id is not None:
        who |= Q(user_id=user_id)
    return bool(who) and Seat.objects.filter(who, table_id=result.table_id).exists()


def link(result: Result) -> str:
    """The token of the game's link to share, made the first time it is asked for."""
    shared, _made = SharedResult.objects.get_or_create(result=result)
    return shared.token


def by_link(token) -> Result | None:
    """The game a shared link leads to, if it leads to one."""
    shared = SharedResult.objects.select_related("result", "result__table").filter(token=str(token)[:32]).first()
    return shared.result if shared is not None else None
