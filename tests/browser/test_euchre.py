"""Euchre in a real browser: a person starts a table, fills it with three
bots and plays a whole game to 10 through the page as a person would
(pressing the call and pass buttons, picking a card to discard, tapping
cards, Next hand between hands; motion on for the first hand, then reduced
in Options) until the result sheet; a move the table
refuses lets the table go at once; a key is the table's only while nothing
else has it; and on a phone-sized window the table fits and every control
is big enough to tap."""

import json
import re

from playwright.sync_api import expect

from engine import registry
from engine.play import play
from tests.browser.conftest import ask_for_less_motion, unseen
from tests.browser.tables import Walk, cookies, deal_and_play_to
from tests.browser.turns import next_hand, read_how_to_play
from tests.live import Client

TABLE = "#eu"
HAND_SHEET = "#hand-dialog[open]"
GAME_SHEET = "#result-dialog[open]"
HINT_WITHIN = 60000  # ms a hint may take to come on a busy machine (a hard bot searches for it)
SETTINGS = ["Stick the dealer", "Going alone", "Defending alone", "Farmer’s hand", "Canadian loner", "Bot speed"]


def sit_down_with_three_bots(page):
    page.goto("/")
    page.get_by_label("Your name at the table").fill("Ada")
    page.get_by_role("button", name="Start a Euchre table").click()
    expect(page).to_have_url(re.compile(r"/t/[A-Z]{5}$"))
    page.get_by_role("button", name="Fill with bots").click()
    expect(page.locator("#seats li")).to_have_count(4)
    # The waiting room: the family's house rules, and who partners whom.
    for label in SETTINGS:
        expect(page.get_by_label(label, exact=True)).to_be_visible()
    expect(page.get_by_label("Stick the dealer", exact=True)).to_have_value("on")
    expect(page.get_by_label("Defending alone", exact=True)).to_have_value("off")
    expect(page.locator("#partners-note")).to_contain_text("Ada (you) and")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(TABLE)).to_be_visible()
    read_how_to_play(page, "left bower")


def slot(page, i):
    return page.locator(f"#eu-slot-{i}")


