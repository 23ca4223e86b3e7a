"""The room kit's moving parts in a real browser, in every game: under
reduced motion no cue plays and the table still shows each move; with
motion on, a move made while the tab was hidden is simply there on return,
and when play comes back to you only the last move is still moving; the one
live region reads a bot's move in the log's own words, and a refusal each
time; Your move shows once per kind of decision; Options' Sounds and
Reduce motion are remembered; and on a phone Euchre's banners keep clear of
the cards in play."""

import json
import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import HIDE, RECORD_BANNERS, RECORD_MOTION, RECORD_SAID
from tests.browser.tables import new_table
from tests.browser.turns import GAMES, SHEET, my_turn, read_how_to_play, take_my_turn

# Where each game shows the move just made: it must be drawn whole, not mid-flight.
LAST_MOVE = {"euchre": ".eu-slot .card", "get-in-line": ".space.last .chip", "line": ".sq.last .card"}

def sit_down(page, game):
    g = GAMES[game]
    page.goto("/")
    page.get_by_label("Your name at the table").fill("Ada")
    page.get_by_role("button", name=g["start"], exact=True).click()
    expect(page).to_have_url(re.compile(r"/t/[A-Z]{5}$"))
    page.get_by_role("button", name=g["bots"]).click()
    expect(page.locator("#seats li")).to_have_count(g["seats"])
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(g["root"])).to_be_visible()
    read_how_to_play(page)


def drawn_whole(page, selector):
    """Every node matching `selector` stands in its place, fully shown."""
    return page.evaluate("""sel => [...document.querySelectorAll(sel)].every(n => {
        const s = getComputedStyle(n);
        return s.opacity === '1' && (s.transform === 'none' || s.transform === 'matrix(1, 0, 0, 1, 0, 0)')
          && !n.getAnimations().some(a => a.playState === 'running');
    })""", selector)


@pytest.mark.parametrize("game", list(GAMES))
def test_under_reduced_motion_no_cue_plays_and_the_table_is_still_right(servers, people, game):
    server = servers.start()
    ada = people(server.url)
    page = ada.page
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script(RECORD_MOTION)
    sit_down(page, game)
    shown = 0
    for _ in range(40):
        if not my_turn(page, game):
            break
        take_my_turn(page, game)
        my_turn(page, game)
        # Each move is on the table at once, and nothing moves to get there.
        assert page.evaluate("window.cuesPlayed") == 0
        assert page.evaluate("document.getAnimations().length") == 0
        expect(page.locator(".cue-layer > *")).to_have_count(0)
        assert drawn_whole(page, LAST_MOVE[game])
        shown += page.locator(LAST_MOVE[game]).count()
        if shown >= 3:
            break
    assert shown >= 3, "the bots and I made moves, yet the table never showed one"
    expect(page.locator("#board")).to_have_attribute("data-motion", "still")
    assert ada.errors == []


@pytest.mark.parametrize("game", list(GAMES))
def test_with_motion_on_a_move_made_while_the_tab_was_hidden_lands_at_once_on_return(servers, people, game):
    server = servers.start()
    ada = people(server.url)
    page = ada.page
    page.emulate_media(reduced_motion="no-preference")
    page.add_init_script(RECORD_MOTION)
    sit_down(page, game)
    root = page.locator(GAMES[game]["root"])
    # In sight, moves play their cues (a card flies in, a chip drops).
    for _ in range(12):
        if page.evaluate("window.cuesPlayed") or not my_turn(page, game):
            break
        take_my_turn(page, game)
    assert page.evaluate("window.cuesPlayed") > 0, "moves were made in sight, yet no cue played"
    assert my_turn(page, game)

    # The tab goes out of sight; my move and the bots' answers come meanwhile.
    page.evaluate(HIDE, True)
    page.evaluate("window.cuesPlayed = 0")
    seq = root.get_attribute("data-seq")
    take_my_turn(page, game)
    page.locator(f'{GAMES[game]["root"]}:not([data-seq="{seq}"])').wait_for()
    my_turn(page, game)
    page.evaluate(HIDE, False)
    # Back in sight: every move is simply there, with nothing left to play.
    assert page.evaluate("window.cuesPlayed") == 0
    expect(page.locator("#board")).to_have_attribute("data-motion", "still")
    expect(page.locator(".cue-layer > *")).to_have_count(0)
    assert drawn_whole(page, LAST_MOVE[game])
    assert ada.errors == []


