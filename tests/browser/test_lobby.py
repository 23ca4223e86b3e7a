"""The lobby as a family meets it: every game startable from the first
screen of a laptop, a game's settings opened only when asked for, the join
box first on a phone, a page that helps with a code nobody has, and a word
for someone who comes after the game began."""

import re

from playwright.sync_api import expect

from tests.browser.conftest import unseen
from tests.browser.tables import GAMES


def start_table(person, game):
    person.page.goto("/")
    person.page.get_by_label("Your name at the table").fill("Ada")
    person.page.get_by_role("button", name=f"Start a {game} table").click()
    expect(person.page).to_have_url(re.compile(r"/t/[A-Z]{5}$"))
    return person.page.locator("#table-code").inner_text()


def ada_in_the_lobby(servers, people):
    """Ada on a laptop, in the lobby with her name given."""
    ada = people(servers.start().url, width=1280, height=800)
    ada.page.goto("/")
    ada.page.get_by_label("Your name at the table").fill("Ada")
    return ada


def test_on_a_laptop_every_game_starts_from_the_first_screen_and_settings_open_when_asked(servers, people):
    ada = ada_in_the_lobby(servers, people)
    page = ada.page
    for slug in GAMES:
        start = page.locator(f'.game-card[data-game="{slug}"]').get_by_role("button", name=re.compile(r"^Start a .+ table$"))
        assert not unseen(start), f"{slug}'s Start button: {unseen(start)}"
    assert page.evaluate("scrollY") == 0
    # Station Master's preset waits under Settings, which says what it is.
    sm = page.locator('.game-card[data-game="station-master"]')
    settings = sm.locator("summary")
    expect(settings).to_have_text("Settings: Competitive")
    expect(sm.get_by_label("Preset", exact=True)).to_be_hidden()
    settings.click()
    sm.get_by_label("Preset", exact=True).select_option("solitaire")
    expect(settings).to_have_text("Settings: Solitaire")
    expect(sm.get_by_label("Preset", exact=True)).to_be_visible()  # (the card redrawn, its Settings still open)
    sm.get_by_role("button", name="Start a Station Master table").click()
    expect(page).to_have_url(re.compile(r"/t/[A-Z]{5}$"))
    expect(page.get_by_label("Preset", exact=True)).to_have_value("solitaire")
    assert ada.errors == []


def test_a_table_started_over_days_from_the_lobby_keeps_the_pace_picked(servers, people):
    ada = ada_in_the_lobby(servers, people)
    page = ada.page
    pick = page.locator("#lobby-pace")
    expect(pick).to_have_value("live")
    pick.select_option(label="Over days: 3 days a move")
    page.get_by_role("button", name="Start a Line table").click()
    expect(page).to_have_url(re.compile(r"/t/[A-Z]{5}$"))
    expect(page.locator("#pace-kind")).to_have_value("days")
    expect(page.locator("#pace-allowance")).to_have_value("259200")
    assert ada.errors == []


def test_on_a_phone_the_join_box_is_above_the_game_cards(servers, people):
    server = servers.start()
    ben = people(server.url, width=390, height=844)
    ben.page.goto("/")
    join = ben.page.locator("#join-form").bounding_box()
    first_card = ben.page.locator(".game-card").first.bounding_box()
    assert join["y"] + join["height"] <= first_card["y"]
    assert join["y"] < 844  # on the first screen
    euchre = ben.page.locator('.game-card[data-game="euchre"]')
    expect(euchre.locator(".kicker")).to_have_text("Card game")
    expect(euchre.locator(".counts")).to_have_text("2–4 players · bots fill empty seats")
    assert ben.errors == []


def test_an_unknown_code_says_it_was_not_found_and_offers_the_join_box(servers, people):
    server = servers.start()
    ada = people(server.url)
    code = start_table(ada, "High Card")

    ben = people(server.url, width=390, height=844)
    ben.page.goto("/")
    ben.page.get_by_label("Your name at the table").fill("Ben")
    wrong = "BCDFG" if code != "BCDFG" else "BCDFH"
    ben.page.get_by_label("Table code").fill(wrong)
    ben.page.get_by_role("button", name="Join").click()
    expect(ben.page.get_by_role("heading", level=1)).to_have_text(f"There’s no table {wrong}")
    expect(ben.page.get_by_label("Table code")).to_have_value(wrong)
    expect(ben.page.get_by_role("link", name="← All games")).to_be_visible()
    expect(ben.page.locator(".game-card")).not_to_have_count(0)
    ben.page.get_by_label("Table code").fill(code)
    ben.page.get_by_role("button", name="Join").click()
    expect(ben.page.locator("#seats li")).to_have_count(2)
    expect(ben.page.locator("#seats li").nth(1)).to_contain_text("Ben")
    # (The 404 itself is the one error the browser reports.)
    assert all("404" in e for e in ben.errors)


def test_someone_who_joins_after_the_game_began_is_told_they_are_watching(servers, people):
    server = servers.start()
    ada = people(server.url)
    code = start_table(ada, "High Card")
    ada.page.get_by_role("button", name="Add a bot").click()
    expect(ada.page.locator("#seats li")).to_have_count(2)
    ada.page.get_by_role("button", name="Start the game").click()
    expect(ada.page.locator("#board")).to_have_attribute("data-status", "playing")
    bot = ada.page.locator("#plates li").nth(1).locator(".plate-name").inner_text()
    expect(ada.page.locator("#watching-note")).to_be_hidden()

    ben = people(server.url, width=390, height=844)
    ben.page.goto("/")
    ben.page.get_by_label("Your name at the table").fill("Ben")
    ben.page.get_by_label("Table code").fill(code)
    ben.page.get_by_role("button", name="Join").click()
    note = ben.page.locator("#watching-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text("This game has already begun, so you’re watching")
    expect(note).to_contain_text(f"Bots are playing one seat: {bot}.")
    assert ben.errors == [] and ada.errors == []
