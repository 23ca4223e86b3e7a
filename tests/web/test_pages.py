"""The table page: it carries the game's settings as the game describes
them (options_schema), which the waiting room draws, so no setting is
written twice."""

import json
import re

import pytest
from django.test import Client

from engine import registry

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("slug", ["euchre", "get-in-line", "line", "station-master", "high-card"])
def test_the_table_page_carries_the_games_settings(slug):
    ada = Client()
    code = ada.post("/api/tables", json.dumps({"game": slug, "name": "Ada"}), content_type="application/json").json()["code"]
    page = ada.get(f"/t/{code}").content.decode()
    carried = re.search(r'<script id="options-schema" type="application/json">(.*?)</script>', page, re.S).group(1)
    game = registry.get(slug)
    assert json.loads(carried) == json.loads(json.dumps(game.options_schema))


def test_an_unknown_code_has_a_page_that_says_so_with_the_join_box_and_the_games():
    page = Client().get("/t/zzzzz")
    assert page.status_code == 404
    text = page.content.decode()
    assert "There’s no table ZZZZZ" in text
    assert 'data-missing="ZZZZZ"' in text  # the lobby's script draws the join box holding it
    assert 'href="/" id="back-to-lobby"' in text
    shelf = json.loads(re.search(r'<script id="catalog" type="application/json">(.*?)</script>', text, re.S).group(1))
    assert {g["slug"] for g in shelf} >= {"euchre", "get-in-line", "line"}


def test_a_code_of_no_letters_is_not_found_either():
    page = Client().get("/t/1234")
    assert page.status_code == 404 and "There’s no table" in page.content.decode()


def test_a_lobby_card_gives_its_player_count_once():
    """The count is the game's own (players), on the card's count line; the
    kicker says only what kind of game it is."""
    from web import catalog

    for entry in catalog.entries():
        assert not re.search(r"\d", entry["kicker"]), entry
        assert not re.search(r"\b(two|three|four|\d+) players\b", entry["blurb"], re.I), entry
