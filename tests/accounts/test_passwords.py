"""Probes of passwords and signing in, sent as the attacker sent them: the
passwords they got accepted (123456, password, the username, six spaces),
a hundred wrong sign-ins for one account from fresh cookie jars, at once
and one after another, and many accounts tried from one address. Then the
way back for a forgotten password: Django's reset views, by mail, limited
too."""

import html
import http.cookiejar
import os
import re
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

from accounts import throttle
from tests.live import ROOT

User = get_user_model()
PASSWORD = "a-long-password"
TOO_MANY = "That's too many wrong passwords for this account in a short time. Wait 15 minutes, then try again"
FROM_HERE = "That's too many failed sign-ins from your address in a short time. Wait 15 minutes, then try again."


@pytest.fixture(autouse=True)
def _quick_hashes(settings):
    """Each wrong password checked costs the site's real hash a third of a
    second; here the tries are what is counted, not the hash (the served
    site's test keeps the real one)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def said(response) -> str:
    """The page as a person reads it (Django writes ' as &#x27;)."""
    return html.unescape(response.content.decode())


def sign_up(browser, username, password, email=""):
    return browser.post("/accounts/signup", {"username": username, "password1": password, "password2": password, "email": email})


# -- the passwords the attack got accepted ----------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("password, why", [
    ("123456", "This password is too short. It must contain at least 8 characters."),
    ("123456", "This password is entirely numeric."),
    ("password", "This password is too common."),
    ("87654321", "This password is entirely numeric."),
    ("adalovelace", "The password is too similar to the username."),
    ("      ", "This password is too short."),
    ("        ", "A password can't be spaces alone."),
])
def test_sign_up_refuses_a_weak_password_and_says_why(password, why):
    refused = sign_up(Client(), "adalovelace", password)
    assert refused.status_code == 200 and why in said(refused)
    assert not User.objects.exists()


@pytest.mark.django_db
def test_the_sign_up_page_says_the_password_rule_in_plain_words():
    page = said(Client().get("/accounts/signup"))
    assert "At least 8 characters. Not a common password" in page and "not like your username or e-mail." in page
    assert 'aria-describedby="id_password1_helptext"' in page and 'id="id_password1_helptext"' in page


@pytest.mark.django_db
def test_a_good_password_and_an_email_make_an_account():
    assert sign_up(Client(), "ada", PASSWORD, "ada@example.org").status_code == 302
    assert User.objects.get(username="ada").email == "ada@example.org"


# -- the sign-in throttle ---------------------------------------------------------------


def sign_in(username, password, address="198.51.100.7"):
    """A fresh cookie jar each time, as the attack sent them."""
    return Client(REMOTE_ADDR=address).post("/accounts/signin", {"username": username, "password": password})


@pytest.mark.django_db
def test_a_hundred_wrong_sign_ins_for_one_account_are_refused_after_ten_and_the_page_says_so(monkeypatch):
    User.objects.create_user("ada", password=PASSWORD)
    checked = []
    monkeypatch.setattr("django.contrib.auth.backends.ModelBackend.authenticate",
                        lambda self, request, username=None, password=None, **kw: checked.append(password))
    answers = [sign_in("ada", f"guess-{n}", address=f"203.0.113.{n}") for n in range(100)]  # and from many addresses
    assert [a.status_code for a in answers[:10]] == [200] * 10
    assert all("don't match" in said(a) for a in answers[:10])
    assert {a.status_code for a in answers[10:]} == {429}
    assert TOO_MANY in said(answers[10]) and "don't match" not in said(answers[10])
    assert len(checked) == 10  # a refused try checks no password


