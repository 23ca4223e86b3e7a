"""Your move, told to a table you're not looking at: with the table's tab
out of sight, the other player moves, and the tab's title says "Your move"
(put back when the tab is seen again, which is sent the table as it
stands) and a notification shows, as long as Options' row lets it; the
home page lists that table first, "Your move at High Card with Ben". At a
table played over days, a quiet offer under the bar asks the browser, on
a tap, to let Parlor notify."""

import json
import re

from playwright.sync_api import expect

from tests.browser.conftest import HIDE
from tests.browser.tables import LAPTOP, cookies
from tests.live import Client
from tests.views import move_from

# Every notification the page makes, as it is made: its title and its
# words; and every frame the page sends its table.
RECORD_NOTIFICATIONS = """
window.notified = [];
window.sent = [];
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (text) { window.sent.push(JSON.parse(text)); return send.call(this, text); };
const Shown = window.Notification;
window.Notification = class extends Shown {
  constructor(title, options = {}) { super(title, options); window.notified.push({ title, body: options.body }); }
};
localStorage.setItem('parlor:high-card:seen-rules', '1');
"""


def ben_plays_until_it_is_adas_move(ada, ben, code):
    """Ben plays (and gets ready between deals) until the table waits on Ada."""
    for _ in range(8):
        if ada.get(f"/api/tables/{code}")[1]["decision"] is not None:
            return
        _, snap = ben.get(f"/api/tables/{code}")
        if snap["decision"] is not None:
            ben.post(f"/api/tables/{code}/move", {"seq": snap["seq"], "action": move_from(snap)})
    raise AssertionError("the table never came round to Ada")


def ada_plays_until_it_is_bens_move(page, ada, code):
    """Ada plays her first card until the table waits on Ben (a trick she
    wins is hers to lead again)."""
    for _ in range(8):
        _, snap = ada.get(f"/api/tables/{code}")
        if snap["decision"] is None:
            return
        page.locator("#moves button").first.click()
        expect(page.locator("#board")).not_to_have_attribute("data-seq", str(snap["seq"]))
    raise AssertionError("the table never came round to Ben")


def high_card_under_way(server):
    """Ada's game of High Card with Ben, started: Ada, Ben and its code."""
    ada, ben = Client(server), Client(server)
    code = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})[1]["code"]
    ben.post(f"/api/tables/{code}/join", {"name": "Ben"})
    ada.post(f"/api/tables/{code}/start")
    return ada, ben, code


def ada_at(browser, server, ada, *, notifications):
    context = browser.new_context(base_url=server.url, viewport=LAPTOP, reduced_motion="reduce")
    if notifications:
        context.grant_permissions(["notifications"], origin=server.url)
    context.add_init_script(RECORD_NOTIFICATIONS)
    context.add_cookies(cookies(ada))
    page = context.new_page()
    page.set_default_timeout(20000)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return context, page, errors


def test_out_of_sight_your_move_is_told_by_title_and_notification_and_the_home_page_lists_it_first(servers, browser):
    server = servers.start()
    ada, ben, code = high_card_under_way(server)
    _, newer = ada.post("/api/tables", {"game": "euchre", "name": "Ada"})  # a waiting room Ada made since
    context, page, errors = ada_at(browser, server, ada, notifications=True)
    page.goto(f"/t/{code}")
    title = f"High Card · {code} · Parlor"
    moves = page.locator("#moves button")

    # Ada leads, in sight: the page draws her move and tells nobody.
    expect(moves.first).to_be_visible()
    expect(page).to_have_title(title)
    page.locator("#open-options").click()
    expect(page.get_by_label("Tell me when it’s my move")).to_be_checked()  # the browser lets Parlor notify
    page.get_by_role("dialog", name="Options").get_by_role("button", name="Close").click()
    moves.first.click()
    expect(page.locator("#waiting-on")).to_be_visible()

    # Out of sight, Ben answers, and the move comes back to Ada.
    page.evaluate(HIDE, True)
    ben_plays_until_it_is_adas_move(ada, ben, code)
    expect(page).to_have_title(f"Your move · {title}")
    page.wait_for_function("window.notified.length > 0")
    told = page.evaluate("window.notified")
    assert [n["title"] for n in told] == ["Your move at High Card"]
    assert told[0]["body"].startswith("Ben"), told  # what Ben did, in the log's words

    # Seen again: the title is put back, and the page asks for the table as it stands.
    page.evaluate("window.sent = []")
    page.evaluate(HIDE, False)
    expect(page).to_have_title(title)
    page.wait_for_function("window.sent.some(frame => frame.type === 'refresh')")
    expect(moves.first).to_be_visible()

    # With Options' row off, the title still says it, and nothing pops up.
    page.locator("#open-options").click()
    page.get_by_label("Tell me when it’s my move").uncheck()
    page.get_by_role("dialog", name="Options").get_by_role("button", name="Close").click()
    ada_plays_until_it_is_bens_move(page, ada, code)
    expect(moves).to_have_count(0)
    page.evaluate(HIDE, True)
    ben_plays_until_it_is_adas_move(ada, ben, code)
    expect(page).to_have_title(f"Your move · {title}")
    assert page.evaluate("window.notified.length") == 1

    # The home page: the table waiting on Ada first, straight to it; the newer waiting room after.
    page.evaluate(HIDE, False)
    page.goto("/")
    rows = page.locator("#my-tables li")
    expect(rows).to_have_count(2)
    expect(rows.first).to_contain_text(re.compile(r"^Your move at High Card with Ben, just now"))
    expect(rows.nth(1)).to_contain_text("Euchre")
    expect(rows.nth(1)).to_contain_text("Waiting room")
    expect(page.get_by_role("heading", name="Your tables")).to_contain_text("1 waiting on you")
    rows.first.get_by_role("link").click()
    expect(page).to_have_url(re.compile(f"/t/{code}$"))
    expect(moves.first).to_be_visible()
    assert newer["code"] != code and errors == []
    context.close()


def test_at_a_table_played_over_days_a_quiet_offer_asks_the_browser_on_a_tap(servers, browser):
    server = servers.start()
    ada, ben, code = high_card_under_way(server)
    context, page, errors = ada_at(browser, server, ada, notifications=False)

    # The table's pace, as a table played over days sends it.
    def over_days(ws):
        table = ws.connect_to_server()
        ws.on_message(table.send)
        table.on_message(lambda text: ws.send(json.dumps({**json.loads(text), "pace": {"kind": "days", "allowance": 86400}})
                                              if '"type":"snapshot"' in text else text))
    page.route_web_socket(re.compile(r"/ws/tables/"), over_days)
    page.goto(f"/t/{code}")
    offer = page.locator("#notify-offer")
    expect(offer).to_contain_text("This table plays over days. Be told when it’s your move?")
    context.grant_permissions(["notifications"], origin=server.url)  # what the person answers the browser
    offer.get_by_role("button", name="Tell me").click()
    expect(offer).to_have_count(0)
    assert page.evaluate("localStorage.getItem('parlor:notify')") == "on"
    # Asked once: it doesn't come back.
    page.reload()
    expect(page.locator("#moves button").first).to_be_visible()
    expect(offer).to_have_count(0)
    assert errors == []
    context.close()
