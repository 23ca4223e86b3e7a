"""axe-core, the field's accessibility engine, on every page a family meets:
the lobby (and a player's, with Your tables), a waiting room (the host's and a guest's), every game's table
(on a laptop and a phone, and Euchre's in a lone hand too) and every sheet
(How to play, Options, Leave the table, Euchre's hand sheet, each result
sheet), and a table with its talk open and the reactions out. No finding of serious or critical impact, and none of the ones a
family met before at any impact: a button whose accessible name does not
say its visible label, a page with no level-one heading, headings that skip
a level (Station Master's place names did), a scrolling region a keyboard
cannot reach, text too faint to read. The site's faces are loaded on every
page."""

import json

import pytest
from playwright.sync_api import expect

from tests.browser.accessibility import findings
from tests.browser.tables import GAMES, Walk, cookies, lone_hand_in_play
from tests.live import Client


@pytest.fixture(scope="module")
def browse(browser, site):
    made = []

    def context(cookies=(), phone=False):
        size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 800}
        ctx = browser.new_context(base_url=site.url, viewport=size, has_touch=phone, is_mobile=phone, reduced_motion="reduce")
        ctx.add_init_script(f"for (const g of {json.dumps(GAMES)}) localStorage.setItem(`parlor:${{g}}:seen-rules`, '1');")
        ctx.add_cookies(list(cookies))
        made.append(ctx)
        page = ctx.new_page()
        page.set_default_timeout(20000)
        return page

    yield context
    for ctx in made:
        ctx.close()


def shows(page, walk):
    page.goto(walk.path)
    page.locator(f'#board[data-seq="{walk.snap["seq"]}"]').wait_for(state="attached")
    return page


