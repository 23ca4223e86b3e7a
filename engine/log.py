"""The event log kept in each state, with per-seat privacy.

An event is a dict with ``n`` (its number), ``kind`` and its data. An event
given ``to=[seats]`` is private: only those seats ever see it. ``recent`` is
the only way events reach a view.
"""

from __future__ import annotations

KEEP = 400  # events kept in the state; older ones fall off the front


def event(state: dict, kind: str, to: list[int] | None = None, **data) -> dict:
    """Append an event; ``to`` makes it private to those seats."""
    n = state.get("logged", 0)
    entry = {"n": n, "kind": kind, **data}
    if to is not None:
        entry["to"] = sorted(set(to))
    events = state.setdefault("events", [])
    events.append(entry)
    if len(events) > KEEP:
        del events[: len(events) - KEEP]
    state["logged"] = n + 1
    return entry


def visible(entry: dict, seat) -> bool:
    """Whether a seat (None: a spectator) may see this event."""
    to = entry.get("to")
    return to is None or (seat is not None and seat in to)


def recent(state: dict, seat, limit: int = 60) -> list[dict]:
    """The latest events this seat may see, oldest first, without the
    ``to`` marks (a seat learns nothing from who else got a private line)."""
    out = []
    for entry in reversed(state.get("events", [])):
        if "to" not in entry:
            out.append(entry)  # shared, not copied: an entry never changes once written
        elif visible(entry, seat):
            out.append({k: v for k, v in entry.items() if k != "to"})
        else:
            continue
        if len(out) >= limit:
            break
    out.reverse()
    return out
