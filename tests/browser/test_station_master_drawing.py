"""Station Master's Division as a drawing, at a table of four Offices in the
middle of a day: on a laptop the Division, your Office and your moves fit
the screen together with nothing cut; every train and every car the view
holds is drawn, and each train says in words, to the eye and to a screen
reader, whether it is on time, late or held."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.tables import Walk
from tests.browser.test_station_master import offered, press, the_division_and_your_office_fit
from tests.views import offered_to

CHECKS = (Path(__file__).parent / "layout.js").read_text()
ON_THE_LINE = ("standing", "running", "yard")
# A person who has played before: How to play and the first Your move
# prompts read (each has its own test).
SEASONED = "for (const k of ['seen-rules', 'yourmove-work', 'yourmove-lay']) localStorage.setItem(`parlor:station-master:${k}`, '1');"


def busy(snap):
    """Mid-day: a train running late on the line, an Extra on it too, and a
    train at Ada's Office she may hold."""
    view = snap["view"]
    late = any(t.get("mark") == "late" for t in view["trains"])
    extra = any(t["kind"] == "extra" and t["status"] in ON_THE_LINE for t in view["trains"])
    return view["stage"] >= 5 and late and extra and any(m["action"]["type"] == "hold" for m in offered_to(snap))


@pytest.fixture(scope="module")
def day(site):
    walk = Walk(site, "station-master", settings={"preset": "co-op"}, seats=4)
    for _ in range(60):
        if busy(walk.snap):
            return walk
        walk.play(prefer="done")
    raise AssertionError("no Stage of the day had a late train, an Extra and a train Ada could hold")