@pytest.mark.django_db
def test_while_an_account_is_held_even_its_password_is_refused_until_the_wait_is_over(monkeypatch):
    User.objects.create_user("ada", password=PASSWORD)
    for n in range(10):
        sign_in("ADA ", f"guess-{n}")  # the same account, however it is typed
    held = sign_in("ada", PASSWORD)
    assert held.status_code == 429 and TOO_MANY in said(held)
    later = throttle._now() + 31 * 60
    monkeypatch.setattr(throttle, "_now", lambda: later)
    back = sign_in("ada", PASSWORD)
    assert back.status_code == 302 and back["Location"] == "/"


@pytest.mark.django_db
def test_signing_in_clears_the_accounts_count():
    User.objects.create_user("ada", password=PASSWORD)
    for _ in range(3):
        for n in range(9):
            assert sign_in("ada", f"guess-{n}").status_code == 200
        assert sign_in("ada", PASSWORD).status_code == 302


@pytest.mark.django_db
def test_many_accounts_tried_from_one_address_are_refused_after_thirty_and_other_addresses_go_on(settings):
    User.objects.create_user("ada", password=PASSWORD)
    answers = [sign_in(f"player{n}", "guess", address="198.51.100.9") for n in range(40)]
    assert [a.status_code for a in answers] == [200] * 30 + [429] * 10
    assert FROM_HERE in said(answers[30])
    assert sign_in("ada", PASSWORD, address="198.51.100.9").status_code == 429
    assert sign_in("ada", PASSWORD, address="198.51.100.10").status_code == 302


@pytest.mark.django_db
def test_the_admins_sign_in_shares_the_limits(monkeypatch):
    """Every password check is counted, the admin site's too: a staff
    account is no easier to guess there."""
    User.objects.create_user("keeper", password=PASSWORD, is_staff=True, is_superuser=True)
    for n in range(10):
        tried = Client(REMOTE_ADDR=f"203.0.113.{n}").post("/admin/login/?next=/admin/", {"username": "keeper", "password": f"guess-{n}"})
        assert tried.status_code == 200
    held = Client().post("/admin/login/?next=/admin/", {"username": "keeper", "password": PASSWORD})
    assert held.status_code == 200 and "/admin/" not in held.get("Location", "")  # the right password, refused while held
    assert sign_in("keeper", PASSWORD).status_code == 429  # and the site's own page says why
    later = throttle._now() + 31 * 60
    monkeypatch.setattr(throttle, "_now", lambda: later)
    assert Client().post("/admin/login/?next=/admin/", {"username": "keeper", "password": PASSWORD})["Location"] == "/admin/"


@pytest.mark.django_db
def test_a_session_signed_in_before_the_limits_stays_signed_in():
    ada = User.objects.create_user("ada", password=PASSWORD)
    browser = Client()
    browser.force_login(ada, backend="django.contrib.auth.backends.ModelBackend")
    assert browser.get("/").context["user"] == ada


@pytest.mark.django_db
def test_an_ipv6_home_counts_as_one_address():
    answers = [sign_in(f"player{n}", "guess", address=f"2001:db8:0:7::{n + 1:x}") for n in range(31)]
    assert answers[-1].status_code == 429
    assert sign_in("player", "guess", address="2001:db8:0:8::1").status_code == 200


@pytest.mark.django_db
def test_an_empty_sign_in_counts_for_nothing():
    for _ in range(40):
        assert sign_in("ada", "").status_code == 200
    assert sign_in("", "guess").status_code == 200
    assert "too many" not in said(sign_in("ada", "guess"))


