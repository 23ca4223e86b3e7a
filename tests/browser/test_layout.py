"""Every game's table as a family sees it on a laptop and on two phones,
early in a game, in its middle and at its result sheet: nothing scrolls
sideways, no text is cut off, nothing sits on top of a control or of text,
and on a phone every control is big enough to tap (a space of Get In Line's
board at least 28 px, as its zoom strip allows), and the tags of a Euchre
lone hand stay on their narrow seats; Line's bonus turn banner stands
whole on the screen as it shows. The site's own faces are loaded on
every page, and the static files come compressed, under hashed
names, cached for a year, a table page under 150 KB on a cold load."""

import json
import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from engine import play, registry
from tests.browser.tables import GAMES, Walk, cookies, deal_and_play_to, first_turn, lone_hand_in_play, new_table
from tests.browser.turns import SHEET
from tests.live import Client
from tests.views import offered_to
from tools.pageweight import COLD_BUDGET, measure

CHECKS = (Path(__file__).parent / "layout.js").read_text()
# name: (width, height, a phone's touch screen)
SIZES = {"laptop": (1280, 800, False), "phone": (390, 844, True), "small phone": (375, 667, True)}
SMALL = {"get-in-line": {"selector": ".space", "px": 28}}
STAGES = ["early", "middle", "over"]
BANNERS = ".eu-banner, .gil-banner, .sm-banner"
FONTS = "['700 1em Fraunces', '400 1em Figtree', '600 1em Figtree', '700 1em Figtree']"


@pytest.fixture(scope="module")
def walks(site):
    made = {}

    def walk(slug):
        if slug not in made:
            made[slug] = Walk(site, slug)
        return made[slug]

    return walk


class Viewer:
    """A browser on a laptop or a phone, sitting in Ada's seat (or watching)
    at one game's table from its start, as a family would: the page stays
    open while the game goes on. Motion is reduced so the page stands still
    to be measured."""

    def __init__(self, browser, url, walk, touch, watching=False):
        width, height, _ = SIZES["phone" if touch else "laptop"]
        self.walk = walk
        self.context = browser.new_context(base_url=url, viewport={"width": width, "height": height},
                                           has_touch=touch, is_mobile=touch, reduced_motion="reduce")
        # How to play has been read: it is looked at on purpose below.
        self.context.add_init_script(f"for (const g of {json.dumps(GAMES)}) localStorage.setItem(`parlor:${{g}}:seen-rules`, '1');")
        if not watching:
            self.context.add_cookies(walk.cookies())
        self.page = self.context.new_page()
        self.page.set_default_timeout(20000)
        self.errors = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(walk.path)

    def at(self, size):
        """The page at this size, once it shows the table as it now stands."""
        width, height, _ = SIZES[size]
        self.page.set_viewport_size({"width": width, "height": height})
        self.page.locator(f'#board[data-seq="{self.walk.snap["seq"]}"]').wait_for(state="attached")
        # A banner announces a move over the table for a moment (the kit's
        # banner queue has its own tests): the table is measured once it has gone.
        self.page.wait_for_function(f"() => ![...document.querySelectorAll('{BANNERS}')].some(b => b.checkVisibility())")
        return self.page


@pytest.fixture(scope="module")
def viewers(browser, site, walks):
    made = {}

    def viewer(slug, touch, watching=False):
        if (slug, touch, watching) not in made:
            made[slug, touch, watching] = Viewer(browser, site.url, walks(slug), touch, watching)
        return made[slug, touch, watching]

    yield viewer
    for one in made.values():
        assert one.errors == []
        one.context.close()


def fonts_loaded(page):
    """Each face the pages use has been fetched and is in use (a check with
    no face of that name at all would pass too, so the faces are counted)."""
    return page.evaluate(f"""async () => {{
        await document.fonts.ready;
        await Promise.all({FONTS}.map(f => document.fonts.load(f)));
        const loaded = [...document.fonts].filter(f => f.status === 'loaded').length;
        return loaded >= 4 && {FONTS}.every(f => document.fonts.check(f));
    }}""")


def look(page, size, slug, where):
    """What is wrong with the page as shown, each a sentence naming where."""
    touch = SIZES[size][2]
    found = page.evaluate(CHECKS, {"touch": touch, "small": SMALL.get(slug)})
    if touch and page.locator("#bar-more").count():
        # The bar stays one row: ⋯ beside the site's name, not pushed below.
        home, more = page.locator(".bar .home").bounding_box(), page.locator("#bar-more").bounding_box()
        if home and more and abs((home["y"] + home["height"] / 2) - (more["y"] + more["height"] / 2)) > 8:
            found.append("the bar wraps: ⋯ is on a row of its own")
    if not fonts_loaded(page):
        found.append("Fraunces and Figtree are not both loaded")
    return [f"{slug} {where} at {size}: {p}" for p in found]


