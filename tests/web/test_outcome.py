"""A game's outcome on a profile's history and on its result page, in words
that add up: the place of the seat's side among the sides (partners share
one), never its place among the seats, and who it tied with by name."""

from types import SimpleNamespace

from web.outcome import outcome, positions


def kept(game, names, places, scores=(), settings=None):
    """A kept result as the pages read it."""
    return SimpleNamespace(game=game, seats=[{"name": n} for n in names], places=list(places), scores=list(scores),
                           settings=settings or {})


EUCHRE = ["Ada", "Bo", "Cy", "Di"]  # Ada and Cy against Bo and Di


def test_a_lost_euchre_game_is_lost_with_its_score_not_third_of_two():
    game = kept("euchre", EUCHRE, [3, 1, 3, 1], [6, 10, 6, 10])
    assert outcome(game, 0) == "Lost, 10–6" and outcome(game, 2) == "Lost, 10–6"
    assert outcome(game, 1) == "Won, 10–6"
    assert [place for _, place in positions(game)] == [2, 1]  # the result page's 2nd and 1st


def test_a_shared_first_place_is_won_and_names_who_it_was_shared_with():
    line = kept("line", ["Ada", "Bo", "Cy"], [1, 1, 3], [12, 12, 30])
    assert outcome(line, 0) == "Won, tied with Bo" and outcome(line, 1) == "Won, tied with Ada"
    assert outcome(line, 2) == "3rd of 3"
    four = kept("line", ["Ada", "Bo", "Cy", "Di"], [1, 2, 2, 4])
    assert outcome(four, 2) == "2nd of 4, tied with Bo" and outcome(four, 3) == "4th of 4"


def test_two_sides_level_drew_and_a_lower_winning_score_is_left_out():
    assert outcome(kept("get-in-line", ["Ada", "Bo"], [1, 1], [1, 1]), 0) == "Drew with Bo"
    # Line's lowest hand wins: "Won, 12–30" wouldn't add up.
    assert outcome(kept("line", ["Ada", "Bo"], [1, 2], [12, 30]), 0) == "Won"


def test_a_table_that_played_together_is_one_side():
    together = kept("station-master", ["Ada", "Bo"], [1, 1], [90, 90], {"preset": "co-op"})
    assert outcome(together, 0) == "Played together"
