"""Station Master in a real browser, played as a person plays it, on the
drawing: tapping cars in the Small Yard, a train on the Division or a lit
Mainline card, and the move offered beside the yard, always in view; a
whole Solitaire day to the result sheet on a laptop, and ten turns by touch
on a phone; two people at a Co-op table seeing each other's moves live,
the just-drawn badge for the drawer alone (on the page and in every socket
frame); the phone and desktop layouts; and no rule section number
anywhere a player reads."""

import json
import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import HIDE, RECORD_BANNERS, RECORD_MOTION, RECORD_SAID, ask_for_less_motion, pushed_by_banners
from tests.browser.tables import new_table

SHEET = "#result-dialog[open]"
MY_TURN = '#sm[data-my-turn="true"]'
SECTION_NUMBER = re.compile(r"§|\b\d+\.\d+\b|\bRules? \d")


def open_table(page, code, preset):
    page.goto(f"/t/{code}")
    page.get_by_label("Preset", exact=True).select_option(preset)
    expect(page.get_by_label("Preset", exact=True)).to_have_value(preset)


def new_table_at(page, preset):
    """A Station Master table this page hosts, in its waiting room with this preset."""
    code = new_table(page, "station-master")
    open_table(page, code, preset)
    return code


def start(page):
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#sm")).to_be_visible()


def close_how_to_play(page):
    """How to play opens by itself on a first visit: read, then close it."""
    dialog = page.locator("#rules-dialog")
    expect(dialog).to_have_attribute("open", "")
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).not_to_have_attribute("open", "")


def seq(page):
    return page.locator("#sm").get_attribute("data-seq")


def touch(node, by_touch=False):
    """A tap on a touch screen, a click with a mouse."""
    if by_touch:
        node.tap()
    else:
        node.click()


def press(page, button, by_touch=False):
    """Press a move and wait for the table to answer it."""
    before = seq(page)
    touch(button, by_touch)
    page.locator(f'#sm:not([data-seq="{before}"]), #room-status.error').first.wait_for()


def offered(page, kind):
    """The first move of this kind offered for what was picked, if any: it
    is whole on the screen, beside the yard, wherever the pick was made."""
    move = page.locator(f"#sm-moves [data-move={kind}]").first
    if not move.count():
        return None
    expect(move).to_be_in_viewport(ratio=1)
    return move


def put_back(page, by_touch):
    touch(page.locator("#sm-put-down"), by_touch)
    expect(page.locator("#sm")).to_have_attribute("data-pick", "")


def take_a_turn(page, counts, by_touch=False):
    """One move, made on the drawing as a person makes it: a track card
    laid on a lit Mainline card in a Draw option; a train at your Office
    held (once a day); a car tapped on your west or east track and then the
    train lit for it; cars switched off the house track; the Draw option
    (three times a day); or the end of the turn."""
    def move(kind):
        counts[kind] = counts.get(kind, 0) + 1
        press(page, offered(page, kind), by_touch)
        return True

    def then_lit(first, lit, kind):
        """Tap `first`, then the first spot on the Division lit for it, and
        make the move of this kind offered for the two."""
        touch(first, by_touch)
        spot = page.locator(lit)
        if spot.count():
            touch(spot.first, by_touch)
            return bool(offered(page, kind)) and move(kind)
        return False

    if page.locator('#sm[data-phase="lay"]').count():
        card = page.locator("#sm-hand .sm-ho.track")
        if card.count() and not counts.get("lay"):
            if then_lit(card.first, "#sm-line .sm-card.lit button.sm-track", "lay"):
                return
            put_back(page, by_touch)
        move("keep")
        return
    trains = page.locator("#sm-line .sm-office.mine button.sm-train")
    if not counts.get("hold") and trains.count():
        touch(trains.first, by_touch)
        if offered(page, "hold"):
            move("hold")
            return
        put_back(page, by_touch)
    for track in ("west", "east"):
        cars = page.locator(f"#sm-desk-body .sm-car[data-track={track}]")
        if cars.count():
            if then_lit(cars.first, "#sm-line button.sm-train.lit", "couple"):
                return
            if page.locator('#sm[data-pick="cars"]').count() and offered(page, "extra"):
                move("extra")
                return
            put_back(page, by_touch)
    house = page.locator("#sm-desk-body .sm-car[data-track=house]")
    if house.count():
        touch(house.first, by_touch)
        if offered(page, "switch"):
            move("switch")
            return
        put_back(page, by_touch)
    move("draw" if counts.get("draw", 0) < 3 and offered(page, "draw") else "done")


def the_division_and_your_office_fit(page):
    """At the top of the page the whole Division shows above your Office,
    which shows whole at the foot of the screen: what is wrong, if not."""
    return page.evaluate("""() => {
      scrollTo(0, 0);
      const division = document.getElementById('sm-division').getBoundingClientRect();
      const desk = document.getElementById('sm-desk').getBoundingClientRect();
      if (division.top < 0 || division.bottom > desk.top + 1) {
        return `the Division (${division.top}..${division.bottom}px) runs under your Office (from ${desk.top}px)`;
      }
      return desk.bottom > innerHeight + 1 ? `your Office runs below the screen (${desk.bottom}px of ${innerHeight})` : '';
    }""")


def play_the_day(page, most=2000):
    """Every turn of the day on the drawing, the first Stage's trains
    running as cues, the rest landing at once (Reduce motion, asked for in
    Options)."""
    counts = {}
    still = False
    for _ in range(most):
        page.locator(f"{MY_TURN}, {SHEET}").first.wait_for()
        if page.locator(SHEET).count():
            return counts
        if not still and not page.locator("#sm-clock", has_text="Stage 1 of").count():
            ask_for_less_motion(page)
            still = True
        wrong = the_division_and_your_office_fit(page)
        assert not wrong, (wrong, page.locator("#sm-clock").inner_text())
        take_a_turn(page, counts)
    raise AssertionError(f"the day didn't end within {most} moves")