@pytest.mark.parametrize("stage,slug", [(stage, slug) for stage in STAGES for slug in GAMES])
def test_the_table_fits_every_screen(stage, slug, walks, viewers):
    walk = walks(slug)
    walk.to(stage)
    problems = []
    for touch in (False, True):
        viewer = viewers(slug, touch)
        sizes = [size for size in SIZES if SIZES[size][2] == touch]
        if stage == "over":
            for size in sizes:
                viewer.at(size).locator("#result-dialog[open]").wait_for()
                problems += look(viewer.page, size, slug, "result sheet")
            viewer.page.locator("#result-dialog").get_by_role("button", name="See the table").click()
        for size in sizes:
            page = viewer.at(size)
            problems += look(page, size, slug, f"table ({stage})")
            if stage == "early":
                if touch:
                    page.locator("#bar-more").click()
                    problems += look(page, size, slug, "table with the bar's tools open")
                page.locator("#open-rules").click()
                page.locator("#rules-dialog[open]").wait_for()
                problems += look(page, size, slug, "How to play")
                page.locator("#rules-dialog").get_by_role("button", name="Close").click()
                if touch:
                    page.locator("#bar-more").click()
    if stage == "middle":
        # Someone watching, on a phone, reads every name in full.
        page = viewers(slug, True, watching=True).at("phone")
        problems += look(page, "phone", slug, "table watched")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize("size", list(SIZES))
def test_a_new_players_first_turn_fits_every_screen(size, slug, browser, site):
    """The table as a new player meets it, the game started while they
    waited: the start's announcement and Your move both shown."""
    width, height, _ = SIZES[size]
    page, errors, _ = first_turn(browser, site, slug, {"width": width, "height": height})
    try:
        problems = look(page, size, slug, "at a new player's first turn")
        assert not problems, "\n".join(problems)
        assert errors == []
    finally:
        page.context.close()


# Where a part stands on the screen: its top and bottom, and the window's height, in pixels.
PLACE = "sel => { const r = document.querySelector(sel).getBoundingClientRect(); return [r.top, r.bottom, innerHeight]; }"


def whole_on_screen(page, selector):
    """``selector`` comes to stand whole between the top and bottom of the
    screen (to the pixel), or the test fails saying where it stands."""
    try:
        page.wait_for_function(f"sel => {{ const [top, bottom, height] = ({PLACE})(sel); "
                               "return bottom > top && top >= -1 && bottom <= height + 1; }",
                               arg=selector, timeout=5000)
    except Exception:
        top, bottom, height = page.evaluate(PLACE, selector)
        raise AssertionError(f"{selector} spans {top:.0f}..{bottom:.0f}px of a {height}px screen: cut off") from None


def shot(page, name):
    """The screen as it shows, kept when PARLOR_SHOTS names a folder for the pictures."""
    if os.environ.get("PARLOR_SHOTS"):
        page.screenshot(path=f"{os.environ['PARLOR_SHOTS']}/{name}.png")


def before_a_bonus_turn(seat: int) -> tuple[str, dict, dict]:
    """A Line game for two, seeded, played by medium bots to the move of
    ``seat``'s that completes a row: the seed, the state before it and the move."""
    game, seed = registry.get("line"), "layout-bonus"
    moves = []
    bonus = lambda state: state["bonus"] and state["turn"] == seat and moves and moves[-1][0] == seat
    played = play.play(game, ["medium", "medium"], seed, until=bonus, watch=lambda _s, who, action, _k: moves.append((who, action)))
    assert played.final is not None and bonus(played.final), "the bots never gave that seat a bonus turn"
    return seed, play.replay(game, 2, seed, None, moves[:-1]), moves[-1][1]


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_line_s_bonus_turn_banner_shows_whole_on_the_screen_as_the_row_is_completed(size, browser, servers):
    """Ada completes a row with the page open at its top: the banner that
    says her bonus turn has come, under her hand, is brought up whole."""
    width, height, touch = SIZES[size]
    server = servers.start()
    walk = Walk(server, "line", seats=2, level="medium")
    seed, state, action = before_a_bonus_turn(walk.seat)
    deal_and_play_to(servers, walk, seed, state)
    viewer = Viewer(browser, server.url, walk, touch)
    try:
        page = viewer.page
        page.set_viewport_size({"width": width, "height": height})
        page.locator(f'#board[data-seq="{state["seq"]}"]').wait_for(state="attached")
        page.evaluate("scrollTo(0, 0)")
        status, body = walk.ada.post(f"/api/tables/{walk.code}/move", {"seq": state["seq"], "action": action})
        assert status == 200, body
        banner = page.locator("#ln-banner")
        expect(banner).to_have_text("Bonus turn! You completed a row: play again.")
        whole_on_screen(page, "#ln-banner")
        shot(page, f"line-bonus-{width}")
        problems = look(page, size, "line", "at a bonus turn")
        assert not problems, "\n".join(problems)
    finally:
        viewer.context.close()
    assert viewer.errors == []


