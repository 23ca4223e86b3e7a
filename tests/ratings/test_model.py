"""The rating model (ratings.model): the worked examples, a cross-check
against openskill's BradleyTerryFull, fields of three, anchors and frozen
members, ties, monotonicity and the share-to-gap helper. Plain Python: no
database, no Django."""

import math
import random

import openskill.models as openskill
import pytest

from ratings import model
from ratings.model import BETA, FLOOR, MU, SIGMA, TAU, counted, gap_from_share, rate, win_chance


def moved(before, after):
    return after[0] - before[0]


# The worked examples ------------------------------------------------


def test_ada_beating_basil_moves_ada_up_12_1_and_basil_down_27_0():
    ada, basil = (1550, 80), (1480, 120)
    [[ada2], [basil2]] = rate([[ada], [basil]], [1, 2])
    assert moved(ada, ada2) == pytest.approx(12.1, abs=0.1)
    assert moved(basil, basil2) == pytest.approx(-27.0, abs=0.1)
    # Both deviations shrink (after growing by τ first).
    assert ada2[1] < 80 and basil2[1] < 120


def test_the_euchre_friend_beating_two_medium_bots_moves_up_12_3():
    # The friend is rated; the first player's seat was covered by a bot, so
    # they count at their rating (1500 ± 70) but are not rated.
    friend, covered = (1500, 70), counted(1500, 70)
    bots = [(1500, 0), (1500, 0)]
    [[friend2, covered2], [bot1, bot2]] = rate([[friend, covered], bots], [1, 2])
    assert moved(friend, friend2) == pytest.approx(12.3, abs=0.1)
    assert covered2 == (1500, 70)
    assert [bot1, bot2] == bots


def test_the_examples_need_tau_ada_would_be_12_0_without_it(monkeypatch):
    # Why τ is applied before the update: without it Ada's gain rounds to 12.0.
    monkeypatch.setattr(model, "TAU", 0.0)
    [[ada2], _] = rate([[(1550, 80)], [(1480, 120)]], [1, 2])
    assert round(ada2[0] - 1550, 1) == 12.0


# The scale ---------------------------------------------------------------


def test_constants():
    assert (MU, SIGMA, TAU) == (1500, 350, 6)
    assert BETA == pytest.approx(122.83, abs=0.01)
    assert FLOOR == 30


def test_two_certain_sides_follow_the_400_point_curve():
    for gap in (0, 100, 200, 400, 800):
        p = win_chance([(1500 + gap, 0)], [(1500, 0)])
        assert p == pytest.approx(1 / (1 + 10 ** (-gap / 400)), abs=1e-12)
        if gap:
            assert gap_from_share(p) == pytest.approx(gap, abs=1e-9)


def test_gap_from_share():
    assert gap_from_share(0.5) == 0
    # 10/11 is 10 to 1: exactly 400 points on the 400-point curve.
    assert gap_from_share(10 / 11) == pytest.approx(400.0, abs=1e-9)
    # 11 to 1 is 416.5 points.
    assert gap_from_share(11 / 12) == pytest.approx(416.5, abs=0.1)
    # A measured 70.5% (medium over easy in Get In Line) is a 151-point gap.
    assert gap_from_share(0.705) == pytest.approx(151.3, abs=0.1)
    assert gap_from_share(0.25) == pytest.approx(-gap_from_share(0.75))
    for bad in (0, 1, -0.1, 1.5):
        with pytest.raises(ValueError):
            gap_from_share(bad)


def test_win_chance_sums_the_sides_and_counts_uncertainty():
    assert win_chance([(1500, 70)], [(1500, 120)]) == pytest.approx(0.5)
    certain = win_chance([(1600, 0)], [(1500, 0)])
    unsure = win_chance([(1600, 200)], [(1500, 200)])
    assert 0.5 < unsure < certain
    # Partners' means add up: 1550 + 1510 against 1480 + 1500 is an 80-point gap.
    assert win_chance([(1550, 0), (1510, 0)], [(1480, 0), (1500, 0)]) == pytest.approx(1 / (1 + 10 ** (-80 / 400)))


