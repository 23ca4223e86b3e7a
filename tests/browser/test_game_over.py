"""The end of a game in every game, on a laptop and a phone: the result
sheet put away (by its ✕ or by See the table), the bar keeps the way back
to it, with its Share result, and the host's Play again, for as long as the
table is over; and Play again from the bar deals the next game."""

import pytest
from playwright.sync_api import expect

from tests.browser.sight import expect_in_sight
from tests.browser.tables import GAMES, Walk, seated


@pytest.mark.parametrize("slug", GAMES)
def test_the_bar_keeps_the_way_back_to_the_result_and_play_again_once_the_sheet_is_put_away(slug, site, browser):
    walk = Walk(site, slug)
    walk.to("over")
    pages = {}
    try:
        for size, put_away in (("laptop", "Close"), ("phone", "See the table")):
            page, errors = pages[size] = seated(browser, site.url, walk.cookies(), walk.path, phone=size == "phone")
            sheet = page.locator("#result-dialog")
            expect(sheet).to_be_visible()
            sheet.get_by_role("button", name=put_away).click()
            expect(sheet).to_be_hidden()
            # Without opening ⋯ on a phone: the way back is on the bar itself.
            back, again = page.locator("#open-result"), page.locator("#bar-play-again")
            expect_in_sight(back)
            expect_in_sight(again)
            back.click()
            expect(sheet).to_be_visible()
            expect(sheet.locator("#play-again")).to_be_visible()
            expect(sheet.locator("#share-result")).to_be_visible()
            # Put away again, the focus is back where it was, on the way back.
            sheet.get_by_role("button", name="See the table").click()
            expect(sheet).to_be_hidden()
            expect(back).to_be_focused()
            page.reload()
            expect(sheet).to_be_visible()
            sheet.get_by_role("button", name="Close").click()
            expect_in_sight(back)
        # Play again from a phone's bar deals the next game, on both pages
        # (Ada takes her seat back from the bot first, so the game waits for her).
        phone = pages["phone"][0]
        phone.locator("#take-back").click()
        expect(phone.locator("#covered-note")).to_be_hidden()
        phone.locator("#bar-play-again").click()
        for page, errors in pages.values():
            expect(page.locator("#board")).to_have_attribute("data-status", "playing")
            expect(page.locator("#bar-over")).to_be_hidden()
            expect(page.locator("#result-dialog")).to_be_hidden()
            assert errors == []
    finally:
        for page, _errors in pages.values():
            page.context.close()
