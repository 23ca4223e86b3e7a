"""A Euchre game's replay in a real browser: a hand's end is a sheet beside
the table, never a dialog that takes the keys, so the arrow keys alone step
through it; and every step has its line in words, naming the players when
the side watched isn't the watcher's own."""

import os
import re

from playwright.sync_api import expect

from tests.browser.test_replay_record import adas_page, played_to_the_end

# Words that speak to the reader or for their side: a line from someone else's side names everyone.
SECOND_OR_FIRST_PERSON = re.compile(r"\b(you|your|we|us|our)\b", re.IGNORECASE)


def replay_of(servers, people, seed, side=None):
    """Ada's browser on the replay of a seeded Euchre game that bots played to its end."""
    server = servers.start()
    walk = played_to_the_end(servers, server, "euchre", seed)
    page = adas_page(people, server, walk).page
    page.goto(f"/t/{walk.code}/replay" + (f"?side={side(walk)}" if side else ""))
    expect(page.locator("#board")).to_have_attribute("data-step", "0")
    return walk, page


def forward(page, step: int) -> int:
    """The right arrow, and the step after ``step`` drawn."""
    page.keyboard.press("ArrowRight")
    expect(page.locator("#board")).to_have_attribute("data-step", str(step + 1))
    return step + 1


# Forward through every step in the page itself, a step once the one before
# is drawn, and each step's lines as it lands: one call for the whole game
# (the arrow keys' own stepping is the test below's).
EVERY_STEPS_LINES = """async last => {
  const board = document.getElementById('board'), forward = document.getElementById('replay-forward');
  const drawn = n => new Promise(done => { const look = () => board.dataset.step === n ? done() : requestAnimationFrame(look); look(); });
  const every = [];
  for (let step = 1; step <= last; step++) {
    forward.click();
    await drawn(String(step));
    every.push([...document.querySelectorAll('#replay-lines li')].map(li => li.innerText));
  }
  return every;
}"""


def test_the_arrow_keys_alone_step_through_a_hand_s_end_with_its_sheet_beside_the_table(servers, people):
    walk, page = replay_of(servers, people, "replay-hand-end")
    table, sheet = page.locator("#eu"), page.locator("#hand-sheet")
    step = forward(page, 0)
    banner, stepped_back = page.locator("#eu-banner"), False
    while table.get_attribute("data-phase") != "scored":
        expect(sheet).to_be_hidden()
        if not stepped_back and banner.is_visible():
            # A step back puts the banner away: what it said may not have happened yet there.
            page.keyboard.press("ArrowLeft")
            put_away = page.wait_for_function(
                """n => document.getElementById('board').dataset.step === n
                       && { hidden: document.getElementById('eu-banner').hidden }""", arg=str(step - 1)).json_value()
            assert put_away["hidden"], "the banner stayed up over the step before"
            step, stepped_back = forward(page, step - 1), True
        step = forward(page, step)
    assert stepped_back, "a hand that was played had its call announced"
    expect(sheet).to_be_visible()
    expect(sheet.locator("h2")).to_have_text(re.compile(r"^Hand 1: "))
    expect(sheet.locator("#eu-hands tbody tr")).to_have_count(1)
    expect(sheet.locator("#eu-hands .call")).not_to_have_text("")
    expect(page.locator("dialog[open]")).to_have_count(0)
    expect(sheet.get_by_role("button")).to_have_count(0)  # (information, with nothing to press)
    expect(sheet).not_to_contain_text("Next hand")
    # Nor does the status line ask anyone to press it: a replay only shows the hand's end.
    expect(page.locator("#room-status")).to_contain_text(" called ")
    expect(page.locator("#room-status")).not_to_contain_text("Next hand")
    if os.environ.get("PARLOR_SHOTS"):
        for width, height in ((1280, 800), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            page.screenshot(path=f"{os.environ['PARLOR_SHOTS']}/euchre-replay-hand-end-{width}.png", full_page=True)
        page.set_viewport_size({"width": 1280, "height": 800})
    # On through the seats' "ready" to the next deal, the keys still the replay's.
    while table.get_attribute("data-phase") == "scored":
        step = forward(page, step)
    expect(sheet).to_be_hidden()
    expect(page.locator("#replay-where")).to_have_text(re.compile(rf"^Step {step} of "))
    assert page.evaluate("!document.activeElement || !document.activeElement.closest('dialog')")
    # At the end, the last hand's sheet lists every hand of the game, and fits its column.
    page.keyboard.press("End")
    expect(page.locator("#board")).to_have_attribute("data-status", "over")
    hands = int(re.search(r"after (\d+) hands", page.locator("#bar-round").inner_text()).group(1))
    expect(sheet.locator("#eu-hands tbody tr")).to_have_count(hands)
    assert sheet.evaluate("n => n.scrollWidth <= n.clientWidth")


def test_every_step_has_its_line_naming_the_players_from_another_seat_s_side(servers, people):
    walk, page = replay_of(servers, people, "replay-lines", side=lambda walk: (walk.seat + 1) % 4)
    watched = walk.snap["seats"][(walk.seat + 1) % 4]["name"]
    expect(page.locator("#replay-side")).to_contain_text(f"{watched}’s side")
    last = int(re.search(r"of (\d+)", page.locator("#replay-where").inner_text()).group(1))
    named, plays = set(), 0
    for step, lines in enumerate(page.evaluate(EVERY_STEPS_LINES, last)):
        assert lines and all(line.strip() for line in lines), (step + 1, lines)
        assert not [line for line in lines if SECOND_OR_FIRST_PERSON.search(line)], (step + 1, lines)
        plays += sum(" played the " in line for line in lines)
        named |= {s["name"] for s in walk.snap["seats"] if any(line.startswith(s["name"]) for line in lines)}
    assert plays >= 20 and named == {s["name"] for s in walk.snap["seats"]}