def see_the_table(page):
    """Put the result sheet away, if the game is over, as a family does
    to look at the table again."""
    sheet = page.locator(SHEET)
    if sheet.count():
        sheet.get_by_role("button", name="See the table").click()


# How far the log drawer is from its newest line, in pixels.
LOG_FROM_NEWEST = "() => { const d = document.getElementById('log-drawer'); return d.scrollHeight - d.clientHeight - d.scrollTop; }"


@pytest.mark.parametrize("size", list(SIZES))
def test_the_log_opens_at_its_newest_line_where_it_can_be_read(size, walks, viewers):
    """Euchre's log at the end of a game runs longer than its drawer: it
    opens at what was just played (on a phone, brought up to be read)."""
    walks("euchre").to("over")
    page = viewers("euchre", SIZES[size][2]).at(size)
    page.evaluate("scrollTo(0, 0)")
    see_the_table(page)
    if page.locator("#bar-more[aria-expanded=false]:visible").count():
        page.locator("#bar-more").click()
    if page.locator("#log-drawer:visible").count():
        page.locator("#open-log").click()  # (closed again, to be opened)
    page.locator("#open-log").click()
    drawer = page.locator("#log-drawer")
    expect(drawer).to_be_in_viewport(ratio=0.5)
    assert drawer.evaluate("d => d.scrollHeight > d.clientHeight"), "the log fits its drawer: nothing to scroll"
    expect(page.locator("#log li").last).to_be_in_viewport()
    assert page.evaluate(LOG_FROM_NEWEST) <= 1


def corners(box):
    """A bounding box as the page's pixels it spans, left..right × top..bottom."""
    return f"{box['x']:.0f}..{box['x'] + box['width']:.0f} × {box['y']:.0f}..{box['y'] + box['height']:.0f}px"


def test_on_a_phone_a_lone_hands_tags_stay_on_their_seats(servers, browser):
    """Otto calls diamonds alone and Robin sits out: on each phone the
    narrow side plates hold their Called ♦ alone and Sitting out tags
    whole, and the table passes every other look."""
    server = servers.start()
    walk = lone_hand_in_play(servers, server)
    viewer = Viewer(browser, server.url, walk, touch=True)
    problems = []
    try:
        for size in ("phone", "small phone"):
            page = viewer.at(size)
            tags = {}
            for plate in page.locator(".eu-plate").all():
                name, box = plate.locator(".eu-name").inner_text(), plate.bounding_box()
                for tag in plate.locator(".eu-tag:visible").all():
                    words, r = " ".join(tag.inner_text().split()), tag.bounding_box()
                    tags.setdefault(name, []).append(words)
                    if (r["x"] < box["x"] - 1 or r["y"] < box["y"] - 1 or r["x"] + r["width"] > box["x"] + box["width"] + 1
                            or r["y"] + r["height"] > box["y"] + box["height"] + 1):
                        problems.append(f"at {size}, {name}'s {words} tag spans {corners(r)}, outside the plate's {corners(box)}")
            assert tags == {"Otto": ["Called ♦ alone"], "Robin": ["Sitting out"]}, f"at {size} the seats' tags are {tags}"
            problems += look(page, size, "euchre", "lone hand")
    finally:
        viewer.context.close()
    assert viewer.errors == []
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("slug", GAMES)
def test_static_files_come_compressed_hashed_and_cached_for_a_year_and_a_table_page_is_light(slug, walks, browser, site):
    walk = walks(slug)
    context = browser.new_context(base_url=site.url)
    try:
        context.add_cookies(walk.cookies())
        seen = []
        context.on("response", lambda r: seen.append(r) if "/static/" in r.url else None)
        cold, warm = measure(context, walk.path)
        assert cold < COLD_BUDGET, f"a cold load of a table page fetched {cold} bytes"
        assert warm < cold / 4, f"a warm load fetched {warm} bytes of {cold}"
        assert seen
        for response in seen:
            name = response.url.rsplit("/", 1)[-1]
            assert re.search(r"\.[0-9a-f]{12}\.\w+$", name), f"{response.url} is not under its hashed name"
            if response.status == 200:
                headers = response.headers
                age = re.search(r"max-age=(\d+)", headers.get("cache-control", ""))
                assert age and int(age.group(1)) >= 365 * 24 * 3600, (response.url, headers.get("cache-control"))
                if not name.endswith((".woff2", ".png")):
                    assert headers.get("content-encoding") in ("gzip", "br"), response.url
    finally:
        context.close()


