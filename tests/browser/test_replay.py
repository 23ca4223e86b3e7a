"""A finished game's replay in a real browser: from the result sheet's
"Watch the replay", the game's own table draws each step as the player's
seat saw it; First, Back, Forward, Last, the scrubber and the arrow keys
move between steps, and the last step is the table the game ended on."""

import re

from playwright.sync_api import expect

from tests.browser.accessibility import findings
from tests.browser.tables import new_table
from tests.browser.turns import play_the_first_move_offered_to_the_end, sit_down_against_a_bot, start_high_card_against_a_bot


def test_a_player_watches_their_finished_game_step_by_step(servers, people):
    server = servers.start()
    ada = people(server.url)
    page = ada.page
    start_high_card_against_a_bot(page)
    sheet = play_the_first_move_offered_to_the_end(page, 50)
    sheet.get_by_role("button", name="See the table").click()
    ended_on = page.locator("#board").inner_text()
    steps = int(page.locator("#board").get_attribute("data-seq"))

    page.locator("#result-dialog").evaluate("d => d.showModal()")
    page.get_by_role("link", name="Watch the replay").click()
    expect(page).to_have_url(re.compile(r"/replays/\d+$"))
    board = page.locator("#board")
    expect(board).to_have_attribute("data-step", "0")
    expect(page.locator("#replay-where")).to_have_text(f"The start · step 0 of {steps}")
    expect(page.locator("#replay-side")).to_contain_text("your own seat, Ada")
    dealt = page.locator("#hand").inner_text()
    assert len(dealt.split(":")[1].split()) == 3  # Ada's three cards, as she was dealt them
    expect(page.locator("#replay-back")).to_be_disabled()

    page.get_by_role("button", name="Forward one step").click()
    expect(board).to_have_attribute("data-step", "1")
    expect(page.locator("#replay-where")).to_have_text(f"Step 1 of {steps}: Ada’s move")
    expect(page.locator("#trick")).to_contain_text("Ada")
    expect(page.locator("#hand")).not_to_have_text(dealt)  # the card she led has left her hand
    expect(page.locator("#replay-lines li")).not_to_have_count(0)
    assert findings(page, "a replay") == []

    page.keyboard.press("ArrowRight")
    expect(board).to_have_attribute("data-step", "2")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(board).to_have_attribute("data-step", "0")
    expect(page.locator("#hand")).to_have_text(dealt)

    page.locator("#replay-scrub").fill("3")
    expect(board).to_have_attribute("data-step", "3")
    page.keyboard.press("End")
    expect(board).to_have_attribute("data-step", str(steps))
    expect(board).to_have_attribute("data-status", "over")
    expect(page.locator("#replay-forward")).to_be_disabled()
    assert board.inner_text() == ended_on  # the table the game ended on
    page.get_by_role("button", name="First step").click()
    expect(board).to_have_attribute("data-step", "0")
    page.get_by_role("button", name="Last step").click()
    expect(board).to_have_attribute("data-step", str(steps))

    # Through the result's shared link, someone who wasn't there watches as a
    # watcher would: the cards on the table, nobody's hand.
    page.get_by_role("link", name="The result").click()
    shared = page.locator("#share-link").input_value()
    bea = people(server.url)
    bea.page.goto(shared)
    bea.page.get_by_role("link", name="Watch the replay").click()
    expect(bea.page).to_have_url(re.compile(r"/replays/shared/[\w-]+$"))
    expect(bea.page.locator("#replay-side")).to_contain_text("as a watcher at the table would")
    bea.page.keyboard.press("ArrowRight")
    expect(bea.page.locator("#board")).to_have_attribute("data-step", "1")
    expect(bea.page.locator("#trick")).to_contain_text("Ada")
    expect(bea.page.locator("#hand")).to_have_count(0)
    assert ada.errors == [] and bea.errors == []


