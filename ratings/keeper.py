"""The keeper: rates each kept game exactly once, and rebuilds every rating
from the kept games.

The table service sends ``tables.signals.game_finished`` once a game that
ended by the rules is committed (a game the host ends early makes no result
and so is never kept). The service marks a result ``kept`` when someone at
the table was signed in. The keeper then, in one transaction:

- locks the result and returns at once if it isn't kept or is already rated
  (a repeated signal, a rebuild that got there first): a game is rated once;
- makes sides with ``ratings.tables.teams_of`` (partners share a place; a
  side ranks by its best member's place); a game with one side (a table of
  one, or one the game has playing together, as Station Master's Co-op) has
  nobody to measure against and is kept but not rated, and so is a game in
  which any seat was shown a hint (the strong bot's move);
- counts every seat in its side's skill: a signed-in player at their rating;
  a seat a bot covered at any point, played on a device passed between
  several people at any point (decision 15), or whose account had another
  seat at the table at any point (decision 20), at its player's rating but
  not rated; a guest at 1500 ± 350, never changed; a bot at its level's
  anchor (σ 0), never updated;
- rates the game (``ratings.model.rate``), saves each signed-in seat's
  before and after (``Change``), the players' ratings (``Rating``), the
  result sheet's lines (``Result.changes``) and the ledger entry
  (``RatedGame``), and marks the result rated.

``rebuild()`` replays every kept result in the ledger's order (then any kept
result never rated, oldest first) through the same arithmetic, so it lands
on exactly the numbers the live updates did.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction

from tables.models import Result

from . import tables as sides_and_anchors
from .model import MU, SIGMA, counted, rate
from .models import Change, RatedGame, Rating
from .tables import ALONE, TOGETHER

log = logging.getLogger(__name__)

COVERED = "a bot covered this seat"
TWICE = "this player had another seat at the table"
DEVICE = "played on a device passed between several players"
HINTED = "hints were shown in this game"


@dataclass(frozen=True)
class Outcome:
    """What a kept game did to one seat."""

    seat: int
    user: int | None  # a signed-in player's id; None for a guest or a bot
    place: int  # its side's place
    before: tuple[float, float]  # (mu, sigma) as counted
    after: tuple[float, float]
    rated: bool
    why: str = ""  # why a signed-in seat, or one played on a shared device, was not rated

    @property
    def delta(self) -> float:
        return self.after[0] - self.before[0]


def line(outcome: Outcome) -> str | None:
    """The result sheet's line for a seat: "+12.1 → 1562 ± 78" for a rated
    player, a reason for a signed-in seat that wasn't, nothing otherwise."""
    if outcome.user is None and not outcome.why:
        return None
    if not outcome.rated:
        return f"not rated: {outcome.why}"
    delta = outcome.delta
    sign = "−" if round(delta, 1) < 0 else "+"
    mu, sigma = outcome.after
    return f"{sign}{abs(delta):.1f} → {mu:.0f} ± {sigma:.0f}"


def assess(game: str, settings: dict, seats: list[dict], places: list[int], rating_of: dict) -> list[Outcome]:
    """Rate one kept game, in memory: each seat's outcome. ``rating_of`` maps
    a signed-in player's id to their (mu, sigma) at this game; a seat whose
    player has no entry (no such account any more) counts as a guest."""
    n = len(seats)
    teams = sides_and_anchors.teams_of(game, n, settings)
    sides = sides_and_anchors.sides_of(teams, places)
    place_of = {s: rank for members, rank in sides for s in members}

    counted_as: list[tuple] = []
    users: list[int | None] = []
    whys: list[str] = []
    seen: set[int] = set()
    for seat in seats:
        user = seat.get("user") if seat.get("kind") == "person" else None
        if seat.get("kind") != "person":
            counted_as.append((sides_and_anchors.anchor(game, seat.get("level", "medium")), 0.0))
            users.append(None)
            whys.append("")
            continue
        if user is None or user not in rating_of:
            counted_as.append(counted(MU, SIGMA))  # a guest: 1500 ± 350, never changed
            users.append(None)
            whys.append(DEVICE if seat.get("device") else "")
            continue
        mu, sigma = rating_of[user]
        users.append(user)
        if seat.get("covered"):
            counted_as.append(counted(mu, sigma))
            whys.append(COVERED)
        elif seat.get("device"):
            counted_as.append(counted(mu, sigma))
            whys.append(DEVICE)
        elif seat.get("twice") or user in seen:
            counted_as.append(counted(mu, sigma))
            whys.append(TWICE)
        else:
            counted_as.append((mu, sigma))
            whys.append("")
        seen.add(user)

    hinted = any(seat.get("hinted") for seat in seats)
    if len(sides) < 2 or hinted:
        # One side (a table of one, or a table the game has score together):
        # there is no opponent to be measured against, so nothing moves; and
        # a game someone played with the strong bot's hints measures the bot.
        new = {s: tuple(m[:2]) for s, m in enumerate(counted_as)}
        alone = HINTED if hinted else TOGETHER if n > 1 else ALONE
        whys = [why or (alone if users[s] is not None else "") for s, why in enumerate(whys)]
    else:
        rated = rate([[counted_as[s] for s in members] for members, _ in sides], [rank for _, rank in sides])
        new = {s: after for (members, _), side in zip(sides, rated) for s, after in zip(members, side)}

    out = []
    for s in range(n):
        before = (float(counted_as[s][0]), float(counted_as[s][1]))
        is_rated = users[s] is not None and not whys[s]
        out.append(Outcome(seat=s, user=users[s], place=place_of[s], before=before,
                           after=tuple(new[s]) if is_rated else before, rated=is_rated, why=whys[s]))
    return out


