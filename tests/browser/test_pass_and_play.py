"""Pass and play in a real browser: Ada hosts a Line table, adds Cy as a
person on her device and a bot, and the two of them play from the one page,
passing it between them. Whoever's turn it is sees their own hand; the
other's is never in the page, and while the page waits to be passed on
nobody's is, nor anything of the last person's hint. At a Euchre table so
shared, the score sheet keeps every hand's call across the passes."""

import random
import re
import time
from types import SimpleNamespace

from playwright.sync_api import expect

from engine import moves, play, registry
from tests.browser.tables import bots_play, deal_and_play_to
from tests.browser.turns import LINE_MY_TURN, SHEET, one_step, take_my_turn

PASS = "#pass-screen:not([hidden])"
TURNS_EACH = 3  # enough for the device to go round both people and back, kept short
HINT_WITHIN = 60000  # ms a hint may take to come on a busy machine


def in_hand(page) -> list[str]:
    return page.locator("#hand .card").evaluate_all("nodes => nodes.map(n => n.dataset.card)")


def ada_and_cy_on_one_device(page):
    """Ada hosts a Line table, adds Cy on her device and a bot, and starts."""
    page.goto("/")
    page.get_by_label("Your name at the table").fill("Ada")
    page.get_by_role("button", name="Start a Line table", exact=True).click()
    expect(page).to_have_url(re.compile(r"/t/[A-Z]{5}$"))
    page.get_by_label("Name of a person on this device").fill("Cy")
    page.get_by_role("button", name="Add a person on this device").click()
    expect(page.locator('#seats li[data-seat="1"]')).to_contain_text("Cy")
    expect(page.locator('#seats li[data-seat="1"] .tags')).to_have_text("on this device")
    page.get_by_role("button", name="Add a bot").click()
    expect(page.locator("#seats li")).to_have_count(3)
    page.get_by_role("button", name="Start the game").click()
    page.locator("#rules-dialog").get_by_role("button", name="Close").click()


def test_two_people_pass_one_device_and_neither_ever_sees_the_others_hand(servers, people):
    server = servers.start()
    ada = people(server.url)
    page = ada.page
    ada_and_cy_on_one_device(page)

    steps = []  # (whose turn, the page's HTML) at each step of a person's turn
    passed_to = []
    turns = {"Ada": 0, "Cy": 0}
    while min(turns.values()) < TURNS_EACH:
        page.locator(f"{LINE_MY_TURN}, {PASS}, {SHEET}").first.wait_for()
        assert not page.locator(SHEET).count(), "the game ended before both had played their turns"
        if page.locator(PASS).count():
            screen = page.locator(PASS)
            name = re.fullmatch(r"Pass to (\w+)", screen.locator("h2").inner_text()).group(1)
            # Nobody's hand is in the page while it waits to be passed on.
            expect(page.locator("#hand .card")).to_have_count(0)
            expect(page.locator("#board")).to_be_hidden()
            passed_to.append(name)
            screen.get_by_role("button", name=f"Tap when {name} has the device").click()
            expect(page.locator(PASS)).to_have_count(0)
            turns[name] += 1
            continue
        me = page.locator("#plates .plate.me .plate-name").inner_text()
        steps.append((me, set(in_hand(page)), page.content()))
        seq = page.locator("#ln").get_attribute("data-seq")
        one_step(page)
        page.locator(f'#ln:not([data-seq="{seq}"]), {PASS}, {SHEET}').first.wait_for()
    assert passed_to[:2] == ["Cy", "Ada"] and {me for me, _, _ in steps} == {"Ada", "Cy"}

    # What each held at their next step is what they held meanwhile (only
    # their own moves change a hand): none of it was in the page before.
    for k, (me, _, html) in enumerate(steps):
        later = next((cards for who, cards, _ in steps[k + 1:] if who != me), None)
        if later is None:
            continue
        assert later and not [card for card in later if f'data-card="{card}"' in html], (me, later)
    assert ada.errors == []


def test_after_the_pass_nothing_of_the_last_persons_hint_is_left_in_the_page(servers, people):
    """With Hints on, each person's turn shows their hint (and the live
    region reads it); once the device waits to be passed on, no word of it
    is anywhere in the page, hidden or not."""
    server = servers.start()
    ada = people(server.url)
    page = ada.page
    page.goto("/")
    page.evaluate("localStorage.setItem('parlor:hints', 'on')")
    ada_and_cy_on_one_device(page)

    shown, passes = [], 0
    while passes < 2:
        page.locator(f"{LINE_MY_TURN}, {PASS}, {SHEET}").first.wait_for()
        assert not page.locator(SHEET).count(), "the game ended before the device was passed twice"
        if page.locator(PASS).count():
            if shown:  # (not the first pass, when Cy may play first and nobody has had a hint)
                words = page.evaluate("document.documentElement.outerHTML + document.documentElement.textContent")
                assert "Hint:" not in words and not [why for why in shown if why in words], shown
                passes += 1
            name = re.fullmatch(r"Pass to (\w+)", page.locator(f"{PASS} h2").inner_text()).group(1)
            page.get_by_role("button", name=f"Tap when {name} has the device").click()
            expect(page.locator(PASS)).to_have_count(0)
            shown = []
            continue
        note = page.locator("#hint-note")
        expect(note).to_be_visible(timeout=HINT_WITHIN)
        why = note.locator(".hint-why").inner_text()
        expect(page.locator("#announce")).to_contain_text(f"Hint: {why}")
        shown.append(why)
        seq = page.locator("#ln").get_attribute("data-seq")
        one_step(page)
        page.locator(f'#ln:not([data-seq="{seq}"]), {PASS}, {SHEET}').first.wait_for()
    assert ada.errors == []


