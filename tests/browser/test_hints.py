"""Hints at every game's table: with the Options row on, Ada's turn shows
the strong bot's move marked where her table shows it, and its sentence,
which is one of the moves the table offers her; at a table whose host
turned hints off she is told so instead, and nothing is marked. (The
Euchre test plays a hinted card through to the result sheet.)"""

import importlib
import re

import pytest
from playwright.sync_api import expect

from engine import registry
from tests.browser.tables import GAMES, Walk, seated
from tests.browser.turns import next_hand
from tests.live import Client
from tests.views import offered_to

HINT_WITHIN = 60000  # ms a hint may take to come on a busy machine (a hard bot searches for it)


@pytest.fixture(scope="module")
def hinting(browser, site):
    """A browser in Ada's seat with Hints on in Options (and How to play read)."""
    made = []

    def context(walk):
        page, errors = seated(browser, site.url, walk.cookies(), walk.path, stored="localStorage.setItem('parlor:hints', 'on');", timeout=30000)
        made.append(page.context)
        return page, errors

    yield context
    for ctx in made:
        ctx.close()


@pytest.mark.parametrize("slug", GAMES)
def test_on_your_turn_the_strong_bots_move_is_marked_with_its_sentence(hinting, site, slug):
    walk = Walk(site, slug)
    page, errors = hinting(walk)
    note = page.locator("#hint-note")
    expect(note).to_be_visible(timeout=HINT_WITHIN)
    expect(page.locator("[data-hint]").first).to_be_visible()
    # One of the moves she may make, named as her table names it (the
    # game's words for its own buttons and cards), then what it does for her.
    why = importlib.import_module(f"{registry.get(slug).__name__}.why")
    named = [why.label(walk.snap["view"], m["action"]).rstrip(".") for m in offered_to(walk.snap)]
    said = note.inner_text()
    assert said.startswith("Hint: ") and any(said[len("Hint: "):].startswith(n) for n in named), (said, named[:5])
    assert errors == []


def test_the_host_turns_hints_off_in_the_waiting_room_and_the_player_is_told_so(hinting, site):
    ada = Client(site)
    code = ada.post("/api/tables", {"game": "line", "name": "Ada"})[1]["code"]
    ada.post(f"/api/tables/{code}/fill", {"level": "easy"})
    walk = Walk.__new__(Walk)  # (the table is made here; Walk only waits for Ada's turn)
    walk.server, walk.slug, walk.ada, walk.code, walk.seat = site, "line", ada, code, 0
    page, errors = hinting(walk)
    allow = page.get_by_label("Allow hints")
    expect(allow).to_be_checked()
    # (A click, not Playwright's uncheck: the box shows the table as the
    # server last said, so it may be drawn checked again until the server's
    # answer comes back.)
    allow.click()
    walk.until(lambda s: s["hints"] is False)
    expect(allow).not_to_be_checked()
    assert ada.post(f"/api/tables/{code}/start")[0] == 200
    walk.until(lambda s: any(m["action"]["type"] != "ready" for m in offered_to(s)))
    note = page.locator("#hint-note")
    expect(note).to_have_text("The host has turned hints off at this table.", timeout=HINT_WITHIN)
    expect(page.locator("[data-hint]")).to_have_count(0)
    assert errors == []


def test_a_euchre_hint_names_the_dock_button_in_the_words_it_reads(hinting, site):
    """Ada's hint for a bid (or a discard, or defending) names the marked
    button as it reads ("Call ♥", never the generic table's "Order it up"),
    the Go alone toggle first when the move goes alone; her cards are played
    as hinted until such a decision comes."""
    walk = Walk(site, "euchre")
    page, errors = hinting(walk)
    note = page.locator("#hint-note")
    for _ in range(40):
        page.locator('#eu:not([data-can=""]), #hand-dialog[open]').first.wait_for()
        if page.locator("#hand-dialog[open]").count():
            next_hand(page)
            continue
        expect(note).to_be_visible(timeout=HINT_WITHIN)
        said, seq = note.inner_text(), page.locator("#eu").get_attribute("data-seq")
        button = page.locator(".eu-move[data-hint]")
        if button.count():
            label = button.locator(".eu-move-label").inner_text()
            assert re.match(rf"Hint: (Go alone, then )?{re.escape(label)}: ", said), (said, label)
            assert errors == []
            return
        if "discard" in page.locator("#eu").get_attribute("data-can").split():
            page.locator("#hand .card[data-hint]").click()
            label = page.locator("#eu-slot-4 .eu-move-label").inner_text()
            assert said.startswith(f"Hint: {label}: "), (said, label)
            assert errors == []
            return
        page.locator("#hand .card[data-hint]").click()
        page.locator(f'#eu:not([data-seq="{seq}"]), #hand-dialog[open], #result-dialog[open]').first.wait_for()
    raise AssertionError("Ada never had a decision her dock's buttons make")
