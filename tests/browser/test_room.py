"""The lobby, the waiting room and the table in a real browser: one person
starts a table, another joins by its code, the host adds a bot and starts,
and both see the table. (Playing a whole game on the plain table:
test_generic.py.)"""

import re

from playwright.sync_api import expect


def test_a_host_and_a_guest_sit_down_add_a_bot_and_both_see_the_table(servers, people):
    server = servers.start()
    ada = people(server.url)
    ada.page.goto("/")
    ada.page.get_by_label("Your name at the table").fill("Ada")
    ada.page.get_by_role("button", name="Start a High Card table").click()
    expect(ada.page).to_have_url(re.compile(r"/t/[A-Z]{5}$"))
    code = ada.page.locator("#table-code").inner_text()
    expect(ada.page.locator("#seats li")).to_have_count(1)
    expect(ada.page.locator("#start-problem")).to_have_text("High Card needs 2, 3 or 4 seats: add a bot or remove a seat.")
    # Bots fill empty seats, as the lobby promises: Start says it seats one.
    expect(ada.page.locator("#start")).to_have_text("Start the game — a bot takes the empty seat")
    expect(ada.page.locator("#start")).to_be_enabled()

    ben = people(server.url, width=390, height=844)
    ben.page.goto("/")
    ben.page.get_by_label("Your name at the table").fill("Ben")
    ben.page.get_by_label("Table code").fill(code.lower())
    ben.page.get_by_role("button", name="Join").click()
    expect(ben.page.locator("#seats li")).to_have_count(2)
    expect(ben.page.get_by_text("Waiting for the host to start the game.")).to_be_visible()

    expect(ada.page.locator("#seats li")).to_have_count(2)
    ada.page.get_by_role("button", name="Add a bot").click()
    expect(ada.page.locator("#seats li")).to_have_count(3)
    expect(ada.page.locator("#start-problem")).to_have_count(0)
    expect(ada.page.locator("#start")).to_have_text("Start the game")
    ada.page.get_by_role("button", name="Start the game").click()

    for person in (ada, ben):
        expect(person.page.locator(".bar-code")).to_have_text(code)
        expect(person.page.locator("#plates li")).to_have_count(3)
        expect(person.page.locator("#hand")).to_contain_text("Your hand:")
    expect(ada.page.locator("#plates li.me")).to_contain_text("Ada")
    expect(ben.page.locator("#plates li.me")).to_contain_text("Ben")
    assert ada.errors == [] and ben.errors == []


def test_a_guest_typing_in_the_waiting_room_keeps_their_text_and_focus_while_the_host_adds_a_bot(servers, people):
    """The waiting room is updated in place: a change pushed by someone else
    (the host adding a bot) leaves a guest's half-typed name, and their
    keyboard focus, where they were."""
    server = servers.start()
    ada = people(server.url)
    ada.page.goto("/")
    ada.page.get_by_label("Your name at the table").fill("Ada")
    ada.page.get_by_role("button", name="Start a High Card table").click()
    expect(ada.page).to_have_url(re.compile(r"/t/[A-Z]{5}$"))
    code = ada.page.locator("#table-code").inner_text()

    gran = people(server.url, width=390, height=844)
    gran.page.goto(f"/t/{code}")
    field = gran.page.get_by_label("Your name", exact=True)
    field.click()
    field.press_sequentially("Gra")

    ada.page.get_by_role("button", name="Add a bot").click()
    expect(gran.page.locator("#seats li")).to_have_count(2)
    expect(field).to_have_value("Gra")
    expect(field).to_be_focused()
    gran.page.keyboard.type("n")  # she goes on typing where she was
    expect(field).to_have_value("Gran")

    ada.page.get_by_role("button", name="Add a bot").click()
    expect(gran.page.locator("#seats li")).to_have_count(3)
    expect(field).to_have_value("Gran")
    expect(field).to_be_focused()
    gran.page.keyboard.press("Enter")
    expect(gran.page.locator("#seats li")).to_have_count(4)
    expect(gran.page.locator("#seats li").nth(3)).to_contain_text("Gran")
    expect(ada.page.locator("#seats li")).to_have_count(4)
    assert ada.errors == [] and gran.errors == []


def test_the_host_goes_from_fill_with_bots_to_start_by_keyboard(servers, people):
    """Fill with bots can't be pressed again once every seat is full, so the
    focus moves on to the next control, Start the game: one Enter starts.
    Where seats are left, the focus stays on the button pressed."""
    server = servers.start()
    ada = people(server.url)
    ada.page.goto("/")
    ada.page.get_by_label("Your name at the table").fill("Ada")
    ada.page.get_by_role("button", name="Start a High Card table").click()
    add = ada.page.get_by_role("button", name="Add a bot")
    add.focus()
    ada.page.keyboard.press("Enter")
    expect(ada.page.locator("#seats li")).to_have_count(2)
    expect(add).to_be_focused()
    ada.page.goto("/")
    ada.page.get_by_role("button", name="Start a Euchre table").click()
    fill = ada.page.get_by_role("button", name="Fill with bots")
    fill.focus()
    ada.page.keyboard.press("Enter")
    expect(ada.page.locator("#seats li")).to_have_count(4)
    start = ada.page.get_by_role("button", name="Start the game")
    expect(start).to_be_focused()
    ada.page.keyboard.press("Enter")
    expect(ada.page.locator("#board")).to_have_attribute("data-status", "playing")
    assert ada.errors == []