# The cross-check against openskill --------------------------------------------


def _openskill():
    return openskill.BradleyTerryFull(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU)


def _with_openskill(teams, ranks):
    os_model = _openskill()
    os_teams = [[os_model.rating(mu=mu, sigma=sigma) for mu, sigma in side] for side in teams]
    result = os_model.rate(os_teams, ranks=list(ranks))
    return [[(p.mu, p.sigma) for p in side] for side in result]


def _random_player(rng):
    return (rng.uniform(1000, 2000), rng.uniform(40, 350))


OUTCOMES = [[1, 2], [2, 1], [1, 1]]


@pytest.mark.parametrize("size", [1, 2])
@pytest.mark.parametrize("ranks", OUTCOMES, ids=["first-wins", "second-wins", "tie"])
def test_two_sided_games_match_openskill_bradley_terry_full(size, ranks):
    # Same mu/sigma/beta/tau, every player rated, deviations well above the
    # floor: the model is openskill's update exactly (its tie handling too).
    rng = random.Random(f"{size}:{ranks}")
    for _ in range(25):
        teams = [[_random_player(rng) for _ in range(size)] for _ in range(2)]
        ours = rate(teams, ranks)
        theirs = _with_openskill(teams, ranks)
        for side, our_side, their_side in zip(teams, ours, theirs, strict=True):
            for before, us, them in zip(side, our_side, their_side, strict=True):
                assert moved(before, us) == pytest.approx(moved(before, them), abs=1e-6)
                assert us[1] == pytest.approx(them[1], abs=1e-6)


def test_the_worked_example_is_openskills_number_too():
    [[ada], [basil]] = _with_openskill([[(1550, 80)], [(1480, 120)]], [1, 2])
    assert ada[0] - 1550 == pytest.approx(12.1, abs=0.1)
    assert basil[0] - 1480 == pytest.approx(-27.0, abs=0.1)


def test_where_we_differ_from_openskill_bots_are_not_grown_by_tau():
    # openskill grows every player's deviation by τ, a sigma-0 bot included
    # (to 6), and then rates it. Ours leaves the anchor alone, so its side is
    # certain; the rated player's change differs by a little, systematically.
    teams = [[(1500, 70), (1500, 0)], [(1500, 0), (1500, 0)]]
    ours = rate(teams, [1, 2])
    theirs = _with_openskill(teams, [1, 2])
    assert ours[1] == [(1500, 0), (1500, 0)]
    assert theirs[1][0] != (1500, 0)  # openskill moved the bot
    assert 0 < moved(teams[0][0], ours[0][0]) - moved(teams[0][0], theirs[0][0]) < 0.1


# Fields of three or more -----------------------------------------------------


@pytest.mark.parametrize("ranks", [[1, 2, 3], [3, 1, 2], [1, 1, 3], [2, 2, 1], [1, 1, 1]])
def test_three_sides_meet_each_other_at_weight_two_thirds(ranks):
    # openskill's full pairing sums over every other side at weight 1; ours at
    # 2/k. So a mean moves 2/3 as far, and the variance shrinks by 2/3 of the
    # fraction openskill shrinks it by.
    rng = random.Random(str(ranks))
    for _ in range(10):
        teams = [[_random_player(rng)] for _ in range(3)]
        ours = rate(teams, ranks)
        theirs = _with_openskill(teams, ranks)
        for [before], [us], [them] in zip(teams, ours, theirs, strict=True):
            assert moved(before, us) == pytest.approx(2 / 3 * moved(before, them), abs=1e-6)
            grown = before[1] ** 2 + TAU**2
            shrink = 1 - them[1] ** 2 / grown
            assert us[1] ** 2 == pytest.approx(grown * (1 - 2 / 3 * shrink), rel=1e-9)


