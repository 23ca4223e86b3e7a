"""Leaving a table, in every game, on a laptop and a phone: the bar (⋯ on a
phone) has Leave the table, which asks first and, asked to stay, puts the
focus back where it was; leaving goes back to the lobby, a bot plays on in
the seat, and the others read who left and which bot plays for them. A
person the host takes off the waiting room reads so on their own page."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.sight import expect_in_sight
from tests.browser.tables import GAMES, cookies, seated
from tests.live import Client

SIZES = ["laptop", "phone"]


def at_the_table(browser, site, client, code, size):
    """The browser of ``client`` (its cookies, so its seat) at the table."""
    return seated(browser, site.url, cookies(client), f"/t/{code}", phone=size == "phone")[0]


def bar_tool(page, size, name):
    """A tool of the bar, behind ⋯ on a phone."""
    if size == "phone" and page.locator("#bar-more[aria-expanded=false]").count():
        page.locator("#bar-more").click()
    return page.locator("#bar-tools").get_by_role("button", name=name)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("slug", GAMES)
def test_leaving_a_game_asks_first_and_the_others_are_told_which_bot_plays_on(slug, size, site, browser):
    ada, ben = Client(site), Client(site)
    code = ada.post("/api/tables", {"game": slug, "name": "Ada"})[1]["code"]
    ben.post(f"/api/tables/{code}/join", {"name": "Ben"})
    status, snap = ada.post(f"/api/tables/{code}/start")
    assert status == 200, snap
    ben_page, ada_page = at_the_table(browser, site, ben, code, size), at_the_table(browser, site, ada, code, size)
    try:
        expect(ben_page.locator("#board")).to_have_attribute("data-status", "playing")
        # The bar heads the page: Station Master, at your turn, scrolls its
        # Division up above your Office, and a family goes back up for it.
        ben_page.evaluate("scrollTo(0, 0)")
        leave = bar_tool(ben_page, size, "Leave the table")
        expect_in_sight(leave)
        leave.click()
        sheet = ben_page.locator("#leave-dialog")
        expect(sheet).to_be_visible()
        expect(sheet).to_contain_text("A bot plays your seat from now on, and everyone at the table is told you left.")
        expect_in_sight(sheet.get_by_role("button", name="Leave the table"))
        # Asked to stay, nothing changes and the focus is back on the bar's Leave.
        sheet.get_by_role("button", name="Stay").click()
        expect(sheet).to_be_hidden()
        expect(leave).to_be_focused()
        assert ben.get(f"/api/tables/{code}")[1]["seat"] == 1
        leave.click()
        sheet.get_by_role("button", name="Leave the table").click()
        expect(ben_page).to_have_url(re.compile(r"/$"))
        # At the table, Ada reads who left, and the bot now in Ben's seat.
        seats = ada.get(f"/api/tables/{code}")[1]["seats"]
        assert seats[1]["kind"] == "bot" and ben.get(f"/api/tables/{code}")[1]["seat"] is None
        told = ada_page.locator("#table-news")
        expect(told).to_have_text(f"Ben left the table: {seats[1]['name']}, a bot, plays that seat from now on. ✕")
        expect_in_sight(told)
        expect(ada_page.locator("#announce")).to_contain_text("Ben left the table")
        # Scrolled down to play, it is still in sight, until put away.
        ada_page.evaluate("scrollTo(0, document.documentElement.scrollHeight)")
        expect_in_sight(told)
        told.get_by_role("button", name="Put the news away").click()
        expect(told).to_have_count(0)
    finally:
        ben_page.context.close()
        ada_page.context.close()


@pytest.mark.parametrize("size", SIZES)
def test_a_guest_the_host_takes_off_the_waiting_room_reads_so_on_their_page(size, site, browser):
    ada, ben = Client(site), Client(site)
    code = ada.post("/api/tables", {"game": "line", "name": "Ada"})[1]["code"]
    ben.post(f"/api/tables/{code}/join", {"name": "Ben"})
    ben_page, ada_page = at_the_table(browser, site, ben, code, size), at_the_table(browser, site, ada, code, "laptop")
    try:
        expect(ben_page.get_by_text("Waiting for the host to start the game.")).to_be_visible()
        ada_page.locator("#seats li", has_text="Ben").get_by_role("button", name="Remove").click()
        told = ben_page.locator("#room-status")
        expect(told).to_have_text("The host took you off this table, so you're watching now.")
        expect_in_sight(told)
        expect(ben_page.locator("#take-seat")).to_be_visible()
    finally:
        ben_page.context.close()
        ada_page.context.close()
