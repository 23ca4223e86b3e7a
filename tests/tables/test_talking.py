"""Talking at a table, through the JSON API: what text is taken and what is
refused with a sentence (before anything is kept), the host's choice of
what may be said, who may say it, a repeat dropped, the talk kept out of a
game's record (its replay, its shared result, a rating page), deleted by
the management command or once lapsed, and shown as text in the admin."""

import datetime
import json

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from tables import talk_text, talking
from tables.models import Move, Result, Said, SharedResult, Table
from tests.abuse import assert_sentence
from tests.accounts.test_accounts import new_table, play_out, post, signed_in, snap_of
from web.limits import TALKING_FAST

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("text, sentence", [
    ("\ud800 hi", talk_text.BROKEN_TEXT),
    ("abc \u202egnp.exe", talk_text.BIDI),
    ("\u2066hidden\u2069", talk_text.BIDI),
    ("\u200b\u200c\u200d\u2060\ufeff", talk_text.BLANK),
    ("\u3164\u3164", talk_text.BLANK),
    ("   ", talk_text.EMPTY),
    ("two\nlines", talk_text.CONTROL),
    ("a\ttab", talk_text.CONTROL),
    ("bell\x07", talk_text.CONTROL),
    ("line\u2028sep", talk_text.CONTROL),
    (42, talk_text.NOT_WORDS),
])
def test_text_that_is_no_plain_text_is_refused_with_a_sentence_and_nothing_kept(text, sentence):
    with pytest.raises(talk_text.Refused) as refused:
        talk_text.message(text)
    assert refused.value.sentence == sentence
    assert_sentence(refused.value.sentence)


@pytest.mark.parametrize("text", ["Nice one!", "<b>hi</b><script>alert(1)</script>", "javascript:alert(1)",
                                  "👨‍👩‍👧 family", "مرحبا", "é", "x" * 200])
def test_plain_text_is_taken_as_it_was_typed(text):
    assert talk_text.message(f"  {text} ") == text


def test_a_message_over_200_characters_is_refused_not_cut():
    with pytest.raises(talk_text.Refused) as refused:
        talk_text.message("x" * 201)
    assert refused.value.sentence.startswith("That message is 201 characters long")


def _two_at_a_table():
    ada, ben = Client(), Client()
    code = new_table(ada, "Ada")["code"]
    assert post(ben, f"/api/tables/{code}/join", {"name": "Ben"})[0] == 200
    return ada, ben, code


def test_people_at_the_table_say_messages_and_reactions_kept_with_their_names():
    ada, ben, code = _two_at_a_table()
    status, body = post(ada, f"/api/tables/{code}/talk", {"text": "<i>who dealt this?</i>"})
    assert status == 200 and body["said"]["text"] == "<i>who dealt this?</i>" and body["said"]["name"] == "Ada"
    status, body = post(ben, f"/api/tables/{code}/talk", {"react": "oops"})
    assert status == 200 and body["said"]["text"] == "Oops" and body["said"]["seat"] == 1
    assert [(s.name, s.kind, s.text) for s in Said.objects.all()] == [
        ("Ada", "message", "<i>who dealt this?</i>"), ("Ben", "reaction", "Oops")]
    assert body["said"]["by"] != talking.by_key(Said.objects.first().browser)  # each person's own key
    assert all(s.browser not in json.dumps(body) for s in Said.objects.all())  # never a browser's id


def test_the_host_chooses_what_may_be_said_at_any_time_and_others_cannot():
    ada, ben, code = _two_at_a_table()
    status, body = post(ben, f"/api/tables/{code}/talking", {"talk": "off"})
    assert status == 403 and body["error"] == "Only the host can choose what may be said at the table."
    assert post(ada, f"/api/tables/{code}/talking", {"talk": "loud"})[1]["error"] == talking.SAY_WHICH
    assert post(ada, f"/api/tables/{code}/talking", {"talk": "reactions"})[0] == 200
    assert snap_of(ben, code)["talk"] == {"allowed": "reactions", "watchers": False}
    status, body = post(ben, f"/api/tables/{code}/talk", {"text": "hello"})
    assert status == 403 and body["error"] == talking.REACTIONS_ONLY
    assert post(ben, f"/api/tables/{code}/talk", {"react": "thumbs"})[0] == 200
    post(ada, f"/api/tables/{code}/bot")
    post(ada, f"/api/tables/{code}/start")
    assert post(ada, f"/api/tables/{code}/talking", {"talk": "off"})[0] == 200  # during the game too
    assert post(ben, f"/api/tables/{code}/talk", {"react": "thumbs"})[1]["error"] == talking.OFF
    assert Said.objects.count() == 1


def test_watchers_talk_only_if_the_host_lets_them_even_a_browser_that_never_sat_down():
    ada, ben, code = _two_at_a_table()
    cy = Client()
    new_table(cy, "Cy")  # Cy has a session from a table of her own, and watches Ada's
    status, body = post(cy, f"/api/tables/{code}/talk", {"text": "go Ada"})
    assert status == 403 and body["error"] == talking.NOT_WATCHERS
    post(ada, f"/api/tables/{code}/talking", {"watchers": True})
    status, body = post(cy, f"/api/tables/{code}/talk", {"text": "go Ada"})
    assert status == 200 and body["said"]["watching"] and body["said"]["seat"] is None and body["said"]["name"] == "Cy"
    status, body = post(Client(), f"/api/tables/{code}/talk", {"text": "hi", "name": "Di"})  # a session comes with it
    assert status == 200 and body["said"]["name"] == "Di" and body["said"]["watching"]
    assert post(ada, "/api/tables/ZZZZZ/talk", {"text": "hi"})[0] == 404