def _users_of(result: Result) -> list[int]:
    """The signed-in players at a result who still have an account."""
    ids = {seat.get("user") for seat in result.seats if seat.get("kind") == "person" and seat.get("user")}
    return sorted(get_user_model().objects.filter(id__in=ids).values_list("id", flat=True))


def _changes(result: Result, outcomes: list[Outcome]) -> list[Change]:
    return [
        Change(result=result, user_id=o.user, game=result.game, seat=o.seat, place=o.place,
               mu_before=o.before[0], sigma_before=o.before[1], mu_after=o.after[0], sigma_after=o.after[1],
               rated=o.rated, why=o.why)
        for o in outcomes if o.user is not None
    ]


def keep(result_id: int) -> bool:
    """Rate one finished game if it is kept and not rated yet; True if this
    call rated it. Safe to call any number of times, from any process."""
    with transaction.atomic():
        result = Result.objects.select_for_update().filter(pk=result_id).first()
        if result is None or not result.kept or result.rated:
            return False
        users = _users_of(result)
        # Every player's row exists and is locked (in id order, so two games
        # sharing players queue rather than deadlock) before it is read.
        Rating.objects.bulk_create([Rating(user_id=u, game=result.game) for u in users], ignore_conflicts=True)
        rows = {r.user_id: r for r in Rating.objects.select_for_update().filter(game=result.game, user_id__in=users).order_by("user_id")}
        outcomes = assess(result.game, result.settings, result.seats, result.places,
                          {u: (row.mu, row.sigma) for u, row in rows.items()})
        for u in {o.user for o in outcomes if o.user is not None}:
            rows[u].played += 1  # once a game, however many seats
        for o in outcomes:
            if o.rated:
                rows[o.user].mu, rows[o.user].sigma = o.after
                rows[o.user].rated += 1
        for row in rows.values():
            row.save()
        Change.objects.bulk_create(_changes(result, outcomes))
        result.changes = [line(o) for o in outcomes]
        result.rated = True
        result.save(update_fields=["changes", "rated"])
        RatedGame.objects.create(result=result)
        return True


def on_game_finished(sender, result, **kwargs) -> None:
    """The signal's receiver: a failure here must never break the table that
    finished (the move is already committed); ``rebuild`` catches up."""
    if not result.kept:
        return  # (as made: a result is kept or not from the start)
    try:
        keep(result.pk)
    except Exception:
        log.exception("could not rate the game at result %s", getattr(result, "pk", None))


def replay_order() -> list[Result]:
    """The kept results in the order they were rated live, then any kept
    result never rated, oldest first."""
    ledger = list(Result.objects.filter(kept=True, rated_game__isnull=False).order_by("rated_game__id"))
    rest = list(Result.objects.filter(kept=True, rated_game__isnull=True).order_by("finished", "id"))
    return ledger + rest


def rebuild() -> dict:
    """Recompute every rating from the kept results, in order, in one
    transaction. Run it with the site quiet: a game finishing meanwhile is
    rated after it, live, as usual."""
    with transaction.atomic():
        results = replay_order()
        # Lock them: no live keeper rates one of these while we replay.
        list(Result.objects.select_for_update().filter(pk__in=[r.pk for r in results]).values_list("pk", flat=True))
        alive = set(get_user_model().objects.values_list("id", flat=True))
        book: dict[tuple[int, str], list] = {}  # (user, game) -> [mu, sigma, played, rated]
        changes: list[Change] = []
        rated_people = 0
        for result in results:
            ids = {seat.get("user") for seat in result.seats if seat.get("kind") == "person" and seat.get("user")} & alive
            for u in ids:
                book.setdefault((u, result.game), [MU, SIGMA, 0, 0])
            outcomes = assess(result.game, result.settings, result.seats, result.places,
                              {u: tuple(book[(u, result.game)][:2]) for u in ids})
            for u in {o.user for o in outcomes if o.user is not None}:
                book[(u, result.game)][2] += 1  # once a game, however many seats
            for o in outcomes:
                entry = book[(o.user, result.game)] if o.user is not None else None
                if o.rated:
                    entry[0], entry[1] = o.after
                    entry[3] += 1
                    rated_people += 1
            changes.extend(_changes(result, outcomes))
            result.changes = [line(o) for o in outcomes]
            result.rated = True
        RatedGame.objects.all().delete()
        Change.objects.all().delete()
        Rating.objects.all().delete()
        Rating.objects.bulk_create([Rating(user_id=u, game=g, mu=e[0], sigma=e[1], played=e[2], rated=e[3])
                                    for (u, g), e in sorted(book.items())])
        Change.objects.bulk_create(changes)
        Result.objects.bulk_update(results, ["changes", "rated"])
        RatedGame.objects.bulk_create([RatedGame(result=r) for r in results])
        return {"games": len(results), "players": len(book), "ratings": rated_people}
