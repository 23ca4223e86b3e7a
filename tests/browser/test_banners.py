"""The kit's banner queue in a real browser: while a banner shows, in
Euchre and Get In Line, on a laptop and on two phones, it covers none of
the cards in play, the players' names and teams, the board's spaces, your
hand or the status line, even when the table changes under it (on a
phone, the next hand dealt under a lone hand's banner); and a
banner from a hand that has gone by is dropped, never shown."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import RECORD_BANNERS
from tests.browser.tables import LONE_HAND, Walk, bots_play, lone_hand
from tests.browser.turns import my_turn, take_my_turn

SIZES = {"laptop": (1280, 800), "phone": (390, 844), "small phone": (375, 667)}

def told(walk, kind, since):
    """Whether the table's events after the `since`-th hold one that brings a banner."""
    events = [e for e in walk.snap["view"].get("events") or [] if e["n"] > since]
    if kind == "call":
        return any(e["kind"] == "bid" and e.get("bid") != "pass" for e in events)
    team = walk.snap["view"]["team"]
    return any(e["kind"] == "remove" and e["team"] == team for e in events)


@pytest.mark.parametrize("slug,kind", [("euchre", "call"), ("get-in-line", "remove")])
def test_a_banner_covers_nothing_in_play(browser, site, slug, kind):
    """Ada plays over the API while her seat is open on a laptop and two
    phones, until a banner has shown on each, and on a little after it."""
    viewers = []
    for width, height in SIZES.values():
        context = browser.new_context(base_url=site.url, viewport={"width": width, "height": height},
                                      reduced_motion="reduce", has_touch=width < 800, is_mobile=width < 800)
        context.add_init_script(f"localStorage.setItem('parlor:{slug}:seen-rules', '1');")
        context.add_init_script(RECORD_BANNERS)
        viewers.append(context)
    try:
        for _ in range(6):  # (a game may end with no such move: another is started)
            walk = Walk(site, slug)
            pages = []
            for context in viewers:
                context.clear_cookies()
                context.add_cookies(walk.cookies())
                page = context.pages[0] if context.pages else context.new_page()
                page.set_default_timeout(20000)
                page.goto(walk.path)
                page.locator(f'#board[data-seq="{walk.snap["seq"]}"]').wait_for(state="attached")
                pages.append(page)
            # (Only what happens once the pages are open shows a banner.)
            since = max([e["n"] for e in walk.snap["view"].get("events") or []], default=-1)
            while walk.snap["status"] == "playing" and not told(walk, kind, since):
                walk.play(between_hands=True)
            if told(walk, kind, since):
                break
        else:
            pytest.fail(f"no {kind} in six games of {slug}")
        for page in pages:
            page.wait_for_function("window.banners.length > 0")
        # Play on under the banner: the cards it must keep clear of come and go.
        for _ in range(3):
            walk.play(between_hands=True)
        for (size, page) in zip(SIZES, pages):
            page.locator(f'#board[data-seq="{walk.snap["seq"]}"]').wait_for(state="attached")
            seen = page.evaluate("window.banners")
            assert not any(b["covers"] for b in seen), (size, seen)
    finally:
        for context in viewers:
            context.close()


# The kit's Banners as the table page loaded it, over a banner of its own
# on Euchre's felt, each banner kept only while its hand (`window.hand`) lasts;
# `window.shown` lists every banner in the order it showed.
OWN_QUEUE = """async () => {
  const url = performance.getEntriesByType('resource').map(e => e.name).find(n => /\\/room\\/banners[.\\w]*\\.js$/.test(n));
  const { Banners } = await import(url);
  const node = document.createElement('p');
  node.className = 'eu-banner';
  node.hidden = true;
  document.getElementById('eu-felt').append(node);
  window.shown = [];
  new MutationObserver(() => {
    if (!node.hidden && shown[shown.length - 1] !== node.textContent) shown.push(node.textContent);
  }).observe(node, { attributes: true, childList: true, subtree: true });
  window.hand = 1;
  window.queue = new Banners(node);
  window.during = n => () => window.hand === n;
}"""


def test_a_banner_from_a_hand_gone_by_is_dropped(browser, site):
    walk = Walk(site, "euchre")
    context = browser.new_context(base_url=site.url, viewport={"width": 390, "height": 844})
    context.add_init_script("localStorage.setItem('parlor:euchre:seen-rules', '1');")
    try:
        page = context.new_page()
        page.set_default_timeout(20000)
        page.goto(walk.path)  # (watching Ada's table)
        page.locator("#eu-felt").wait_for()
        page.evaluate(OWN_QUEUE)
        page.evaluate("""() => {
          queue.add('Robin called ♥', 'Hearts are trump.', { keep: during(1) });
          queue.add('Defending alone!', 'Otto defends alone.', { keep: during(1) });
        }""")
        # The call shows; the second waits its turn behind it.
        page.wait_for_function("shown.length === 1")
        assert page.evaluate("shown") == ["Robin called ♥Hearts are trump."]
        # The hand is over while the call is still up, and the next one's call is queued.
        page.evaluate("() => { hand = 2; queue.add('Juniper called ♠', 'Spades are trump.', { keep: during(2) }); }")
        page.wait_for_function("shown.length === 2")
        # The last hand's banner never showed: the next hand's came straight after the call.
        assert page.evaluate("shown") == ["Robin called ♥Hearts are trump.", "Juniper called ♠Spades are trump."]
    finally:
        context.close()