def test_the_same_words_again_at_once_are_dropped_with_a_sentence():
    ada, ben, code = _two_at_a_table()
    assert post(ada, f"/api/tables/{code}/talk", {"text": "again"})[0] == 200
    status, body = post(ada, f"/api/tables/{code}/talk", {"text": "again"})
    assert status == 429 and body["error"] == talking.REPEATED
    assert post(ben, f"/api/tables/{code}/talk", {"text": "again"})[0] == 200  # Ben's own words
    Said.objects.filter(name="Ada").update(at=timezone.now() - datetime.timedelta(seconds=talking.REPEAT_SECONDS + 1))
    assert post(ada, f"/api/tables/{code}/talk", {"text": "again"})[0] == 200
    assert Said.objects.count() == 3


def test_a_seat_of_a_shared_device_talks_as_the_person_holding_it():
    ada = Client()
    code = new_table(ada, "Ada")["code"]
    post(ada, f"/api/tables/{code}/here", {"name": "Gran"})
    post(ada, f"/api/tables/{code}/start")
    holding = snap_of(ada, code)
    name = next(s["name"] for s in holding["seats"] if s["index"] == holding["seat"]) if holding["seat"] is not None else None
    said = post(ada, f"/api/tables/{code}/talk", {"text": "my turn?"})[1]["said"]
    assert said["name"] == name and said["seat"] == holding["seat"]


def test_a_finished_games_replay_shared_result_and_rating_pages_carry_no_word_said():
    ada = signed_in("ada")
    code = new_table(ada, "Ada")["code"]
    post(ada, f"/api/tables/{code}/fill")
    post(ada, f"/api/tables/{code}/start")
    post(ada, f"/api/tables/{code}/talk", {"text": "secret-words-in-play"})
    play_out(ada, code)
    post(ada, f"/api/tables/{code}/talk", {"text": "secret-words-after"})
    assert Said.objects.count() == 2
    result = Result.objects.get(table__code=code)
    token = SharedResult.objects.get_or_create(result=result)[0].token
    stranger = Client()
    steps = Move.objects.filter(table__code=code).count()
    seen = [ada.get(f"/api/replays/{result.pk}", {"step": str(k)}).content for k in range(steps + 1)]
    seen += [stranger.get(f"/api/replays/shared/{token}", {"step": str(k)}).content for k in (0, steps)]
    for page in (f"/replays/{result.pk}", f"/accounts/results/{result.pk}", "/accounts/players/ada", "/accounts/leaderboards"):
        seen.append(ada.get(page).content)
    for page in (f"/accounts/results/shared/{token}", f"/replays/shared/{token}"):
        seen.append(stranger.get(page).content)
    assert len(seen) == steps + 9 and all(b"secret-words" not in body for body in seen)


def test_the_command_deletes_a_tables_talk_and_lapsed_talk_goes_a_week_after_the_table_ends(capsys):
    ada, ben, code = _two_at_a_table()
    other = new_table(Client(), "Di")["code"]
    post(ada, f"/api/tables/{code}/talk", {"text": "one"})
    post(ben, f"/api/tables/{code}/talk", {"text": "two"})
    Said.objects.create(table=Table.objects.get(code=other), number=0, browser="b", name="Di", kind="message", text="kept")
    call_command("forget_talk", code.lower())
    assert "Deleted 2 things said at" in capsys.readouterr().out
    assert list(Said.objects.values_list("text", flat=True)) == ["kept"]

    ended = timezone.now() - datetime.timedelta(days=8)
    Table.objects.filter(code=other).update(status=Table.OVER, updated=ended)
    assert talking.forget_lapsed(timezone.now() - datetime.timedelta(days=2)) == 0  # six days ago: kept
    call_command("forget_talk", "--lapsed")
    assert not Said.objects.exists()


def test_the_admin_shows_a_tables_talk_as_text():
    ada, ben, code = _two_at_a_table()
    post(ada, f"/api/tables/{code}/talk", {"text": "<script>alert('x')</script>"})
    admin = signed_in("root")
    admin.user.is_staff = admin.user.is_superuser = True
    admin.user.save()
    page = admin.get("/admin/tables/said/", {"q": code}).content.decode()
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in page and "<script>alert" not in page


def test_talk_is_limited_per_browser_and_per_address_and_apart_from_the_tables_other_actions(settings):
    ada, ben, code = _two_at_a_table()
    settings.PARLOR_LIMITS = {**settings.PARLOR_LIMITS, "talk": (2, 15)}
    assert [post(ada, f"/api/tables/{code}/talk", {"text": t})[0] for t in "ab"] == [200, 200]
    status, body = post(ada, f"/api/tables/{code}/talk", {"text": "c"})
    assert status == 429 and body["error"] == TALKING_FAST
    assert post(ada, f"/api/tables/{code}/bot")[0] == 200  # the table's own actions go on
    settings.PARLOR_ADDRESS_LIMITS = {**settings.PARLOR_ADDRESS_LIMITS, "talk": (4, 15)}
    assert post(ben, f"/api/tables/{code}/talk", {"text": "d"})[0] == 200  # Ada's three (the refused one counted) and this one: the most
    assert post(ben, f"/api/tables/{code}/talk", {"text": "e"})[1]["error"] == TALKING_FAST  # Ben under his own limit, the address over
    assert list(Said.objects.values_list("text", flat=True)) == ["a", "b", "d"]
