"""Talking at the table in real browsers: two people and someone watching.
A reaction shows on its sayer's plate for both and goes into the talk log,
read out politely; a message reaches both and the watcher, with its name
and time; once the host allows only reactions a message is refused with a
sentence while reactions still pass; and a person who hides another sees
nothing more from them, at this table or after a reload, while the watcher
still does."""

import os
import re

from playwright.sync_api import expect

from tables import talking
from tests.browser.accessibility import findings
from tests.browser.conftest import RECORD_SAID
from tests.browser.tables import cookies, seated
from tests.live import Client


def _on_the_plate(page, seat: int, text: str):
    """The reaction's bubble, standing over the sayer's plate."""
    bubble = page.locator(f'.talk-bubble[data-seat="{seat}"]', has_text=text)
    expect(bubble).to_be_visible()
    box, plate = bubble.bounding_box(), page.locator(f'#plates [data-seat="{seat}"]').bounding_box()
    middle = box["x"] + box["width"] / 2
    assert plate["x"] <= middle <= plate["x"] + plate["width"], (box, plate)
    assert abs(box["y"] + box["height"] - plate["y"]) <= 2, (box, plate)  # its foot on the plate's top


def _line(page, name: str, text: str):
    return page.locator("#talk-log li", has=page.locator(".talk-name", has_text=name)).filter(has_text=text)


def test_two_people_and_a_watcher_talk_react_switch_to_reactions_only_and_hide(servers, browser):
    server = servers.start()
    ada, ben = Client(server), Client(server)
    code = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})[1]["code"]
    ben.post(f"/api/tables/{code}/join", {"name": "Ben"})
    ada.post(f"/api/tables/{code}/start")
    path = f"/t/{code}"
    ada_page, ada_errors = seated(browser, server.url, cookies(ada), path, stored=RECORD_SAID)
    ben_page, ben_errors = seated(browser, server.url, cookies(ben), path, stored=RECORD_SAID)
    cy_page, cy_errors = seated(browser, server.url, [], path)  # Cy only watches
    for page in (ada_page, ben_page, cy_page):
        expect(page.locator("#plates li")).to_have_count(2)
        page.locator("#open-log").click()
    expect(cy_page.locator("#talk-note")).to_have_text("Only the people playing can talk at this table.")

    # Ada reacts from the button by her plate.
    ada_page.locator('#plates [data-seat="0"] #talk-react').click()
    ada_page.get_by_role("group", name="Reactions").first.get_by_role("button", name="Thumbs up").click()
    for page in (ada_page, ben_page):
        _on_the_plate(page, 0, "👍")
    for page in (ada_page, ben_page, cy_page):
        expect(_line(page, "Ada", "👍")).to_have_count(1)
    ben_page.wait_for_function("window.said.includes('Ada reacts: 👍')")

    # Ben writes; both and the watcher read it, with his name and the time.
    ben_page.locator("#talk-text").fill("Who dealt this? <b>not me</b>")
    ben_page.locator("#talk-text").press("Enter")
    for page in (ada_page, ben_page, cy_page):
        line = _line(page, "Ben", "Who dealt this? <b>not me</b>")
        expect(line).to_have_count(1)
        expect(line.locator("time")).to_have_attribute("datetime", re.compile(r"^\d{4}-\d\d-\d\dT"))
        expect(line.locator("b")).to_have_count(0)  # markup typed is shown as the text it is
    expect(ben_page.locator("#talk-text")).to_have_value("")
    ada_page.wait_for_function("window.said.some(s => s.startsWith('Ben says: Who dealt this?'))")

    # Ben starts another; the host allows only reactions meanwhile: it is refused with a sentence.
    ben_page.locator("#talk-text").fill("One more thing")
    ada_page.locator("#drawer-talk-allowed").select_option("reactions")
    expect(ben_page.locator("#talk-note")).to_have_text("The host allows only reactions at this table just now.")
    ben_page.locator("#talk-text").press("Enter")
    expect(ben_page.locator("#talk-status")).to_have_text(talking.REACTIONS_ONLY)
    expect(ben_page.locator("#talk-text")).to_have_value("One more thing")  # kept, to say later
    ben_page.locator("#talk-reactions").get_by_role("button", name="Oops").click()
    _on_the_plate(ada_page, 1, "Oops")
    expect(_line(cy_page, "Ben", "Oops")).to_have_count(1)
    expect(_line(ada_page, "Ben", "One more thing")).to_have_count(0)

    # The host lets watchers talk: Cy, who never sat down anywhere, says something.
    ada_page.locator("#drawer-talk-watchers").check()
    expect(cy_page.locator("#talk-note")).to_have_text("The host allows only reactions at this table just now.")
    cy_page.locator("#talk-reactions").get_by_role("button", name="Good game").click()
    for page in (ada_page, ben_page):
        expect(_line(page, "Someone (watching)", "Good game")).to_have_count(1)

    # Ada hides Ben: nothing more of his reaches her page; the watcher still has it.
    ada_page.get_by_role("button", name="Hide Ben’s talk").first.click()
    expect(ada_page.locator("#talk-log li[data-by]").filter(has_text="Ben")).to_have_count(0)
    expect(ada_page.locator("#talk-hidden")).to_contain_text("Hidden on this device: Ben")
    ben_page.locator("#talk-reactions").get_by_role("button", name="Party").click()
    expect(_line(cy_page, "Ben", "🎉")).to_have_count(1)
    _on_the_plate(cy_page, 1, "🎉")
    # Ada's own next reaction comes to her page after Ben's: by then his has come and gone unseen.
    ada_page.locator("#talk-reactions").get_by_role("button", name="Smile").click()
    expect(_line(ada_page, "Ada", "😄")).to_have_count(1)
    assert ada_page.locator(".talk-bubble", has_text="🎉").count() == 0
    assert _line(ada_page, "Ben", "🎉").count() == 0
    assert "Ben reacts: 🎉" not in ada_page.evaluate("window.said")
    # Kept in her browser: after a reload, what Ben said earlier stays hidden too.
    ada_page.reload()
    ada_page.locator("#open-log").click()
    expect(_line(ada_page, "Ada", "😄")).to_have_count(1)
    expect(ada_page.locator("#talk-log li").filter(has_text="Ben")).to_have_count(0)
    expect(_line(cy_page, "Ben", "Who dealt this?")).to_have_count(1)

    # Ben turns talk off in his Options: nothing said shows on his page, and he can say nothing.
    ben_page.locator("#open-options").click()
    ben_page.get_by_label("Talk: reactions and messages at the table").uncheck()
    ben_page.get_by_role("dialog", name="Options").get_by_role("button", name="Close").click()
    expect(ben_page.locator("#talk-note")).to_have_text("Talk is off in your Options.")
    expect(ben_page.locator("#talk-log li")).to_have_count(0)
    expect(ben_page.locator("#talk-reactions button").first).to_be_disabled()
    ada_page.locator("#talk-reactions").get_by_role("button", name="Wow").click()
    expect(_line(cy_page, "Ada", "😮")).to_have_count(1)
    ada_page.locator("#drawer-talk-allowed").select_option("all")  # a later change, which Ben's page draws
    expect(ben_page.locator("#talk-note")).to_have_text("Talk is off in your Options.")
    expect(ben_page.locator("#drawer-talk-allowed")).to_have_count(0)
    ben_page.wait_for_function("document.getElementById('talk-form').hidden === false")
    assert ben_page.locator("#talk-log li").count() == 0 and ben_page.locator(".talk-bubble").count() == 0
    assert ada_errors == [] and ben_errors == [] and cy_errors == []


