"""A replay watched from another player's side in a real browser: the table
shows that seat's cards from its place, and calls it by its player's name
where, from your own seat, it says "you" (its plates, its hand, whose turn
it is); from your own seat it still says "you"."""

import os
import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_replay_record import adas_page, played_to_the_end

# Words that speak to the reader: the table from someone else's side names them instead.
SECOND_PERSON = re.compile(r"\b(you|your|you’re|yours)\b", re.IGNORECASE)

# Where each game's table names the seat it is drawn from (its hand's heading or its plate).
WATCHED = {
    "euchre": ("#eu .eu-plate.me .eu-name", "{name}"),
    "get-in-line": ("#gil-hand-title", "{name}’s hand"),
    "line": ("#ln-hand-title", "{name}’s hand · "),
    "station-master": ("#sm-desk-title", "{name}’s Office: "),
}


def step_to(page, step: int):
    page.locator("#replay-scrub").fill(str(step))
    expect(page.locator("#board")).to_have_attribute("data-step", str(step))


@pytest.mark.parametrize("slug", list(WATCHED))
def test_the_table_names_the_player_whose_side_is_watched(servers, people, slug):
    server = servers.start()
    walk = played_to_the_end(servers, server, slug, f"sides-{slug}")
    ada = adas_page(people, server, walk)
    page = ada.page
    seats = walk.snap["seats"]
    other = (walk.seat + 1) % len(seats)
    name = seats[other]["name"]
    where, words = WATCHED[slug]
    page.goto(f"/t/{walk.code}/replay?side={other}")
    board = page.locator("#board")
    expect(board).to_have_attribute("data-step", "0")
    last = int(re.search(r"of (\d+)", page.locator("#replay-where").inner_text()).group(1))
    turns = 0
    for step in range(min(last, 40) + 1):
        step_to(page, step)
        expect(page.locator(where)).to_contain_text(words.format(name=name))
        said = board.inner_text()
        for rules in page.locator("#sm-hand .said").all_inner_texts():  # (a Home Office card's own text, the same for all)
            said = said.replace(rules.strip(), "")
        assert not SECOND_PERSON.search(said), (step, SECOND_PERSON.findall(said), said[:2000])
        turns += page.locator(f".plates li[data-seat='{other}'].deciding").count()
    assert turns, f"{name} never had a turn in the steps watched"
    if os.environ.get("PARLOR_SHOTS"):
        step_to(page, 9)
        for width, height in ((1280, 800), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            page.screenshot(path=f"{os.environ['PARLOR_SHOTS']}/replay-side-{slug}-{width}.png", full_page=True)
        page.set_viewport_size({"width": 1280, "height": 800})

    # From Ada's own seat, the same table calls her "you".
    page.goto(f"/t/{walk.code}/replay?side={walk.seat}")
    expect(board).to_have_attribute("data-step", "0")
    expect(page.locator(where)).to_contain_text(re.compile(r"^Your |\(you\)$"))
    assert ada.errors == []
