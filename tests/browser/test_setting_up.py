"""Setting up a table as a family does it, before anyone takes a turn: a
preset picked on the lobby card carries into the waiting room, Custom asks
its questions one by one, a table of one is offered Solitaire in a
sentence, How to play can be read from the lobby card and the waiting room,
and the start of the game is announced, with the code and preset in the bar.
Station Master is the game with presets; everything tested is the room
kit's, around Station Master's own table."""

import re

from playwright.sync_api import expect

from tests.browser.tables import new_table


def lobby(person):
    page = person.page
    page.goto("/")
    page.get_by_label("Your name at the table").fill("Ada")
    return page


def card(page, slug):
    return page.locator(f'.game-card[data-game="{slug}"]')


def settings(page, slug):
    """A lobby card with its Settings opened, as a person opens them to pick."""
    shown = card(page, slug)
    shown.locator("summary", has_text="Settings").click()
    return shown


def start_from_card(page, slug, title):
    card(page, slug).get_by_role("button", name=f"Start a {title} table").click()
    expect(page).to_have_url(re.compile(r"/t/[A-Z]{5}$"))
    return page.locator("#table-code").inner_text()


def test_solitaire_chosen_in_the_lobby_is_the_waiting_rooms_and_the_start_says_so(servers, people):
    server = servers.start()
    ada = people(server.url)
    page = lobby(ada)
    sm = settings(page, "station-master")
    expect(sm.locator(".counts")).to_have_text("1–4 players · bots fill empty seats")
    sm.get_by_label("Preset", exact=True).select_option("solitaire")
    expect(sm).to_contain_text("One player against the clock")
    code = start_from_card(page, "station-master", "Station Master")

    expect(page.get_by_label("Preset", exact=True)).to_have_value("solitaire")
    expect(page.locator("#setting-seats")).to_have_text("One: a single player")
    expect(page.locator("#start-problem")).to_have_count(0)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#opening-text")).to_have_text("Solitaire: Ada (you) runs Ashford and is Superintendent for the first Stage.")
    expect(page.locator(".bar-code")).to_have_text(code)
    expect(page.locator("#bar-preset")).to_have_text("Solitaire")
    # Station Master's own table, with How to play open by itself on this first visit.
    expect(page.locator("#sm .sm-office.mine")).to_contain_text("Ashford")
    expect(page.locator("#rules-dialog")).to_be_visible()
    expect(page.locator("#rules-dialog")).to_contain_text("Your Office and its Small Yard")
    assert ada.errors == []


def test_a_one_seat_co_op_table_says_so_and_offers_solitaire(servers, people):
    server = servers.start()
    ada = people(server.url)
    page = lobby(ada)
    settings(page, "station-master").get_by_label("Preset", exact=True).select_option("co-op")
    start_from_card(page, "station-master", "Station Master")
    expect(page.get_by_label("Preset", exact=True)).to_have_value("co-op")
    expect(page.locator("#start-problem")).to_have_text("Co-op needs two to four Offices: add a bot, or choose Solitaire to play alone.")
    # Start can go as it is, a bot taking the empty seat; or Solitaire, for one.
    expect(page.locator("#start")).to_have_text("Start the game — a bot takes the empty seat")
    expect(page.locator("#preset-offer button")).to_have_text(["Play Solitaire"])
    # Custom answers "two to four" until asked otherwise: Solitaire is offered there too.
    page.get_by_label("Preset", exact=True).select_option("custom")
    expect(page.locator("#start-problem")).to_have_text("Custom needs two to four Offices: add a bot, or choose Solitaire to play alone.")
    page.locator("#preset-offer").get_by_role("button", name="Play Solitaire").click()
    expect(page.get_by_label("Preset", exact=True)).to_have_value("solitaire")
    expect(page.locator("#start-problem")).to_have_count(0)
    expect(page.locator("#preset-offer")).to_have_count(0)
    expect(page.locator("#start")).to_have_text("Start the game")
    expect(page.get_by_role("button", name="Start the game")).to_be_enabled()
    assert ada.errors == []


def test_a_guest_reads_each_of_the_presets_answers_and_what_the_preset_does_once(servers, people):
    server = servers.start()
    ada, ben = people(server.url), people(server.url)
    code = new_table(ada.page, "station-master")
    page = ben.page
    page.goto(f"/t/{code}")
    expect(page.locator("#take-seat")).to_be_visible()
    settings = page.locator("#settings-list")
    expect(settings.locator("#setting-preset")).to_have_text("Competitive")
    expect(settings.locator("#setting-scoring")).to_have_text(re.compile(r"^Each Office for itself"))
    expect(settings.get_by_text("Each preset answers the questions below")).to_have_count(1)
    expect(settings.locator("small")).to_have_count(3)  # the preset's blurb and note, and Bot speed's
    assert ada.errors == [] and ben.errors == []


