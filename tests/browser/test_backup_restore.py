"""A backup taken while a person plays, restored on a site of its own (a
fresh folder, as on another machine): the person opens their table there,
finds it as it stood at the backup, still in their seat, and plays the game
to its end."""

from playwright.sync_api import expect

from tests.browser.turns import play_the_first_move_offered, play_the_first_move_offered_to_the_end, start_high_card_against_a_bot
from tests.live import Servers, manage


def test_a_game_backed_up_mid_play_is_finished_on_the_site_restored_from_it(servers, people, tmp_path_factory):
    server = servers.start()
    ada = people(server.url)
    page = ada.page
    start_high_card_against_a_bot(page)
    table = page.url
    assert play_the_first_move_offered(page) and play_the_first_move_offered(page)
    # Ada's turn again: the table waits for her, so this is how it stands at the backup.
    page.locator("#moves button").first.wait_for()
    hand, seq = page.locator("#hand").text_content(), page.locator("#board").get_attribute("data-seq")
    assert len(hand.removeprefix("Your hand: ").split()) == 1, hand  # two of her three cards played

    backup = tmp_path_factory.mktemp("backups") / "mid-game.sqlite3"
    taken = manage(servers.env, "backup", str(backup))
    assert taken.returncode == 0, taken.stderr
    assert taken.stdout.strip() == f"Backed up the site to {backup}."
    # A move after the backup, which the restored site never saw.
    assert play_the_first_move_offered(page)
    expect(page.locator("#hand")).not_to_have_text(hand)

    fresh = Servers(tmp_path_factory.mktemp("fresh"))
    try:
        restored = manage(fresh.env, "restore", str(backup))
        assert restored.returncode == 0, restored.stderr
        assert restored.stdout.startswith(f"Restored the site from {backup}.")
        there = fresh.start()
        page.goto(there.url + table.removeprefix(server.url))
        expect(page.locator("#hand")).to_have_text(hand)
        expect(page.locator("#board")).to_have_attribute("data-seq", seq)
        expect(page.locator("#moves button").first).to_be_visible()  # still her seat, and her turn
        sheet = play_the_first_move_offered_to_the_end(page, 20)
        expect(sheet.locator("#places li")).to_have_count(2)
    finally:
        fresh.stop_all()
    assert ada.errors == []
