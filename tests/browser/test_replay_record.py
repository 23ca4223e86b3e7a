"""A finished game's replay page in a real browser: its record downloads
from the page and replays to the same result with ``python -m tools.replay``
in a plain Python process, for every game; the people who played watch it
from each seat's side (that seat's hand, nobody else's) or with every hand
face up, and find its link to share; a stranger with that link watches as a
watcher would and can't choose another side. The games are played to their
end over the HTTP API, bots at every seat but Ada's, which a bot covers."""

import re
import subprocess
import sys
import time

import pytest
from playwright.sync_api import expect

from engine import play, registry
from engine import record as records
from tests.browser.accessibility import findings
from tests.browser.tables import Walk, bots_play, deal_and_play_to
from tests.live import ROOT

NOT_YOURS = ("Only the people who played this game may watch it from a seat's side or with every hand face up; "
             "this link shows it as a watcher at the table saw it.")


def played_to_the_end(servers, server, slug: str, seed: str) -> Walk:
    """Ada and bots at a table of ``slug``, dealt from ``seed``, played to
    its end by the bots (Ada's seat covered by one)."""
    walk = Walk(server, slug, level="easy")
    n, settings = len(walk.snap["seats"]), walk.snap["settings"]
    deal_and_play_to(servers, walk, seed, registry.get(slug).new(n, seed, time.time(), settings))
    status, body = walk.ada.post(f"/api/tables/{walk.code}/cover", {"seat": walk.seat, "level": "easy"})
    assert status == 200, body
    bots_play(servers, walk)
    walk.snap = walk.until(lambda s: s["status"] == "over")
    return walk


def adas_page(people, server, walk):
    """A browser that is Ada's (her session, and so her seat)."""
    ada = people(server.url)
    ada.context.add_cookies(walk.cookies())
    return ada


def download(page, link_name: str, to) -> bytes:
    with page.expect_download() as got:
        page.get_by_role("link", name=link_name).click()
    got.value.save_as(to)
    return to.read_bytes()


def without_tags(label: str) -> str:
    """A seat's name, without what the page or the tool adds to it ("(bot · Easy)")."""
    return re.sub(r" \([^)]*\)$", "", label.strip())


def the_tools_result(printed: str) -> list[tuple[int, str, str]]:
    """Each seat's place, name and score, as tools.replay prints them (after its two lines of heading)."""
    rows = []
    for line in printed.splitlines()[2:]:
        place, _seat, name, *score = re.split(r" {2,}", line)
        rows.append((int(place), without_tags(name), score[0] if score else ""))
    return sorted(rows)