def test_after_a_thrown_in_euchre_hand_the_bar_the_log_and_the_score_sheet_number_the_hands_alike(site, browser):
    # Without Stick the dealer, Ada passing and easy bots throw a deal in
    # within a hand or two; Play again deals a new game until one has.
    walk = Walk(site, "euchre", settings={"stick_dealer": "off"})
    thrown = lambda snap: [e for e in (snap["view"] or {}).get("events", []) if e["kind"] == "thrown_in"]
    while True:
        while walk.snap["status"] == "over" or not thrown(walk.snap):
            if walk.snap["status"] == "over":
                walk.ada.post(f"/api/tables/{walk.code}/again")
                walk.snap = walk.until(lambda s: s["status"] == "playing" and offered_to(s))
            else:
                walk.play(between_hands=True, prefer="pass")
        hand = thrown(walk.snap)[0]["hand"]
        page = Viewer(browser, site.url, walk, touch=False).at("laptop")
        # The redeal is the same hand: the bar says so, and so does the log's deal line.
        expect(page.locator("#bar-round")).to_have_text(re.compile(rf"^Hand {hand} "))
        page.locator("#open-log").click()
        expect(page.locator("#log li", has_text=re.compile(rf"^Hand {hand}: .* deals?,"))).to_have_count(2)
        walk.between_hands(prefer="pass")
        if walk.snap["status"] == "playing":
            break
        page.context.close()  # the redeal ended the game, whose sheet is the game's: deal another
    sheet = page.locator("#hand-dialog[open]")
    expect(sheet.locator("#hand-title")).to_have_text(re.compile(rf"^Hand {hand}: "))
    expect(sheet.locator("#eu-hands tbody tr")).to_have_count(hand)
    expect(sheet.locator("#eu-hands tbody tr").last).to_have_attribute("data-hand", str(hand))
    page.context.close()


def test_euchre_how_to_play_shows_every_scoring_case(walks, viewers):
    page = viewers("euchre", False).at("laptop")
    see_the_table(page)  # (the file's tests share the game, which may be over by now)
    page.locator("#open-rules").click()
    rows = page.locator("#rules-dialog .eu-rules-table tr")
    expect(rows).to_have_text([
        re.compile(r"Makers take 3 or 4.*1 point"),
        re.compile(r"alone, 3 or 4.*1 point", re.I),
        re.compile(r"Makers take all 5.*2 points"),
        re.compile(r"Alone, all 5.*4 points"),
        re.compile(r"2 or fewer \(euchred\).*2 points to the defenders"),
        re.compile(r"lone defender.*4 points to the defenders"),
    ])
    page.locator("#rules-dialog").get_by_role("button", name="Close").click()


@pytest.mark.parametrize("size", list(SIZES))
def test_the_lobby_fits_every_screen_and_on_a_phone_its_links_are_big_enough_to_tap(size, browser, site):
    width, height, touch = SIZES[size]
    context = browser.new_context(base_url=site.url, viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch)
    try:
        page = context.new_page()
        for path in ("/", "/t/NOPEZ"):
            page.goto(path)
            page.locator(".game-card").first.wait_for()
            problems = look(page, size, "lobby", path)
            assert not problems, "\n".join(problems)
        # A game's settings, opened under its card.
        page.locator('.game-card[data-game="station-master"] summary').click()
        page.get_by_label("Preset", exact=True).select_option("custom")
        problems = look(page, size, "lobby", "/ with Station Master's settings open")
        assert not problems, "\n".join(problems)
        # A player's lobby: Your tables, one waiting on them, beside or above the rest.
        player = Client(site)
        for game, start in (("high-card", True), ("euchre", False), ("line", False)):
            status, snap = player.post("/api/tables", {"game": game, "name": "Ada"})
            player.post(f"/api/tables/{snap['code']}/fill", {"level": "easy"})
            if start:
                player.post(f"/api/tables/{snap['code']}/start")
        context.add_cookies(cookies(player))
        page.goto("/")
        expect(page.locator("#my-tables li")).to_have_count(3)
        problems = look(page, size, "lobby", "/ with your tables")
        assert not problems, "\n".join(problems)
    finally:
        context.close()


@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize("size", list(SIZES))
def test_the_hosts_waiting_room_fits_every_screen(size, slug, browser, site):
    """Start, the bots and the seats as a host meets them, with a seat
    taken, a bot with its level's words, and the rest empty."""
    width, height, touch = SIZES[size]
    context = browser.new_context(base_url=site.url, viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch)
    try:
        page = context.new_page()
        code = new_table(page, slug)
        page.goto(f"/t/{code}")
        page.locator("#add-bot").click()
        page.locator("#seats .level-words").wait_for()
        problems = look(page, size, slug, "waiting room")
        assert not problems, "\n".join(problems)
    finally:
        context.close()
