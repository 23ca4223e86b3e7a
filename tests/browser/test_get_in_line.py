"""Get In Line in a real browser: a person starts a table against a bot and
plays a whole game through the page as a person would (picking a card,
tapping a lit space, tapping a jack's space twice, trading in or passing
when the page offers it) until the result sheet; and on a phone-sized
window the board's spaces are big enough to tap, or the zoom strip is
offered."""

import re

from playwright.sync_api import expect

from engine import registry
from tests.browser.conftest import ask_for_less_motion
from tests.browser.tables import Walk, deal_and_play_to
from tests.browser.turns import read_how_to_play

MY_TURN = '#gil[data-my-turn="true"]'
SHEET = "#result-dialog[open]"


def sit_down_against_a_bot(page):
    page.goto("/")
    page.get_by_label("Your name at the table").fill("Ada")
    page.get_by_role("button", name="Start a Get In Line table").click()
    expect(page).to_have_url(re.compile(r"/t/[A-Z]{5}$"))
    page.get_by_role("button", name="Add a bot").click()
    expect(page.locator("#seats li")).to_have_count(2)
    # The waiting room: Bot speed always, Teams only at 6 or 12 seats, and who plays with whom.
    expect(page.get_by_label("Bot speed")).to_be_visible()
    expect(page.locator("#setting-teams")).to_have_count(0)
    expect(page.locator("#teams-note")).to_contain_text("Blue: Ada (you)")
    expect(page.locator("#teams-note")).to_contain_text("two lines to win")
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("grid", name="The board")).to_be_visible()
    read_how_to_play(page, "One-eyed jacks")


def wait_for_my_turn_or_the_end(page):
    page.locator(f"{MY_TURN}, {SHEET}").first.wait_for()
    return page.locator(SHEET).count() > 0


def test_a_person_plays_a_whole_game_of_get_in_line_against_a_bot(servers, people):
    server = servers.start()
    ada = people(server.url)
    page = ada.page
    sit_down_against_a_bot(page)

    grid = page.get_by_role("grid", name="The board")
    expect(grid.get_by_role("button")).to_have_count(100)
    expect(page.locator("#gil-teams")).to_contain_text("0 of 2")
    expect(page.locator("#hand .card")).to_have_count(7)

    checked_a_refusal = checked_keys = False
    played = traded = passed = jacks = 0
    for turn in range(400):
        if wait_for_my_turn_or_the_end(page):
            break
        if turn == 4:
            ask_for_less_motion(page)  # four turns with motion on, the rest landing at once
        seq = page.locator("#gil").get_attribute("data-seq")
        if page.locator("#gil-pass:not([hidden])").count():
            page.locator("#gil-pass").click()
            passed += 1
        elif page.locator("#gil-trade:not([hidden]):not([disabled])").count():
            page.locator("#gil-trade").click()
            traded += 1
        else:
            cards = page.locator("#hand .card")
            if not checked_keys:
                # 1 picks the first card, Escape puts it down again.
                page.keyboard.press("1")
                expect(cards.first).to_have_attribute("aria-pressed", "true")
                page.keyboard.press("Escape")
                expect(cards.first).to_have_attribute("aria-pressed", "false")
                # P can't pass while a card can play: a sentence says why.
                page.keyboard.press("p")
                expect(page.locator("#room-status")).to_have_text("You have a card that can play, so you can’t pass.")
                # The arrows walk the board.
                page.keyboard.press("ArrowDown")
                assert page.evaluate("document.activeElement.classList.contains('space')")
                checked_keys = True
            moved = False
            for k in range(cards.count()):
                card = cards.nth(k)
                name = card.get_attribute("data-card")
                card.click()
                expect(card).to_have_attribute("aria-pressed", "true")
                lit = page.locator(".space.lit")
                if not lit.count():
                    continue
                if not checked_a_refusal and not name.startswith("J"):
                    # A natural card on another card's open space: a sentence, and nothing sent.
                    wrong = page.locator(".space:not(.lit):not(.corner):not(:has(.chip))").first
                    wrong.click()
                    status = page.locator("#room-status")
                    expect(status).to_have_class(re.compile(r"\berror\b"))
                    expect(status).to_have_text(re.compile(r"^That’s the .+, not the .+\.$"))
                    expect(page.locator("#gil")).to_have_attribute("data-seq", seq)
                    checked_a_refusal = True
                target = lit.first
                target.click()
                if name.startswith("J"):
                    # A jack asks for a second tap, so a slip never spends it.
                    expect(page.locator(".space.pending")).to_have_count(1)
                    expect(page.locator("#gil")).to_have_attribute("data-seq", seq)
                    page.locator(".space.pending").click()
                    jacks += 1
                played += 1
                moved = True
                break
            assert moved, "my turn, yet no card lit a space and the page offered neither Trade in nor Pass"
        # The table answers (with the bot's move too) before we look again.
        page.locator(f'#gil:not([data-seq="{seq}"]), {SHEET}').first.wait_for()
    else:
        raise AssertionError("the game didn't end within 400 of my turns")

    sheet = page.locator("#result-dialog")
    expect(sheet.locator(".result-line")).to_have_text(re.compile(r"(wins|win!|made|draw)"))
    expect(sheet.locator("#places li")).to_have_count(2)
    assert played > 0 and checked_a_refusal
    # The log is in words, and the board shows the game as it ended.
    log = page.locator("#log li")
    expect(log.first).to_be_attached()
    assert all("·" not in line and "{" not in line for line in log.all_inner_texts())
    expect(page.locator("#gil")).to_have_attribute("data-phase", "over")
    assert ada.errors == []


