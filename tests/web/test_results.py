"""Probes of the result pages, sent as the attacker sent them: counting up
/accounts/results/1, 2, 3… from a fresh cookie jar showed every table's
code and its players' names, guest games included. Now a result page opens
only for the people who were at the table (their browser or their
account), and through the link they share (a random token, not a number),
and it never shows the table's code."""

import re

import pytest
from django.contrib.sessions.models import Session
from django.test import Client

from tables.models import Result, SharedResult
from tests.accounts.test_accounts import finished_game, play_out, post, signed_in

SHARED = re.compile(r'id="share-link" class="share-link" value="http://testserver(/accounts/results/shared/[A-Za-z0-9_-]{22})"')


def games_played():
    """A guests' game (not kept) and a signed-in player's (kept)."""
    gus = Client()
    guest_code, _ = finished_game(gus, "Gus")
    ada = signed_in("ada")
    kept_code, _ = finished_game(ada, "Ada")
    return gus, guest_code, ada, kept_code


@pytest.mark.django_db(transaction=True)
def test_counting_up_the_result_ids_from_a_fresh_cookie_jar_finds_nothing():
    gus, guest_code, ada, kept_code = games_played()
    ids = list(Result.objects.values_list("pk", flat=True))
    assert len(ids) == 2 and not Result.objects.get(table__code=guest_code).kept
    sessions = Session.objects.count()
    for pk in range(1, max(ids) + 20):
        answer = Client().get(f"/accounts/results/{pk}")
        page = answer.content.decode()
        assert answer.status_code == 404, pk
        assert guest_code not in page and kept_code not in page and "Gus" not in page and "Ada" not in page
    assert Session.objects.count() == sessions  # a stranger's reads leave no session behind


@pytest.mark.django_db(transaction=True)
def test_the_people_at_the_table_open_its_result_by_their_browser_or_their_account_and_it_shows_no_code():
    gus, guest_code, ada, kept_code = games_played()
    guest_game = Result.objects.get(table__code=guest_code)
    kept = Result.objects.get(table__code=kept_code)
    post(gus, f"/api/tables/{guest_code}/again")  # the table moves on: the result lives on its own page
    page = gus.get(f"/accounts/results/{guest_game.pk}")  # the guest's browser
    assert page.status_code == 200
    text = page.content.decode()
    assert "Gus" in text and "(bot · Medium)" in text and guest_code not in text
    # What is kept of a guests' game, and what isn't: its replay, but no profile and no rating.
    assert "Its replay is kept, but nobody at the table was signed in, so it is on no one's profile and rated for nobody." in text
    elsewhere = Client()
    elsewhere.force_login(ada.user)  # Ada's account, from another browser
    text = elsewhere.get(f"/accounts/results/{kept.pk}").content.decode()
    assert "Ada" in text and kept.changes[0] in text and "On the profiles of the players who were signed in" in text
    assert kept_code not in text.replace(f'href="/t/{kept_code}"', "")  # only the way back, for those at it
    # Not one another's: neither was at the other's table.
    assert gus.get(f"/accounts/results/{kept.pk}").status_code == 404
    assert ada.get(f"/accounts/results/{guest_game.pk}").status_code == 404


@pytest.mark.django_db(transaction=True)
def test_the_link_they_share_opens_the_result_for_anyone_with_no_code_and_no_way_to_the_table():
    gus, guest_code, ada, kept_code = games_played()
    links = {}
    for who, code in ((gus, guest_code), (ada, kept_code)):
        result = Result.objects.get(table__code=code)
        page = who.get(f"/accounts/results/{result.pk}").content.decode()
        assert "Share this result" in page and "Anyone with this link can see this page" in page
        links[code] = SHARED.search(page).group(1)
    assert links[guest_code] != links[kept_code]
    assert SharedResult.objects.count() == 2  # one link a result, made once
    gus.get(f"/accounts/results/{Result.objects.get(table__code=guest_code).pk}")
    assert SharedResult.objects.count() == 2
    sessions = Session.objects.count()
    for code, link in links.items():
        answer = Client().get(link)
        text = answer.content.decode()
        assert answer.status_code == 200 and "High Card" in text and "(bot · Medium)" in text
        assert code not in text and "/t/" not in text and "Share this result" not in text
        assert '<meta name="robots" content="noindex">' in text
    assert Session.objects.count() == sessions
    assert Client().get("/accounts/results/shared/" + "A" * 22).status_code == 404
    assert Client().get(links[kept_code][:-1]).status_code == 404


@pytest.mark.django_db(transaction=True)
def test_a_profile_links_each_game_only_for_those_who_were_at_its_table():
    ada, ben, cy = signed_in("ada"), signed_in("ben"), signed_in("cy")
    code = post(ada, "/api/tables", {"game": "high-card", "name": "Ada"})[1]["code"]
    post(ben, f"/api/tables/{code}/join", {"name": "Ben"})
    post(ada, f"/api/tables/{code}/start")
    post(ada, f"/api/tables/{code}/cover", {"seat": 1})  # Ben steps away; a bot plays on for him
    play_out(ada, code)
    post(ada, f"/api/tables/{code}/again")
    result = Result.objects.get(table__code=code)
    link = f'href="/accounts/results/{result.pk}"'
    assert link in ben.get("/accounts/players/ada").content.decode()  # Ben was at the table
    stranger = cy.get("/accounts/players/ada").content.decode()
    history = stranger[stranger.index('id="history"'):]
    assert link not in history and code not in history and "Ben" in history  # who played, but no way in
    assert ben.get(f"/accounts/results/{result.pk}").status_code == 200
    assert cy.get(f"/accounts/results/{result.pk}").status_code == 404
