"""Players (accounts/): signing up, in and out with a username and password
(CSRF on every form), a guest who signs up keeping their tables, saved house
rules, each player's profile and history, the leaderboards, and the
read-only result page."""

import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from accounts.models import HouseRules
from ratings import tables as rating_tables
from ratings.models import Change, Rating
from tables.models import Result, Seat, Table
from tests.views import move_from
from web.api import CSRF_REFUSED

User = get_user_model()
PASSWORD = "a-long-password"


def post(client, path, body=None):
    response = client.post(path, json.dumps(body or {}), content_type="application/json")
    return response.status_code, response.json()


def snap_of(client, code):
    return client.get(f"/api/tables/{code}").json()


def signed_in(username):
    client = Client()
    client.user = User.objects.create_user(username, password=PASSWORD)
    client.force_login(client.user)
    return client


def new_table(client, name, game="high-card", **body):
    status, snap = post(client, "/api/tables", {"game": game, "name": name, **body})
    assert status == 201, snap
    return snap


def play_out(client, code):
    for _ in range(300):
        snap = snap_of(client, code)
        if snap["status"] == "over":
            return snap
        move = move_from(snap)
        status, body = post(client, f"/api/tables/{code}/move", {"seq": snap["seq"], "action": move})
        assert status == 200, body
    raise AssertionError("the game never ended")


def finished_game(client, name="Ada"):
    code = new_table(client, name)["code"]
    post(client, f"/api/tables/{code}/fill")
    post(client, f"/api/tables/{code}/start")
    return code, play_out(client, code)


# -- signing up, in and out ---------------------------------------------------------


@pytest.mark.django_db
def test_the_sign_up_form_asks_a_username_a_password_twice_and_an_optional_email_with_a_csrf_token():
    page = Client().get("/accounts/signup").content.decode()
    assert 'name="csrfmiddlewaretoken"' in page
    assert 'name="username"' in page and 'name="password1"' in page and 'name="password2"' in page
    assert 'name="email"' in page and "E-mail (optional)" in page and 'name="email" required' not in page