def test_solitaire_chosen_in_the_lobby_is_played_a_whole_day_on_the_drawing_to_the_result_sheet(servers, people):
    server = servers.start()
    ada = people(server.url)
    page = ada.page
    page.goto("/")
    page.get_by_label("Your name at the table").fill("Ada")
    card = page.locator('.game-card[data-game="station-master"]')
    card.locator("summary", has_text="Settings").click()
    card.get_by_label("Preset", exact=True).select_option("solitaire")
    card.get_by_role("button", name="Start a Station Master table").click()
    expect(page).to_have_url(re.compile(r"/t/[A-Z]{5}$"))
    expect(page.get_by_label("Preset", exact=True)).to_have_value("solitaire")
    start(page)
    close_how_to_play(page)
    # The Division west to east, with both Division Points and two Mainline cards.
    expect(page.locator(".sm-point")).to_have_count(2)
    expect(page.locator(".sm-card")).to_have_count(2)
    expect(page.locator(".sm-card .sm-speed").first).to_contain_text("mph")
    expect(page.locator(".sm-office.mine")).to_contain_text("Ashford")
    expect(page.locator("#sm-clock")).to_contain_text("Stage 1 of 42")
    expect(page.locator("#sm-superintendent")).to_contain_text("Ashford (Ada)")
    expect(page.locator("#sm-goal")).to_contain_text("of 186 points")
    expect(page.locator("#sm-tt tbody tr")).to_have_count(14)
    # The first visit's pointers show until the first move.
    expect(page.locator("#sm-pointer")).to_be_visible()
    take_a_turn(page, {})
    expect(page.locator("#sm-pointers")).to_have_count(0)
    counts = play_the_day(page)
    assert counts.get("switch") and counts.get("couple") and counts.get("hold"), counts
    sheet = page.locator(SHEET)
    expect(sheet.locator(".result-line")).to_have_text(re.compile(r"^(Won|Lost): \d+ points against a goal of 186, \d+ (over|short)\.$"))
    expect(sheet.locator("#sm-result-goal")).to_contain_text("The day’s goal: 186 points.")
    # Ada is a guest, but that is not why: a table of one is never rated.
    expect(sheet.locator("#not-rated")).to_have_text("Not rated: nobody to play against.")
    # Nobody to rank her against: her score, with no place before it.
    expect(sheet.locator("#places li")).to_have_count(1)
    expect(sheet.locator("#places li .place")).to_have_text("")
    expect(sheet.locator("#places li")).to_contain_text("Ada (you)")
    expect(sheet.get_by_role("button", name="Share result")).to_be_visible()
    expect(sheet.get_by_role("button", name="Play again")).to_be_visible()
    assert not SECTION_NUMBER.search(sheet.inner_text())
    assert ada.errors == []


def record_frames(person):
    """Every websocket message the page receives, parsed, as it arrives."""
    frames = []
    person.page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(json.loads(payload))))
    return frames


def seated_co_op_table(server, people):
    """Ada hosts a Co-op table, Ben takes the second seat from his own
    browser, and two bots fill the rest."""
    ada, ben = people(server.url), people(server.url)
    frames = {"ada": record_frames(ada), "ben": record_frames(ben)}
    code = new_table(ada.page, "station-master")
    open_table(ada.page, code, "co-op")
    ben.page.goto(f"/t/{code}")
    ben.page.get_by_label("Your name", exact=True).fill("Ben")
    ben.page.get_by_role("button", name="Take a seat").click()
    expect(ada.page.locator("#seats li")).to_have_count(2)
    for count in (3, 4):
        ada.page.get_by_role("button", name="Add a bot").click()
        expect(ada.page.locator("#seats li")).to_have_count(count)
    start(ada.page)
    for person in (ada, ben):
        close_how_to_play(person.page)
    return ada, ben, frames


def snapshots(frames):
    return [f for f in frames if f.get("type") == "snapshot" and f.get("view")]


def at_work(ada, ben):
    """The page of the person at work, once the bots have made their moves
    (Ada holds the first seat, Ben the second)."""
    ada.locator('#sm[data-turn="0"], #sm[data-turn="1"]').wait_for()
    return ada if ada.locator('#sm[data-turn="0"]').count() else ben


def test_two_people_at_a_co_op_table_see_each_others_moves_and_only_the_drawer_sees_the_badge(servers, people):
    server = servers.start()
    ada, ben, frames = seated_co_op_table(server, people)
    for page, other in ((ada.page, "Ben"), (ben.page, "Ada")):
        expect(page.locator(".sm-office")).to_have_count(4)
        expect(page.locator(".sm-office.bot")).to_have_count(2)
        expect(page.locator("#plates")).to_contain_text(other)
        expect(page.locator("#sm-superintendent")).to_contain_text("Superintendent:")
    drawer = at_work(ada.page, ben.page)
    watcher = ben.page if drawer is ada.page else ada.page
    town = drawer.locator(".sm-office.mine h3").inner_text()
    press(drawer, drawer.locator("#sm-moves [data-move=draw]"))
    expect(drawer.locator("#sm-just-drawn")).to_have_text("Just drawn")
    expect(drawer.locator("#sm[data-phase=lay]")).to_be_visible()
    # The other person sees the move live: the same table, and its line in the log.
    expect(watcher.locator("#sm")).to_have_attribute("data-seq", seq(drawer))
    expect(watcher.locator("#log")).to_contain_text(f"{town} takes the Draw option.")
    expect(watcher.locator(".just-drawn")).to_have_count(0)
    press(drawer, drawer.locator("#sm-moves [data-move=keep]"))
    expect(drawer.locator("#sm-just-drawn")).to_be_visible()
    expect(watcher.locator(".just-drawn")).to_have_count(0)
    press(drawer, drawer.locator("#sm-moves [data-move=done]"))

    # Then the other person's turn comes round, and the drawer sees their move.
    watcher.locator(MY_TURN).wait_for()
    other_town = watcher.locator(".sm-office.mine h3").inner_text()
    take_a_turn(watcher, {})
    expect(drawer.locator("#sm")).to_have_attribute("data-seq", seq(watcher))
    expect(drawer.locator("#log")).to_contain_text(other_town)

    # In the socket frames too: the drawer's view names the card just
    # drawn; no frame the other browser got ever carried it.
    drawer_frames, watcher_frames = (frames["ada"], frames["ben"]) if drawer is ada.page else (frames["ben"], frames["ada"])
    drawn = [f["view"]["justDrawn"] for f in snapshots(drawer_frames) if "justDrawn" in f["view"]]
    assert drawn
    seen = snapshots(watcher_frames)
    assert seen and not any("justDrawn" in f["view"] for f in seen)
    assert not any("You draw" in e["text"] for f in seen for e in f["view"]["events"])

    # Someone who comes by the link now watches: the whole board, no desk,
    # and never a hand.
    cy = people(server.url, width=390, height=844)
    cy_frames = record_frames(cy)
    cy.page.goto(ada.page.url)
    expect(cy.page.locator("#watching-note")).to_be_visible()
    expect(cy.page.locator(".sm-office")).to_have_count(4)
    expect(cy.page.locator("#sm-desk")).to_be_hidden()
    expect(cy.page.locator(".sm-office.mine")).to_have_count(0)
    assert snapshots(cy_frames) and not any("hand" in f["view"] or "justDrawn" in f["view"] for f in snapshots(cy_frames))

    # The host covers Ben's seat with a bot: both boards say so on his Office.
    ada.page.locator("#plates li", has_text="Ben").get_by_role("button", name="Cover with a bot").click()
    for page in (ada.page, ben.page):
        expect(page.locator(".sm-office.covered")).to_have_count(1)
        expect(page.locator(".sm-office.covered")).to_contain_text("covered by a bot")
        expect(page.locator(".sm-office.covered")).to_contain_text("Ben")
    assert ada.errors == [] and ben.errors == []