@pytest.mark.parametrize("slug", ["euchre", "get-in-line", "line", "station-master"])
def test_the_record_downloaded_from_the_replay_page_replays_to_the_result_page_s_result(servers, people, tmp_path, slug):
    server = servers.start()
    walk = played_to_the_end(servers, server, slug, f"record-{slug}")
    ada = adas_page(people, server, walk)
    page = ada.page
    page.goto(f"/t/{walk.code}/replay")
    expect(page).to_have_url(re.compile(r"/replays/\d+$"))
    expect(page.locator("#board")).to_have_attribute("data-step", "0")
    saved = download(page, "Download the game’s record", tmp_path / "record.json")
    done = subprocess.run([sys.executable, "-m", "tools.replay", str(tmp_path / "record.json")], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    replayed = the_tools_result(done.stdout)

    page.get_by_role("link", name="The result").click()
    expect(page).to_have_url(re.compile(r"/accounts/results/\d+$"))
    shown = sorted((int(re.match(r"\d+", row.locator(".place").inner_text()).group()), without_tags(row.locator(".who").inner_text()),
                    row.locator(".score").inner_text() if row.locator(".score").count() else "")
                   for row in page.locator("#places li").all())
    assert replayed == shown and len(shown) == len(walk.snap["seats"])
    # The result page's link downloads the same record.
    assert download(page, "Download the game’s record", tmp_path / "again.json") == saved
    assert ada.errors == []


def hand_in(page) -> list[str]:
    """The cards in the plain table's "Your hand" (none when it shows no hand)."""
    hand = page.locator("#hand")
    return hand.inner_text().split(":", 1)[1].split() if hand.count() else []


def test_a_replay_watched_from_each_side_shows_that_sides_hand_and_face_up_every_hand(servers, people, tmp_path):
    server = servers.start()
    walk = played_to_the_end(servers, server, "high-card", "sides")
    ada = adas_page(people, server, walk)
    page = ada.page
    page.goto(f"/t/{walk.code}/replay")
    expect(page.locator("#board")).to_have_attribute("data-step", "0")
    rec = records.read(download(page, "Download the game’s record", tmp_path / "record.json"))
    game, names = rec.game, [s["name"] for s in rec.seats]
    step = 2
    state = play.replay(game, len(names), rec.seed, rec.settings, rec.moves[:step], rec.times)
    for _ in range(step):
        page.keyboard.press("ArrowRight")
    expect(page.locator("#board")).to_have_attribute("data-step", str(step))
    expect(page.locator("#replay-side")).to_contain_text("your own seat, Ada")
    assert hand_in(page) == sorted(state["hands"][0])

    pick = page.get_by_label("Watch from")
    for seat, name in enumerate(names):
        pick.select_option(str(seat))
        expect(page).to_have_url(re.compile(rf"\?side={seat}$"))
        expect(page.locator(f'#plates .plate.watched[data-seat="{seat}"]')).to_have_count(1)
        expect(page.locator("#board")).to_have_attribute("data-step", str(step))
        assert hand_in(page) == sorted(state["hands"][seat]), name  # that seat's cards, nobody else's
        expect(page.locator("#replay-hands li")).to_have_count(0)
        for other in range(len(names)):
            if other != seat:
                assert not set(state["hands"][other]) & set(page.locator("#board").inner_text().split()), (name, other)
        if seat:
            expect(page.locator("#replay-side")).to_contain_text(f"from {name}’s side")

    pick.select_option(label="Every hand face up")
    expect(page).to_have_url(re.compile(r"\?side=all$"))
    hands = page.locator("#replay-hands li")
    expect(hands).to_have_count(len(names))
    for seat, name in enumerate(names):
        row = hands.nth(seat)
        expect(row.locator(".plate-name")).to_have_text(name)
        assert row.locator(".card").evaluate_all("cards => cards.map(c => c.dataset.card)") == sorted(state["hands"][seat])
    expect(page.locator("#hand")).to_have_count(0)  # the table itself shows what a watcher saw
    assert findings(page, "a replay, every hand face up") == []
    # Stepping on keeps the side: the hands as the next move left them.
    page.keyboard.press("ArrowRight")
    expect(page.locator("#board")).to_have_attribute("data-step", str(step + 1))
    after = play.replay(game, len(names), rec.seed, rec.settings, rec.moves[:step + 1], rec.times)
    mover = rec.moves[step][0]
    expect(hands.nth(mover).locator(".card")).to_have_count(len(after["hands"][mover]))

    # The link in the address opens on the side it names.
    page.reload()
    expect(page.get_by_label("Watch from")).to_have_value("all")
    expect(page.locator("#replay-hands li")).to_have_count(len(names))

    # The replay's link to share: a stranger following it watches as a watcher, and no more.
    shared = page.locator("#replay-share-link").input_value()
    assert re.fullmatch(rf"{re.escape(server.url)}/replays/shared/[\w-]+", shared)
    bea = people(server.url)
    bea.page.goto(shared)
    expect(bea.page.locator("#board")).to_have_attribute("data-step", "0")
    expect(bea.page.locator("#replay-side")).to_contain_text("as a watcher at the table would")
    expect(bea.page.get_by_label("Watch from")).to_have_count(0)
    expect(bea.page.get_by_role("link", name="Download the game’s record")).to_have_count(0)
    expect(bea.page.locator("#replay-share-link")).to_have_count(0)
    expect(bea.page.locator("#hand")).to_have_count(0)
    for side in ("1", "all"):
        answer = bea.page.goto(f"{shared}?side={side}")
        assert answer.status == 403
        expect(bea.page.locator("#refused")).to_have_text(NOT_YOURS)
    assert ada.errors == [] and [e for e in bea.errors if "403" not in e] == []
