"""Station Master in a real browser, played as a person plays it: picking
cars in the Small Yard and a move in the dock, taking the Draw option and
laying a card on the Division, ending the turn; a whole Solitaire day to
the result sheet; two people at a Co-op table seeing each other's moves
live, the just-drawn badge for the drawer alone (on the page and in every
socket frame); the phone and desktop layouts; and no rule section number
anywhere a player reads."""

import json
import re

from playwright.sync_api import expect

from tests.browser.test_generic import new_table

SHEET = "#result-dialog[open]"
MY_TURN = '#sm[data-my-turn="true"]'
SECTION_NUMBER = re.compile(r"§|\b\d+\.\d+\b")


def open_table(page, code, preset):
    page.goto(f"/t/{code}")
    page.get_by_label("Preset", exact=True).select_option(preset)
    expect(page.get_by_label("Preset", exact=True)).to_have_value(preset)


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


def press(page, button):
    """Press a move and wait for the table to answer it."""
    before = seq(page)
    button.click()
    page.locator(f'#sm:not([data-seq="{before}"]), #room-status.error').first.wait_for()


def take_a_turn(page, counts):
    """One move as a person makes it: ship cars a standing train can take,
    switch cars off the house track, take the Draw option and close it, or
    end the turn."""
    dock = page.locator("#sm-moves")
    if page.locator('#sm[data-phase="lay"]').count():
        lay = page.locator("#sm-hand .sm-ho.track")
        if lay.count() and not counts.get("laid"):
            lay.first.click()
            target = page.locator(".sm-target[data-move=lay]")
            if target.count():
                press(page, target.first)
                counts["laid"] = counts.get("laid", 0) + 1
                return
            page.locator("#sm-put-down").click()
        press(page, dock.locator("[data-move=keep]"))
        return
    for track in ("west", "east"):
        cars = page.locator(f"#sm-desk-body .sm-car[data-track={track}]")
        if cars.count():
            cars.first.click()
            for kind in ("couple", "extra"):
                move = dock.locator(f"[data-move={kind}]")
                if move.count():
                    counts[kind] = counts.get(kind, 0) + 1
                    press(page, move.first)
                    return
            page.locator("#sm-put-down").click()
    house = page.locator("#sm-desk-body .sm-car[data-track=house]")
    if house.count():
        house.first.click()
        switch = dock.locator("[data-move=switch]")
        if switch.count():
            counts["switch"] = counts.get("switch", 0) + 1
            press(page, switch.first)
            return
        page.locator("#sm-put-down").click()
    draw = dock.locator("[data-move=draw]")
    if draw.count() and counts.get("draw", 0) < 3:
        counts["draw"] = counts.get("draw", 0) + 1
        press(page, draw)
        return
    press(page, dock.locator("[data-move=done]"))


def play_the_day(page, most=2000):
    counts = {}
    for _ in range(most):
        page.locator(f"{MY_TURN}, {SHEET}").first.wait_for()
        if page.locator(SHEET).count():
            return counts
        take_a_turn(page, counts)
    raise AssertionError(f"the day didn't end within {most} moves")


def test_a_solitaire_day_through_the_page_to_the_result_sheet(servers, people):
    server = servers.start()
    ada = people(server.url)
    page = ada.page
    code = new_table(page, "station-master")
    open_table(page, code, "solitaire")
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
    counts = play_the_day(page)
    assert counts.get("switch") and counts.get("couple"), counts
    sheet = page.locator(SHEET)
    expect(sheet.locator(".result-line")).to_have_text(re.compile(r"^(Won|Lost): \d+ points against a goal of 186, \d+ (over|short)\.$"))
    expect(sheet.locator("#sm-result-goal")).to_contain_text("The day’s goal: 186 points.")
    expect(sheet.get_by_role("button", name="Share result")).to_be_visible()
    expect(sheet.get_by_role("button", name="Play again")).to_be_visible()
    assert not SECTION_NUMBER.search(sheet.inner_text())
    assert ada.errors == []