def _form(base, path, fields, jar):
    """A form posted as a browser would: its page read first for the CSRF cookie."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    opener.open(base + path).read()
    token = next(c.value for c in jar if c.name == "csrftoken")
    data = urllib.parse.urlencode({**fields, "csrfmiddlewaretoken": token}).encode()
    request = urllib.request.Request(base + path, data=data, method="POST")
    try:
        with opener.open(request) as response:
            return response.status, html.unescape(response.read().decode())
    except urllib.error.HTTPError as refused:
        return refused.code, html.unescape(refused.read().decode())


def test_a_hundred_wrong_sign_ins_sent_at_once_to_a_served_site_are_checked_ten_times(servers):
    """Fresh cookie jars, twenty at a time, at a real server: each try is
    counted before its password is checked, so none slips past in the
    crowd."""
    server = servers.start()
    status, _ = _form(server.url, "/accounts/signup", {"username": "ada", "password1": PASSWORD, "password2": PASSWORD},
                      http.cookiejar.CookieJar())
    assert status == 200  # redirected to the lobby

    def attempt(n):
        return _form(server.url, "/accounts/signin", {"username": "ada", "password": f"guess-{n}"}, http.cookiejar.CookieJar())

    with ThreadPoolExecutor(20) as pool:
        answers = list(pool.map(attempt, range(100)))
    checked = [page for status, page in answers if status == 200]
    refused = [page for status, page in answers if status == 429]
    assert len(checked) == 10 and all("don't match" in page for page in checked)
    assert len(refused) == 90 and all(TOO_MANY in page for page in refused)
    status, page = _form(server.url, "/accounts/signin", {"username": "ada", "password": PASSWORD}, http.cookiejar.CookieJar())
    assert status == 429 and TOO_MANY in page


# -- a way back for a forgotten password ------------------------------------------------------


def reset_link(message) -> str:
    found = re.search(r"https?://testserver(/accounts/password-reset/[^/\s]+/[^/\s]+)", message.body)
    assert found, message.body
    return found.group(1)


@pytest.mark.django_db
def test_a_forgotten_password_is_set_again_through_a_mailed_link():
    User.objects.create_user("ada", email="ada@example.org", password="the-old-password")
    browser = Client()
    page = said(browser.get("/accounts/signin"))
    assert 'href="/accounts/password-reset"' in page and "Forgot your password?" in page
    sent = browser.post("/accounts/password-reset", {"email": "ADA@example.org"})
    assert sent.status_code == 302 and sent["Location"] == "/accounts/password-reset/sent"
    assert "If an account keeps that address, a mail is on its way" in said(browser.get(sent["Location"]))
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["ada@example.org"] and message.subject == "Set a new Parlor password"
    assert "Your username is ada." in message.body and "within 3 days" in message.body
    opened = browser.get(reset_link(message))
    assert opened.status_code == 302  # Django moves the token out of the address before the page shows
    form_at = opened["Location"]
    page = said(browser.get(form_at))
    assert "Set a new password" in page and "At least 8 characters" in page and "For ada." in page
    weak = browser.post(form_at, {"new_password1": "password", "new_password2": "password"})
    assert weak.status_code == 200 and "This password is too common." in said(weak)
    done = browser.post(form_at, {"new_password1": "a-new-long-password", "new_password2": "a-new-long-password"})
    assert done.status_code == 302 and done["Location"] == "/accounts/password-reset/done"
    assert "Your new password is set" in said(browser.get(done["Location"]))
    assert sign_in("ada", "the-old-password").status_code == 200
    assert sign_in("ada", "a-new-long-password").status_code == 302
    again = said(Client().get(reset_link(message), follow=True))
    assert "That link has been used already, or is too old." in again  # it works once


@pytest.mark.django_db
def test_an_address_no_account_keeps_gets_the_same_page_and_no_mail():
    User.objects.create_user("ada", password=PASSWORD)  # no e-mail
    sent = Client().post("/accounts/password-reset", {"email": "nobody@example.org"})
    assert sent.status_code == 302 and sent["Location"] == "/accounts/password-reset/sent"
    assert mail.outbox == []


@pytest.mark.django_db
def test_a_reset_lifts_the_accounts_sign_in_limit():
    User.objects.create_user("ada", email="ada@example.org", password="the-old-password")
    for n in range(10):
        sign_in("ada", f"guess-{n}")
    assert sign_in("ada", "the-old-password").status_code == 429
    browser = Client()
    browser.post("/accounts/password-reset", {"email": "ada@example.org"})
    form_at = browser.get(reset_link(mail.outbox[0]))["Location"]
    browser.post(form_at, {"new_password1": "a-new-long-password", "new_password2": "a-new-long-password"})
    assert sign_in("ada", "a-new-long-password").status_code == 302


@pytest.mark.django_db
def test_reset_mails_are_limited_per_email_address_and_per_address():
    User.objects.create_user("ada", email="ada@example.org", password=PASSWORD)
    asked = [Client(REMOTE_ADDR=f"203.0.113.{n}").post("/accounts/password-reset", {"email": "ada@example.org"}) for n in range(5)]
    assert [a.status_code for a in asked] == [302, 302, 302, 429, 429]
    assert "That's a lot of reset mails in a short time. Wait an hour, then try again" in said(asked[3])
    assert len(mail.outbox) == 3
    many = [Client(REMOTE_ADDR="203.0.113.99").post("/accounts/password-reset", {"email": f"p{n}@example.org"}) for n in range(12)]
    assert [a.status_code for a in many] == [302] * 10 + [429] * 2


@pytest.mark.django_db
def test_a_signed_in_player_sets_an_email_and_changes_their_password():
    ada = User.objects.create_user("ada", password=PASSWORD)
    browser = Client()
    browser.force_login(ada)
    profile = said(browser.get("/accounts/players/ada"))
    assert "No e-mail address: a forgotten password can't be reset by mail." in profile
    assert 'href="/accounts/email"' in profile and 'href="/accounts/password"' in profile
    assert "Your account" not in said(Client().get("/accounts/players/ada"))  # for the player alone
    saved = browser.post("/accounts/email", {"email": "ada@example.org"}, follow=True)
    assert "a link to set a new one goes to ada@example.org" in said(saved)
    weak = browser.post("/accounts/password", {"old_password": PASSWORD, "new_password1": "123456", "new_password2": "123456"})
    assert weak.status_code == 200 and "This password is entirely numeric." in said(weak)
    changed = browser.post("/accounts/password", {"old_password": PASSWORD, "new_password1": "a-new-long-password",
                                                  "new_password2": "a-new-long-password"})
    assert changed.status_code == 302 and browser.get("/").context["user"] == ada  # still signed in here
    assert Client().get("/accounts/email")["Location"].startswith("/accounts/signin")


def test_mail_goes_to_the_console_unless_an_smtp_server_is_named():
    show = ("import django; django.setup(); from django.conf import settings as s; "
            "print(s.EMAIL_BACKEND, s.EMAIL_HOST, s.EMAIL_PORT, s.EMAIL_HOST_USER, s.EMAIL_USE_TLS, s.EMAIL_USE_SSL, "
            "s.EMAIL_TIMEOUT, s.DEFAULT_FROM_EMAIL, sep='|')")
    base = {k: v for k, v in os.environ.items() if not k.startswith(("EMAIL_", "DEFAULT_FROM"))}
    base["DJANGO_SETTINGS_MODULE"] = "parlor.settings"

    def settings_with(**env):
        done = subprocess.run([sys.executable, "-c", show], cwd=ROOT, env={**base, **env}, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        return done.stdout.strip().split("|")

    assert settings_with()[0] == "django.core.mail.backends.console.EmailBackend"
    smtp = settings_with(EMAIL_HOST="mail.example.org", EMAIL_HOST_USER="parlor", EMAIL_HOST_PASSWORD="secret",
                         DEFAULT_FROM_EMAIL="Parlor <games@example.org>")
    assert smtp == ["django.core.mail.backends.smtp.EmailBackend", "mail.example.org", "587", "parlor", "True", "False", "10",
                    "Parlor <games@example.org>"]
    ssl = settings_with(EMAIL_HOST="mail.example.org", EMAIL_USE_SSL="1")
    assert ssl[2:6] == ["465", "", "False", "True"]
