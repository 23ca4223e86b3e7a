"""The plain table, which plays any game without a table of its own from
the moves the server offers (``legal``, each with its sentence): a whole
game of High Card, the tests' own game, played by pressing the first move
offered until the result sheet shows."""

from playwright.sync_api import expect

from tests.browser.turns import play_the_first_move_offered_to_the_end, start_high_card_against_a_bot


def test_a_person_plays_a_whole_game_through_the_page_and_sees_the_result(servers, people):
    server = servers.start()
    ada = people(server.url)
    start_high_card_against_a_bot(ada.page)
    sheet = play_the_first_move_offered_to_the_end(ada.page, 50)
    expect(sheet.locator("#places li")).to_have_count(2)
    expect(sheet.get_by_role("button", name="Play again")).to_be_visible()
    sheet.get_by_role("button", name="Play again").click()
    expect(sheet).to_be_hidden()
    expect(ada.page.locator("#hand")).to_contain_text("Your hand:")
    assert ada.errors == []
