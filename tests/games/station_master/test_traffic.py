"""Station Master's right to the track: meets, passes, an inferior train
giving way, Extras waiting for a clear Subdivision, the standoff rule, and
the Division never locking up in any bot game."""

import copy

import pytest

from games.station_master import division, lookahead, traffic
from tests.games.station_master.test_rules import find, move, play_out, put, refused, table


def run(state, stages=1):
    """Movement at the end of this Stage, then the next Stage's number."""
    for _ in range(stages):
        traffic.movement(state)
        state["stage"] += 1


def texts(state):
    return [e.get("text", "") for e in state["events"]]


# -- meets -----------------------------------------------------------------------------------

def test_a_meet_at_an_office():
    # No. 1 (Fast, west) at Birch Creek and No. 52 (Slow, east) at Ashford both want the Tunnel.
    state = table(2, cards=["Plains", "Tunnel", "Plains"],
                  trains=[put(1, "passenger", place=2), put(52, "freight", place=1)])
    run(state)
    assert find(state, 1)["status"] == "running" and find(state, 1)["card"] == 1
    assert find(state, 52)["place"] == 1 and "No. 1" in find(state, 52)["wait"]
    run(state)
    assert find(state, 1)["place"] == 1 and find(state, 52)["place"] == 1
    assert "No. 1 meets No. 52 at Ashford." in texts(state)
    run(state)
    assert find(state, 52)["card"] == 1 and find(state, 1)["card"] is None


def test_opposing_trains_meet_on_double_track_without_waiting():
    state = table(2, cards=["Plains", "Double Track", "Plains"],
                  trains=[put(51, "freight", place=2), put(52, "freight", place=1)])
    run(state)
    assert find(state, 51)["card"] == 1 and find(state, 52)["card"] == 1
    assert any("meets" in t and "Double Track" in t for t in texts(state))


def test_single_track_never_holds_trains_running_both_ways():
    state = table(2, cards=["Plains", "Curves", "Plains"],
                  trains=[put(51, "freight", card=1, left=2), put(52, "freight", place=1)])
    run(state)
    assert find(state, 52)["status"] == "standing" and "No. 51" in find(state, 52)["wait"]


# -- passes ----------------------------------------------------------------------------------

def test_a_pass_on_double_track():
    state = table(2, cards=["Plains", "Double Track", "Plains"],
                  trains=[put(52, "freight", card=1, left=2), put(2, "passenger", place=1, since=1)])
    run(state)
    assert find(state, 2)["place"] == 2 and find(state, 52)["status"] == "running"
    assert "No. 2 passes No. 52 on the Double Track." in texts(state)


def test_no_pass_on_single_track_the_follower_comes_in_behind():
    state = table(2, cards=["Plains", "Plains", "Plains"],
                  trains=[put(52, "freight", card=1, left=2), put(2, "passenger", place=1, since=1)])
    run(state)
    fast, slow = find(state, 2), find(state, 52)
    assert fast["card"] == 1 and fast["left"] >= slow["left"]
    run(state)
    assert fast["place"] == 2 and slow["place"] == 2
    assert not any("passes" in t for t in texts(state))


def test_an_uncontrolled_siding_lets_trains_pass_but_the_inferior_loses_a_stage():
    state = table(2, cards=["Plains", "Uncontrolled Siding", "Plains"],
                  trains=[put(52, "freight", card=1, left=2), put(2, "passenger", place=1, since=1)])
    run(state)
    assert find(state, 2)["place"] == 2
    assert find(state, 52)["left"] == 2     # took the siding: one Stage more than its crossing
    assert "No. 2 passes No. 52 on the Uncontrolled Siding." in texts(state)


def test_a_pass_at_an_office():
    # The Slow freight got to Birch Creek first; the Fast passenger train leaves ahead of it.
    state = table(2, cards=["Plains", "Plains", "Plains"],
                  trains=[put(51, "freight", place=2, since=1), put(1, "passenger", place=2, since=2)])
    state["stage"] = 3
    run(state)
    assert find(state, 1)["place"] == 1 and "No. 1 passes No. 51 at Birch Creek." in texts(state)


# -- inferior trains -------------------------------------------------------------------------------