def test_a_line_game_replays_on_its_own_table_to_the_grid_it_ended_on(servers, people):
    """Line's own table draws every step; the arrow keys alone walk the game
    to its end, where the grid and the hand are the live game's last."""
    server = servers.start()
    ada = people(server.url)
    page = ada.page
    sit_down_against_a_bot(page)
    # The host hands her own seat to a bot, so the game plays itself out at once.
    page.evaluate("""async code => {
      const token = document.cookie.split('; ').find(c => c.startsWith('csrftoken=')).split('=')[1];
      await fetch(`/api/tables/${code}/cover`, { method: 'POST', credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'X-CSRFToken': token }, body: JSON.stringify({ seat: 0 }) });
    }""", page.locator("#room").get_attribute("data-code"))
    sheet = page.locator("#result-dialog[open]")
    sheet.wait_for(timeout=90000)  # the bots play the whole game first
    sheet.get_by_role("button", name="See the table").click()
    grid, hand = page.locator("#ln-grid").inner_text(), page.locator("#hand").inner_text()
    steps = int(page.locator("#ln").get_attribute("data-seq"))

    page.locator("#result-dialog").evaluate("d => d.showModal()")
    page.get_by_role("link", name="Watch the replay").click()
    board = page.locator("#board")
    expect(board).to_have_attribute("data-step", "0")
    expect(page.locator(".sq")).to_have_count(16)
    start = page.locator("#ln-grid").inner_text()
    for k in range(1, steps + 1):
        page.keyboard.press("ArrowRight")
        expect(board).to_have_attribute("data-step", str(k))
    expect(board).to_have_attribute("data-status", "over")
    assert page.locator("#ln-grid").inner_text() == grid != start
    assert page.locator("#hand").inner_text() == hand
    page.keyboard.press("Home")
    expect(board).to_have_attribute("data-step", "0")
    assert page.locator("#ln-grid").inner_text() == start
    assert findings(page, "Line's replay") == []
    # On a phone the replay fits the width, its controls in reach.
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    expect(page.get_by_role("button", name="Forward one step")).to_be_in_viewport()
    assert ada.errors == []


def test_every_games_own_table_draws_its_replay(servers, people):
    """Euchre's, Get In Line's and Station Master's tables draw a replay's
    steps, from the start to the table the game ended on, without a console
    error."""
    server = servers.start()
    ada = people(server.url)
    page = ada.page
    # What each table shows that stays put (its banners come and go with the moves).
    lasting = {"euchre": "#eu-score, #eu-rail, #hand", "get-in-line": "#gil-grid, #gil-teams, #hand", "station-master": "#board"}
    for slug, shown in lasting.items():
        code = new_table(page, slug)
        page.goto(f"/t/{code}")
        page.get_by_role("button", name="Fill with bots").click()
        page.get_by_role("button", name="Start the game").click()
        page.locator("#board").wait_for()
        api(page, f"/api/tables/{code}/cover", {"seat": 0})
        sheet = page.locator("#result-dialog[open]")
        sheet.wait_for(timeout=90000)  # bots play the whole game first (a busy machine takes a while)
        sheet.get_by_role("button", name="See the table").click()
        # (The start's announcement, which no move of Ada's put away, doesn't last either.)
        if page.locator("#opening").count():
            page.get_by_role("button", name="Put the announcement away").dispatch_event("click")
        ended_on = page.locator(shown).all_inner_texts()
        page.locator("#result-dialog").evaluate("d => d.showModal()")
        page.get_by_role("link", name="Watch the replay").click()
        board = page.locator("#board")
        expect(board).to_have_attribute("data-step", "0")
        page.keyboard.press("ArrowRight")
        expect(board).to_have_attribute("data-step", "1")
        expect(page.locator("#replay-where")).to_have_text(re.compile(r"^Step 1 of \d+: \w+’s move$"))
        page.keyboard.press("End")
        expect(board).to_have_attribute("data-status", "over")
        assert page.locator(shown).all_inner_texts() == ended_on, slug
    assert ada.errors == []


def api(page, path, body):
    page.evaluate("""async ([path, body]) => {
      const token = document.cookie.split('; ').find(c => c.startsWith('csrftoken=')).split('=')[1];
      await fetch(path, { method: 'POST', credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'X-CSRFToken': token }, body: JSON.stringify(body) });
    }""", [path, body])
