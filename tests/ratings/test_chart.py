"""The rating chart on a player's profile: drawn on the server as SVG, a
point per rated game (a game a bot covered for the player is kept but is no
point), higher for a higher rating, each point a link to that game's replay
for whoever was at the table, and no link for anyone else."""

import re
from types import SimpleNamespace

import pytest
from django.test import Client

from ratings.chart import EDGE, HEIGHT, points
from tables.models import Result
from tests.ratings.test_keeper import person, play_out, post, snap_of, start, table

POINT = re.compile(r'<circle cx="([\d.]+)" cy="([\d.]+)" r="4">')
LINKED = re.compile(r'<a href="(/replays/\d+)" class="point" aria-label="[^"]+, watch the game"><circle')


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


def test_a_higher_rating_is_drawn_higher_and_a_single_game_sits_in_the_middle():
    games = [SimpleNamespace(mu_after=mu) for mu in (1500.0, 1600.0, 1450.0)]
    (x0, y0), (x1, y1), (x2, y2) = points(games)
    assert x0 < x1 < x2
    assert y1 == EDGE and y2 == HEIGHT - EDGE and y2 > y0 > y1
    [(_x, y)] = points([SimpleNamespace(mu_after=1530.0)])
    assert y == HEIGHT / 2
