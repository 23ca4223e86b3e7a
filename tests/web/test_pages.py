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
    assert json.loads(carried) == json.loads(json.dumps(getattr(game, "options_schema", [])))