def uncovered(page, selector):
    """Whether the middle of this element is the element itself (or inside
    it) when it is scrolled into view: nothing lies over it."""
    return page.evaluate("""sel => {
      const node = document.querySelector(sel);
      node.scrollIntoView({ block: 'center' });
      const r = node.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 8));
      return r.width > 0 && r.height > 0 && !!hit && node.contains(hit);
    }""", selector)


def the_division_in_view(page):
    """At the start of your turn the page has brought the Division up whole
    above your yard at the foot of the screen, or, where the screen is too
    short for both, with its top at the top: what is wrong, if not."""
    return page.evaluate("""() => {
      const division = document.getElementById('sm-division').getBoundingClientRect();
      const desk = document.getElementById('sm-desk-body').getBoundingClientRect();
      if (division.top < -1) return `the Division starts above the screen (${division.top}px)`;
      const under = division.bottom > desk.top + 1 && division.top > 1;
      return under ? `the Division runs under your yard (${division.top}..${division.bottom}px, the yard from ${desk.top}px)` : '';
    }""")


def my_office_in_view(page):
    """Whether your Office lies inside the Division's visible strip."""
    return page.evaluate("""() => {
      const strip = document.getElementById('sm-strip').getBoundingClientRect();
      const mine = document.querySelector('.sm-office.mine').getBoundingClientRect();
      return mine.left >= strip.left - 1 && mine.right <= strip.right + 1;
    }""")


class Phone:
    """A person on a touch screen: taps, not clicks (the people fixture's
    contexts have a mouse)."""

    def __init__(self, browser, base_url, width, height):
        self.context = browser.new_context(base_url=base_url, viewport={"width": width, "height": height},
                                           has_touch=True, is_mobile=True)
        self.page = self.context.new_page()
        self.page.set_default_timeout(20000)
        self.errors = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))


def test_on_phones_and_a_desktop_the_division_scrolls_along_one_axis_and_nothing_covers_the_hand(servers, people, browser):
    server = servers.start()
    phones = []
    for width, height in ((390, 844), (375, 667), (1280, 800)):
        if width < 500:
            person = Phone(browser, server.url, width, height)
            phones.append(person)
        else:
            person = people(server.url, width=width, height=height)
        page = person.page
        new_table_at(page, "co-op")
        for count in (2, 3, 4):
            page.get_by_role("button", name="Add a bot").click()
            expect(page.locator("#seats li")).to_have_count(count)
        # Ada takes Dover, the far east Office, so the strip must come to her.
        for to in (1, 2, 3):
            page.get_by_role("button", name="Move Ada down").click()
            expect(page.locator(f'#seats li[data-seat="{to}"]')).to_contain_text("Ada")
        start(page)
        close_how_to_play(page)
        page.locator(MY_TURN).wait_for()
        expect(page.locator(".sm-office")).to_have_count(4)
        expect(page.locator(".sm-office.mine h3")).to_have_text("Dover")
        # Only the Division's own strip scrolls sideways; the page never does.
        assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth"), width
        assert page.evaluate("(() => { const s = document.getElementById('sm-strip'); return s.scrollHeight <= s.clientHeight + 1; })()")
        assert my_office_in_view(page), width
        for part in ("#room-status", "#sm-hand", "#sm-moves"):
            assert uncovered(page, part), (width, part)
        # Big enough to tap: on a touch screen every move and car is 44 px high.
        heights = page.locator("#sm-moves button, #sm-desk-body .sm-car").evaluate_all("bs => bs.map(b => b.getBoundingClientRect().height)")
        assert heights and min(heights) >= (44 if width < 500 else 36), (width, min(heights))
        if width < 500:
            # The bar's ⋯ stays on the same line as the table's code, the preset under the name.
            assert page.evaluate("""() => {
              const more = document.querySelector('.bar-more').getBoundingClientRect();
              const code = document.querySelector('.bar-code').getBoundingClientRect();
              return more.top < code.bottom && code.top < more.bottom;
            }"""), width
            # A move by touch: tap a car on the house track, then its switch.
            page.locator("#sm-desk-body .sm-car[data-track=house]").first.tap()
            switch = page.locator("#sm-moves [data-move=switch]").first
            before = seq(page)
            switch.tap()
            expect(page.locator("#sm")).not_to_have_attribute("data-seq", before)
        assert person.errors == []
    for phone in phones:
        phone.context.close()