def test_the_end_of_a_game_played_on_one_device_names_the_winners_and_says_what_is_kept(servers, people):
    """The sheet at the end speaks for the whole device, not for whoever
    held it last: it names who won (no "You win", no "(you)"), and, nobody
    being signed in, says the replay is kept but nothing is rated."""
    server = servers.start()
    ada = people(server.url)
    page = ada.page
    ada_and_cy_on_one_device(page)
    code = re.search(r"/t/([A-Z]{5})$", page.url).group(1)
    # Bots play both people's seats from here, so the game ends quickly.
    for seat in (0, 1):
        covered = page.evaluate("""async ([code, seat]) => {
          const csrf = document.cookie.match(/csrftoken=([^;]+)/)[1];
          const headers = { 'Content-Type': 'application/json', 'X-CSRFToken': csrf };
          const r = await fetch(`/api/tables/${code}/cover`, { method: 'POST', headers, body: JSON.stringify({ seat, level: 'easy' }) });
          return r.status;
        }""", [code, seat])
        assert covered == 200
    sheet = page.locator(SHEET)
    expect(sheet).to_be_visible(timeout=60000)
    said = sheet.locator(".result-line").inner_text()
    first = sheet.locator("#places li").first.locator("span").nth(1).inner_text()
    assert not re.search(r"\b(You|you|We|we)\b", said) and first in said, (said, first)
    expect(sheet.locator("#places")).not_to_contain_text("(you)")
    expect(sheet.locator("#not-rated")).to_have_text(
        "Not rated: nobody at the table was signed in. Its replay is kept all the same; "
        "a game is rated, and goes on a player’s profile, only when they are signed in at the table.")
    expect(sheet.get_by_role("link", name="Watch the replay")).to_be_visible()
    assert ada.errors == []


def six_hands_played(seed: str) -> dict:
    """A Euchre game of four seats, medium bots' play through its first six
    hands, the seventh just dealt: long enough that the log's latest lines
    no longer hold the first hands' calls."""
    game = registry.get("euchre")
    state = game.new(4, seed, time.time(), None)
    while len(state["scores"]) < 6 or state["phase"] != "bid1":
        seat = game.deciding(state)[0][0]
        moves.dispatch(game, state, seat, play.bot_move(game, state, seat, "medium", random.Random(state["seq"])), 0.0)
    assert max(state["totals"]) <= 5  # (the seventh hand can't end the game)
    return state


def test_a_euchre_device_passed_round_keeps_every_hand_s_call_on_its_score_sheet(servers, people):
    """Ada and Cy share a device at a Euchre table with two bots, six hands
    already played; through the seventh, passing the device between them,
    the hand's sheet lists every hand with its call, and no page error
    comes of a sheet due while the device was being passed."""
    server = servers.start()
    ada = people(server.url)
    page = ada.page
    page.clock.install()  # (time still runs; the pass below runs it on)
    page.goto("/")
    page.get_by_label("Your name at the table").fill("Ada")
    page.get_by_role("button", name="Start a Euchre table").click()
    expect(page).to_have_url(re.compile(r"/t/[A-Z]{5}$"))
    code = re.search(r"/t/([A-Z]{5})$", page.url).group(1)
    page.get_by_label("Name of a person on this device").fill("Cy")
    page.get_by_role("button", name="Add a person on this device").click()
    expect(page.locator('#seats li[data-seat="1"]')).to_contain_text("Cy")
    page.get_by_role("button", name="Fill with bots").click()
    page.get_by_role("button", name="Start the game").click()
    page.locator("#board, #pass-screen:not([hidden])").first.wait_for()
    deal_and_play_to(servers, SimpleNamespace(code=code), "passed-round-3", six_hands_played("passed-round-3"))
    bots_play(servers, SimpleNamespace(code=code))
    page.reload()

    expect(page.locator("#bar-round")).to_contain_text("Hand 7")
    passes, checked, rushed = 0, 0, False
    sheet = page.locator("#hand-dialog[open]")
    while not (passes and checked):
        page.locator(f'#eu:not([data-can=""]), {PASS}, #hand-dialog[open], {SHEET}').first.wait_for()
        assert not page.locator(SHEET).count(), "the game ended before the device was passed round a hand's end"
        if page.locator(PASS).count():
            name = re.fullmatch(r"Pass to (\w+)", page.locator(f"{PASS} h2").inner_text()).group(1)
            page.get_by_role("button", name=f"Tap when {name} has the device").click()
            expect(page.locator(PASS)).to_have_count(0)
            passes += 1
            continue
        if page.locator('#eu[data-phase="scored"]').count() and not rushed and not sheet.count():
            # Next hand pressed at once, before the hand's sheet opens: the
            # device is passed on while that sheet is still due.
            rushed = True
            seq = page.locator("#eu").get_attribute("data-seq")
            page.locator("#eu-dock").get_by_role("button", name="Next hand").click()
            page.locator(f'#eu:not([data-seq="{seq}"]), {PASS}, {SHEET}').first.wait_for()
            # Passing a device takes a person a few seconds: the page's clock is run past when that sheet was due.
            page.clock.run_for(5000)
            continue
        if page.locator('#eu[data-phase="scored"]').count():
            sheet.wait_for()  # (it opens once the hand's last cards have landed)
            hand = int(re.match(r"Hand (\d+):", sheet.locator("h2").inner_text()).group(1))
            expect(sheet.locator("#eu-hands tbody tr")).to_have_count(hand)
            calls = sheet.locator("#eu-hands .call").all_inner_texts()
            assert all(re.fullmatch(r"[♣♦♥♠] \w+(, alone)?", call) for call in calls), calls
            checked += passes > 0
        take_my_turn(page, "euchre")
    assert ada.errors == []