def test_at_a_table_that_draws_its_own_plates_the_talk_stays_clear_of_the_hand_and_the_moves_on_a_phone(servers, browser):
    """Euchre draws its own plates round the felt (the kit's stand aside):
    the button to react stands beside Ada's plate there and her reaction
    shows over it; on a phone the talk, its field in use, sits below the
    hand and the moves, covering neither; and axe-core finds nothing."""
    server = servers.start()
    ada = Client(server)
    code = ada.post("/api/tables", {"game": "euchre", "name": "Ada"})[1]["code"]
    ada.post(f"/api/tables/{code}/fill", {"level": "easy"})
    ada.post(f"/api/tables/{code}/start")
    page, errors = seated(browser, server.url, cookies(ada), f"/t/{code}", phone=True)
    plate = page.locator('.eu-plate[data-seat="0"]')
    expect(plate).to_be_visible()
    react, at = page.locator("#talk-dock #talk-react"), plate.bounding_box()
    expect(react).to_be_visible()
    box = react.bounding_box()
    assert at["x"] + at["width"] <= box["x"] <= at["x"] + at["width"] + 8, (box, at)  # just right of her plate
    assert at["y"] <= box["y"] + box["height"] / 2 <= at["y"] + at["height"], (box, at)
    react.click()
    page.locator("#talk-menu").get_by_role("button", name="Good game").click()
    expect(react).to_be_focused()
    bubble = page.locator('.talk-bubble[data-seat="0"]', has_text="Good game")
    expect(bubble).to_be_visible()
    middle = bubble.bounding_box()["x"] + bubble.bounding_box()["width"] / 2
    assert at["x"] <= middle <= at["x"] + at["width"]

    page.locator("#bar-more").click()
    page.locator("#open-log").click()
    page.locator("#talk-text").fill("Good luck, everyone")
    field = page.locator("#talk-text").bounding_box()
    kept = [node for node in page.locator("#hand, #eu-dock").all() if node.is_visible()]
    assert len(kept) == 2, "Ada's hand and her moves are on the page"
    for node in kept:
        b = node.bounding_box()
        apart = b["y"] + b["height"] <= field["y"] or field["y"] + field["height"] <= b["y"] or \
            b["x"] + b["width"] <= field["x"] or field["x"] + field["width"] <= b["x"]
        assert apart, f"the talk field covers {node.evaluate('n => n.id')}"
    page.locator("#talk-text").press("Enter")
    expect(_line(page, "Ada", "Good luck, everyone")).to_have_count(1)
    assert findings(page, "Euchre's table with its talk open on a phone") == []
    assert errors == []