def test_on_a_phone_turns_are_played_by_touch_on_the_drawing_with_your_office_and_moves_in_view(servers, browser):
    """Ten turns at 390 × 844 and three at 375 × 667, every move by a tap on
    the drawing: at each turn the Division has been brought up above your
    yard with your Office on it in view, and your yard and your moves are
    on the screen."""
    server = servers.start()
    phone = Phone(browser, server.url, 390, 844)
    page = phone.page
    page.emulate_media(reduced_motion="reduce")
    new_table_at(page, "solitaire")
    start(page)
    close_how_to_play(page)
    counts = {}
    for turn in range(13):
        page.locator(MY_TURN).wait_for()
        stage = page.locator("#sm-clock").inner_text()
        assert my_office_in_view(page), turn
        assert not the_division_in_view(page), (turn, the_division_in_view(page))
        if turn == 10:
            page.set_viewport_size({"width": 375, "height": 667})
        while page.locator("#sm-clock").inner_text() == stage:
            for part in ("#sm-desk-body", "#sm-moves"):
                expect(page.locator(part)).to_be_in_viewport(ratio=1)
            take_a_turn(page, counts, by_touch=True)
            page.locator(MY_TURN).wait_for()
    assert counts.get("switch") and counts.get("couple"), counts
    # The timetable starts folded on a phone; opened, it stays open in this browser.
    timetable = page.locator("#sm-tt")
    expect(timetable).not_to_have_attribute("open", "")
    timetable.locator("summary").tap()
    expect(page.locator("#sm-tt tbody tr").first).to_be_visible()
    page.reload()
    expect(page.locator("#sm-tt tbody tr").first).to_be_visible()
    assert phone.errors == []
    phone.context.close()


def pointed_at(page, selector):
    """Whether the first visit's note points at one of these: it sits just
    above or below it, over it from side to side."""
    return page.evaluate("""sel => {
      const note = document.getElementById('sm-pointer').getBoundingClientRect();
      return [...document.querySelectorAll(sel)].some(n => {
        const r = n.getBoundingClientRect();
        const near = Math.abs(note.bottom - r.top) < 20 || Math.abs(note.top - r.bottom) < 20;
        return near && note.left < r.right && note.right > r.left;
      });
    }""", selector)


def at_solitaire(servers, people):
    """Ada at a Solitaire table she has just started, How to play read and closed."""
    ada = people(servers.start().url)
    new_table_at(ada.page, "solitaire")
    start(ada.page)
    close_how_to_play(ada.page)
    return ada


def at_solitaire_with_a_train_on_the_line(servers, people):
    """Ada at a Solitaire table she has just started, on her first visit,
    How to play read and closed, a train already on the Division (some
    days start with none: their first trains are due later)."""
    ada = people(servers.start().url)
    page = ada.page
    for _ in range(12):
        new_table_at(page, "solitaire")
        start(page)
        expect(page.locator("#rules-dialog")).to_have_attribute("open", "")
        if page.locator("#sm-line .sm-train").count():
            close_how_to_play(page)
            return ada
        # Another day, and this browser's first visit again.
        page.evaluate("localStorage.removeItem('parlor:station-master:seen-rules')")
    raise AssertionError("twelve Solitaire days started with no train on the Division")


def test_a_first_visit_points_at_the_yard_a_train_and_a_mainline_card_once(servers, people):
    ada = at_solitaire_with_a_train_on_the_line(servers, people)
    page = ada.page
    note, button = page.locator("#sm-pointer"), page.locator("#sm-pointers-next")
    expect(note).to_have_text(re.compile(r"^This is your yard"))
    assert pointed_at(page, "#sm-desk-body")
    # The note lets a tap through to the table beneath.
    car = page.locator("#sm-desk-body .sm-car").first
    car.click()
    expect(car).to_have_attribute("aria-pressed", "true")
    button.click()
    expect(note).to_have_text(re.compile(r"^This is a train"))
    assert pointed_at(page, "#sm-line .sm-train")
    button.click()
    expect(note).to_have_text(re.compile(r"^This is a Mainline card"))
    assert pointed_at(page, "#sm-line .sm-card .sm-track")
    expect(button).to_have_text("Got it")
    button.click()
    expect(page.locator("#sm-pointers")).to_have_count(0)
    page.reload()
    page.locator(MY_TURN).wait_for()
    expect(page.locator("#rules-dialog")).not_to_have_attribute("open", "")
    expect(page.locator("#sm-pointers")).to_have_count(0)
    assert ada.errors == []


def test_no_text_on_the_page_names_a_rule_section(servers, people):
    """How to play (which opens by itself on a first visit), the board, the
    timetable and the log, as a player reads them."""
    server = servers.start()
    ada = people(server.url)
    page = ada.page
    new_table_at(page, "solitaire")
    start(page)
    how = page.locator("#rules-dialog")
    expect(how).to_contain_text("Your Office and its Small Yard")
    expect(how).to_contain_text("An Extra belongs to the player who played it")
    assert not SECTION_NUMBER.search(how.inner_text())
    close_how_to_play(page)
    page.locator(MY_TURN).wait_for()
    press(page, page.locator("#sm-moves [data-move=done]"))
    page.locator(MY_TURN).wait_for()
    page.get_by_role("button", name="Log").click()
    expect(page.locator("#log")).to_contain_text("Stage 2 of 42.")
    for part in ("#sm", "#log"):
        assert not SECTION_NUMBER.search(page.locator(part).inner_text()), part
    # How to play opens by itself only the first time.
    page.reload()
    page.locator(MY_TURN).wait_for()
    expect(how).not_to_have_attribute("open", "")
    assert ada.errors == []


