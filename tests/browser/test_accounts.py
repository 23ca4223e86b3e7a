"""A player in a real browser: signs up, plays a game against bots to the
end, sees their rating line on the result sheet, and finds the game in their
profile's history, linking back to its result."""

import re

from playwright.sync_api import expect

LINE = re.compile(r"^[+−]\d+\.\d → \d+ ± \d+$")


def test_sign_up_play_against_bots_see_the_rating_line_and_the_game_in_the_history(servers, people):
    server = servers.start()
    ada = people(server.url)
    page = ada.page
    page.goto("/")
    expect(page.locator("#who-note")).to_contain_text("Playing as a guest")
    page.locator(".account-nav").get_by_role("link", name="Sign up").click()
    expect(page).to_have_url(re.compile(r"/accounts/signup$"))
    page.get_by_label("Username").fill("ada")
    page.get_by_label("Password", exact=True).fill("a-long-password")
    page.get_by_label("Password again").fill("a-long-password")
    page.get_by_role("button", name="Sign up").click()

    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.locator(".account-nav")).to_contain_text("Your profile (ada)")
    expect(page.locator("#who-note")).to_contain_text("Signed in as ada")
    expect(page.get_by_label("Your name at the table")).to_have_value("ada")
    page.get_by_role("button", name="Start a High Card table").click()
    expect(page).to_have_url(re.compile(r"/t/[A-Z]{5}$"))
    code = page.locator("#table-code").inner_text()
    page.get_by_role("button", name="Fill with bots").click()
    page.get_by_role("button", name="Start the game").click()

    sheet = page.locator("#result-dialog")
    board = page.locator("#board")
    for _ in range(50):
        move = page.locator("#moves button").first
        move.or_(sheet.locator("#places")).first.wait_for()
        if sheet.is_visible():
            break
        seq = board.get_attribute("data-seq")
        move.click()
        page.locator(f'#board:not([data-seq="{seq}"])').wait_for()
    expect(sheet.locator("#places li")).to_have_count(2)
    mine = sheet.locator("#places li", has_text="ada (you)").locator(".rating-change")
    expect(mine).to_have_text(LINE)
    line = mine.inner_text().strip()
    expect(sheet.locator(".rating-change")).to_have_count(1)  # the bot isn't rated

    page.goto("/")
    page.locator(".account-nav").get_by_role("link", name="Your profile (ada)").click()
    expect(page).to_have_url(re.compile(r"/accounts/players/ada$"))
    expect(page.locator("#ratings tbody tr")).to_have_count(1)
    expect(page.locator("#ratings")).to_contain_text("High Card")
    expect(page.locator("#ratings")).to_contain_text(re.compile(r"\d+ ± \d+"))
    row = page.locator("#history tbody tr")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("High Card")
    expect(row).to_contain_text(code)
    expect(row.locator("td.change")).to_have_text(line)
    expect(row.get_by_role("link", name="Watch the replay")).to_be_visible()
    row.locator("td a:not(.replay-link)").last.click()  # the result, back at the table
    expect(page).to_have_url(re.compile(rf"/t/{code}$"))
    expect(page.locator("#result-dialog #places .rating-change")).to_have_text(line)
    assert ada.errors == []


def test_a_signed_in_host_saves_house_rules_and_the_next_table_starts_from_them(servers, people):
    server = servers.start()
    page = people(server.url).page
    page.goto("/accounts/signup")
    page.get_by_label("Username").fill("basil")
    page.get_by_label("Password", exact=True).fill("a-long-password")
    page.get_by_label("Password again").fill("a-long-password")
    page.get_by_role("button", name="Sign up").click()
    expect(page.locator("#who-note")).to_contain_text("Signed in as basil")
    page.get_by_role("button", name="Start a Euchre table").click()
    expect(page.locator("#setting-canadian")).to_have_value("off")
    page.locator("#setting-canadian").select_option("on")
    page.reload()  # the table's settings as the server holds them
    expect(page.locator("#setting-canadian")).to_have_value("on")
    page.get_by_role("button", name="Save as my house rules").click()
    expect(page.locator("#house-rules-note")).to_contain_text("These are your house rules")

    page.goto("/")
    page.get_by_role("button", name="Start a Euchre table").click()
    expect(page.locator("#setting-canadian")).to_have_value("on")
    expect(page.locator("#house-rules-note")).to_contain_text("These are your house rules")


def test_a_player_who_forgot_their_password_sets_a_new_one_from_the_mailed_link(servers, people):
    """The mail goes to the server's console when no SMTP server is named:
    the test reads the link from there, as a family's keeper would."""
    server = servers.start()
    page = people(server.url).page
    page.goto("/accounts/signup")
    page.get_by_label("Username").fill("cleo")
    page.get_by_label("Password", exact=True).fill("a-long-password")
    page.get_by_label("Password again").fill("a-long-password")
    page.get_by_label("E-mail (optional)").fill("cleo@example.org")
    page.get_by_role("button", name="Sign up").click()
    expect(page.locator("#who-note")).to_contain_text("Signed in as cleo")
    page.locator(".account-nav").get_by_role("button", name="Sign out").click()

    page.goto("/accounts/signin")
    page.get_by_role("link", name="Forgot your password?").click()
    page.get_by_label("E-mail").fill("cleo@example.org")
    page.get_by_role("button", name="Send me a link").click()
    expect(page.locator("#sent")).to_contain_text("a mail is on its way")
    link = None
    for _ in range(100):
        found = re.search(r"http://127\.0\.0\.1:\d+/accounts/password-reset/\S+", open(server.log.name).read())
        if found:
            link = found.group(0)
            break
        page.wait_for_timeout(100)
    assert link, "no reset mail on the server's console"
    page.goto(link)
    expect(page.get_by_role("heading", name="Set a new password")).to_be_visible()
    page.get_by_label("New password", exact=True).fill("cleo")
    page.get_by_label("New password again").fill("cleo")
    page.get_by_role("button", name="Set my password").click()
    expect(page.locator(".errors")).to_contain_text("too short")
    page.get_by_label("New password", exact=True).fill("another-long-password")
    page.get_by_label("New password again").fill("another-long-password")
    page.get_by_role("button", name="Set my password").click()
    expect(page.locator("#done")).to_contain_text("Sign in with your new password")
    page.get_by_role("link", name="Sign in").last.click()
    page.get_by_label("Username").fill("cleo")
    page.get_by_label("Password").fill("another-long-password")
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator("#who-note")).to_contain_text("Signed in as cleo")
