"""The plain table, which plays any game from the moves the server offers
(``legal``, each with its sentence): a whole game of High Card, the tests'
own game, and a whole Station Master solitaire game, set up in the waiting
room from the settings the server describes, each played by pressing the
first move offered until the result sheet shows."""

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


def new_table(page, game):
    """A table made as a script makes one, through the JSON API, with this
    page's session (so the page is its host)."""
    page.goto("/")
    return page.evaluate("""async game => {
      const token = document.cookie.split('; ').find(c => c.startsWith('csrftoken=')).split('=')[1];
      const res = await fetch('/api/tables', { method: 'POST', credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'X-CSRFToken': token },
        body: JSON.stringify({ game, name: 'Ada' }) });
      return (await res.json()).code;
    }""", game)


def test_a_whole_station_master_solitaire_game_on_the_plain_table(servers, people):
    server = servers.start()
    ada = people(server.url)
    page = ada.page
    code = new_table(page, "station-master")
    page.goto(f"/t/{code}")
    # The waiting room asks the game's own questions: a preset, then the
    # answers it gives (asked one by one only under Custom), then Bot speed.
    preset = page.get_by_label("Preset", exact=True)
    expect(preset).to_have_value("competitive")
    expect(page.locator("#setting-seats")).to_have_text("Two to four")
    preset.select_option("solitaire")
    expect(page.locator("#setting-seats")).to_have_text("One: a single player")
    expect(page.locator("#setting-scoring")).to_have_text("The table together, against the day's goal")
    expect(page.locator("#start-problem")).to_have_count(0)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".bar-code")).to_have_text(code)
    sheet = play_the_first_move_offered_to_the_end(page, 3000)
    expect(sheet.locator("#places li")).to_have_count(1)
    expect(sheet.get_by_role("button", name="Play again")).to_be_visible()
    expect(page.locator("#board")).to_have_attribute("data-status", "over")
    assert ada.errors == []
