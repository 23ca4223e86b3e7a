"""A person's turns in the page, made as a person makes them (a card
picked and a space or square tapped, a button pressed), in each game with a
table of its own: the browser tests that play through a game share them."""

import re

from playwright.sync_api import expect

SHEET = "#result-dialog[open]"
# Each game's lobby button, the button that seats its bots, its seats and its table's root.
GAMES = {
    "euchre": {"start": "Start a Euchre table", "bots": "Fill with bots", "seats": 4, "root": "#eu"},
    "get-in-line": {"start": "Start a Get In Line table", "bots": "Add a bot", "seats": 2, "root": "#gil"},
    "line": {"start": "Start a Line table", "bots": "Add a bot", "seats": 2, "root": "#ln"},
}
LINE_MY_TURN = '#ln[data-my-turn="true"]'


def my_turn(page, game):
    """Wait for a decision of mine (or the end); False at the end."""
    mine = {
        "euchre": '#eu:not([data-can=""]), #hand-dialog[open]',
        "get-in-line": '#gil[data-my-turn="true"]',
        "line": LINE_MY_TURN,
    }[game]
    page.locator(f"{mine}, {SHEET}").first.wait_for()
    return not page.locator(SHEET).count()


def next_hand(page):
    """Press Next hand on Euchre's sheet between hands and wait for that
    sheet to go: the next hand dealt, or that hand's own sheet up already
    (a partner's lone hand that Ada sits out, its moves landing at once).
    Pressed, the sheet stays open until the others are ready, its button
    gone: a test that looked again before then would press at nothing."""
    title = page.locator("#hand-title").inner_text()
    page.locator("#hand-dialog").get_by_role("button", name="Next hand").click()
    page.wait_for_function("t => !document.querySelector('#hand-dialog[open]')"
                           " || document.getElementById('hand-title').textContent !== t", arg=title)


def take_my_turn(page, game):
    """Make one move, as a person would, and wait for the table's answer."""
    root = page.locator(GAMES[game]["root"])
    seq = root.get_attribute("data-seq")
    if game == "euchre":
        if page.locator("#hand-dialog[open]").count():
            next_hand(page)
            return
        can = root.get_attribute("data-can").split()
        if "play" in can:
            page.locator("#hand .card.playable").first.click()
        elif "discard" in can:
            page.locator("#hand .card").first.click()
            page.locator("#eu-slot-4").click()
        elif page.locator("#eu-slot-4:not([disabled])").count():
            page.locator("#eu-slot-4").click()  # pass (or keep, or don't defend)
        else:
            page.locator(".eu-move:not([disabled])").first.click()  # a stuck dealer calls
    elif game == "get-in-line":
        if page.locator("#gil-pass:not([hidden])").count():
            page.locator("#gil-pass").click()
        elif page.locator("#gil-trade:not([hidden]):not([disabled])").count():
            page.locator("#gil-trade").click()
        else:
            cards = page.locator("#hand .card")
            for k in range(cards.count()):
                cards.nth(k).click()
                if page.locator(".space.lit").count():
                    page.locator(".space.lit").first.click()
                    if page.locator(".space.pending").count():
                        page.locator(".space.pending").click()
                    break
    else:
        one_step(page)
    # (Or, on a device passed round, the screen that waits for the next person.)
    page.locator(f'{GAMES[game]["root"]}:not([data-seq="{seq}"]), {SHEET}, #pass-screen:not([hidden])').first.wait_for()