@pytest.mark.parametrize("game", list(GAMES))
def test_the_live_region_reads_a_bots_move_in_the_logs_words(servers, people, game):
    server = servers.start()
    ada = people(server.url)
    page = ada.page
    sit_down(page, game)
    region = page.locator("#announce")
    expect(region).to_have_attribute("aria-live", "polite")
    assert page.locator("[aria-live]").count() == 1  # the kit's one region at the table
    bots = [n for n in page.locator("#plates .plate-name").all_inner_texts() if n != "Ada"]

    def bot_lines():
        said = region.locator("p").all_inner_texts()
        log = set(page.locator("#log li").all_inner_texts())
        return [s for s in said if s in log and any(b in s for b in bots)]

    for _ in range(20):
        if bot_lines() or not my_turn(page, game):
            break
        take_my_turn(page, game)
        page.locator(f"#announce p, {SHEET}").first.wait_for()
    assert bot_lines(), f"nothing a bot did was read out: {region.locator('p').all_inner_texts()}"
    # Its turn handed back, the table says so (a hand's end waits for
    # everyone to be ready, which is nobody's turn).
    if my_turn(page, game) and not page.locator("#hand-dialog[open]").count():
        expect(region.locator("p", has_text="Your turn.")).not_to_have_count(0)
    assert ada.errors == []


def test_your_move_shows_once_for_each_kind_of_decision(servers, people):
    server = servers.start()
    ada = people(server.url)
    page = ada.page
    sit_down(page, "get-in-line")
    prompt = page.locator("#your-move")
    assert my_turn(page, "get-in-line")
    expect(prompt).to_be_visible()
    expect(prompt).to_contain_text("Play a card")
    expect(page.locator("#hand.your-move-ring")).to_have_count(1)
    take_my_turn(page, "get-in-line")
    expect(prompt).to_be_hidden()
    # The next turn, and after a reload, it has been said.
    assert my_turn(page, "get-in-line")
    expect(prompt).to_be_hidden()
    page.reload()
    assert my_turn(page, "get-in-line")
    expect(page.locator("#gil")).to_be_visible()
    expect(prompt).to_be_hidden()
    expect(page.locator(".your-move-ring")).to_have_count(0)
    assert ada.errors == []


def test_on_a_phone_how_to_play_keeps_its_close_button_in_view_to_its_end(servers, people):
    """Station Master's How to play is the longest sheet: read to its end
    on a phone, its close button is still on screen, and closes it."""
    server = servers.start()
    ada = people(server.url, width=390, height=844)
    page = ada.page
    page.goto(f"/t/{new_table(page, 'station-master')}")
    page.get_by_role("button", name="Add a bot").click()
    page.get_by_role("button", name="Start the game").click()
    sheet = page.locator("#rules-dialog")
    expect(sheet).to_be_visible()
    assert sheet.evaluate("d => d.scrollHeight > d.clientHeight * 2")
    sheet.evaluate("d => d.scrollTo(0, d.scrollHeight)")
    expect(sheet.get_by_text("Keys:")).to_be_in_viewport()
    close = sheet.get_by_role("button", name="Close")
    expect(close).to_be_in_viewport(ratio=1)
    assert page.evaluate("""() => {
      const r = document.querySelector('#rules-dialog .close').getBoundingClientRect();
      return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2).closest('.close') !== null;
    }""")
    close.click()
    expect(sheet).to_be_hidden()
    assert ada.errors == []