def test_the_lobby_and_a_waiting_room(site, browse):
    page = browse()
    page.goto("/")
    page.locator(".game-card").first.wait_for()
    problems = findings(page, "lobby")
    host = Client(site)
    status, snap = host.post("/api/tables", {"game": "euchre", "name": "Ada"})
    host.post(f"/api/tables/{snap['code']}/bot", {"level": "easy"})
    page.goto(f"/t/{snap['code']}")
    page.locator("#take-seat").wait_for()
    problems += findings(page, "waiting room, a guest arriving")
    page = browse(cookies(host))
    page.goto(f"/t/{snap['code']}")
    page.locator("#fill-bots").wait_for()
    problems += findings(page, "waiting room, the host")
    # The host's lobby lists the table, under Your tables, on a laptop and a phone.
    status, playing = host.post("/api/tables", {"game": "high-card", "name": "Ada"})
    host.post(f"/api/tables/{playing['code']}/fill", {"level": "easy"})
    host.post(f"/api/tables/{playing['code']}/start")
    for phone in (False, True):
        page = browse(cookies(host), phone=phone)
        page.goto("/")
        page.locator("#my-tables li.waits-on-you").wait_for()
        problems += findings(page, f"lobby with your tables{', on a phone' if phone else ''}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("slug", GAMES)
def test_every_table_and_sheet(slug, site, browse):
    walk = Walk(site, slug)
    laptop, phone = browse(walk.cookies()), browse(walk.cookies(), phone=True)
    problems = []
    for name, page in (("laptop", laptop), ("phone", phone)):
        shows(page, walk)
        problems += findings(page, f"{slug} table on a {name}")
    page = laptop
    for sheet, opener in (("How to play", "#open-rules"), ("Options", "#open-options"), ("Leave the table", "#leave-table")):
        page.locator(opener).click()
        page.locator("dialog[open]").wait_for()
        problems += findings(page, f"{slug} {sheet}")
        page.locator("dialog[open]").get_by_role("button", name="Close").click()
    if slug == "euchre":
        walk.between_hands()
        shows(page, walk).locator("#hand-dialog[open]").wait_for()
        problems += findings(page, "euchre hand sheet")
    walk.to("over")
    for name, page in (("laptop", laptop), ("phone", phone)):
        shows(page, walk).locator("#result-dialog[open]").wait_for()
        problems += findings(page, f"{slug} result sheet on a {name}")
    page.locator("#result-dialog").get_by_role("button", name="See the table").click()
    problems += findings(page, f"{slug} table at the end")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("slug", ["high-card", "euchre"])
def test_a_table_with_its_talk_open_and_the_reactions_out(slug, site, browse):
    """The talk under the log, something said in it, and the reactions opened
    from the button by your plate (the kit's plates at High Card, the
    table's own at Euchre), on a laptop and a phone."""
    walk = Walk(site, slug)
    problems = []
    for name, phone in (("laptop", False), ("phone", True)):
        page = shows(browse(walk.cookies(), phone=phone), walk)
        if phone:
            page.locator("#bar-more").click()
        page.locator("#open-log").click()
        page.locator("#talk-reactions").get_by_role("button", name="Good game").click()
        page.locator("#talk-log li", has_text="Good game").wait_for()
        # (Up to your plate, which the button stands by, the talk staying open below.)
        page.evaluate("scrollTo(0, 0)")
        expect(page.locator("#talk-react")).to_be_in_viewport()
        page.locator("#talk-react").click()
        page.locator("#talk-menu").wait_for()
        problems += findings(page, f"{slug} table with its talk open on a {name}")
    assert not problems, "\n".join(problems)


# The contrast of each rank and suit on a card that can't be played now, as
# drawn: text and face blended by the card's opacity over what lies behind
# it. (axe-core leaves these to a person: a face drawn with a gradient.)
DIM_CARDS_CONTRAST = """() => {
  const rgb = c => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (a, b) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05);
  const mix = (a, b, alpha) => a.slice(0, 3).map((v, i) => alpha * v + (1 - alpha) * b[i]);
  const solid = node => { for (let n = node; n; n = n.parentElement) {
    const c = rgb(getComputedStyle(n).backgroundColor); if (c.length === 3 || c[3] === 1) return c.slice(0, 3); } return [255, 255, 255]; };
  return [...document.querySelectorAll('#hand .card.dim')].flatMap(card => {
    let alpha = 1; for (let n = card; n; n = n.parentElement) alpha *= Number(getComputedStyle(n).opacity);
    const style = getComputedStyle(card);
    const faces = style.backgroundImage.includes('gradient') ? style.backgroundImage.match(/rgba?\\([^)]*\\)/g).map(rgb) : [solid(card)];
    const behind = solid(card.parentElement);
    const name = card.querySelector('.rank').textContent + card.querySelector('.suit').textContent;
    return [...card.querySelectorAll('.rank, .suit')].map(part => {
      const text = mix(rgb(getComputedStyle(part).color), behind, alpha);
      return { card: name, ratio: Math.min(...faces.map(f => ratio(text, mix(f, behind, alpha)))) };
    });
  });
}"""


def test_euchres_table_in_a_lone_hand(servers, people):
    """Otto goes alone, Robin sits out, and Ada must follow diamonds with
    cards she can't play beside the one she can, which read as clearly as
    any text (4.5:1)."""
    server = servers.start()
    walk = lone_hand_in_play(servers, server)
    assert walk.snap["view"]["sitting"] == [1] and len(walk.snap["view"]["legal"]) < len(walk.snap["view"]["mine"]), walk.snap["view"]
    problems = []
    for name, size in (("laptop", {"width": 1280, "height": 800}), ("phone", {"width": 390, "height": 844})):
        page = people(server.url, **size).page
        page.context.add_cookies(walk.cookies())
        page.emulate_media(reduced_motion="reduce")  # (moves land at once: axe reads the table at rest)
        page.add_init_script("localStorage.setItem('parlor:euchre:seen-rules', '1');")
        shows(page, walk)
        problems += findings(page, f"euchre lone hand on a {name}")
        dim = page.evaluate(DIM_CARDS_CONTRAST)
        assert dim, "no card in Ada's hand was shown as one she can't play"
        problems += [f"euchre lone hand on a {name}: the {d['card']}, which can't be played, reads at {d['ratio']:.1f}:1"
                     for d in dim if d["ratio"] < 4.5]
    assert not problems, "\n".join(problems)