def test_a_slow_freight_holds_for_a_fast_passenger_train():
    # Westbound would win on direction, but class comes first.
    state = table(2, cards=["Plains", "Plains", "Plains"],
                  trains=[put(51, "freight", place=2), put(2, "passenger", place=1)])
    run(state)
    assert find(state, 2)["place"] == 2 and find(state, 51)["place"] == 2
    assert "No. 2" in (find(state, 51)["wait"] or "") or find(state, 51)["status"] == "standing"


def test_an_inferior_train_may_not_follow_onto_single_track_while_a_superior_waits():
    state = table(2, cards=["Plains", "Curves", "Plains"],
                  trains=[put(53, "freight", card=1, left=3), put(51, "freight", place=2),
                          put(2, "passenger", place=1)])
    run(state)
    assert find(state, 51)["place"] == 2 and "gives way to No. 2" in find(state, 51)["wait"]
    assert find(state, 2)["place"] == 1 and "No. 53" in find(state, 2)["wait"]
    run(state, 2)
    assert find(state, 53)["place"] == 1 and find(state, 2)["place"] == 1
    run(state)
    assert find(state, 2)["card"] == 1 and find(state, 51)["place"] == 2


def test_a_train_may_follow_onto_single_track_when_nothing_superior_waits():
    state = table(2, cards=["Plains", "Curves", "Plains"],
                  trains=[put(53, "freight", card=1, left=2), put(51, "freight", place=2)])
    run(state)
    assert find(state, 51)["card"] == 1 and find(state, 51)["left"] >= find(state, 53)["left"]


# -- Extras ---------------------------------------------------------------------------------------

def test_an_extra_waits_for_a_clear_subdivision():
    state = table(2, cards=["Plains", "Curves", "Plains"],
                  trains=[put(101, "extra", place=2, owner=1), put(52, "freight", card=1, left=2)])
    run(state)
    assert find(state, 101)["place"] == 2 and "clear Subdivision" in find(state, 101)["wait"]
    run(state)
    assert find(state, 52)["place"] == 2 and find(state, 101)["place"] == 2
    run(state)
    assert find(state, 101)["card"] == 1


def test_an_extra_gives_way_to_a_scheduled_train_for_a_clear_card():
    state = table(2, cards=["Plains", "Plains", "Plains"],
                  trains=[put(101, "extra", place=2, owner=1, since=0), put(52, "freight", place=1, since=1)])
    run(state)
    assert find(state, 52)["card"] == 1 and find(state, 101)["place"] == 2


def test_an_extra_in_the_interchange_yard_highballs_when_the_subdivision_is_clear():
    extra = put(101, "extra", place=2, owner=0)
    extra.update(status="yard", yard=1, place=None)
    state = table(2, cards=["Plains", "Interchange", "Plains"], trains=[extra, put(52, "freight", card=1, left=1)])
    run(state)
    assert find(state, 101)["status"] == "yard" and "clear Subdivision" in find(state, 101)["wait"]
    run(state)
    assert find(state, 101)["status"] == "running" and find(state, 101)["card"] == 1
    run(state)
    assert find(state, 101)["place"] == 1     # it crossed the Interchange card to Ashford


def test_a_train_order_puts_an_extra_ahead_of_every_train():
    state = table(2, cards=["Plains", "Plains", "Plains"],
                  trains=[put(101, "extra", place=2, owner=1), put(2, "passenger", place=1)])
    state["hands"][1] = ["TrainOrder-0"]
    from games.station_master import rules
    rules.begin_turn(state, 1)
    move(state, 1, type="play", card="TrainOrder-0", train=101)
    assert find(state, 101)["order"]
    run(state)
    assert find(state, 101)["card"] == 1 and find(state, 2)["place"] == 1


# -- the standoff rule ----------------------------------------------------------------------------

def test_a_standoff_between_equals_goes_west_first():
    state = table(2, cards=["Plains", "Tunnel", "Plains"],
                  trains=[put(51, "freight", place=2, since=1), put(52, "freight", place=1, since=1)])
    state["stage"] = 2
    run(state)
    assert find(state, 51)["card"] == 1 and find(state, 52)["place"] == 1


def test_a_standoff_goes_to_the_train_that_has_waited_longer():
    state = table(2, cards=["Plains", "Tunnel", "Plains"],
                  trains=[put(51, "freight", place=2, since=3), put(52, "freight", place=1, since=1)])
    state["stage"] = 4
    run(state)
    assert find(state, 52)["card"] == 1 and find(state, 51)["place"] == 2