def test_a_field_of_three_by_hand():
    teams = [[(1600, 100)], [(1500, 150)], [(1400, 200)]]
    ours = rate(teams, [2, 1, 3])
    for i, [(mu, sigma)] in enumerate(teams):
        var = sigma**2 + TAU**2
        expected = 0.0
        for q, [(mu_q, sigma_q)] in enumerate(teams):
            if q == i:
                continue
            c = math.sqrt(var + sigma_q**2 + TAU**2 + 2 * BETA**2)
            p = 1 / (1 + math.exp((mu_q - mu) / c))
            s = 1.0 if [2, 1, 3][i] < [2, 1, 3][q] else 0.0
            expected += 2 / 3 * var / c * (s - p)
        assert ours[i][0][0] - mu == pytest.approx(expected, abs=1e-9)
    # The winner gains and the last loses.
    assert ours[1][0][0] > 1500 and ours[2][0][0] < 1400


def test_three_teams_of_two():
    teams = [[(1500, 100), (1500, 0)], [(1500, 100), (1500, 0)], [(1500, 100), (1500, 0)]]
    ours = rate(teams, [1, 2, 3])
    assert ours[0][0][0] > 1500 and ours[2][0][0] < 1500
    assert ours[1][0][0] == pytest.approx(1500, abs=1e-9)  # middle of equals: beat one, lost to one
    assert all(side[1] == (1500, 0) for side in ours)


# Sides of different sizes -----------------------------------------------------


def test_sides_of_different_sizes_are_scaled_to_the_average_size():
    # One 1500 against two 1500s: both scale to 1.5 members, so it's even.
    assert win_chance([(1500, 0)], [(1500, 0), (1500, 0)]) == pytest.approx(0.5)
    # A side of one at 1600 against two at 1500: 1.5 × 1600 vs 0.75 × 3000,
    # a 150-point gap for certain sides.
    assert win_chance([(1600, 0)], [(1500, 0), (1500, 0)]) == pytest.approx(1 / (1 + 10 ** (-150 / 400)))


def test_a_member_of_a_scaled_side_moves_by_its_share():
    solo, pair = [(1500, 100)], [(1500, 100), (1500, 50)]
    [[solo2], [p1, p2]] = rate([solo, pair], [1, 2])
    a_solo, a_pair = 1.5, 0.75
    v_solo = 100**2 + TAU**2
    v1, v2 = 100**2 + TAU**2, 50**2 + TAU**2
    c = math.sqrt(a_solo**2 * v_solo + a_pair**2 * (v1 + v2) + 2 * BETA**2)
    p = 0.5  # equal scaled means
    assert solo2[0] - 1500 == pytest.approx(a_solo * v_solo / c * (1 - p), abs=1e-9)
    assert p1[0] - 1500 == pytest.approx(a_pair * v1 / c * (0 - p), abs=1e-9)
    assert p2[0] - 1500 == pytest.approx(a_pair * v2 / c * (0 - p), abs=1e-9)
    # Within a side, members move in proportion to their variance.
    assert (p1[0] - 1500) / (p2[0] - 1500) == pytest.approx(v1 / v2)


def test_equal_sizes_are_not_scaled():
    teams = [[(1550, 80), (1500, 0)], [(1480, 120), (1500, 0)]]
    [[ada2, _], [basil2, _]] = rate(teams, [1, 2])
    [[ada1], [basil1]] = rate([[(1550 + 1500, 80)], [(1480 + 1500, 120)]], [1, 2])
    assert ada2[0] - 1550 == pytest.approx(ada1[0] - 3050)
    assert basil2[0] - 1480 == pytest.approx(basil1[0] - 2980)


# Anchors, guests and covered seats ----------------------------------------------


def test_bots_come_back_unchanged_whatever_happens():
    for ranks in ([1, 2], [2, 1], [1, 1]):
        teams = [[(1520, 0), (1500, 80)], [(1100, 0), (1100, 0)]]
        out = rate(teams, ranks)
        assert out[0][0] == (1520, 0)
        assert out[1] == [(1100, 0), (1100, 0)]
    # A game of bots only changes nothing.
    assert rate([[(1500, 0)], [(1350, 0)], [(1510, 0)]], [3, 1, 2]) == [[(1500, 0)], [(1350, 0)], [(1510, 0)]]