@pytest.mark.django_db
def test_signing_up_makes_a_player_and_signs_them_in():
    browser = Client()
    response = browser.post("/accounts/signup", {"username": "ada", "password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 302 and response["Location"] == "/"
    ada = User.objects.get(username="ada")
    assert not ada.email and ada.check_password(PASSWORD)
    assert browser.get("/").context["user"] == ada


@pytest.mark.django_db
def test_sign_up_refuses_a_taken_name_in_any_case_and_mismatched_passwords():
    User.objects.create_user("ada", password=PASSWORD)
    browser = Client()
    taken = browser.post("/accounts/signup", {"username": "ADA", "password1": PASSWORD, "password2": PASSWORD})
    assert taken.status_code == 200 and "already exists" in taken.content.decode()
    mismatched = browser.post("/accounts/signup", {"username": "ben", "password1": PASSWORD, "password2": PASSWORD + "x"})
    assert mismatched.status_code == 200 and not User.objects.filter(username="ben").exists()


@pytest.mark.django_db
@pytest.mark.parametrize("path, data", [
    ("/accounts/signup", {"username": "ada", "password1": PASSWORD, "password2": PASSWORD}),
    ("/accounts/signin", {"username": "ada", "password": PASSWORD}),
    ("/accounts/signout", {}),
])
def test_every_account_form_needs_its_csrf_token(path, data):
    User.objects.create_user("zed", password=PASSWORD)
    browser = Client(enforce_csrf_checks=True)
    refused = browser.post(path, data)
    assert refused.status_code == 403 and refused["Content-Type"].startswith("text/html")
    assert "CSRF verification failed" in refused.content.decode()  # Django's page, for a person at a form


@pytest.mark.django_db
def test_signing_in_and_out():
    User.objects.create_user("ada", password=PASSWORD)
    browser = Client()
    wrong = browser.post("/accounts/signin", {"username": "ada", "password": "nope"})
    assert wrong.status_code == 200 and "don't match" in wrong.content.decode()
    right = browser.post("/accounts/signin", {"username": "ada", "password": PASSWORD})
    assert right.status_code == 302 and right["Location"] == "/"
    assert browser.get("/").context["user"].username == "ada"
    assert browser.get("/accounts/signout").status_code == 405  # out is a POST, with its token
    assert browser.post("/accounts/signout").status_code == 302
    assert not browser.get("/").context["user"].is_authenticated


@pytest.mark.django_db
def test_sign_in_goes_back_where_you_were_but_never_off_the_site():
    User.objects.create_user("ada", password=PASSWORD)
    back = Client().post("/accounts/signin?next=/t/BCDFG", {"username": "ada", "password": PASSWORD})
    assert back["Location"] == "/t/BCDFG"
    away = Client().post("/accounts/signup", {"username": "ben", "password1": PASSWORD, "password2": PASSWORD,
                                             "next": "https://example.com/"})
    assert away["Location"] == "/"


@pytest.mark.django_db
def test_the_lobby_links_to_sign_in_sign_up_the_leaderboards_and_once_signed_in_your_profile():
    guest = Client().get("/").content.decode()
    for link in ('href="/accounts/signin"', 'href="/accounts/signup"', 'href="/accounts/leaderboards"'):
        assert link in guest
    ada = signed_in("ada").get("/").content.decode()
    assert 'href="/accounts/players/ada"' in ada and 'action="/accounts/signout"' in ada and 'data-user="ada"' in ada
    assert 'href="/accounts/signin"' not in ada


# -- a guest who signs up keeps their tables ------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_a_guest_who_signs_up_keeps_the_tables_they_are_in_and_their_games_are_kept_from_then_on():
    guest, host = Client(), Client()
    mine = new_table(guest, "Gus")["code"]
    theirs = new_table(host, "Hal")["code"]
    post(guest, f"/api/tables/{theirs}/join", {"name": "Gus"})
    response = guest.post("/accounts/signup", {"username": "gus", "password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 302
    gus = User.objects.get(username="gus")
    assert sorted(Seat.objects.filter(user=gus).values_list("table__code", flat=True)) == sorted([mine, theirs])
    assert {t["code"] for t in guest.get("/api/mine").json()["tables"]} == {mine, theirs}
    assert snap_of(guest, mine)["host"] and snap_of(guest, mine)["seat"] == 0  # still the host, same seat
    assert Seat.objects.get(table__code=theirs, index=0).user is None  # the host's seat is not theirs to take
    post(guest, f"/api/tables/{mine}/fill")
    post(guest, f"/api/tables/{mine}/start")
    play_out(guest, mine)
    result = Result.objects.get(table__code=mine)
    assert result.kept and result.rated and Rating.objects.get(user=gus).rated == 1


# -- saved house rules ------------------------------------------------------------------------


@pytest.mark.django_db
def test_saving_house_rules_needs_you_signed_in_and_the_csrf_token():
    guest = Client()
    status, body = post(guest, "/accounts/house-rules/get-in-line", {"settings": {"teams": 3}})
    assert status == 403 and body["error"] == "Sign in to save your house rules."
    assert guest.get("/accounts/house-rules/get-in-line").json() == {"signedIn": False, "username": None, "saved": None}
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(User.objects.create_user("ada", password=PASSWORD))
    refused = strict.post("/accounts/house-rules/get-in-line", "{}", content_type="application/json")
    assert refused.status_code == 403 and refused.json()["error"] == CSRF_REFUSED
    assert not HouseRules.objects.exists()
    assert Client().get("/accounts/house-rules/no-such-game").status_code == 404


def test_house_rules_answer_another_method_with_a_sentence():
    wrong = Client().put("/accounts/house-rules/get-in-line", "{}", content_type="application/json")
    assert wrong.status_code == 405 and wrong["Allow"] == "GET, POST"
    assert wrong.json()["error"] == "This address takes GET or POST only; send your request again with one of those."


@pytest.mark.django_db
def test_a_signed_in_hosts_new_table_starts_from_their_saved_house_rules():
    ada = signed_in("ada")
    status, body = post(ada, "/accounts/house-rules/get-in-line",
                        {"settings": {"teams": 3, "bot_pace": "relaxed", "cheat": True}})
    assert status == 200 and body["saved"] == {"teams": 3, "bot_pace": "relaxed"}  # only what the game allows
    assert ada.get("/accounts/house-rules/get-in-line").json()["saved"] == {"teams": 3, "bot_pace": "relaxed"}
    assert new_table(ada, "Ada", game="get-in-line")["settings"] == {"teams": 3, "bot_pace": "relaxed"}
    # A setting named when the table is made still wins; other games and guests start from the defaults.
    assert new_table(ada, "Ada", game="get-in-line", settings={"teams": 2})["settings"] == {"teams": 2, "bot_pace": "relaxed"}
    assert new_table(ada, "Ada")["settings"] == {"bot_pace": "brisk"}
    assert new_table(Client(), "Gus", game="get-in-line")["settings"] == {"teams": 2, "bot_pace": "brisk"}
    assert new_table(signed_in("ben"), "Ben", game="get-in-line")["settings"] == {"teams": 2, "bot_pace": "brisk"}
    # Saving again replaces them.
    post(ada, "/accounts/house-rules/get-in-line", {"settings": {"teams": 2}})
    assert HouseRules.objects.get(user=ada.user, game="get-in-line").settings == {"teams": 2, "bot_pace": "brisk"}


# -- profiles, history, leaderboards, results ---------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_the_profile_shows_each_rating_games_played_and_the_history_linking_its_player_to_the_result():
    ada = signed_in("ada")
    code, snap = finished_game(ada)
    row = Rating.objects.get(user=ada.user)
    change = Change.objects.get(user=ada.user)
    page = Client().get("/accounts/players/ada").content.decode()  # anyone may look
    assert f"{row.mu:.0f} ± {row.sigma:.0f}" in page and "High Card" in page
    history = page[page.index('id="history"'):]
    result = Result.objects.get()
    assert result.changes[0] in history  # the rating change, as the result sheet said it
    # Two sides: won or lost (or drawn, by name), never a place among the seats.
    assert "Ada" in history and "(bot · Medium)" in history and re.search(r">((Won|Lost)(, \d+–\d+)?|Drew with [^<]+)<", history)
    assert code not in history and "href=" not in history  # a stranger is given no way to the table
    mine = ada.get("/accounts/players/ada").content.decode()
    assert f'href="/t/{code}"' in mine and code in mine  # the table shows this result: it's its latest game
    assert change.delta == pytest.approx(row.mu - 1500.0)
    # After Play again the history links to the game's own result page.
    post(ada, f"/api/tables/{code}/again")
    page = ada.get("/accounts/players/ada").content.decode()
    link = f'href="/accounts/results/{result.pk}"'
    assert link in page
    sheet = ada.get(f"/accounts/results/{result.pk}").content.decode()
    assert "High Card" in sheet and result.changes[0] in sheet and "Robin (bot · Medium)" in sheet
    assert code not in sheet.replace(f'href="/t/{code}"', "")
    assert Client().get(f"/accounts/results/{result.pk}").status_code == 404  # not theirs to see
    assert Client().get("/accounts/players/nobody").status_code == 404
    assert ada.get("/accounts/results/999999").status_code == 404


@pytest.mark.django_db(transaction=True)
def test_a_covered_game_shows_in_the_history_as_not_rated():
    ada, ben = signed_in("ada"), signed_in("ben")
    code = new_table(ada, "Ada")["code"]
    post(ben, f"/api/tables/{code}/join", {"name": "Ben"})
    post(ada, f"/api/tables/{code}/start")
    post(ada, f"/api/tables/{code}/cover", {"seat": 1})
    play_out(ada, code)
    page = Client().get("/accounts/players/ben").content.decode()
    assert "not rated: a bot covered this seat" in page and "(1 rated)" not in page
    assert Rating.objects.get(user=ben.user).played == 1


@pytest.mark.django_db
def test_the_leaderboard_shows_settled_players_only_and_the_bots_as_their_anchors():
    players = {name: User.objects.create_user(name, password=PASSWORD) for name in ("ada", "ben", "cy", "new")}
    Rating.objects.create(user=players["ada"], game="euchre", mu=1612.0, sigma=70.0, played=40, rated=40)
    Rating.objects.create(user=players["ben"], game="euchre", mu=1480.0, sigma=149.0, played=15, rated=15)
    Rating.objects.create(user=players["cy"], game="euchre", mu=1700.0, sigma=151.0, played=6, rated=6)
    Rating.objects.create(user=players["new"], game="euchre", mu=1500.0, sigma=350.0, played=1, rated=0)
    Rating.objects.create(user=players["cy"], game="high-card", mu=1550.0, sigma=60.0, played=50, rated=50)
    page = Client().get("/accounts/leaderboards/euchre").content.decode()
    board = page[page.index('id="leaderboard"'):page.index("</table>")]
    names = re.findall(r"<td>(?:<a [^>]*>)?([^<]+?)(?:</a>)?</td>", board)
    assert names == ["ada", "Hard bot", "Medium bot", "ben", "Easy bot"]
    bots = rating_tables.anchors("euchre")
    assert "1612 ± 70" in board and f"{bots['hard']:.0f} <small" in board and f"{bots['easy']:.0f} <small" in board
    assert "cy" not in board and "1 more player still settling" in page
    assert "Euchre" in Client().get("/accounts/leaderboards").content.decode()
    assert Client().get("/accounts/leaderboards/no-such-game").status_code == 404
    assert Table.objects.count() == 0
