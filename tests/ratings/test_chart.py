"""The rating chart on a player's profile: drawn on the server as SVG, a
point per rated game (a game a bot covered for the player is kept but is no
point), higher for a higher rating and placed along by its date, on an axis
with the rating's scale in numbers, the dates under it and the latest
rating beside its point; each point a 44 px target, a link to that game's
replay for whoever was at the table, and no link for anyone else."""

import re
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import pytest
from django.test import Client

from ratings.chart import TARGET, chart, points
from tables.models import Result
from tests.ratings.test_keeper import person, play_out, post, snap_of, start, table

POINT = re.compile(r'<circle cx="([\d.]+)" cy="([\d.]+)" r="4"/>')
TARGETS = re.compile(r'<circle class="target" cx="[\d.]+" cy="[\d.]+" r="(\d+)" fill="transparent"/>')
LINKED = re.compile(r'<a href="(/replays/\d+)" class="point" aria-label="[^"]+, watch the game"><circle')
TICK = re.compile(r'<text class="tick" x="[\d.]+" y="([\d.]+)"[^>]*>(\d+)</text>')
DATE = re.compile(r'<text class="date"[^>]*>([^<]+)</text>')
LATEST = re.compile(r'<text class="latest" x="([\d.]+)" y="([\d.]+)"[^>]*>(\d+)</text>')
DAY = datetime(2026, 3, 2, 19, 30, tzinfo=UTC)


def games(*played):
    """Rated games as the chart reads them: (days after the first, rating after)."""
    return [SimpleNamespace(mu_after=mu, delta=mu - 1500.0, result=SimpleNamespace(finished=DAY + timedelta(days=days)))
            for days, mu in played]


def chart_of(page: str, game: str) -> str:
    found = re.search(rf'<figure class="rating-over-time" data-game="{game}">(.*?)</figure>', page, re.S)
    assert found, "no chart for " + game
    return found.group(1)


@pytest.mark.django_db(transaction=True)
def test_the_profile_draws_a_point_per_rated_game_each_a_link_to_its_replay():
    ada = person("ada")
    code = table(ada, "Ada", bots=["medium"])
    start(ada, code)
    play_out(code, ada)
    for _ in range(2):
        post(ada, f"/api/tables/{code}/again")
        play_out(code, ada)
    # A fourth game a bot plays for her: kept, but it doesn't rate her.
    post(ada, f"/api/tables/{code}/again")
    post(ada, f"/api/tables/{code}/cover", {"seat": 0})
    for _ in range(100):
        if snap_of(ada, code)["status"] == "over":
            break
    assert Result.objects.count() == 4

    page = ada.get("/accounts/players/ada").content.decode()
    svg = chart_of(page, "high-card")
    assert svg.strip().startswith("<svg") and "<script" not in svg
    assert len(POINT.findall(svg)) == 3
    rated = [r.pk for r in Result.objects.order_by("finished", "id")[:3]]
    assert LINKED.findall(svg) == [f"/replays/{pk}" for pk in rated]  # oldest first, each its own game's
    assert ada.get(LINKED.findall(svg)[0]).status_code == 200
    # Her history offers every kept game's replay, the one a bot played for her too.
    assert re.findall(r'<a class="replay-link" href="(/replays/\d+)">Watch the replay</a>', page) == [
        f"/replays/{r.pk}" for r in Result.objects.order_by("-finished", "-id")]

    # Anyone else sees the same points, and no way into the games.
    other = Client().get("/accounts/players/ada").content.decode()
    theirs = chart_of(other, "high-card")
    assert len(POINT.findall(theirs)) == 3 and "href" not in theirs and "replay-link" not in other


def test_a_higher_rating_is_drawn_higher_and_each_game_is_placed_by_its_date():
    (x0, y0), (x1, y1), (x2, y2) = points(games((0, 1500.0), (1, 1600.0), (10, 1450.0)))
    assert y1 < y0 < y2  # higher is higher up
    assert x0 < x1 < x2 and (x2 - x1) == pytest.approx(9 * (x1 - x0))  # a day along, then nine more


def test_the_chart_has_a_scale_in_numbers_the_dates_under_it_and_the_latest_rating_beside_its_point():
    svg = chart("Euchre", games((0, 1500.0), (1, 1540.0), (40, 1585.0)), lambda change: None)
    ticks = [(float(y), int(n)) for y, n in TICK.findall(svg)]
    assert len(ticks) >= 2
    assert [n for _, n in sorted(ticks)] == sorted((n for _, n in ticks), reverse=True)  # bigger numbers higher up
    assert min(n for _, n in ticks) <= 1500 and max(n for _, n in ticks) >= 1585  # the scale covers every game
    assert DATE.findall(svg) == ["2 Mar", "11 Apr"]
    [(x, y, latest)] = LATEST.findall(svg)
    (lx, ly), = [(float(a), float(b)) for a, b in POINT.findall(svg)[-1:]]
    assert latest == "1585" and float(y) == ly and float(x) > lx
    # Each point is a target a finger can find: 44 px across at the chart's own size.
    assert [int(r) for r in TARGETS.findall(svg)] == [TARGET] * 3 and 2 * TARGET >= 44


def test_a_single_game_is_a_point_with_its_number_and_its_date():
    svg = chart("Line", games((0, 1512.4)), lambda change: None)
    [(x, y)] = POINT.findall(svg)
    [(lx, ly, number)] = LATEST.findall(svg)
    assert number == "1512" and ly == y and float(lx) > float(x)
    assert DATE.findall(svg) == ["2 Mar"] and len(TICK.findall(svg)) >= 2
