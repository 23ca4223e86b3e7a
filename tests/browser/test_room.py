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
    expect(ada.page.get_by_role("button", name="Start the game")).to_be_disabled()

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
    ada.page.get_by_role("button", name="Start the game").click()

    for person in (ada, ben):
        expect(person.page.locator(".bar-code")).to_have_text(code)
        expect(person.page.locator("#plates li")).to_have_count(3)
        expect(person.page.locator("#hand")).to_contain_text("Your hand:")
    expect(ada.page.locator("#plates li.me")).to_contain_text("Ada")
    expect(ben.page.locator("#plates li.me")).to_contain_text("Ben")
    assert ada.errors == [] and ben.errors == []