def test_superiority_is_a_strict_order():
    trains = [put(no, kind, place=1, since=s) for no, kind in ((1, "passenger"), (2, "passenger"), (51, "freight"),
                                                                (52, "freight"), (21, "mixed"), (101, "extra"))
              for s in (0, 1)]
    for t in trains:
        t["no"] += 1000 * t["since"]
    keys = [traffic.superiority(t) for t in trains]
    assert len(set(keys)) == len(keys)


# -- holds -----------------------------------------------------------------------------------------

def test_a_held_train_stays_one_stage_and_is_held_only_once_per_office():
    state = table(2, cards=["Plains", "Plains", "Plains"], trains=[put(51, "freight", place=1)])
    move(state, 0, type="hold", train=51)
    traffic.movement(state)
    assert find(state, 51)["place"] == 1
    state["stage"] += 1
    from games.station_master import rules
    rules.begin_turn(state, 0)
    assert "already been held here" in refused(state, 0, type="hold", train=51)
    traffic.movement(state)
    assert find(state, 51)["card"] == 0


# -- no deadlock, in every bot game ----------------------------------------------------------------

TABLES = [(1, {"preset": "solitaire"})] + [
    (n, {"preset": p}) for p in ("co-op", "competitive", "cutthroat") for n in (2, 3, 4)
] + [(3, {"preset": "custom", "scoring": "together", "hinder": "yes", "day": "long", "goal": "stiff"}),
     (2, {"preset": "custom", "day": "short"})]
LEVELS = ("easy", "medium", "hard")


def _check_track(state):
    assert not traffic.locked(state), "the Division locked up"
    for j, card in enumerate(state["cards"]):
        there = traffic.on_card(state["trains"], j)
        if not division.two_tracks(card):
            assert len({t["dir"] for t in there}) <= 1, f"trains ran both ways on the {card['name']}"
    for t in state["trains"]:
        if t["status"] == "running":
            assert 1 <= t["left"] <= 5


STANDOFFS = []


@pytest.fixture
def watched_movement(monkeypatch):
    """Every movement checks its standoffs: when trains wait at both ends of
    a clear single-track card, the rule must send exactly one way across."""
    real = traffic.movement

    def movement(state):
        if state["seed"] == lookahead.SEED:
            # The hard bot playing a day out in its head, not the game.
            return real(state)
        before = copy.deepcopy(state)
        ready = traffic.waiting(before)
        standoffs = []
        for j, card in enumerate(before["cards"]):
            if division.two_tracks(card) or traffic.on_card(before["trains"], j):
                continue
            facing = [t for t in ready if traffic.wanted_card(t) == j]
            if len({t["dir"] for t in facing}) == 2:
                standoffs.append((j, facing))
        real(state)
        for j, facing in standoffs:
            after = {t["no"]: t for t in state["trains"]}
            went = [t for t in facing if after[t["no"]]["status"] not in ("standing", "yard")
                    or after[t["no"]]["place"] != t["place"]]
            assert went, f"a standoff on the {before['cards'][j]['name']} was left unresolved"
            assert len({t["dir"] for t in went}) == 1, "both sides of a standoff took the single track"
            STANDOFFS.append(j)

    monkeypatch.setattr(traffic, "movement", movement)


@pytest.mark.parametrize("n,settings", TABLES)
def test_the_division_never_locks_and_every_day_ends_on_time(n, settings, watched_movement):
    seen = len(STANDOFFS)
    for k in range(3):
        levels = [LEVELS[(s + k) % 3] for s in range(n)]
        state, decisions = play_out(n, f"lock-{n}-{settings['preset']}-{k}", settings, levels, _check_track)
        assert state["phase"] == "over" and state["stage"] == state["stages"]
        # Every Office takes a turn every Stage; a turn is at most its moves,
        # two more for each Extra Crew, each perhaps with a Draw option to close.
        assert state["stages"] * n <= decisions <= state["stages"] * (2 * n + 1 + 4) * 2
        arrived = [t for t in state["trains"] if t["arrived"] is not None]
        assert arrived, "no train ever finished a run"
    assert len(STANDOFFS) > seen, "no standoff came up, so the check proved nothing"
