"""The Euchre yardstick against OpenSpiel's ISMCTS (tools/strength/euchre_openspiel.py):
its own arithmetic, which needs no OpenSpiel (the runs themselves are figures, not tests)."""

import json

from games.euchre.rules import cards
from tools.strength import euchre_openspiel as yardstick


def test_every_card_goes_to_openspiel_and_back_as_itself():
    spiel = [yardstick.spiel_card(c) for c in cards()]
    assert sorted(spiel) == list(range(24))
    assert [yardstick.our_card(a) for a in spiel] == cards()
    # OpenSpiel's card is rank * 4 + suit, clubs first: the 9 of clubs is 0, the ace of spades 23.
    assert (yardstick.spiel_card("9C0"), yardstick.spiel_card("AS0"), yardstick.spiel_card("JH0")) == (0, 23, 10)


def test_hards_share_of_the_points_and_its_interval_are_over_the_deals():
    even = [(2, 2), (1, 1), (3, 3), (0, 2), (2, 0)] * 20
    share, low, high = yardstick.share_interval(even)
    assert share == 0.5 and low < 0.5 < high and high - low < 0.3
    ahead = [(3, 1), (2, 1), (4, 2), (1, 0)] * 30
    share, low, high = yardstick.share_interval(ahead)
    assert share == 10 / 14 and 0.5 < low < share < high < 1.0
    # Fewer deals, a wider interval.
    assert yardstick.share_interval(ahead[:8])[1] < low


def test_the_report_gives_each_sides_calls_and_euchres_with_intervals():
    hand = {"hard": 1, "other": 0, "hard_called": True, "euchred": False, "alone": False}
    euchred = {"hard": 0, "other": 2, "hard_called": True, "euchred": True, "alone": False}
    theirs = {"hard": 0, "other": 1, "hard_called": False, "euchred": False, "alone": True}
    lines = yardstick.report([[hand, theirs], [euchred, hand]])
    assert "4 hands on 2 deals; points 2-3" in lines[0]
    assert "hard named trump  75.0%" in lines[1] and "1/3 calls" in lines[1]
    assert "ISMCTS named trump  25.0%" in lines[2] and "alone 1" in lines[2]


def test_the_report_says_where_each_sides_points_came_from():
    mine = {"hard": 2, "other": 0, "hard_called": True, "euchred": False, "alone": False, "marched": True}
    lone = {"hard": 0, "other": 4, "hard_called": False, "euchred": False, "alone": True, "marched": True}
    stopped = {"hard": 2, "other": 0, "hard_called": False, "euchred": True, "alone": False, "marched": False}
    made = {"hard": 0, "other": 1, "hard_called": False, "euchred": False, "alone": True, "marched": False}
    lines = yardstick.report([[mine, lone], [stopped, made]])
    assert "hard's points 4: 2 from its calls with its partner, 0 from its lone hands (0 of 0 made marched), " \
           "2 from euchring the other side" in lines[3]
    assert "ISMCTS's points 5: 0 from its calls with its partner, 5 from its lone hands (1 of 2 made marched), " \
           "0 from euchring the other side" in lines[4]


def test_two_runs_written_deal_by_deal_compare_on_the_deals_both_played():
    won = {"hard": 2, "other": 0, "hard_called": True, "euchred": False, "alone": False, "marched": True}
    lost = {"hard": 0, "other": 2, "hard_called": True, "euchred": True, "alone": False, "marched": False}
    theirs = {"hard": 0, "other": 1, "hard_called": False, "euchred": False, "alone": False, "marched": False}
    before = [yardstick.per_deal(0, [won, theirs]), yardstick.per_deal(1, [lost, theirs]),
              yardstick.per_deal(2, [theirs, theirs]), yardstick.per_deal(3, [won, won])]
    after = [yardstick.per_deal(0, [won, theirs]), yardstick.per_deal(1, [won, theirs]),
             yardstick.per_deal(2, [won, theirs])]
    assert yardstick.margins(before) == {0: 1, 1: -3, 2: -2, 3: 4}
    # Deal 3 is in one file only; deal 1 moved by 4 points, deal 2 by 3, deal 0 not at all.
    line = yardstick.compare(yardstick.margins(before), yardstick.margins(after))
    assert "moved +2.333 points a deal" in line and "over 3 deals, 2 of them scored otherwise" in line
    assert "too few" in yardstick.compare({0: 1}, {0: 2})


def test_deals_are_sorted_by_where_the_two_tables_bids_first_parted():
    def hand(hard, other, *bids):
        moves = [[seat, {"type": kind, "alone": alone} if kind != "pass" else {"type": "pass"}]
                 for seat, kind, alone in bids]
        return {"hard": hard, "other": other, "hard_called": True, "euchred": False, "alone": False,
                "marched": False, "moves": moves + [[1, {"type": "play", "card": "9C0"}]]}

    # Seat 1 speaks first: the search at the first table, hard at the second, same cards.
    ordered = hand(1, 0, (1, "order", False))
    passed = hand(0, 0, (1, "pass", False), (2, "order", False))
    alone = hand(0, 4, (1, "order", True))
    lines = [yardstick.per_deal(0, [passed, ordered]), yardstick.per_deal(1, [ordered, ordered]),
             yardstick.per_deal(2, [passed, ordered]), yardstick.per_deal(3, [alone, ordered])]
    assert yardstick.parting(json.loads(lines[0])) == "round 1: hard order, ISMCTS pass"
    assert yardstick.parting(json.loads(lines[1])) == "same bids"
    out = yardstick.partings(lines)
    assert out[0].split()[:8] == ["round", "1:", "hard", "order,", "ISMCTS", "pass", "2", "deals,"]
    assert "hard's margin +1.00 a deal" in out[0] and "+2 in all" in out[0]
    assert any("hard order, ISMCTS order alone" in line and "-3.00 a deal" in line for line in out)