def test_moves_by_keyboard_and_a_refused_move_gives_the_engines_sentence_and_lets_go(servers, people):
    server = servers.start()
    ada = people(server.url)
    page = ada.page

    def first_switch_goes_astray(ws):
        # Between the page and the server: Ada's first switch names a car
        # that isn't on her house track, so the engine refuses it.
        upstream = ws.connect_to_server()
        spoiled = []

        def outgoing(text):
            message = json.loads(text)
            if message.get("type") == "move" and message["action"]["type"] == "switch" and not spoiled:
                spoiled.append(message)
                message = {**message, "action": {**message["action"], "cars": ["wb-nowhere"]}}
            upstream.send(json.dumps(message))
        ws.on_message(outgoing)

    page.route_web_socket(re.compile(r"/ws/tables/"), first_switch_goes_astray)
    new_table_at(page, "solitaire")
    start(page)
    close_how_to_play(page)
    page.locator(MY_TURN).wait_for()
    status = page.locator("#room-status")

    # A car picked with the keyboard (Tab to it, Enter), then its move.
    car = page.locator("#sm-desk-body .sm-car[data-track=house]").first
    car.focus()
    page.keyboard.press("Enter")
    expect(car).to_have_attribute("aria-pressed", "true")
    switch = page.locator("#sm-moves [data-move=switch]").first
    switch.focus()
    before = seq(page)
    page.keyboard.press("Enter")
    expect(status).to_have_text("Switch only cars standing on your house track.")
    expect(status).to_have_class(re.compile(r"\berror\b"))
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    expect(page.locator("#sm")).to_have_attribute("data-seq", before)
    # The table is Ada's again at once: the same pick and press go through.
    car = page.locator("#sm-desk-body .sm-car[data-track=house]").first
    car.click()
    press(page, page.locator("#sm-moves [data-move=switch]").first)
    expect(page.locator("#sm")).not_to_have_attribute("data-seq", before)

    # The shortcuts: D takes the Draw option, a digit picks a card, Escape
    # puts it back, K keeps the hand, E ends the turn.
    page.locator(MY_TURN).wait_for()
    page.locator("body").focus()
    page.keyboard.press("d")
    expect(page.locator("#sm")).to_have_attribute("data-phase", "lay")
    expect(page.locator("#sm-just-drawn")).to_be_visible()
    page.keyboard.press("1")
    expect(page.locator("#sm-hand .sm-ho").first).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Escape")
    expect(page.locator("#sm-hand .sm-ho").first).to_have_attribute("aria-pressed", "false")
    page.keyboard.press("k")
    expect(page.locator("#sm")).to_have_attribute("data-phase", "work")
    stage = page.locator("#sm-clock").inner_text()
    page.keyboard.press("e")
    expect(page.locator("#sm-clock")).not_to_have_text(stage)
    assert ada.errors == []


# What has the keyboard's focus, as a test names it: a car of your yard, a
# train, a move, or something else of the page.
FOCUSED = """() => {
  const n = document.activeElement;
  if (!n || n === document.body) return null;
  if (n.matches('#sm-desk-body .sm-car')) return `car ${n.dataset.car}`;
  if (n.matches('#sm-line .sm-train')) return `train ${n.dataset.train}`;
  if (n.matches('#sm-moves [data-move]')) return `move ${n.dataset.move}`;
  return n.id || n.dataset.key || n.textContent.trim().slice(0, 40) || n.nodeName;
}"""


def tab_to(page, name, most=150):
    """Press Tab until the focus is on `name` (see FOCUSED): every stop on
    the way, or an AssertionError if it is never reached."""
    stops = []
    for _ in range(most):
        page.keyboard.press("Tab")
        stops.append(page.evaluate(FOCUSED))
        if stops[-1] == name:
            return stops
    raise AssertionError(f"{name} is not in the keyboard's order: {stops}")


def test_every_car_and_train_is_in_the_keyboard_order_enter_picks_and_escape_puts_down(servers, people):
    ada = at_solitaire_with_a_train_on_the_line(servers, people)  # (some days start with none)
    page = ada.page
    page.locator(MY_TURN).wait_for()
    cars = page.locator("#sm-desk-body .sm-car").evaluate_all("ns => ns.map(n => `car ${n.dataset.car}`)")
    trains = page.locator("#sm-line .sm-train").evaluate_all("ns => ns.map(n => `train ${n.dataset.train}`)")
    assert cars and trains
    # From the top of the page, Tab reaches every train on the Division, then every car of the yard.
    page.evaluate("document.activeElement.blur()")
    stops = tab_to(page, cars[-1])
    assert set(trains) <= set(stops) and set(cars) <= set(stops), stops

    # Enter on a train picks it, Escape puts it down.
    page.evaluate("document.activeElement.blur()")
    tab_to(page, trains[0])
    train = page.locator(f'#sm-line .sm-train[data-train="{trains[0].split()[1]}"]')
    page.keyboard.press("Enter")
    expect(train).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#sm")).to_have_attribute("data-pick", "train")
    page.keyboard.press("Escape")
    expect(train).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#sm")).to_have_attribute("data-pick", "")

    # A whole move by keys alone: Tab to a car on the house track, Enter,
    # Tab on to the switch its pick offers, Enter.
    car = page.locator("#sm-desk-body .sm-car[data-track=house]").first.get_attribute("data-car")
    house = page.locator(f'#sm-desk-body .sm-car[data-car="{car}"]')
    tab_to(page, f"car {car}")
    page.keyboard.press("Enter")
    expect(house).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Escape")
    expect(house).to_have_attribute("aria-pressed", "false")
    page.keyboard.press("Enter")
    expect(house).to_have_attribute("aria-pressed", "true")
    tab_to(page, "move switch")
    before = seq(page)
    page.keyboard.press("Enter")
    expect(page.locator("#sm")).not_to_have_attribute("data-seq", before)
    expect(house).to_have_attribute("data-track", re.compile(r"^(west|east)$"))
    assert ada.errors == []


def test_a_competitive_day_ranks_the_offices_with_their_points_and_what_earned_them(servers, people):
    server = servers.start()
    ada = people(server.url)
    page = ada.page
    new_table_at(page, "competitive")
    page.get_by_role("button", name="Add a bot").click()
    expect(page.locator("#seats li")).to_have_count(2)
    start(page)
    close_how_to_play(page)
    expect(page.locator("#sm-scores li")).to_have_count(2)
    expect(page.locator(".sm-office.bot")).to_contain_text("bot")
    # Ada ends every turn at once; the bot works its Office all day (its
    # first turns with motion on, the rest landing at once).
    for turn in range(100):
        page.locator(f"{MY_TURN}, {SHEET}").first.wait_for()
        if page.locator(SHEET).count():
            break
        if turn == 2:
            ask_for_less_motion(page)
        press(page, page.locator("#sm-moves [data-move=done]"))
    sheet = page.locator(SHEET)
    rows = sheet.locator("#sm-result tbody tr")
    expect(rows).to_have_count(2)
    points = [int(rows.nth(k).locator("td").first.inner_text()) for k in range(2)]
    assert points == sorted(points, reverse=True) and points[0] > 0
    expect(rows.first).to_contain_text("cars set out")
    expect(sheet.locator("#not-rated")).to_have_text("Not rated: nobody at the table was signed in. Its replay is kept all the same; "
                                                     "a game is rated, and goes on a player’s profile, only when they are signed in at the table.")
    expect(sheet.locator(".result-line")).to_have_text(re.compile(r"^Birch Creek wins with \d+ points\.$"))
    sheet.get_by_role("button", name="Share result").click()
    expect(sheet.locator("#share-text")).to_contain_text("Station Master at Parlor")
    expect(sheet.locator("#share-text")).to_contain_text("Birch Creek:")
    assert not SECTION_NUMBER.search(sheet.inner_text())
    sheet.get_by_role("button", name="Play again").click()
    expect(page.locator(SHEET)).to_have_count(0)
    expect(page.locator("#sm-clock")).to_contain_text("Stage 1 of 36")
    assert ada.errors == []