def test_options_remember_sounds_and_reduce_motion(servers, people):
    server = servers.start()
    ada = people(server.url)
    page = ada.page
    page.emulate_media(reduced_motion="no-preference")
    sit_down(page, "get-in-line")
    page.locator("#open-options").click()
    sounds = page.get_by_label("Sounds")
    reduce = page.get_by_label("Reduce motion")
    # Sounds are on unless the device asks for less motion; motion is full.
    expect(sounds).to_be_checked()
    expect(reduce).not_to_be_checked()
    sounds.uncheck()
    reduce.check()
    expect(page.locator("html")).to_have_attribute("data-motion", "reduce")
    page.reload()
    expect(page.locator("#gil")).to_be_visible()
    page.locator("#open-options").click()
    expect(page.get_by_label("Sounds")).not_to_be_checked()
    expect(page.get_by_label("Reduce motion")).to_be_checked()
    expect(page.locator("html")).to_have_attribute("data-motion", "reduce")
    # They are the browser's, at every table: Line's Options say the same.
    sit_down(page, "line")
    page.locator("#open-options").click()
    expect(page.get_by_label("Sounds")).not_to_be_checked()
    expect(page.get_by_label("Reduce motion")).to_be_checked()
    assert ada.errors == []


def test_sounds_wait_to_be_turned_on_under_the_devices_reduced_motion(servers, people):
    server = servers.start()
    ada = people(server.url)
    page = ada.page
    page.emulate_media(reduced_motion="reduce")
    sit_down(page, "line")
    page.locator("#open-options").click()
    expect(page.get_by_label("Sounds")).not_to_be_checked()
    expect(page.get_by_label("Reduce motion")).to_be_checked()
    page.get_by_label("Sounds").check()
    page.reload()
    expect(page.locator("#ln")).to_be_visible()
    page.locator("#open-options").click()
    expect(page.get_by_label("Sounds")).to_be_checked()
    assert ada.errors == []


# The table still sliding in as a game starts (the room's arrival, held at
# its first frame): a banner placed then must clear the cards where they are.
ARRIVING = """
addEventListener('DOMContentLoaded', () => {
  const held = document.createElement('style');
  held.textContent = '.room > :not(.bar) { transform: translateY(12px); }';
  document.head.append(held);
});
"""


@pytest.mark.parametrize("moment", ["settled", "arriving"])
def test_on_a_phone_euchres_banner_never_covers_the_cards_in_play(servers, people, moment):
    server = servers.start()
    ada = people(server.url, width=390, height=844)
    page = ada.page
    page.emulate_media(reduced_motion="no-preference")
    page.add_init_script(RECORD_BANNERS)
    if moment == "arriving":
        page.add_init_script(ARRIVING)
    sit_down(page, "euchre")
    called = page.locator("#log li", has_text=re.compile(r" called "))
    for _ in range(30):
        if called.count() or not my_turn(page, "euchre"):
            break
        take_my_turn(page, "euchre")
    expect(called).not_to_have_count(0)
    page.wait_for_function("window.banners.some(b => b.text.includes('called'))")
    # Play on through the hand: the call, and any banner after it, stay clear of the trick.
    for _ in range(6):
        if not my_turn(page, "euchre") or page.locator("#hand-dialog[open]").count():
            break
        take_my_turn(page, "euchre")
    seen = page.evaluate("window.banners")
    assert seen and not any(b["covers"] for b in seen), seen
    assert ada.errors == []


def first_news_late(first):
    """Between the page and the server: the game's snapshots are held back
    until one carries another seat's move (or it is the page's own turn),
    as a busy server's first word would come; `first["others"]` says how
    many others' moves that first one carried."""
    def late(ws):
        upstream = ws.connect_to_server()

        def incoming(text):
            m = json.loads(text)
            if m.get("type") == "snapshot" and m.get("status") == "playing" and not first:
                others = [e for e in m["view"]["events"] if e.get("seat") not in (None, m["seat"])]
                if not others and not m.get("decision"):
                    return  # held back
                first["others"] = len(others)
            ws.send(text)
        upstream.on_message(incoming)
    return late