def play_a_card(page, counts):
    """Try the hand's cards in turn until one lights something, then play it."""
    cards = page.locator("#hand .card:not([disabled])")
    for k in range(cards.count()):
        card = cards.nth(k)
        card.click()
        expect(card).to_have_attribute("aria-pressed", "true")
        if page.locator(".sq.lit:not(.up)").count():
            wrong = page.locator(".sq.empty:not(.lit)")
            if not counts.get("refused") and wrong.count():
                # An empty square the card can't go to: a sentence, and nothing sent.
                seq = page.locator("#ln").get_attribute("data-seq")
                wrong.first.click()
                expect(page.locator("#room-status")).to_have_text(re.compile(r"(can’t go in row \d|already holds a joker)"))
                expect(page.locator("#ln")).to_have_attribute("data-seq", seq)
                expect(card).to_have_attribute("aria-pressed", "true")
                counts["refused"] = 1
            page.locator(".sq.lit:not(.up)").first.click()
            counts["placed"] += 1
            return True
        if page.locator(".sq.up").count():
            page.locator(".sq.up").first.click()
            expect(page.locator("#ln")).to_have_attribute("data-step", "upgrade")
            if page.locator(".sq.joker-to").count():
                page.locator(".sq.joker-to").first.click()
            else:
                page.locator("#ln-keep").click()
            counts["upgraded"] += 1
            return True
        if page.locator(".ln-shift:not([hidden])").count():
            page.locator(".ln-shift:not([hidden])").first.click()
            expect(page.locator("#ln")).to_have_attribute("data-step", "shift")
            page.locator(".sq.push").first.click()
            counts["shifted"] += 1
            return True
    return False


def one_step(page):
    """One step of a turn, as it comes: draw, put down or discard when the
    page asks, else a card from the hand."""
    must = page.locator("#ln").get_attribute("data-must")
    if must == "draw":
        page.locator("#ln-draw").click()
    elif must == "place":
        page.locator(".sq.lit").first.click()
    elif must == "discard":
        page.locator("#hand .card").last.click()
        page.locator("#ln-discard").click()
    else:
        assert play_a_card(page, {"refused": 1, "placed": 0, "upgraded": 0, "shifted": 0}), "no card of the hand could play"


def start_high_card_against_a_bot(page):
    """Ada starts a table of the tests' own game from the lobby (the plain
    table, whose moves are buttons), fills it with bots and starts."""
    page.goto("/")
    page.get_by_label("Your name at the table").fill("Ada")
    page.get_by_role("button", name="Start a High Card table").click()
    page.get_by_role("button", name="Fill with bots").click()
    page.get_by_role("button", name="Start the game").click()


def play_the_first_move_offered_to_the_end(page, most):
    """Press the first move button, wait for the table to answer, and again,
    until the result sheet shows."""
    for _ in range(most):
        if not play_the_first_move_offered(page):
            return page.locator(SHEET)
    raise AssertionError(f"the game didn't end within {most} moves")


def play_the_first_move_offered(page) -> bool:
    """Wait for a move of mine, press the first one offered and wait for the
    table to answer it; False, and nothing pressed, once the result sheet
    shows."""
    sheet = page.locator(SHEET)
    move = page.locator("#moves button").first
    move.or_(sheet.locator("#places")).first.wait_for()
    if sheet.is_visible():
        return False
    seq = page.locator("#board").get_attribute("data-seq")
    move.click()
    page.locator(f'#board:not([data-seq="{seq}"])').wait_for(state="attached")
    return True


def sit_down_against_a_bot(page):
    page.goto("/")
    page.get_by_label("Your name at the table").fill("Ada")
    page.get_by_role("button", name="Start a Line table", exact=True).click()
    expect(page).to_have_url(re.compile(r"/t/[A-Z]{5}$"))
    page.get_by_role("button", name="Add a bot").click()
    expect(page.locator("#seats li")).to_have_count(2)
    expect(page.get_by_label("Bot speed")).to_be_visible()
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("group", name="The grid")).to_be_visible()
    read_how_to_play(page, "joker")


def read_how_to_play(page, says: str | None = None) -> None:
    """How to play opens by itself the first time a person sits at a game:
    they read it (it ``says`` what is asked) and close it."""
    rules = page.locator("#rules-dialog")
    expect(rules).to_be_visible()
    if says is not None:
        expect(rules).to_contain_text(says)
    rules.get_by_role("button", name="Close").click()
    expect(rules).to_be_hidden()