def test_a_person_plays_a_whole_game_of_euchre_against_three_bots(servers, people):
    server = servers.start()
    ada = people(server.url)
    page = ada.page
    sit_down_with_three_bots(page)

    # Four plates, you at the bottom, one dealer; the rail from your side.
    expect(page.locator(".eu-plate")).to_have_count(4)
    expect(page.locator(".eu-plate.pos-bottom.me")).to_contain_text("Ada (you)")
    expect(page.locator(".eu-dealer")).to_have_count(1)
    expect(page.locator("#eu-score")).to_contain_text("We")
    expect(page.locator("#eu-score")).to_contain_text("They")
    # Five cards each (six for a dealer who has picked up the turned card).
    page.locator(f'{TABLE}:not([data-can=""])').wait_for()
    picked_up = "discard" in page.locator(TABLE).get_attribute("data-can")
    expect(page.locator("#hand .card")).to_have_count(6 if picked_up else 5)

    status = page.locator("#room-status")
    hands = 0
    seen = {"called": False, "discarded": False, "stuck": False, "refused": False, "keys": False, "alone": False}
    for _ in range(600):
        page.locator(f'{TABLE}:not([data-can=""]), {HAND_SHEET}, {GAME_SHEET}').first.wait_for()
        if page.locator(GAME_SHEET).count():
            break
        if page.locator(HAND_SHEET).count():
            # Between hands: the call, the tricks, the points, the score and every hand so far.
            sheet = page.locator("#hand-dialog")
            hands += 1
            expect(sheet.locator("#hand-title")).to_have_text(re.compile(rf"^Hand {hands}: "))
            expect(sheet).to_contain_text("Tricks")
            expect(sheet.locator("#eu-hands tbody tr")).to_have_count(hands)
            next_hand(page)
            if hands == 1:
                # One hand with every card flying and every trick swept; then
                # Ada asks Options for less motion, and moves land at once.
                ask_for_less_motion(page)
            continue
        can = page.locator(TABLE).get_attribute("data-can").split()
        seq = page.locator(TABLE).get_attribute("data-seq")
        if "ready" in can:
            # The hand is over: its sheet opens once the last trick has been swept.
            page.locator(f"{HAND_SHEET}, {GAME_SHEET}").first.wait_for()
            continue
        if "order" in can:
            call, pass_ = slot(page, 3), slot(page, 4)
            expect(call).to_have_text(re.compile(r"^Call [♣♦♥♠]"))
            expect(pass_).to_have_text(re.compile(r"^Pass"))
            if not seen["alone"]:
                # Go alone is a toggle: A turns it on, and off again.
                alone = page.locator("#eu-alone")
                page.keyboard.press("a")
                expect(alone).to_have_attribute("aria-pressed", "true")
                page.keyboard.press("a")
                expect(alone).to_have_attribute("aria-pressed", "false")
                seen["alone"] = True
            dealer = page.locator(".eu-plate.me .eu-dealer").count() > 0
            if dealer and not seen["called"]:
                call.click()  # the dealer orders the card up, then discards
                seen["called"] = True
            elif not seen["keys"]:
                page.keyboard.press("p")
                seen["keys"] = True
            else:
                pass_.click()
        elif "call" in can:
            if slot(page, 4).is_disabled():
                # Stick the dealer: everyone passed twice, so the dealer must call.
                expect(slot(page, 4)).to_have_text("Can’t pass")
                seen["stuck"] = True
                slot(page, 1).click()
            else:
                expect(slot(page, 1)).to_have_text(re.compile(r"^Call [♣♦♥♠]"))
                slot(page, 4).click()
        elif "discard" in can:
            expect(page.locator("#hand .card")).to_have_count(6)
            expect(slot(page, 4)).to_be_disabled()
            page.locator("#hand .card").last.click()
            expect(slot(page, 4)).to_have_text(re.compile(r"^Discard "))
            slot(page, 4).click()
            seen["discarded"] = True
        elif "play" in can:
            dim = page.locator("#hand .card.dim")
            if not seen["refused"] and dim.count():
                # A card that doesn't follow suit: a sentence, and nothing sent.
                dim.first.click()
                expect(status).to_have_class(re.compile(r"\berror\b"))
                expect(status).to_have_text(re.compile(r"^You must follow suit: play one of your \w+"))
                expect(page.locator(TABLE)).to_have_attribute("data-seq", seq)
                seen["refused"] = True
            page.locator("#hand .card.playable").first.click()
        else:
            raise AssertionError(f"the page offered a move the test doesn't know: {can}")
        page.locator(f'{TABLE}:not([data-seq="{seq}"]), {HAND_SHEET}, {GAME_SHEET}').first.wait_for()
    else:
        raise AssertionError("the game didn't end within 600 of my moves")

    # Game over: the winners and the final score, every hand, and Share result.
    sheet = page.locator("#result-dialog")
    line = sheet.locator(".result-line")
    expect(line).to_have_text(re.compile(r"^(We|They) won \d+–\d+"))
    expect(sheet.locator("#places li")).to_have_count(4)
    played = sheet.locator("#eu-hands tbody tr")
    assert played.count() == hands + 1 >= 3
    sheet.get_by_role("button", name="Share result").click()
    share = sheet.locator("#share-text")
    expect(share).to_be_visible()
    text = share.inner_text()
    head = "We won" if line.inner_text().startswith("We") else "We lost"
    assert head in text and (("🏆" in text) == (head == "We won")), text
    squares = text.splitlines()[2]
    assert len(squares) == played.count() and set(squares) <= {"🟩", "🟥"}, text
    assert seen["refused"] or seen["called"], seen

    # The log is in words.
    lines = page.locator("#log li").all_inner_texts()
    assert lines and all("{" not in x and " · " not in x for x in lines), lines
    assert any(re.search(r"took trick \d", x) for x in lines), lines
    expect(page.locator(TABLE)).to_have_attribute("data-phase", "over")
    assert ada.errors == []