def test_a_certain_player_is_unchanged():
    # Anyone passed with sigma 0 is certain, not only a bot.
    out = rate([[(1640, 0)], [(1500, 350)]], [2, 1])
    assert out[0] == [(1640, 0)]
    assert out[1][0][0] > 1500


def test_a_guest_counts_at_1500_350_and_never_changes():
    guest = counted(MU, SIGMA)
    for ranks in ([1, 2], [2, 1], [1, 1]):
        out = rate([[guest], [(1500, 70)]], ranks)
        assert out[0] == [(1500, 350)]
    # The guest's uncertainty counts: the rated opponent's c is wider than
    # against a certain 1500, so the same loss costs a little less.
    [_, [against_guest]] = rate([[guest], [(1500, 70)]], [1, 2])
    [_, [against_bot]] = rate([[(1500, 0)], [(1500, 70)]], [1, 2])
    assert against_bot[0] < against_guest[0] < 1500


def test_a_covered_member_counts_in_the_side_but_is_not_rated():
    friend = (1500, 70)
    # Counted: the covered partner's variance is in the side's, so the
    # friend's gain is smaller than with a certain partner at the same mean.
    [[with_covered, covered], _] = rate([[friend, counted(1500, 70)], [(1500, 0), (1500, 0)]], [1, 2])
    [[with_bot, _], _] = rate([[friend, (1500, 0)], [(1500, 0), (1500, 0)]], [1, 2])
    assert covered == (1500, 70)
    assert 1500 < with_covered[0] < with_bot[0]
    # Frozen may be passed as an explicit third element.
    assert rate([[(1500, 70, True)], [(1500, 70)]], [1, 2])[0] == [(1500, 70)]
    assert rate([[(1500, 70, False)], [(1500, 70)]], [1, 2])[0][0][0] > 1500


# Ties and outcomes ----------------------------------------------------------------


def test_a_tie_between_equals_moves_no_mean_and_shrinks_both():
    [[a], [b]] = rate([[(1500, 100)], [(1500, 100)]], [1, 1])
    assert a[0] == pytest.approx(1500) and b[0] == pytest.approx(1500)
    assert a[1] < 100 and b[1] < 100


def test_a_tie_pulls_the_stronger_down_and_the_weaker_up():
    [[strong], [weak]] = rate([[(1700, 100)], [(1400, 100)]], [2, 2])
    assert strong[0] < 1700 and weak[0] > 1400
    # Equal variances: the moves mirror each other.
    assert strong[0] - 1700 == pytest.approx(-(weak[0] - 1400))


def test_ranks_are_relative_not_absolute():
    teams = [[(1550, 80)], [(1480, 120)]]
    assert rate(teams, [1, 2]) == rate(teams, [3, 7])
    assert rate(teams, [1, 1]) == rate(teams, [2, 2])


def test_order_of_sides_does_not_matter():
    teams = [[(1550, 80)], [(1480, 120)], [(1600, 60)]]
    out = rate(teams, [2, 1, 3])
    rev = rate(teams[::-1], [3, 1, 2])
    for ours, theirs in zip(out, rev[::-1], strict=True):
        assert ours[0] == pytest.approx(theirs[0])


# Monotonicity -------------------------------------------------------------------


def test_an_upset_moves_more_than_an_expected_win():
    favourite, underdog = (1700, 100), (1400, 100)
    [[fav_won], [dog_lost]] = rate([[favourite], [underdog]], [1, 2])
    [[fav_lost], [dog_won]] = rate([[favourite], [underdog]], [2, 1])
    assert dog_won[0] - 1400 > fav_won[0] - 1700 > 0
    assert 1700 - fav_lost[0] > 1400 - dog_lost[0] > 0


