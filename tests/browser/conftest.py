"""Playwright driving Debian's chromium (its own browser download does not
work here): one browser per test session, a fresh context per person."""

import json
import os
import shutil

import pytest
from playwright.sync_api import expect, sync_playwright

CHROMIUM = os.environ.get("PARLOR_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def browser():
    """One browser a file. Playwright's synchronous API leaves its event loop
    marked as running in this thread, which Django takes for async code and
    refuses its database calls in: the tests' own calls are plain synchronous
    ones, so Django is told so while the browser is open, and the browser is
    closed at the file's end, so the files after it (on the same test worker)
    run as they would alone."""
    with sync_playwright() as p, pytest.MonkeyPatch.context() as patch:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        launched = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


class Person:
    """One person at their own browser: a context, a page, and every console
    error the page printed."""

    def __init__(self, browser, base_url, width=1280, height=800):
        self.context = browser.new_context(base_url=base_url, viewport={"width": width, "height": height})
        self.page = self.context.new_page()
        self.page.set_default_timeout(20000)
        self.errors = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def close(self):
        self.context.close()


# Counts every time a cue starts playing (the kit marks #board data-motion="moving").
RECORD_MOTION = """
window.cuesPlayed = 0;
new MutationObserver(records => {
  for (const r of records) if (r.target.id === 'board' && r.target.dataset.motion === 'moving') window.cuesPlayed += 1;
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-motion'] });
"""

# Every line the kit's live region reads, in order (the region keeps only its last few).
RECORD_SAID = """
window.said = [];
new MutationObserver(records => {
  for (const r of records) for (const n of r.addedNodes) if (n.nodeName === 'P' && r.target.id === 'announce') window.said.push(n.textContent);
}).observe(document, { subtree: true, childList: true });
"""


# Each banner the kit shows (Euchre's, Get In Line's, Line's bonus turn,
# Station Master's), looked at in every frame the page draws while it is up:
# its words; each box it takes on the page (scrolled or not, one place is
# one box); what it covers of what must stay in sight; and what is ever
# drawn over it (a card in flight, say). What it must not cover is judged
# by the rectangle it holds at rest, not where motion draws it now, so the
# check means the same with motion on or off: a card in play by the slot it
# lands in, your hand by its row.
RECORD_BANNERS = """
window.banners = [];
const KEPT = [
  '.eu-slot:has(.card)', '.eu-up:has(.card)', '.eu-plate',  // Euchre: the trick, the turned card, the players' names
  '#eu-score', '#eu-trump',                                 // and the panels a call is about
  '.gil .space', '.gil-team',                               // Get In Line: the board's spaces, the teams
  '#ln-grid',                                               // Line: the grid
  '#sm-hand', '#sm-moves', '#sm-desk-body', '#sm-tt',        // Station Master: your cards, moves and yard, the timetable
  '#hand', '#room-status',                                  // every table: your hand, the status line
].join(', ');
let showing = null;
const name = el => `${el.id || el.className} ${(el.getAttribute('aria-label') || el.textContent).trim().slice(0, 30)}`;
const look = () => {
  requestAnimationFrame(look);
  const b = document.querySelector('.eu-banner:not([hidden]), .gil-banner:not([hidden]), .ln-banner:not([hidden]), .sm-banner:not([hidden])');
  if (!b || !b.checkVisibility()) { showing = null; return; }
  if (!showing || showing.text !== b.textContent) {
    showing = { text: b.textContent, covers: [], boxes: [], under: [] };
    window.banners.push(showing);
  }
  // Under a modal dialog (the result sheet) no part of the table is in sight, so nothing there is covered.
  if (document.querySelector('dialog:modal')) return;
  const r = b.getBoundingClientRect();
  const box = [r.left + scrollX, r.top + scrollY, r.width, r.height].map(Math.round).join(',');
  if (!showing.boxes.includes(box)) showing.boxes.push(box);
  for (const el of document.querySelectorAll(KEPT)) {
    const c = el.getBoundingClientRect();
    if (!c.width || !c.height || r.left >= c.right || r.right <= c.left || r.top >= c.bottom || r.bottom <= c.top) continue;
    if (!showing.covers.includes(name(el))) showing.covers.push(name(el));
  }
  // Its middle and near its corners, where they are on screen: the banner, or something drawn over it?
  for (const [x, y] of [[.5, .5], [.1, .2], [.9, .2], [.1, .8], [.9, .8]].map(([fx, fy]) => [r.left + fx * r.width, r.top + fy * r.height])) {
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    const hit = drawnAt(x, y);
    if (hit && !b.contains(hit) && !showing.under.includes(name(hit))) showing.under.push(name(hit));
  }
};
// What the eye sees on top at a point: everything is made to take the point
// for the look, the banner and the ghosts of cards in flight too, which let taps through.
window.drawnAt = (x, y) => {
  if (!document.getElementById('probing')) {
    const style = Object.assign(document.createElement('style'), { id: 'probing' });
    style.textContent = 'html.probing * { pointer-events: auto !important; }';
    document.head.append(style);
  }
  document.documentElement.classList.add('probing');
  const hit = document.elementFromPoint(x, y);
  document.documentElement.classList.remove('probing');
  return hit;
};
requestAnimationFrame(look);
"""


def pushed_by_banners(*selectors: str) -> str:
    """An init script: as each banner shows, how far it moves each of these
    elements down the page (their tops with it, against without it), listed
    in `window.pushed` with the banner's words."""
    return """
window.pushed = [];
new MutationObserver(records => {
  const b = records.map(r => r.target).find(t => t.matches('#eu-banner, #gil-banner, #ln-banner, #sm-banner') && !t.hidden);
  if (!b) return;
  const tops = () => SELECTORS.map(q => document.querySelector(q)).map(n => n && Math.round(n.getBoundingClientRect().top + scrollY));
  const [shown, scrolled, style] = [tops(), scrollY, b.style.display];
  b.style.display = 'none';
  const gone = tops();
  b.style.display = style;
  scrollTo(scrollX, scrolled);
  pushed.push({ text: b.textContent, by: shown.map((t, i) => t - gone[i]) });
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['hidden'] });
""".replace("SELECTORS", json.dumps(selectors))


# Is the box's middle the box itself (or something in it) to a person's
# tap, or does something else sit on top there?
ON_TOP = """node => { const r = node.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!hit && (hit === node || node.contains(hit)); }"""


def unseen(locator) -> str:
    """What keeps an element from being seen whole, where it stands, without
    scrolling: a part of it outside the window, or something on top of it
    ('' when nothing does)."""
    size = locator.page.viewport_size
    box = locator.bounding_box()
    if box is None:
        return "it is not shown"
    right, bottom = box["x"] + box["width"], box["y"] + box["height"]
    if box["x"] < 0 or box["y"] < 0 or right > size["width"] + 0.5 or bottom > size["height"] + 0.5:
        return f"it spans {box['x']:.0f}..{right:.0f} × {box['y']:.0f}..{bottom:.0f}px, outside the {size['width']}×{size['height']} window"
    if not locator.evaluate(ON_TOP):
        return "something sits on top of it"
    return ""


HIDE = """hidden => {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  document.dispatchEvent(new Event('visibilitychange'));
}"""


def ask_for_less_motion(page):
    """Options' Reduce motion, switched on mid-game as a person would: from
    then on moves land at once."""
    page.locator("#open-options").click()
    page.get_by_label("Reduce motion").check()
    page.get_by_role("dialog", name="Options").get_by_role("button", name="Close").click()
    expect(page.locator("html")).to_have_attribute("data-motion", "reduce")


@pytest.fixture
def people(browser):
    made = []

    def person(base_url, **size):
        p = Person(browser, base_url, **size)
        made.append(p)
        return p

    yield person
    for p in made:
        p.close()


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """One live server for the checks that only look (layout, axe-core):
    they share it, and each walks its own tables."""
    from tests.live import Servers

    pool = Servers(tmp_path_factory.mktemp("site"))
    yield pool.start()
    pool.stop_all()