def my_move(page):
    """Make whatever move the table offers now: pass (or call when stuck),
    discard the last card, or play the first playable card."""
    can = page.locator(TABLE).get_attribute("data-can").split()
    if "order" in can or "call" in can:
        slot(page, 4 if slot(page, 4).is_enabled() else 1).click()
    elif "discard" in can:
        page.locator("#hand .card").last.click()
        slot(page, 4).click()
    elif "play" in can:
        page.locator("#hand .card.playable").first.click()
    else:
        raise AssertionError(f"the page offered a move the test doesn't know: {can}")


def test_a_move_the_table_refuses_lets_the_table_go_at_once(servers, people):
    server = servers.start()
    ada = people(server.url)
    page = ada.page
    sent = []

    def made_late(ws):
        # Between the page and the server: Ada's first move goes out as if
        # made against a table that has since moved on.
        upstream = ws.connect_to_server()

        def outgoing(text):
            message = json.loads(text)
            if message.get("type") == "move":
                sent.append(message)
                if len(sent) == 1:
                    message = {**message, "seq": message["seq"] - 1}
            upstream.send(json.dumps(message))
        ws.on_message(outgoing)

    page.route_web_socket(re.compile(r"/ws/tables/"), made_late)
    sit_down_with_three_bots(page)
    page.locator(f'{TABLE}:not([data-can=""])').wait_for()
    seq = page.locator(TABLE).get_attribute("data-seq")
    status = page.locator("#room-status")
    my_move(page)
    # The server's sentence on the status line, and the table is Ada's
    # again as it was: within expect's few seconds, well inside the send
    # path's own time limit, so the refusal is what let it go.
    expect(status).to_have_text("The table moved on before your move arrived. Here is where it stands now.")
    expect(status).to_have_class(re.compile(r"\berror\b"))
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    expect(page.locator(TABLE)).to_have_attribute("data-seq", seq)
    expect(page.locator(TABLE)).not_to_have_attribute("data-can", "")
    # The next press goes straight out, and the table moves on.
    my_move(page)
    page.locator(f'{TABLE}:not([data-seq="{seq}"])').wait_for()
    assert [m["seq"] for m in sent] == [int(seq), int(seq)], sent
    assert ada.errors == []


def test_a_key_is_the_tables_only_while_no_dialog_is_open(servers, people):
    server = servers.start()
    ada = people(server.url)
    page = ada.page
    sit_down_with_three_bots(page)
    page.locator(f'{TABLE}:not([data-can=""])').wait_for()
    sort = page.locator("#eu-sort")
    expect(sort).to_contain_text("By suit")
    page.locator("#open-options").click()
    page.keyboard.press("o")  # Options is open: the key is not the table's
    page.get_by_role("dialog", name="Options").get_by_role("button", name="Close").click()
    expect(sort).to_contain_text("By suit")
    page.keyboard.press("Control+o")  # nor with Ctrl held
    page.keyboard.press("o")
    expect(sort).to_contain_text("My order")
    assert ada.errors == []


def test_on_a_phone_the_table_fits_and_every_control_is_big_enough_to_tap(servers, people):
    server = servers.start()
    ada = people(server.url, width=390, height=844)
    page = ada.page
    sit_down_with_three_bots(page)
    page.locator(f'{TABLE}:not([data-can=""])').wait_for()
    # Nothing runs off the side, and the felt, hand and dock are all on screen.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for part in ("#eu-felt", "#hand", "#eu-dock"):
        box = page.locator(part).bounding_box()
        assert box["y"] + box["height"] <= 844, (part, box)
    for card in page.locator("#hand .card").all():
        box = card.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, box
    for b in page.locator(".eu-move:not(.empty), #eu-sort, .bar-tools button").all():
        if b.is_visible():
            assert b.bounding_box()["height"] >= 44, b.inner_text()
    expect(page.locator(".eu-plate")).to_have_count(4)
    assert ada.errors == []