def test_a_card_picked_in_the_hand_lights_where_it_goes_on_the_division(servers, people):
    """At a Cutthroat table Ada draws every turn until she has laid a track
    card on a Mainline card, tied up the other Office and shown one of its
    trains a Red Flag, each by pressing the spot it lights on the board
    (another day if the bot drew the cards she wanted)."""
    server = servers.start()
    ada = people(server.url)
    page = ada.page
    new_table_at(page, "cutthroat")
    page.get_by_role("button", name="Add a bot").click()
    expect(page.locator("#seats li")).to_have_count(2)
    start(page)
    close_how_to_play(page)
    log = page.locator("#log")
    done = set()

    def play_on_the_board(name, target, kind):
        """Pick the card in the hand, tap the spot it lights on the
        drawing, and press the move offered for the two together."""
        card = page.locator("#sm-hand .sm-ho", has_text=name)
        if kind in done or not card.count():
            return False
        card.first.click()
        spot = page.locator(target)
        if not spot.count():
            put_back(page, False)
            return False
        spot.first.click()
        move = offered(page, "lay" if kind == "lay" else "play")
        expect(page.locator("#sm-moves .sm-move")).to_have_count(1)
        press(page, move)
        done.add(kind)
        return True

    for _ in range(1500):
        page.locator(f"{MY_TURN}, {SHEET}").first.wait_for()
        if done == {"lay", "tie-up", "red flag"}:
            break
        if page.locator(SHEET).count():
            # The deal gave the bot the cards Ada wanted: another day.
            page.locator(SHEET).get_by_role("button", name="Play again").click()
            expect(page.locator(SHEET)).to_have_count(0)
            continue
        if page.locator('#sm[data-phase="lay"]').count():
            lit = "#sm-line .sm-card.lit button.sm-track"
            if any(play_on_the_board(name, lit, "lay") for name in ("Slow Order", "Realignment", "Brakeman", "Helpers")):
                expect(log).to_contain_text(re.compile(r"Ashford (lays .* on the|realigns the)"))
                continue
            # Room for the next draw: scrap a card this test has no use for.
            spare = [c for c in page.locator("#sm-hand .sm-ho strong").all_inner_texts() if c not in ("Tie-up", "Red Flag")]
            if page.locator("#sm-hand .sm-ho").count() >= 4 and spare:
                page.locator("#sm-hand .sm-ho", has_text=spare[0]).first.click()
                press(page, page.locator("#sm-moves [data-move=scrap]"))
            else:
                press(page, page.locator("#sm-moves [data-move=keep]"))
            continue
        if play_on_the_board("Tie-up", '#sm-line .sm-office.lit[data-seat="1"] button.sm-track', "tie-up"):
            expect(log).to_contain_text("Ashford plays a Tie-up on Birch Creek")
            continue
        if play_on_the_board("Red Flag", "#sm-line .sm-office button.sm-train.lit", "red flag"):
            expect(log).to_contain_text(re.compile(r"Ashford shows .* a Red Flag: it is held this Stage\."))
            continue
        draw = page.locator("#sm-moves [data-move=draw]")
        press(page, draw if draw.count() else page.locator("#sm-moves [data-move=done]"))
    assert done == {"lay", "tie-up", "red flag"}, done
    assert ada.errors == []


# -- the room kit's moving parts at Station Master's table -------------------

# Every time a cue starts playing (the kit marks #board data-motion="moving"),
# and every line the kit's live region is given.
RECORD_MOTION_AND_SPEECH = RECORD_MOTION + RECORD_SAID

# Web Audio stood in for by a recorder: the pitch of every note the page starts.
RECORD_SOUNDS = """
window.notes = [];
window.AudioContext = class {
  constructor() { this.state = 'running'; this.currentTime = 0; this.destination = {}; }
  resume() { return Promise.resolve(); }
  createGain() {
    return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: to => to };
  }
  createOscillator() {
    const osc = { type: '', frequency: { value: 0 }, connect: to => to, stop() {} };
    osc.start = () => window.notes.push(osc.frequency.value);
    return osc;
  }
};
"""
BELL, WHISTLE = 988, 370  # the first notes of the turn bell and the whistle (web/static/room/sounds.js)


def co_op_with_a_bot(page, reduced_motion):
    page.emulate_media(reduced_motion=reduced_motion)
    code = new_table_at(page, "co-op")
    page.get_by_role("button", name="Add a bot").click()
    expect(page.locator("#seats li")).to_have_count(2)
    start(page)
    close_how_to_play(page)
    return code


def end_my_turn(page):
    """End my turn and wait for it to come round again (the bot's work, and
    a Stage's traffic, between); False once the day is over."""
    page.locator(f"{MY_TURN}, {SHEET}").first.wait_for()
    if page.locator(SHEET).count():
        return False
    press(page, page.locator("#sm-moves [data-move=done]"))
    page.locator(f"{MY_TURN}, {SHEET}").first.wait_for()
    return not page.locator(SHEET).count()


def places(view):
    """Where each train is on the Division, by its number."""
    return {t["no"]: (t["status"], t.get("place"), t.get("card")) for t in view["trains"]}


def trains_where_the_view_has_them(page, view):
    """Each train on the board stands where this view says: on its Mainline
    card, at its Division Point or Office; a train gone is off the board."""
    return page.evaluate("""view => view.trains.every(t => {
      const node = document.querySelector(`#sm-line .sm-train[data-train="${t.no}"]`);
      if (t.status === 'running') return !!node && node.closest('[data-card]').dataset.card === String(t.card);
      if (t.status !== 'standing') return t.status === 'yard' ? !!node : !node;
      if (!node) return false;
      const at = node.closest('.sm-point, .sm-office');
      return at.classList.contains('sm-point') ? at.dataset.place === String(t.place) : view.offices[t.place - 1].seat === Number(at.dataset.seat);
    })""", view)