@pytest.fixture
def laptop(browser, site, day):
    context = browser.new_context(base_url=site.url, viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    context.add_init_script(SEASONED)
    context.add_cookies(day.cookies())
    page = context.new_page()
    page.set_default_timeout(20000)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(day.path)
    day.snap = day.until(lambda snap: True)  # the table as it stands (a test before may have made a move)
    page.locator(f'#sm[data-seq="{day.snap["view"]["seq"]}"]').wait_for(state="attached")
    yield page
    context.close()
    assert errors == []


# Each box on the Division that reaches past the screen's sides and is not
# inside the Division's own strip, which scrolls sideways only.
CUT = """() => {
  const strip = document.getElementById('sm-strip');
  const out = [];
  if (strip.scrollHeight > strip.clientHeight + 1) out.push('the Division scrolls up and down as well as sideways');
  if (strip.scrollWidth > strip.clientWidth + 1) out.push(`the Division scrolls sideways at 1280 px (${strip.scrollWidth} in ${strip.clientWidth})`);
  for (const node of document.querySelectorAll('#sm-division *')) {
    const r = node.getBoundingClientRect();
    if (!r.width || strip.contains(node)) continue;
    const wide = document.documentElement.clientWidth;
    if (r.left < -1 || r.right > wide + 1) out.push(`${node.className || node.tagName} reaches ${r.left}..${r.right}px`);
  }
  return out;
}"""


def test_four_offices_your_office_and_your_moves_fit_a_laptop_screen_with_nothing_cut(laptop):
    page = laptop
    expect(page.locator("#sm-line .sm-office")).to_have_count(4)
    assert the_division_and_your_office_fit(page) == ""
    assert page.evaluate(CUT) == []
    assert page.evaluate(CHECKS, {"touch": False}) == []
    # The moves for a pick show whole, beside the yard, with the Division above.
    page.locator("#sm-line .sm-office.mine button.sm-train").first.click()
    offered(page, "hold")
    expect(page.locator("#sm-division")).to_be_in_viewport(ratio=1)


def test_every_train_and_car_of_the_view_is_drawn_and_says_how_it_runs(laptop, day):
    page = laptop
    view = day.snap["view"]
    trains = [t for t in view["trains"] if t["status"] in ON_THE_LINE]
    cars = [c["id"] for o in view["offices"] for track in o["yard"].values() for c in track]
    cars += [c["id"] for t in trains for c in t["cars"]]
    cars += [c["id"] for c in (view["interchange"] or {"cars": []})["cars"]]
    drawn = page.locator("#sm-line .sm-train")
    expect(drawn).to_have_count(len(trains))
    assert sorted(int(n) for n in drawn.evaluate_all("ns => ns.map(n => n.dataset.train)")) == sorted(t["no"] for t in trains)
    chips = page.locator("#sm-line .sm-chip[data-car]").evaluate_all("ns => ns.map(n => n.dataset.car)")
    assert sorted(chips) == sorted(cars)
    # Each train: its mark for the eye, and the view's own words for a screen reader.
    marks = {"on-time": "✓", "held": "held"}
    for t in trains:
        node = page.locator(f'#sm-line .sm-train[data-train="{t["no"]}"]')
        expect(node).to_have_accessible_name(re.compile(re.escape(t["condition"])))
        expect(node).to_have_accessible_name(re.compile(re.escape(t["plate"])))
        if t["mark"] in ("on-time", "late", "held"):
            seen = marks.get(t["mark"]) or f"+{t['late']}"
            expect(node.locator(".sm-keeping")).to_have_text(re.compile(rf"^{re.escape(seen)}"))
        if t["cars"]:
            # Its cars read one after another, then where it is as a sentence of its own.
            expect(node).to_have_accessible_name(re.compile(rf"\w\s*\.\s+{re.escape(t['where'])}"))
    assert any(t["mark"] == "late" for t in trains)
    assert any(t["cars"] for t in trains)
    # The timetable lights the trains due somewhere this Stage, and the Stage at each place.
    due = [t for t in view["trains"] if t["due"] and t["comingDue"]]
    expect(page.locator("#sm-tt tbody tr.coming-due")).to_have_count(len(due))
    expect(page.locator("#sm-tt tbody td.now")).to_have_count(sum(t["due"].count(view["stage"]) for t in due))
    # The key says what each mark means in words.
    for words in ("✓ on time", "+2 Stages late", "held this Stage"):
        expect(page.locator("#sm-key")).to_contain_text(words)

    # Ada holds a train at her Office, on the drawing: it is marked held, and says so.
    train = page.locator("#sm-line .sm-office.mine button.sm-train").first
    no = train.get_attribute("data-train")
    train.click()
    press(page, offered(page, "hold"))
    held = page.locator(f'#sm-line .sm-train[data-train="{no}"]')
    expect(held).to_have_accessible_name(re.compile("held this Stage"))
    expect(held.locator(".sm-keeping")).to_have_text(re.compile("^held"))
    expect(held).to_have_class(re.compile(r"\bmark-held\b"))


# A node's words without those of the parts that match a selector: what the
# eye reads (without .said) or a screen reader hears (without aria-hidden).
WITHOUT = "(n, parts) => { const c = n.cloneNode(true); c.querySelectorAll(parts).forEach(p => p.remove()); return c.textContent; }"
# A way, as words say it: east, West, eastbound (a Division Point's name is a place's, not a way).
WAY = re.compile(r"\b(east|west)(bound)?\b(?! Division Point)", re.IGNORECASE)


def other_extras(no):
    """Another Extra named by its way, as a waiting train names it."""
    return re.compile(rf"\bExtra (?!{no}\b)\d+ (East|West)\b")


def test_an_extra_says_its_way_once(laptop, day):
    """An Extra wears its number and the arrow of its way ("◀ Extra 103"), and
    a screen reader hears the way once: not "Extra 103 West ◀ West"."""
    page = laptop
    extras = [t for t in day.snap["view"]["trains"] if t["kind"] == "extra" and t["status"] in ON_THE_LINE]
    assert extras
    for t in extras:
        no, way = t["no"], t["dir"]
        arrow = "◀" if way == "west" else "▶"
        node = page.locator(f'#sm-line .sm-train[data-train="{no}"]')
        expect(node.locator(".sm-train-name")).to_have_text(f"{arrow}Extra {no}, {way}bound,")
        seen = node.evaluate(WITHOUT, ".said")
        assert not WAY.search(seen), seen
        # Another train named in its words ("it waits for ... Extra 101 West")
        # says that train's way, not this one's.
        name = other_extras(no).sub("another Extra", node.evaluate(WITHOUT, "[aria-hidden=true]"))
        assert [m.group(0).lower() for m in WAY.finditer(name)] == [f"{way}bound"], name
