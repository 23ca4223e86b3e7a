"""Hints at every game's table: with the Options row on, Ada's turn shows
the strong bot's move marked where her table shows it, and its sentence,
which is one of the moves the table offers her; at a table whose host
turned hints off she is told so instead, and nothing is marked. (The
Euchre test plays a hinted card through to the result sheet.)"""


import pytest
from playwright.sync_api import expect

from tests.browser.tables import GAMES, Walk, seated
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
    offered = [m["say"] for m in offered_to(walk.snap)]
    said = note.inner_text()
    assert said.startswith("Hint: ") and any(say.rstrip(".") in said for say in offered), (said, offered[:5])
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
