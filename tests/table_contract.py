"""TableGameContract: what every Parlor game must meet, as tests.

A game's test module subclasses it, names the game, and says how to re-deal
the secrets a seat must not see::

    class TestEuchreContract(TableGameContract):
        game = engine.registry.get("euchre")

        def scramble(self, state, keep, rng): ...
        def hidden(self, state, seat): ...

It plays seeded games with bots at every level (and one table of mixed
levels) at every startable size and checks, at every step: every bot move
and every fallback is legal; the state survives a JSON round trip; no view
holds another seat's secret; and after ``scramble`` re-deals what ``keep``
must not see, ``view(state, keep)`` and every level's bot move for ``keep``
are unchanged. A whole game replays from its seed and moves, byte for byte.
Set PARLOR_CONTRACT_GAMES to play more games per level.
"""

from __future__ import annotations

import copy
import json
import os
import random

from engine import contract, log, moves, play
from engine.contract import LEVELS, Illegal

GAMES_PER_LEVEL = int(os.environ.get("PARLOR_CONTRACT_GAMES", "3"))
MAX_STEPS = 20000
MOVES_TRIED = 12  # of a seat's legal moves at one step, at the most


def _dump(state) -> str:
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def _strings(value):
    """Every string inside a JSON value, keys included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


class Played:
    """One game played by bots: the steps (state before, seat, move) and the
    end."""

    def __init__(self, n, seed, settings, levels, steps, final):
        self.n, self.seed, self.settings, self.levels = n, seed, settings, levels
        self.steps, self.final = steps, final


class TableGameContract:
    game = None            # the game package
    sizes: tuple = ()      # seat counts to play; default: the game's sizes
    settings: list = [{}]  # settings to play each size with
    games_per_level = GAMES_PER_LEVEL
    check_every = 1        # check views and scrambles at every k-th step

    # -- what a game's test supplies ------------------------------------
    def scramble(self, state: dict, keep: int, rng: random.Random) -> None:
        """Re-deal, in place, every secret seat ``keep`` must not see."""
        raise NotImplementedError

    def hidden(self, state: dict, seat) -> set[str]:
        """Strings (cards, mostly) that must appear nowhere in ``view(state,
        seat)``: other seats' hands and every face-down card."""
        raise NotImplementedError

    # -- playing ----------------------------------------------------------
    _played: dict = {}

    def _tables(self):
        sizes = self.sizes or self.game.sizes
        tables = []
        for settings in self.settings:
            for n in sizes:
                for level in LEVELS:
                    for k in range(self.games_per_level):
                        tables.append((n, f"contract-{level}-{n}-{k}", settings, [level] * n))
                tables.append((n, f"contract-mixed-{n}", settings, [LEVELS[s % 3] for s in range(n)]))
        return tables

    def played(self) -> list[Played]:
        key = (type(self).__module__, type(self).__qualname__)
        if key not in TableGameContract._played:
            TableGameContract._played[key] = [self._play(*t) for t in self._tables()]
        return TableGameContract._played[key]

    def _play(self, n, seed, settings, levels) -> Played:
        """A game through the one play loop, the deciding seat drawn at
        random where several decide at once."""
        rng = random.Random(seed)
        steps = []
        game = play.play(self.game, levels, seed, settings, pick=lambda seats, _k: rng.choice(seats),
                         watch=lambda state, seat, action, _k: steps.append((copy.deepcopy(state), seat, copy.deepcopy(action))),
                         most=MAX_STEPS)
        for (_state, seat, action), (_seat, _made, by) in zip(steps, game.moves):
            assert by == "bot", f"{seed}: the {levels[seat]} bot's move {action} was refused"
        return Played(n, seed, settings, levels, steps, game.final)

    # -- the checks ---------------------------------------------------------
    def test_meets_the_contract(self):
        assert contract.missing(self.game) == []
        assert self.game.options(None) == self.game.DEFAULTS
        assert self.game.options({"bot_pace": "warp", "nonsense": 1}) == self.game.DEFAULTS
        assert set(self.game.bot_think) >= {kind for p in self.played() for s, _, _ in p.steps for _, kind, _ in self.game.deciding(s)}

    def test_the_waiting_room_asks_every_setting_in_words(self):
        """``options_schema``, which the waiting room draws: a row for every
        setting, words for each choice, and every choice one ``options``
        keeps (a row the preset answers, under the Custom preset)."""
        rows = getattr(self.game, "options_schema", None)
        if rows is None:
            return
        json.dumps(rows)
        assert [row["key"] for row in rows] == list(dict.fromkeys(row["key"] for row in rows))
        assert {row["key"] for row in rows} == set(self.game.DEFAULTS)
        preset = next((row for row in rows if row.get("presets")), None)
        for row in rows:
            assert row["label"] and row["default"] == self.game.DEFAULTS[row["key"]]
            assert {str(c) for c in row["choices"]} == {str(c) for c in row["labels"]} and all(row["labels"].values())
            asked = {preset["key"]: "custom"} if row.get("custom") else {}
            for choice in row["choices"]:
                assert self.game.options({**asked, row["key"]: choice})[row["key"]] == choice, (row["key"], choice)

    def test_every_bot_move_at_every_level_is_legal_and_games_end(self):
        played = self.played()
        assert played
        for p in played:
            assert self.game.result(p.final) is not None
            places = self.game.result(p.final)["places"]
            assert len(places) == p.n and min(places) == 1

    def test_every_fallback_is_legal(self):
        for p in self.played():
            for state, _seat, _action in p.steps:
                for seat, _kind, _key in self.game.deciding(state):
                    work = moves.working_copy(state)
                    move = play.fallback(self.game, state, seat)
                    try:
                        moves.dispatch(self.game, work, seat, move, 0.0)
                    except Illegal as refused:
                        raise AssertionError(f"{p.seed}: fallback {move} for seat {seat} was refused: {refused}") from None

    def test_legal_lists_a_move_for_every_deciding_seat_and_none_for_the_others(self):
        for p in self.played():
            for state, _seat, _action in p.steps[:: self.check_every]:
                deciders = moves.deciders(self.game, state)
                for seat in range(p.n):
                    listed = self.game.legal(state, seat)
                    if seat in deciders:
                        assert listed, f"{p.seed}: seat {seat} must decide but legal() lists nothing"
                    else:
                        assert listed == [], f"{p.seed}: seat {seat} is not deciding but legal() lists {listed[:3]}"

    def test_every_listed_move_is_accepted(self):
        # (Where a seat has many moves, a seeded sample of them at each step:
        # over a game's steps every kind of move is tried many times.)
        for p in self.played():
            for i, (state, _seat, _action) in enumerate(p.steps[:: self.check_every]):
                for seat in sorted(moves.deciders(self.game, state)):
                    listed = self.game.legal(state, seat)
                    if len(listed) > MOVES_TRIED:
                        listed = random.Random(f"{p.seed}:{i}").sample(listed, MOVES_TRIED)
                    for action in listed:
                        assert json.loads(json.dumps(action)) == action, f"{p.seed}: {action} is not plain JSON"
                        try:
                            moves.dispatch(self.game, moves.working_copy(state), seat, copy.deepcopy(action), 0.0)
                        except Illegal as refused:
                            raise AssertionError(f"{p.seed}: legal() listed {action} for seat {seat}, refused: {refused}") from None

    def test_every_bot_move_and_fallback_is_listed_by_legal(self):
        for p in self.played():
            for state, seat, action in p.steps[:: self.check_every]:
                listed = self.game.legal(state, seat)
                assert action in listed, f"{p.seed}: seat {seat}'s bot played {action}, which legal() does not list"
                for decider in sorted(moves.deciders(self.game, state)):
                    move = play.fallback(self.game, state, decider)
                    assert move in self.game.legal(state, decider), f"{p.seed}: fallback {move} is not in legal()"

    def test_legal_depends_only_on_what_the_seat_may_know(self):
        for p in self.played():
            for state, _seat, _action in p.steps[:: self.check_every]:
                for keep in sorted(moves.deciders(self.game, state)):
                    other = moves.working_copy(state)
                    self.scramble(other, keep, random.Random(f"{p.seed}:{keep}:legal"))
                    assert self.game.legal(other, keep) == self.game.legal(state, keep), (
                        f"{p.seed}: seat {keep}'s legal moves changed when only others' secrets did")

    def test_state_survives_a_json_round_trip(self):
        for p in self.played():
            for state, _seat, _action in p.steps[:: self.check_every] + [(p.final, None, None)]:
                assert json.loads(_dump(state)) == state

    def test_replay_from_seed_and_moves_is_identical(self):
        for p in self.played():
            state = self.game.new(p.n, p.seed, 0.0, p.settings)
            for step, (_before, seat, action) in enumerate(p.steps):
                moves.dispatch(self.game, state, seat, copy.deepcopy(action), float(step + 1))
            assert _dump(state) == _dump(p.final)

    def test_no_view_holds_another_seats_secret(self):
        checked = 0
        for p in self.played():
            for state, _seat, _action in p.steps[:: self.check_every]:
                for seat in [None, *range(p.n)]:
                    secret = self.hidden(state, seat)
                    view = json.loads(_dump(self.game.view(state, seat)))
                    # The log names cards of earlier deals, which may be in
                    # a hand again: events are checked by their privacy marks.
                    shown = view.pop("events", [])
                    leaked = secret & set(_strings(view))
                    assert not leaked, f"{p.seed}: seat {seat} was shown {sorted(leaked)}"
                    allowed = {e["n"] for e in state.get("events", []) if log.visible(e, seat)}
                    private = [e for e in shown if e.get("n") not in allowed]
                    assert not private, f"{p.seed}: seat {seat} was shown another seat's log line {private}"
                    assert all("to" not in e for e in shown), f"{p.seed}: a log line kept its privacy marks"
                    checked += bool(secret)
        assert checked, "hidden() never named a secret: the check proved nothing"

    def test_scramble_changes_nothing_a_seat_sees_or_a_bot_does(self):
        changed = 0
        for p in self.played():
            deciders = []
            for state, _seat, _action in p.steps[:: self.check_every]:
                for keep in range(p.n):
                    other = copy.deepcopy(state)
                    self.scramble(other, keep, random.Random(f"{p.seed}:{keep}"))
                    changed += _dump(other) != _dump(state)
                    assert _dump(self.game.view(other, keep)) == _dump(self.game.view(state, keep)), (
                        f"{p.seed}: seat {keep}'s view changed when only others' secrets did")
                deciders = sorted({d[0] for d in self.game.deciding(state)})
                for keep in deciders:
                    other = copy.deepcopy(state)
                    self.scramble(other, keep, random.Random(f"{p.seed}:{keep}:bots"))
                    for level in LEVELS:
                        a = play.bot_move(self.game, state, keep, level, random.Random(7))
                        b = play.bot_move(self.game, other, keep, level, random.Random(7))
                        assert a == b, f"{p.seed}: the {level} bot for seat {keep} used a secret ({a} vs {b})"
        assert changed, "scramble() never changed a state: the check proved nothing"