def test_what_the_bots_did_before_the_page_heard_the_game_begin_is_still_told(servers, people):
    """A busy server's first word of a new game can come after the bots have
    bid: the page tells the start, then each bot's bid, then your turn, and
    a bot's call is still bannered."""
    server = servers.start()
    for _ in range(12):  # until a bot bids first (three deals in four)
        first = {}
        ada = people(server.url)
        page = ada.page
        page.emulate_media(reduced_motion="no-preference")
        page.add_init_script(RECORD_SAID)
        page.add_init_script(RECORD_BANNERS)
        page.route_web_socket(re.compile(r"/ws/tables/"), first_news_late(first))
        sit_down(page, "euchre")
        my_turn(page, "euchre")
        if first["others"]:
            break
        ada.close()  # Ada bids first at this table: nothing came before her
    assert first["others"], "in twelve tables no bot bid before Ada"
    bots = [n for n in page.locator("#plates .plate-name").all_inner_texts() if n != "Ada"]
    log = page.locator("#log li").all_inner_texts()
    said = page.evaluate("window.said")
    start = next(i for i, s in enumerate(said) if s.startswith("Euchre begins"))
    told = [s for s in said[start:] if s in log and any(b in s for b in bots)]
    assert told, said
    if page.locator('#eu:not([data-can=""])').count():
        assert said.index("Your turn.", start) > said.index(told[0]), said
    if any(" called " in s for s in told):
        page.wait_for_function("window.banners.some(b => b.text.includes('called'))")
    assert ada.errors == []


# Each time the table hands Euchre's play back to me: the cards on the trick, and how many are still moving.
RECORD_TURNS = """
window.turns = [];
new MutationObserver(records => {
  for (const r of records) {
    const t = r.target;
    if (t.id !== 'eu' || r.oldValue === t.dataset.seq || t.dataset.myTurn !== 'true' || t.dataset.phase !== 'play') continue;
    const cards = [...t.querySelectorAll('.eu-slot .card')];
    window.turns.push({ trick: cards.length, moving: cards.filter(c => c.getAnimations().some(a => a.playState !== 'finished')).length });
  }
}).observe(document, { subtree: true, attributes: true, attributeOldValue: true, attributeFilter: ['data-seq'] });
"""


def test_when_your_turn_comes_older_moves_land_at_once_and_the_last_still_plays(servers, people):
    server = servers.start()
    ada = people(server.url)
    page = ada.page
    page.emulate_media(reduced_motion="no-preference")
    page.add_init_script(RECORD_TURNS)
    sit_down(page, "euchre")
    followed = []
    for _ in range(60):
        followed = [t for t in page.evaluate("window.turns") if t["trick"] >= 2]
        if len(followed) >= 3 or not my_turn(page, "euchre"):
            break
        take_my_turn(page, "euchre")
    assert followed, ("I never had to follow two or more cards", page.evaluate("window.turns"))
    # Older cards had landed; the last one led to me was still flying in.
    assert all(t["moving"] <= 1 for t in page.evaluate("window.turns")), page.evaluate("window.turns")
    assert any(t["moving"] == 1 for t in followed), followed
    assert ada.errors == []


def test_a_refusal_is_read_out_each_time(servers, people):
    server = servers.start()
    ada = people(server.url)
    page = ada.page
    sit_down(page, "get-in-line")
    assert my_turn(page, "get-in-line")
    page.locator(".space.corner").first.click()
    status = page.locator("#room-status")
    expect(status).to_have_text("The corners are free spaces for every team, so no chip goes there.")
    said = page.locator("#announce p", has_text="The corners are free spaces")
    expect(said).to_have_count(1)
    page.locator(".space.corner").first.click()
    expect(said).to_have_count(2)
    assert ada.errors == []