def test_teams_is_asked_only_where_the_host_has_a_choice(servers, people):
    server = servers.start()
    ada = people(server.url)
    page = ada.page
    page.goto("/")
    page.get_by_label("Your name at the table").fill("Ada")
    page.get_by_role("button", name="Start a Get In Line table").click()
    expect(page.locator("#setting-teams")).to_have_count(0)
    for seats in range(2, 7):  # six seats: two teams of three, or three of two
        page.get_by_role("button", name="Add a bot").click()
        expect(page.locator("#seats li")).to_have_count(seats)
        expect(page.locator("#setting-teams")).to_have_count(1 if seats == 6 else 0)
    teams = page.locator("#setting-teams")
    expect(teams).to_have_value("2")
    expect(teams.locator("option")).to_have_text(["Two teams", "Three teams"])
    teams.select_option("3")
    expect(page.locator("#teams-note")).to_contain_text("Three teams")
    expect(page.locator("#setting-teams")).to_have_value("3")
    assert ada.errors == []


def test_on_a_phone_the_board_is_big_enough_to_tap_or_offers_the_zoom_strip(servers, people):
    server = servers.start()
    ada = people(server.url, width=390, height=844)
    page = ada.page
    sit_down_against_a_bot(page)
    space = page.locator(".space").nth(45)
    box = space.bounding_box()
    strip = page.locator("#gil-zoom")
    assert box["width"] >= 28 or strip.is_visible(), box
    # The whole board, the dock and the hand are on the screen without scrolling sideways.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    expect(page.locator("#gil-dock")).to_be_visible()
    expect(page.locator("#hand .card")).to_have_count(7)

    # Narrower still: spaces would be under 28 px, so the strip zooms them up.
    page.set_viewport_size({"width": 280, "height": 700})
    expect(strip).to_be_visible()
    strip.get_by_role("button", name="Zoom in").click()
    strip.get_by_role("button", name="Zoom in").click()
    assert page.locator(".space").nth(45).bounding_box()["width"] >= 28
    strip.get_by_role("button", name="Fit the board").click()
    assert ada.errors == []