def test_a_hint_marks_the_strong_bots_card_with_its_reason_and_the_hinted_game_isnt_rated(servers, people):
    from games.euchre.rules import card_face

    server = servers.start()
    ada = people(server.url)
    page = ada.page
    sit_down_with_three_bots(page)
    code = page.locator(".bar-code").inner_text()

    # Options: hints are off until Ada turns them on, and she is told first
    # that a hinted game isn't rated.
    warned = []
    page.on("dialog", lambda d: (warned.append(d.message), d.accept()))
    page.locator("#open-options").click()
    row = page.get_by_label("Hints: show what the strong bot would play")
    expect(row).not_to_be_checked()
    row.check()
    assert warned and "isn’t rated" in warned[0]
    page.locator("#options-dialog").get_by_role("button", name="Close").click()

    # Follow the hints (bids, a discard) to Ada's first card to play.
    note, marked = page.locator("#hint-note"), page.locator("[data-hint]")
    for _ in range(60):
        page.locator(f'{TABLE}:not([data-can=""]), {HAND_SHEET}').first.wait_for()
        if page.locator(HAND_SHEET).count():  # (her partner went alone: on to the next hand)
            next_hand(page)
            continue
        can = page.locator(TABLE).get_attribute("data-can").split()
        seq = page.locator(TABLE).get_attribute("data-seq")
        if "ready" in can:
            page.locator(HAND_SHEET).wait_for()
            continue
        expect(note).to_be_visible(timeout=HINT_WITHIN)
        expect(marked.first).to_be_visible()
        if "play" in can:
            break
        said = note.inner_text()
        if page.locator("#eu-alone[data-hint]").count():
            page.locator("#eu-alone").click()
        if "discard" in can:
            page.locator("#hand .card[data-hint]").click()
            button = slot(page, 4)
        else:
            button = page.locator(".eu-move[data-hint]")
        # The hint names the button in the words it reads ("Call ♥", "Pass",
        # "Discard 9♣"), the Go alone toggle first when it goes alone.
        label = button.locator(".eu-move-label").inner_text()
        assert re.match(rf"Hint: (Go alone, then )?{re.escape(label)}: ", said), (said, label)
        button.click()
        page.locator(f'{TABLE}:not([data-seq="{seq}"]), {HAND_SHEET}').first.wait_for()
    else:
        raise AssertionError("Ada never had a card to play")

    # One card of her hand is marked, and the sentence names it by its face and says why.
    card = page.locator("#hand .card[data-hint]")
    expect(card).to_have_count(1)
    name = card.get_attribute("data-card")
    expect(note).to_contain_text(f"Play your {card_face(name)}: ")
    assert note.inner_text().startswith(f"Hint: Play your {card_face(name)}: ")
    card.click()
    expect(page.locator(f'#hand .card[data-card="{name}"]')).to_have_count(0)

    # A bot plays Ada's seat from here, so the game ends quickly.
    covered = page.evaluate("""async code => {
      const csrf = document.cookie.match(/csrftoken=([^;]+)/)[1];
      const headers = { 'Content-Type': 'application/json', 'X-CSRFToken': csrf };
      const r = await fetch(`/api/tables/${code}/cover`, { method: 'POST', headers, body: JSON.stringify({ seat: 0, level: 'easy' }) });
      return r.status;
    }""", code)
    assert covered == 200
    page.locator(GAME_SHEET).wait_for(timeout=60000)
    expect(page.locator("#result-dialog #not-rated")).to_have_text("Not rated: Ada was shown hints, the strong bot’s moves.")
    assert ada.errors == []


LAPTOP, PHONE = {"width": 1280, "height": 800}, {"width": 390, "height": 844}