def test_winning_never_lowers_and_losing_never_raises_a_mean():
    rng = random.Random("monotone")
    for _ in range(200):
        k = rng.choice([2, 3, 4])
        size = rng.choice([1, 2])
        teams = [[_random_player(rng) for _ in range(size)] for _ in range(k)]
        ranks = [rng.randint(1, k) for _ in range(k)]
        out = rate(teams, ranks)
        best, worst = min(ranks), max(ranks)
        for side, new_side, rank in zip(teams, out, ranks, strict=True):
            for before, after in zip(side, new_side, strict=True):
                # A side alone in first (or last) place beat (or lost to)
                # every other side; a side sharing it tied some of them.
                if ranks.count(rank) == 1 and rank == best:
                    assert after[0] >= before[0]
                if ranks.count(rank) == 1 and rank == worst:
                    assert after[0] <= before[0]
                # A deviation never grows by more than τ and never drops under the floor.
                assert FLOOR <= after[1] <= math.sqrt(before[1] ** 2 + TAU**2) + 1e-9


def test_the_bigger_the_gap_the_less_an_expected_win_pays():
    gains = []
    for opp in (1500, 1400, 1300, 1100):
        [[me, _], _] = rate([[(1500, 70), (1500, 0)], [(opp, 0), (opp, 0)]], [1, 2])
        gains.append(me[0] - 1500)
    assert gains == sorted(gains, reverse=True)
    assert gains[-1] < 1  # the easy pair, 800 under: almost nothing


# The deviation ------------------------------------------------------------------


def test_deviation_grows_by_tau_then_shrinks_and_settles():
    sigma = SIGMA
    for _ in range(2000):
        [[(_, sigma)], _] = rate([[(1500, sigma)], [(1500, 0)]], [1, 2])
    # τ and the shrink balance well above the floor (about 61 here).
    assert 55 < sigma < 70


def test_the_floor_never_lets_a_deviation_shrink_below_it(monkeypatch):
    # With τ = 6 the floor is a guard that never binds in play (deviations
    # settle near 60); raise it to see it work.
    monkeypatch.setattr(model, "FLOOR", 330.0)
    [[(_, sigma)], _] = rate([[(MU, SIGMA)], [(1500, 0)]], [1, 2])
    assert sigma == 330.0  # would have been 317.0
    # A deviation passed in under the floor isn't raised to it: it grows by
    # τ as usual and the game can't shrink it below that.
    [[(_, low)], _] = rate([[(1500, 200)], [(1500, 0)]], [1, 2])
    assert low == pytest.approx(math.sqrt(200**2 + TAU**2))


def test_a_new_player_moves_much_further_than_a_settled_one():
    bots = [(1500, 0), (1500, 0)]
    [[new, _], _] = rate([[(MU, SIGMA), (1500, 0)], bots], [1, 2])
    [[settled, _], _] = rate([[(1500, 70), (1500, 0)], bots], [1, 2])
    assert new[0] - 1500 > 10 * (settled[0] - 1500)


# Input checks -------------------------------------------------------------------


@pytest.mark.parametrize(
    "teams, ranks",
    [
        ([[(1500, 100)]], [1]),  # one side
        ([[(1500, 100)], []], [1, 2]),  # an empty side
        ([[(1500, 100)], [(1500, 100)]], [1]),  # a rank missing
        ([[(1500, -1)], [(1500, 100)]], [1, 2]),  # a negative deviation
        ([[(1500,)], [(1500, 100)]], [1, 2]),  # not (mu, sigma)
        ([[(float("nan"), 100)], [(1500, 100)]], [1, 2]),
    ],
)
def test_bad_input_is_refused(teams, ranks):
    with pytest.raises(ValueError):
        rate(teams, ranks)


def test_the_model_imports_without_django():
    import subprocess
    import sys
    from pathlib import Path

    code = "import sys, ratings.model as m; assert 'django' not in sys.modules; print(m.rate([[(1550,80)],[(1480,120)]],[1,2]))"
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, cwd=Path(__file__).parents[2])