def _tab_to(page, selector: str, most: int = 80) -> None:
    """Tab, as a keyboard does, until the focus is on ``selector`` (in the page's tab order, within ``most`` presses)."""
    for _ in range(most):
        page.keyboard.press("Tab")
        if page.evaluate("sel => !!document.activeElement && document.activeElement.matches(sel)", selector):
            return
    raise AssertionError(f"{most} presses of Tab never reached {selector}")


# The ring the focused control shows: its outline's style and width in pixels.
RING = "() => { const s = getComputedStyle(document.activeElement); return [s.outlineStyle, parseFloat(s.outlineWidth)]; }"


def _ringed(page):
    style, width = page.evaluate(RING)
    assert style not in ("none", "hidden") and width >= 2, f"the focused control's outline is {style} {width}px"


def test_reactions_are_reached_ringed_and_sent_by_keyboard_alone(servers, browser):
    """By the keyboard alone, at a table with the kit's plates (High Card)
    and at one that draws its own (Euchre): Tab reaches the button by your
    plate, ringed; Enter opens the reactions on the first, the arrows go
    between them, Enter or Space sends one and comes back to the button;
    Escape, or tabbing on past them, puts them away; the reactions under
    the talk log are reached and sent the same way."""
    server = servers.start()
    for game in ("high-card", "euchre"):
        ada = Client(server)
        code = ada.post("/api/tables", {"game": game, "name": "Ada"})[1]["code"]
        ada.post(f"/api/tables/{code}/fill", {"level": "easy"})
        ada.post(f"/api/tables/{code}/start")
        page, errors = seated(browser, server.url, cookies(ada), f"/t/{code}")
        react, menu = page.locator("#talk-react"), page.locator("#talk-menu")
        expect(react).to_be_visible()
        page.locator("body").click(position={"x": 2, "y": 2})
        _tab_to(page, "#talk-react")
        _ringed(page)
        page.keyboard.press("Enter")
        expect(menu).to_be_visible()
        expect(react).to_have_attribute("aria-expanded", "true")
        expect(menu.get_by_role("button", name="Thumbs up")).to_be_focused()
        page.keyboard.press("ArrowRight")
        expect(menu.get_by_role("button", name="Smile")).to_be_focused()
        _ringed(page)
        if os.environ.get("PARLOR_SHOTS"):
            page.screenshot(path=f"{os.environ['PARLOR_SHOTS']}/talk-keys-{game}-1280.png")
        page.keyboard.press("Enter")
        expect(menu).to_be_hidden()
        expect(react).to_be_focused()
        expect(page.locator(".talk-bubble", has_text="😄")).to_be_visible()
        # Space opens them too; End and Left reach the last but one; Space sends it.
        page.keyboard.press("Space")
        expect(menu).to_be_visible()
        page.keyboard.press("End")
        page.keyboard.press("ArrowLeft")
        expect(menu.get_by_role("button", name="Oops")).to_be_focused()
        page.keyboard.press("Space")
        expect(page.locator(".talk-bubble", has_text="Oops")).to_be_visible()
        expect(react).to_be_focused()
        # Escape puts them away, as does tabbing on past the last.
        page.keyboard.press("Enter")
        expect(menu).to_be_visible()
        page.keyboard.press("Escape")
        expect(menu).to_be_hidden()
        expect(react).to_be_focused()
        page.keyboard.press("Enter")
        page.keyboard.press("End")
        page.keyboard.press("Tab")
        expect(menu).to_be_hidden()
        expect(react).to_have_attribute("aria-expanded", "false")
        # Under the talk log, the same reactions, in the tab order.
        page.locator("#open-log").click()
        _tab_to(page, "#talk-reactions [data-react='party']")
        _ringed(page)
        page.keyboard.press("Enter")
        expect(_line(page, "Ada", "🎉")).to_have_count(1)
        expect(_line(page, "Ada", "😄")).to_have_count(1)
        expect(_line(page, "Ada", "Oops")).to_have_count(1)
        assert errors == []
        page.context.close()
