"""The plain table, which plays any game without a table of its own from
the moves the server offers (``legal``, each with its sentence): a whole
game of High Card, the tests' own game, played by pressing the first move
offered until the result sheet shows."""

from playwright.sync_api import expect

SHEET = "#result-dialog"


def play_the_first_move_offered_to_the_end(page, most):
    """Press the first move button, wait for the table to answer, and again,
    until the result sheet shows."""
    sheet = page.locator(SHEET)
    for _ in range(most):
        move = page.locator("#moves button").first
        move.or_(sheet.locator("#places")).first.wait_for()
        if sheet.is_visible():
            return sheet
        seq = page.locator("#board").get_attribute("data-seq")
        move.click()
        # Wait for the table to answer the move before looking again.
        page.locator(f'#board:not([data-seq="{seq}"])').wait_for(state="attached")
    raise AssertionError(f"the game didn't end within {most} moves")


def test_a_person_plays_a_whole_game_through_the_page_and_sees_the_result(servers, people):
    server = servers.start()
    ada = people(server.url)
    ada.page.goto("/")
    ada.page.get_by_label("Your name at the table").fill("Ada")
    ada.page.get_by_role("button", name="Start a High Card table").click()
    ada.page.get_by_role("button", name="Fill with bots").click()
    ada.page.get_by_role("button", name="Start the game").click()
    sheet = play_the_first_move_offered_to_the_end(ada.page, 50)
    expect(sheet.locator("#places li")).to_have_count(2)
    expect(sheet.get_by_role("button", name="Play again")).to_be_visible()
    sheet.get_by_role("button", name="Play again").click()
    expect(sheet).to_be_hidden()
    expect(ada.page.locator("#hand")).to_contain_text("Your hand:")
    assert ada.errors == []
