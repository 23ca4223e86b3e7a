"""The event log kept in each state, with per-seat privacy.

An event is a dict with ``n`` (its number), ``kind`` and its data. An event
given ``to=[seats]`` is private: only those seats ever see it. ``recent`` is
the only way events reach a view.
"""

from __future__ import annotations

from itertools import repeat

KEEP = 400  # events kept in the state at most; older ones fall off the front
SHOWN = 60  # the most events a view shows (``recent``)


def event(state: dict, kind: str, to: list[int] | None = None, **data) -> dict:
    """Append an event; ``to`` makes it private to those seats."""
    n = state.get("logged", 0)
    entry = {"n": n, "kind": kind, **data}
    if to is not None:
        entry["to"] = sorted(set(to))
    events = state.setdefault("events", [])
    events.append(entry)
    if len(events) > 2 * SHOWN:
        _forget_the_unshown(events)
    if len(events) > KEEP:
        del events[: len(events) - KEEP]
    state["logged"] = n + 1
    return entry


def _forget_the_unshown(events: list[dict]) -> None:
    """Drop the events no view can show any more. Every seat sees every
    shared event, so each seat's SHOWN latest lie at or after the SHOWN-th
    latest shared one; those before it only make every read and write of
    the state longer (a long game's log was most of its state)."""
    shared = 0
    for i in range(len(events) - 1, -1, -1):
        if "to" not in events[i]:
            shared += 1
            if shared == SHOWN:
                del events[:i]
                return


def visible(entry: dict, seat) -> bool:
    """Whether a seat (None: a spectator) may see this event."""
    to = entry.get("to")
    return to is None or (seat is not None and seat in to)


def recent(state: dict, seat) -> list[dict]:
    """The latest events this seat may see, oldest first, without the
    ``to`` marks (a seat learns nothing from who else got a private line)."""
    events = state.get("events", [])
    latest = events[-SHOWN:]
    if not any(map(dict.__contains__, latest, repeat("to"))):
        # Most logs' latest lines are all shared: the whole view is one slice
        # (every seat's view at every change reads the log).
        return latest
    out = []
    for entry in reversed(events):
        if "to" not in entry:
            out.append(entry)  # shared, not copied: an entry never changes once written
        elif visible(entry, seat):
            out.append({k: v for k, v in entry.items() if k != "to"})
        else:
            continue
        if len(out) >= SHOWN:
            break
    out.reverse()
    return out
