"""The waiting room as a host meets it on a laptop and a phone: Start and
the bots are in sight however many seats there are; Start with empty seats
says that bots take them, and they do, in the one action of the start; and
a table filling up while the host types a name never moves their focus, so
no key of theirs presses Start; and a bot's row says, in the game's words,
what its level does."""

import re

import pytest
from playwright.sync_api import expect

from engine import registry
from tests.browser.sight import expect_in_sight
from tests.live import Client

SIZES = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


def host_a_table(page, title):
    page.goto("/")
    page.get_by_label("Your name at the table").fill("Ada")
    page.get_by_role("button", name=f"Start a {title} table", exact=True).click()
    expect(page).to_have_url(re.compile(r"/t/[A-Z]{5}$"))
    return page.locator("#table-code").inner_text()


@pytest.mark.parametrize("size", SIZES)
def test_start_is_in_sight_and_seats_bots_in_the_empty_seats_as_it_starts(size, servers, people):
    server = servers.start()
    ada = people(server.url, **SIZES[size])
    page = ada.page
    host_a_table(page, "Euchre")
    start = page.locator("#start")
    expect(start).to_have_text("Start the game — bots take the 3 empty seats")
    expect(start).to_be_enabled()
    expect_in_sight(start)
    expect_in_sight(page.locator("#fill-bots"))
    start.click()
    expect(page.locator("#board")).to_have_attribute("data-status", "playing")
    expect(page.locator(".eu-plate")).to_have_count(4)
    expect(page.locator(".eu-plate", has_text="bot")).to_have_count(3)
    assert ada.errors == []


@pytest.mark.parametrize("size", SIZES)
def test_with_every_seat_taken_start_is_still_in_sight(size, servers, people):
    """Twelve seats at Get In Line: Start stays in sight above them all."""
    server = servers.start()
    page = people(server.url, **SIZES[size]).page
    host_a_table(page, "Get In Line")
    for n in range(2, 13):
        page.get_by_role("button", name="Add a bot").click()
        expect(page.locator("#seats li")).to_have_count(n)
    # As the page opens (not scrolled to the bots just added), Start is in sight.
    page.reload()
    start = page.locator("#start")
    expect(start).to_have_text("Start the game")
    expect(page.locator("#seats li")).to_have_count(12)
    expect_in_sight(start)


@pytest.mark.parametrize("size", SIZES)
def test_the_table_filling_while_the_host_types_a_name_leaves_their_focus_and_their_keys_in_the_field(size, servers, people):
    server = servers.start()
    ada = people(server.url, **SIZES[size])
    page = ada.page
    code = host_a_table(page, "High Card")
    for n in (2, 3):
        page.get_by_role("button", name="Add a bot").click()
        expect(page.locator("#seats li")).to_have_count(n)
    field = page.get_by_label("Name of a person on this device")
    field.click()
    field.press_sequentially("Cy")
    # Ben takes the last seat while Ada is typing.
    assert Client(server).post(f"/api/tables/{code}/join", {"name": "Ben"})[0] == 200
    expect(page.locator("#seats li")).to_have_count(4)
    expect(page.locator("#add-bot")).to_be_disabled()
    expect(field).to_be_focused()
    page.keyboard.type("d")
    expect(field).to_have_value("Cyd")
    # Her Enter sends the name, which the full table refuses in a sentence; nothing starts.
    page.keyboard.press("Enter")
    expect(page.locator("#room-status")).to_have_text("Every seat is already filled.")
    expect(field).to_be_focused()
    expect(field).to_have_value("Cyd")
    expect(page.locator("#seats li")).to_have_count(4)
    expect(page.locator("#board")).to_have_count(0)
    assert ada.errors == []


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("slug, title", [("get-in-line", "Get In Line"), ("euchre", "Euchre")])
def test_a_bots_row_says_what_its_level_does_in_this_game_and_changes_with_the_level(slug, title, size, servers, people):
    server = servers.start()
    ada = people(server.url, **SIZES[size])
    page = ada.page
    host_a_table(page, title)
    words = registry.get(slug).levels
    page.get_by_role("button", name="Add a bot").click()
    row = page.locator("#seats li.bot")
    shown = row.locator(".level-words")
    expect(shown).to_have_text(words["medium"])
    pick = row.get_by_role("combobox")
    expect(pick).to_have_accessible_description(words["medium"])
    expect(shown).to_be_visible()
    for level in ("hard", "easy"):
        pick.select_option(level)
        expect(row.locator(".tags")).to_contain_text(level.capitalize())
        expect(shown).to_have_text(words[level])
        expect(pick).to_have_accessible_description(words[level])
    # A guest sees the same words under the bot, without the host's picker.
    guest = people(server.url, **SIZES[size]).page
    guest.goto(page.url)
    expect(guest.locator("#seats li.bot .level-words")).to_have_text(words["easy"])
    expect(guest.locator("#seats li.bot select")).to_have_count(0)
    assert ada.errors == []


@pytest.mark.parametrize("size", SIZES)
def test_the_host_picks_a_pace_over_days_and_the_table_says_it_and_the_time_left(size, servers, people):
    """The waiting room's pace: Over days, three days a move; the table's
    bar says so, and the plate of the player on turn the time they have."""
    server = servers.start()
    page = people(server.url, **SIZES[size]).page
    host_a_table(page, "Line")
    page.locator("#pace-kind").select_option("days")
    expect(page.locator("#pace-allowance")).to_have_value("86400")
    page.locator("#pace-allowance").select_option(label="3 days")
    expect(page.locator("#pace-allowance")).to_have_value("259200")
    expect(page.locator("#pace-note")).to_contain_text("once a player’s time for a move has run out")
    page.locator("#start").click()
    expect(page.locator("#bar-pace")).to_have_text("Over days · 3 days a move")
    expect(page.locator(".plate.deciding .time-left")).to_have_text("3 days left")