def test_on_a_phone_a_banner_up_as_the_next_hand_is_dealt_keeps_clear_of_it(servers, people):
    """Ada taps Next hand while All five, alone! is still up over her empty
    hand's row: the new hand is dealt under the banner, which moves off it
    (and nothing else moves until Ada bids, first in the new hand)."""
    server = servers.start()
    walk = lone_hand(servers, server)
    ada = people(server.url, width=390, height=844)
    ada.context.add_cookies(walk.cookies())
    page = ada.page
    page.emulate_media(reduced_motion="no-preference")  # (the score sheet waits for the banners)
    page.add_init_script("localStorage.setItem('parlor:euchre:seen-rules', '1');")
    page.add_init_script(RECORD_BANNERS)
    page.goto(walk.path)
    table, banner = page.locator("#eu"), page.locator("#eu-banner")
    expect(table).to_have_attribute("data-phase", "bid1")
    bots_play(servers, walk)  # (only once the page is open: it banners what it sees happen)
    while my_turn(page, "euchre") and table.get_attribute("data-phase") != "scored":
        take_my_turn(page, "euchre")
    expect(banner).to_contain_text("All five, alone!")
    page.locator("#eu-slot-4").click()  # Next hand, the score sheet still waiting for the banner
    expect(table).to_have_attribute("data-phase", "bid1")
    expect(page.locator("#hand .card")).to_have_count(5)
    expect(banner).to_be_hidden()
    seen = page.evaluate("window.banners")
    assert [b["text"] for b in seen] == [
        "Going alone!Otto called ♦ diamonds, alone. They need three tricks.",
        "All five, alone!Otto called ♦ alone, and they took all five: 4 points to them.",
    ], f"deal {LONE_HAND} no longer brings Otto's lone hand of all five: find another"
    assert not any(b["covers"] for b in seen), seen
    assert ada.errors == []


# As each of Euchre's banners shows: a card in flight over it, drawn as the
# kit draws one (a ghost on its cue layer), and what a person sees at the
# banner's middle then (`window.flights`; RECORD_BANNERS's `drawnAt`).
CARD_OVER_THE_BANNER = """
window.flights = [];
new MutationObserver(records => {
  const b = records.map(r => r.target).find(t => t.id === 'eu-banner' && !t.hidden);
  if (!b) return;
  const r = b.getBoundingClientRect();
  const ghost = document.createElement('div');
  ghost.className = 'cue-ghost card';
  Object.assign(ghost.style, { left: `${r.left}px`, top: `${r.top}px`, width: `${r.width}px`, height: `${r.height}px`, background: '#fff' });
  document.querySelector('.cue-layer').append(ghost);
  const hit = drawnAt(r.left + r.width / 2, r.top + r.height / 2);
  ghost.remove();
  flights.push({ text: b.textContent, banner: b.contains(hit), hit: String(hit && hit.className) });
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['hidden'] });
"""


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_euchres_call_banner_keeps_one_place_clear_of_the_trick_and_panels_above_cards_in_flight(size, browser, site):
    """With motion on, Ada passes until a seat calls trump, and plays on
    while the call is up: the banner takes one place for its whole life,
    covers no card in play, neither the Score nor the Trump panel, the
    status line or the hand, nothing is drawn over it, and a card flying
    across it passes under it."""
    width, height = SIZES[size]
    for _ in range(10):  # (a deal called before the page opened, or passed out, is put by: another is started)
        walk = Walk(site, "euchre")
        context = browser.new_context(base_url=site.url, viewport={"width": width, "height": height},
                                      has_touch=width < 800, is_mobile=width < 800, reduced_motion="no-preference")
        context.add_init_script("localStorage.setItem('parlor:euchre:seen-rules', '1');")
        context.add_init_script(RECORD_BANNERS)
        context.add_init_script(CARD_OVER_THE_BANNER)
        context.add_cookies(walk.cookies())
        page = context.new_page()
        page.set_default_timeout(20000)
        page.goto(walk.path)
        page.locator(f'#board[data-seq="{walk.snap["seq"]}"]').wait_for(state="attached")
        # (A bot may have called before the page opened, with no banner to see: another deal, then.)
        called_unseen = bool(walk.snap["view"].get("trump"))
        while walk.snap["view"]["phase"] in ("bid1", "bid2") and walk.snap["status"] == "playing":
            walk.play(prefer="pass")
        if walk.snap["view"].get("trump") and not called_unseen:
            break
        context.close()
    else:
        pytest.fail("in ten deals nobody called trump while the page watched")
    try:
        # Play on while it is up, until it has gone.
        walk.play()
        page.wait_for_function("banners.some(b => / called | alone/.test(b.text)) && !document.querySelector('#eu-banner:not([hidden])')")
        calls = [b for b in page.evaluate("window.banners") if " called " in b["text"] or "alone" in b["text"]]
        for call in calls:
            assert len(call["boxes"]) == 1, f"at {size} {call['text']!r} took {len(call['boxes'])} places: {call['boxes']}"
            assert call["covers"] == [], f"at {size} {call['text']!r} covered {call['covers']}"
            assert call["under"] == [], f"at {size} {call['text']!r} had {call['under']} drawn over it"
        flights = page.evaluate("window.flights")
        assert flights and all(f["banner"] for f in flights), f"at {size} a card in flight is drawn over the banner: {flights}"
    finally:
        context.close()