def test_on_a_laptop_a_new_players_first_bid_fits_the_screen_beside_the_starts_announcement(servers, people):
    """1280×800, a browser new to Euchre: the start's announcement stands
    under the bar and Your move over the dock, and still the page doesn't
    scroll and every move button is in sight. (Who bids first is dealt: a
    table whose first decision for Ada isn't a bid is left for another.)"""
    server = servers.start()
    for _ in range(12):
        host = Client(server)
        status, snap = host.post("/api/tables", {"game": "euchre", "name": "Ada"})
        host.post(f"/api/tables/{snap['code']}/fill", {"level": "easy"})
        ada = people(server.url, **LAPTOP)
        page = ada.page
        page.context.add_cookies(cookies(host))
        page.add_init_script("localStorage.setItem('parlor:euchre:seen-rules', '1');")
        page.goto(f"/t/{snap['code']}")
        page.get_by_role("button", name="Start the game").click()
        page.locator(f'{TABLE}:not([data-can=""])').wait_for()
        if page.locator(TABLE).get_attribute("data-phase") == "bid1":
            break
    else:
        raise AssertionError("in twelve deals Ada's first decision was never a bid")
    expect(page.locator("#opening")).to_be_visible()
    expect(page.locator("#your-move")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollHeight") <= 800
    buttons = page.locator(".eu-move:not(.empty)")
    expect(buttons).not_to_have_count(0)
    problems = [f"{b.inner_text()}: {unseen(b)}" for b in [*buttons.all(), page.locator("#eu-alone")] if unseen(b)]
    assert not problems, problems
    assert ada.errors == []


# A deal in which, easy bots in every seat, Ada (seat 0) plays to a trick
# that others have yet to finish.
PLAYED = "7"


def test_your_card_in_the_trick_stands_clear_of_your_name(servers, people):
    """Ada's card in the trick and her plate under it, on a laptop and a
    phone: the card is in sight, and felt shows between the two (the card's
    shadow falls 3 + 8 px below it)."""
    euchre = registry.get("euchre")
    mine = lambda s: any(p["seat"] == 0 for p in euchre.view(s, 0)["trick"]) and euchre.view(s, 0)["turn"] != 0
    state = play(euchre, ["easy"] * 4, PLAYED, until=mine).final
    assert mine(state), f"deal {PLAYED} no longer has Ada play to an unfinished trick: find another"
    server = servers.start()
    walk = Walk(server, "euchre")
    deal_and_play_to(servers, walk, PLAYED, state)
    for size in (LAPTOP, PHONE):
        page = people(server.url, **size).page
        page.context.add_cookies(walk.cookies())
        page.add_init_script("localStorage.setItem('parlor:euchre:seen-rules', '1');")
        page.goto(walk.path)
        card, plate = page.locator(".eu-slot.pos-bottom .card"), page.locator(".eu-plate.pos-bottom")
        expect(plate).to_contain_text("Ada (you)")
        assert not unseen(card), unseen(card)
        under = plate.bounding_box()["y"] - (card.bounding_box()["y"] + card.bounding_box()["height"])
        assert under >= 11, f"at {size['width']}×{size['height']} Ada's card stands {under:.0f}px above her plate"


def test_a_phone_is_told_in_the_waiting_room_that_euchre_is_made_for_a_computer_first_until_it_puts_it_away(servers, people):
    server = servers.start()
    host = Client(server)
    status, snap = host.post("/api/tables", {"game": "euchre", "name": "Ada"})
    ada = people(server.url, **PHONE)
    page = ada.page
    page.context.add_cookies(cookies(host))
    page.goto(f"/t/{snap['code']}")
    note = page.locator("#eu-computer-first")
    expect(note).to_contain_text("Euchre is made for a computer first.")
    note.scroll_into_view_if_needed()
    assert not unseen(note), unseen(note)
    note.get_by_role("button", name="Got it").focus()
    page.keyboard.press("Enter")
    expect(note).to_have_count(0)
    # Focus goes on to the waiting room's next control, not back to the top of the page.
    assert page.evaluate("document.activeElement !== document.body && !!document.activeElement.closest('#room')")
    # Put away for good: not after the room changes, nor on the next visit.
    page.get_by_role("button", name="Fill with bots").click()
    expect(page.locator("#seats li")).to_have_count(4)
    page.reload()
    expect(page.locator("#partners-note")).to_be_visible()
    expect(note).to_have_count(0)

    # A laptop is not told.
    laptop = people(server.url, **LAPTOP).page
    laptop.context.add_cookies(cookies(host))
    laptop.goto(f"/t/{snap['code']}")
    expect(laptop.locator("#partners-note")).to_be_visible()
    expect(laptop.locator("#eu-computer-first")).to_be_hidden()
    assert ada.errors == []