def test_custom_asks_its_questions_one_by_one_and_the_answers_carry_over(servers, people):
    server = servers.start()
    ada = people(server.url, width=390, height=844)
    page = lobby(ada)
    sm = card(page, "station-master")
    # Opened and picked in one go, before the browser tells the page the
    # settings opened: the pick's redraw keeps them open.
    sm.locator("summary", has_text="Settings").evaluate("""summary => {
        summary.click();
        const preset = summary.parentElement.querySelector('[aria-label="Preset"]');
        preset.value = 'custom';
        preset.dispatchEvent(new Event('change'));
    }""")
    expect(sm.locator("#station-master-custom-step")).to_have_text("Question 1 of 5")
    expect(sm.get_by_label("Who scores?")).to_be_visible()
    # The questions fit the card on a phone: nothing runs off the side.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    expect(sm.get_by_label("How long is the day?")).to_have_count(0)  # one at a time
    sm.get_by_label("Who scores?").select_option("together")
    sm.get_by_role("button", name="Next question").click()
    expect(sm.locator("#station-master-custom-step")).to_have_text("Question 2 of 5")
    expect(sm.locator("#station-master-answer-scoring")).to_have_text("The table together, against the day's goal")
    sm.get_by_role("button", name="Next question").click()
    sm.get_by_label("How long is the day?").select_option("short")
    start_from_card(page, "station-master", "Station Master")

    expect(page.get_by_label("Preset", exact=True)).to_have_value("custom")
    expect(page.locator("#custom-step")).to_have_text("Question 1 of 5")
    expect(page.get_by_label("Who scores?")).to_have_value("together")
    expect(page.locator("#answer-day")).to_have_text("Short: four Stages fewer")
    page.get_by_role("button", name="Add a bot").click()
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#bar-preset")).to_have_text("Custom")
    expect(page.locator("#opening-text")).to_have_text(re.compile(
        r"^Custom: Ada \(you\) holds Ashford and \w+ holds Birch Creek\. (Ada \(you\)|\w+) is Superintendent for the first Stage\.$"))
    assert ada.errors == []


def test_how_to_play_opens_from_a_lobby_card_and_from_the_waiting_room_and_is_not_shown_twice(servers, people):
    server = servers.start()
    ada = people(server.url)
    page = lobby(ada)
    card(page, "line").get_by_role("button", name="How to play Line").click()
    rules = page.locator("#rules-dialog")
    expect(rules).to_be_visible()
    expect(rules).to_contain_text("Everyone builds one shared 4 by 4 grid")
    expect(rules.get_by_role("heading", level=2)).to_have_text("How to play Line")
    rules.get_by_role("button", name="Close").click()
    expect(rules).to_be_hidden()

    start_from_card(page, "euchre", "Euchre")
    page.get_by_role("button", name="How to play").click()
    waiting = page.locator("#waiting-rules-dialog")
    expect(waiting).to_be_visible()
    expect(waiting).to_contain_text("left bower")
    waiting.get_by_role("button", name="Close").click()
    page.get_by_role("button", name="Fill with bots").click()
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#board")).to_have_attribute("data-status", "playing")
    # Read in the waiting room, so the table doesn't open it again by itself.
    expect(page.locator("#opening-text")).to_contain_text("Euchre begins.")
    expect(page.locator("#rules-dialog")).to_be_hidden()
    expect(page.locator("#bar-preset")).to_have_count(0)  # Euchre has no presets
    assert ada.errors == []


def test_station_masters_how_to_play_read_on_its_lobby_card_is_not_opened_again_at_the_table(servers, people):
    server = servers.start()
    ada = people(server.url)
    page = lobby(ada)
    card(page, "station-master").get_by_role("button", name="How to play Station Master").click()
    rules = page.locator("#rules-dialog")
    expect(rules).to_be_visible()
    expect(rules).to_contain_text("An Extra belongs to the player who played it")
    rules.get_by_role("button", name="Close").click()
    settings(page, "station-master").get_by_label("Preset", exact=True).select_option("solitaire")
    start_from_card(page, "station-master", "Station Master")
    page.get_by_role("button", name="How to play").click()
    expect(page.locator("#waiting-rules-dialog")).to_contain_text("Your Office and its Small Yard")
    page.locator("#waiting-rules-dialog").get_by_role("button", name="Close").click()
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#sm")).to_be_visible()
    expect(page.locator("#opening-text")).to_contain_text("Solitaire")
    expect(page.locator("#rules-dialog")).to_be_hidden()
    # At the table it is still there to read.
    page.locator("#open-rules").click()
    expect(page.locator("#rules-dialog")).to_contain_text("Your Office and its Small Yard")
    assert ada.errors == []