def whole(page):
    """No train is moving or part-shown: each stands in its place."""
    return page.evaluate("""() => [...document.querySelectorAll('#sm-line .sm-train')].every(n => {
      const s = getComputedStyle(n);
      return s.opacity === '1' && (s.transform === 'none' || s.transform === 'matrix(1, 0, 0, 1, 0, 0)') && !n.getAnimations().length;
    })""")


def test_under_reduced_motion_no_train_moves_by_cue_and_the_division_is_the_views(servers, people):
    server = servers.start()
    ada = people(server.url)
    page = ada.page
    frames = record_frames(ada)
    page.add_init_script(RECORD_MOTION_AND_SPEECH)
    co_op_with_a_bot(page, "reduce")
    moved = 0
    for _ in range(8):
        before = places(snapshots(frames)[-1]["view"])
        if not end_my_turn(page):
            break
        view = next(f["view"] for f in reversed(snapshots(frames)) if str(f["view"]["seq"]) == seq(page))
        moved += sum(before.get(no) != at for no, at in places(view).items())
        # Every move is on the board at once, and nothing moves to get there.
        assert page.evaluate("window.cuesPlayed") == 0
        assert page.evaluate("document.getAnimations().length") == 0
        expect(page.locator(".cue-layer > *")).to_have_count(0)
        assert whole(page)
        assert trains_where_the_view_has_them(page, view)
        if moved >= 3:
            break
    assert moved >= 3, "the Stages went by, yet no train moved along the Division"
    expect(page.locator("#board")).to_have_attribute("data-motion", "still")
    assert ada.errors == []


# At each change of the Division: where each train is laid out on the strip
# (its place, a cue's transform left out), and each travelling train's
# unfinished run: the cue it belongs to and the offset it starts from.
RECORD_RUNS = r"""
window.drawn = [];
const laidOut = (node, strip) => {
  let x = 0, y = 0;
  for (let n = node; n && n !== strip; n = n.offsetParent) { x += n.offsetLeft; y += n.offsetTop; }
  return [x, y];
};
new MutationObserver(records => {
  for (const r of records) {
    const sm = r.target;
    if (sm.id !== 'sm' || r.oldValue === sm.dataset.seq) continue;
    const strip = document.getElementById('sm-strip');
    const at = {}, runs = [];
    for (const node of strip.querySelectorAll('.sm-train')) {
      at[node.dataset.train] = laidOut(node, strip);
      for (const a of node.getAnimations()) {
        if (!a.id.startsWith('sm-travel') || a.playState === 'finished') continue;
        const first = a.effect.getKeyframes()[0];
        const from = /translate\((-?[\d.]+)px, (-?[\d.]+)px\)/.exec(first.transform || '');
        runs.push({ train: node.dataset.train, cue: a.id, from: from ? [Number(from[1]), Number(from[2])] : null, seen: first.opacity !== '0' });
      }
    }
    window.drawn.push({ seq: sm.dataset.seq, mine: sm.dataset.myTurn === 'true', at, runs });
  }
}).observe(document, { subtree: true, attributes: true, attributeOldValue: true, attributeFilter: ['data-seq'] });
"""


def test_with_motion_on_trains_travel_along_the_line_catch_up_at_your_turn_and_a_hidden_tab_just_shows_them_there(servers, people):
    server = servers.start()
    ada = people(server.url)
    page = ada.page
    frames = record_frames(ada)
    page.add_init_script(RECORD_MOTION_AND_SPEECH + RECORD_RUNS)
    co_op_with_a_bot(page, "no-preference")
    for _ in range(8):
        if not end_my_turn(page):
            break
    drawn = page.evaluate("window.drawn")
    # A train that moved runs from the place it stood at in the drawing
    # before, in sight all the way.
    travelled = [(run, before["at"][run["train"]], now["at"][run["train"]])
                 for before, now in zip(drawn, drawn[1:]) for run in now["runs"]
                 if run["from"] and run["cue"] == f"sm-travel-{now['seq']}" and run["train"] in before["at"]]
    assert travelled, "trains moved in sight, yet none travelled along the line"
    for run, was, now in travelled:
        assert abs(now[0] + run["from"][0] - was[0]) <= 1 and abs(now[1] + run["from"][1] - was[1]) <= 1, (run, was, now)
        assert run["seen"], run
    # When the turn comes back to Ada, whatever ran before has landed and the
    # last change's trains are still on their way: one cue, no more.
    cues_at_my_turn = [{run["cue"] for run in d["runs"]} for d in drawn if d["mine"]]
    assert all(len(cues) <= 1 for cues in cues_at_my_turn), cues_at_my_turn
    assert any(cues_at_my_turn), cues_at_my_turn
    # Once the queue is idle, every train stands whole where the view has it.
    expect(page.locator("#board")).to_have_attribute("data-motion", "still")
    expect(page.locator(".cue-layer > *")).to_have_count(0)
    assert whole(page)
    view = next(f["view"] for f in reversed(snapshots(frames)) if str(f["view"]["seq"]) == seq(page))
    assert trains_where_the_view_has_them(page, view)

    # Out of sight, the bot works and the trains run: back in sight, they
    # are simply where they are.
    page.evaluate(HIDE, True)
    page.evaluate("window.cuesPlayed = 0")
    assert end_my_turn(page)
    page.evaluate(HIDE, False)
    assert page.evaluate("window.cuesPlayed") == 0
    expect(page.locator("#board")).to_have_attribute("data-motion", "still")
    expect(page.locator(".cue-layer > *")).to_have_count(0)
    assert whole(page)
    view = next(f["view"] for f in reversed(snapshots(frames)) if str(f["view"]["seq"]) == seq(page))
    assert trains_where_the_view_has_them(page, view)
    assert ada.errors == []