def test_a_card_picked_from_the_keyboard_takes_focus_to_its_lit_spaces_and_tab_walks_them(servers, people):
    """On a laptop, a card picked with Enter (or its number key) sends focus
    to the first space it lights, in sight; Tab and the arrows go between
    its lit spaces before anything else, and Enter there plays it, focus
    staying on the space played."""
    server = servers.start()
    walk = Walk(server, "get-in-line")
    view = walk.snap["view"]
    twice = [(i, c) for i, c in enumerate(view["mine"]) if not c.startswith("J") and len(view["where"].get(c, [])) == 2]
    assert twice, f"Ada's first hand {view['mine']} has no card with both its spaces open"
    index, card = twice[0]
    first, second = sorted(view["where"][card])
    ada = people(server.url, width=1280, height=800)
    page = ada.page
    page.context.add_cookies(walk.cookies())
    page.add_init_script("localStorage.setItem('parlor:get-in-line:seen-rules', '1');")
    page.goto(walk.path)
    space = lambda p: page.locator(f'.space[data-space="{p}"]')
    outside = "document.activeElement && !document.activeElement.closest('#gil-grid')"

    mine = page.locator(f'#hand .card[data-card="{card}"]')
    mine.focus()
    page.keyboard.press("Enter")
    expect(mine).to_have_attribute("aria-pressed", "true")
    expect(space(first)).to_be_focused()
    box = space(first).bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= 800 and 0 <= box["x"] and box["x"] + box["width"] <= 1280, box
    page.keyboard.press("Tab")
    expect(space(second)).to_be_focused()
    page.keyboard.press("Tab")
    assert page.evaluate(outside), "Tab from the last lit space stayed on the board"
    page.keyboard.press("Shift+Tab")
    expect(space(second)).to_be_focused()
    page.keyboard.press("ArrowRight")  # (round to the first again)
    expect(space(first)).to_be_focused()
    page.keyboard.press("ArrowLeft")
    expect(space(second)).to_be_focused()

    # Put down and picked again by its number key: the same first lit space.
    page.keyboard.press("Escape")
    expect(mine).to_have_attribute("aria-pressed", "false")
    page.keyboard.press(str(index + 1))
    expect(space(first)).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#log li", has_text=re.compile(r"^Ada played "))).to_have_count(1)
    expect(space(first)).to_be_focused()
    assert ada.errors == []


# A deal whose first hand gives Ada (seat 0) a two-eyed and a one-eyed jack.
BOTH_JACKS = "12"

# How far the words of each card's tag stand in from the card's edges.
TAG_MARGINS = """() => [...document.querySelectorAll('#hand .card')].filter(c => c.querySelector('.note').textContent).map(c => {
  const card = c.getBoundingClientRect(), words = document.createRange();
  words.selectNodeContents(c.querySelector('.note'));
  const w = words.getBoundingClientRect();
  return { tag: c.querySelector('.note').textContent, left: w.left - card.left, right: card.right - w.right, bottom: card.bottom - w.bottom };
})"""


def test_a_jacks_tag_keeps_clear_of_its_cards_edges(servers, people):
    """"two-eyed" and "one-eyed" under a jack in the hand stand inside its
    face, at least 4 px from its left, right and bottom edges, on a phone
    (where the cards are narrowest) and on a laptop."""
    game = registry.get("get-in-line")
    server = servers.start()
    walk = Walk(server, "get-in-line")
    dealt = game.new(2, BOTH_JACKS, 0.0)
    assert {c[:2] for c in game.view(dealt, walk.seat)["mine"]} >= {"JC", "JH"}, f"deal {BOTH_JACKS} no longer gives Ada both kinds of jack"
    deal_and_play_to(servers, walk, BOTH_JACKS, dealt)
    for size in ({"width": 390, "height": 844}, {"width": 1280, "height": 800}):
        page = people(server.url, **size).page
        page.context.add_cookies(walk.cookies())
        page.add_init_script("localStorage.setItem('parlor:get-in-line:seen-rules', '1');")
        page.goto(walk.path)
        expect(page.locator("#hand .card .note", has_text="one-eyed")).to_have_count(1)
        tags = page.evaluate(TAG_MARGINS)
        assert sorted(t["tag"] for t in tags) == ["one-eyed", "two-eyed"], tags
        close = [t for t in tags if min(t["left"], t["right"], t["bottom"]) < 4]
        assert not close, f"at {size['width']}×{size['height']}: {close}"