def test_the_live_region_reads_the_other_offices_moves_and_each_arrival_in_the_logs_words(servers, people):
    server = servers.start()
    ada = people(server.url)
    page = ada.page
    page.add_init_script(RECORD_MOTION_AND_SPEECH)
    co_op_with_a_bot(page, "reduce")
    expect(page.locator("[aria-live]")).to_have_count(1)  # the kit's one region
    expect(page.locator("#announce")).to_have_attribute("aria-live", "polite")

    def heard(pattern):
        log = set(page.locator("#log li").all_inner_texts())
        return [s for s in page.evaluate("window.said") if re.search(pattern, s) and s in log]

    for _ in range(30):
        if (heard(r"^Birch Creek ") and heard(r" arrives at ")) or not end_my_turn(page):
            break
    assert heard(r"^Birch Creek "), page.evaluate("window.said")  # the bot's Office at work
    assert heard(r" arrives at "), page.evaluate("window.said")
    assert "Your turn." in page.evaluate("window.said")
    # My own moves are mine to see, not read back to me.
    assert not heard(r"^Ashford (switches|couples|takes|ends)")
    assert ada.errors == []


def test_announcements_are_never_dropped_before_a_screen_reader_has_had_time_for_them(servers, people):
    """More lines than the region keeps once read (six) come in quick
    succession (the start says six to eight, each Stage more): none is
    dropped while it is new. The page's clock stands still here, so every
    line stays new however slow the machine."""
    server = servers.start()
    ada = people(server.url)
    page = ada.page
    page.add_init_script(RECORD_MOTION_AND_SPEECH)
    page.add_init_script("Date.now = () => 1767225600000;")
    co_op_with_a_bot(page, "reduce")
    expect(page.locator("#announce p", has_text="Your turn.")).not_to_have_count(0)
    for _ in range(10):
        if len(page.evaluate("window.said")) > 6 or not end_my_turn(page):
            break
    said = page.evaluate("window.said")
    assert len(said) > 6, said
    assert page.locator("#announce p").all_inner_texts() == said
    assert ada.errors == []


def test_sounds_wait_under_reduced_motion_then_ring_the_bell_and_whistle_until_switched_off(servers, people):
    server = servers.start()
    ada = people(server.url)
    page = ada.page
    page.add_init_script(RECORD_SOUNDS)
    code = co_op_with_a_bot(page, "reduce")
    # Ben watches from his own device, his sounds on as a browser without
    # reduced motion has them. No turn is ever his, so each train coming
    # onto the timetable is his loudest news: the whistle. (Ada hears it
    # only when it comes apart from her turn's bell, which hangs on how
    # soon the bot's next move follows it.)
    ben = people(server.url)
    ben.page.add_init_script(RECORD_SOUNDS)
    ben.page.goto(f"/t/{code}")
    close_how_to_play(ben.page)  # (a touch, which lets a browser sound at all)
    assert end_my_turn(page)
    assert page.evaluate("window.notes") == []  # under reduced motion sounds wait to be turned on

    page.locator("#open-options").click()
    page.get_by_label("Sounds").check()
    page.locator("#options-dialog").get_by_role("button", name="Close").click()
    for _ in range(20):
        if (BELL in page.evaluate("window.notes") and WHISTLE in ben.page.evaluate("window.notes")) or not end_my_turn(page):
            break
    assert BELL in page.evaluate("window.notes"), page.evaluate("window.notes")
    heard = ben.page.evaluate("window.notes")
    assert WHISTLE in heard and BELL not in heard, heard

    page.locator("#open-options").click()
    page.get_by_label("Sounds").uncheck()
    page.locator("#options-dialog").get_by_role("button", name="Close").click()
    page.evaluate("window.notes = []")
    for _ in range(3):
        assert end_my_turn(page)
    assert page.evaluate("window.notes") == []
    assert ada.errors == [] and ben.errors == []


def test_your_move_says_what_to_do_once_for_each_kind_of_decision(servers, people):
    server = servers.start()
    ada = people(server.url)
    page = ada.page
    co_op_with_a_bot(page, "reduce")
    page.locator(MY_TURN).wait_for()
    prompt = page.locator("#sm-dock #your-move")
    expect(prompt).to_be_visible()
    expect(prompt).to_contain_text("Tap cars in your yard, in order, or a train")
    expect(page.locator("#sm-desk-body.your-move-ring")).to_have_count(1)
    press(page, page.locator("#sm-moves [data-move=draw]"))
    expect(prompt).to_contain_text("Tap a card in your hand, or a lit Mainline card")
    expect(page.locator("#sm-hand-box.your-move-ring")).to_have_count(1)
    press(page, page.locator("#sm-moves [data-move=keep]"))
    # Each has been said: the rest of the day, and after a reload, it is not again.
    expect(prompt).to_be_hidden()
    assert end_my_turn(page)
    expect(prompt).to_be_hidden()
    page.reload()
    page.locator(MY_TURN).wait_for()
    expect(prompt).to_be_hidden()
    expect(page.locator(".your-move-ring")).to_have_count(0)
    assert ada.errors == []


@pytest.mark.parametrize("size", [{"width": 390, "height": 844}, {"width": 1280, "height": 800}])
def test_cars_set_out_show_a_banner_that_keeps_clear_of_the_hand_and_moves(servers, people, size):
    """The banner takes one place, covers none of the status line, your
    cards, moves and yard, or the timetable, and neither the Division nor
    your yard moves for it (nor, on a phone, where its room is kept, the
    timetable; on a laptop the desk may grow under your cards, moving the
    timetable below it)."""
    server = servers.start()
    ada = people(server.url, **size)
    page = ada.page
    page.add_init_script(RECORD_BANNERS)
    page.add_init_script(pushed_by_banners("#sm-division", "#sm-desk-body", "#sm-tt"))
    co_op_with_a_bot(page, "reduce")
    delivered = page.locator("#log li", has_text=re.compile(r"set out at "))
    for _ in range(60):
        if delivered.count() or not end_my_turn(page):
            break
    expect(delivered).not_to_have_count(0)
    page.wait_for_function("window.banners.some(b => b.text.includes('set out at'))")
    seen = page.evaluate("window.banners")
    assert not any(b["covers"] for b in seen), seen
    assert all(len(b["boxes"]) == 1 for b in seen), seen
    pushed = page.evaluate("pushed")
    kept = 3 if size["width"] < 640 else 2
    assert pushed and all(p["by"][:kept] == [0] * kept for p in pushed), pushed
    assert ada.errors == []
