"""TableGameContract: what every Parlor game must meet, as tests.

A game's test module subclasses it, names the game, and says how to re-deal
the secrets a seat must not see::

    class TestEuchreContract(TableGameContract):
        game = engine.registry.get("euchre")

        def scramble(self, state, keep, rng): ...
        def hidden(self, state, seat): ...
        def places(self, state, keep): ...
        def ruled_out(self, state, keep): ...   # where a game's view rules cards out

It plays seeded games with bots at every level (and one table of mixed
levels) at every startable size and checks, at every step: every bot move
and every fallback is legal; the state survives a JSON round trip; no view
holds another seat's secret; and after ``scramble`` re-deals what ``keep``
must not see, ``view(state, keep)`` and every level's bot move for ``keep``
are unchanged. A whole game replays from its seed and moves, byte for byte.
Bots decide from the view itself, with no copy: as each decides, the suite
checks that the view shares nothing with the state but the log's entries
and that the bot leaves it as it found it.

``determinize(view, rng)`` is ``scramble``'s inverse: from a seat's view
alone it builds a whole state. The suite checks that the seat's view of it
is the view it came from, with the same legal moves and the same decision;
that its secret places (``places``) hold exactly the cards the real ones
do, in the same sizes, none where the view rules it out (``ruled_out``);
that the same stream deals the same world; and, at an early position, that
each unseen card lands in each place about as often as the place's share
of the room (a chi-square test with a fixed seed).

A refused move changes nothing, so a move must make every check that can
refuse it before its first change: over states of seeded random games,
every move the rules refuse (another seat's, a stale one from elsewhere in
the games, one with a field gone or corrupted, one sent as another kind,
raw junk) leaves the state equal to a deep copy taken before, and is
refused with a sentence, never a crash.
Set PARLOR_CONTRACT_GAMES to play more games per level.
"""

from __future__ import annotations

import copy
import json
import math
import os
import random
from collections import Counter

import orjson

from engine import contract, log, moves, play
from engine.contract import LEVELS, Illegal, completed
from tests.walking import containers, nodes, strings

GAMES_PER_LEVEL = int(os.environ.get("PARLOR_CONTRACT_GAMES", "3"))
MAX_STEPS = 20000
MOVES_TRIED = 12  # of a seat's legal moves at one step, at the most
FAIR_SAMPLES = 400  # worlds dealt from one early view for the fairness test
SHARING_EVERY = 4  # a view is checked for sharing containers with its state at every k-th seq
REFUSED_TRIES = 16  # bad versions tried of each legal move it starts from
# What an attacker might send in a move's field, or as a seat.
JUNK = (None, True, False, 0, -1, 1.5, 10 ** 12, "", "zz", "XX9", [], [None], ["zz", "zz"], {}, {"type": "pass"})


def _dump(state) -> str:
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def _scalars(value):
    """Every string and number inside a JSON value: the values a seat's view
    makes plausible in a move's field."""
    return (n for n in nodes(value) if isinstance(n, (str, int)) and not isinstance(n, bool))


def _corrupted(action: dict, rng: random.Random, most: int, near: list) -> list:
    """Bad versions of a move, at most ``most`` of them: a field gone, or
    set to junk or to a value from ``near`` (the seat's view: its cards, the
    board's numbers), or nudged (a number one off, a list with an item
    doubled, dropped or replaced, a flag flipped)."""
    out = []
    for key, value in action.items():
        if key == "type":
            continue
        out.append({k: v for k, v in action.items() if k != key})
        alike = [v for v in near if type(v) is type(value)] or near
        others = list(JUNK) + rng.sample(alike, min(len(alike), 8))
        if isinstance(value, bool):
            others.append(not value)
        elif isinstance(value, int):
            others += [value + 1, value - 1, -value - 1, float(value)]
        elif isinstance(value, str):
            others += [value + "x", value[:-1], value.lower(), [value]]
        elif isinstance(value, list) and value:
            others += [value + value[:1], value[1:], value[::-1], [value]]
            alike = [v for v in near if type(v) is type(value[0])] or near
            others += [value[:i] + [v] + value[i + 1:] for i in range(len(value)) for v in rng.sample(alike, min(len(alike), 2))]
        out += [dict(action, **{key: v}) for v in others if v != value or type(v) is not type(value)]
    return rng.sample(out, min(most, len(out)))


def _any_kind(game, state: dict, seat: int, _level, rng: random.Random) -> dict:
    """A random legal move, its kind drawn first, so a kind with few moves
    is made as often as one with many (Euchre's pass against its two orders:
    the second round of bidding needs four passes in a row)."""
    listed = game.legal(state, seat)
    kind = rng.choice(sorted({m["type"] for m in listed}))
    return rng.choice([m for m in listed if m["type"] == kind])


class Played:
    """One game played by bots: the steps (state before, seat, move) and the
    end."""

    def __init__(self, n, seed, settings, levels, steps, final, wrong_reads=()):
        self.n, self.seed, self.settings, self.levels = n, seed, settings, levels
        self.steps, self.final = steps, final
        self.wrong_reads = list(wrong_reads)  # what a bot's reading of its view did wrong (``_reading``)


def _reading(wrong: list):
    """``play.bot_move``, checking as each bot decides that its view shares
    no container with the state but the log's entries and that the bot
    leaves the view as it found it; each fault is added to ``wrong``."""

    def bot(game, state, seat, level, rng):
        view = game.view(state, seat)
        if state["seq"] % SHARING_EVERY == 0:  # (a property of view(), so a sample of the states will do)
            entries = containers(state.get("events", []))
            own = containers(state)
            shared = [v for k, v in containers(view).items() if k in own and k not in entries]
            if shared:
                wrong.append(f"seat {seat}'s view holds the state's own {shared[0]!r:.80}")
        before = orjson.dumps(view, option=orjson.OPT_NON_STR_KEYS)
        move = game.bots.choose(view, level, rng)
        if orjson.dumps(view, option=orjson.OPT_NON_STR_KEYS) != before:
            wrong.append(f"the {level} bot for seat {seat} changed the view it decided from")
        return move

    return bot


class TableGameContract:
    game = None            # the game package
    sizes: tuple = ()      # seat counts to play; default: the game's sizes
    settings: list = [{}]  # settings to play each size with
    games_per_level = GAMES_PER_LEVEL
    check_every = 1        # check views and scrambles at every k-th step
    refused_games = 2      # random games at each size and setting for the refusal test
    refused_states = 8     # of their states asking each thing (``_stratum``), those it tries

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.game is not None:
            completed(cls.game)  # its optional parts filled in, as the registry loads a game

    # -- what a game's test supplies ------------------------------------
    def scramble(self, state: dict, keep: int, rng: random.Random) -> None:
        """Re-deal, in place, every secret seat ``keep`` must not see."""
        raise NotImplementedError

    def hidden(self, state: dict, seat) -> set[str]:
        """Strings (cards, mostly) that must appear nowhere in ``view(state,
        seat)``: other seats' hands and every face-down card."""
        raise NotImplementedError

    def places(self, state: dict, keep: int) -> dict[str, list]:
        """The places whose cards seat ``keep`` cannot see, each with its
        cards: other hands, the face-down piles. ``determinize`` must fill
        the same places with the same cards, dealt again."""
        raise NotImplementedError

    def ruled_out(self, state: dict, keep: int) -> dict[str, set]:
        """Per place, cards that ``keep``'s view says cannot be there (a
        suit a seat has shown out of, say), worked out from the real state
        independently of the game's ``determinize``."""
        return {}

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
        steps, wrong = [], []
        game = play.play(self.game, levels, seed, settings, pick=lambda seats, _k: rng.choice(seats), bot=_reading(wrong),
                         watch=lambda state, seat, action, _k: steps.append((copy.deepcopy(state), seat, copy.deepcopy(action))),
                         most=MAX_STEPS)
        for (_state, seat, action), (_seat, _made, by) in zip(steps, game.moves):
            assert by == "bot", f"{seed}: the {levels[seat]} bot's move {action} was refused"
        return Played(n, seed, settings, levels, steps, game.final, wrong)

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
        rows = self.game.options_schema
        if not rows:
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
                    leaked = secret & set(strings(view, keys=True))
                    assert not leaked, f"{p.seed}: seat {seat} was shown {sorted(leaked)}"
                    allowed = {e["n"] for e in state.get("events", []) if log.visible(e, seat)}
                    private = [e for e in shown if e.get("n") not in allowed]
                    assert not private, f"{p.seed}: seat {seat} was shown another seat's log line {private}"
                    assert all("to" not in e for e in shown), f"{p.seed}: a log line kept its privacy marks"
                    checked += bool(secret)
        assert checked, "hidden() never named a secret: the check proved nothing"

    def test_a_bot_decides_from_its_view_itself_and_leaves_it_as_it_found_it(self):
        """A bot reads the view as ``view`` built it, with no copy
        (engine/play.bot_move): a view shares nothing with its state but the
        log's entries, which never change once written, and no bot changes
        the view it reads. Every decision of the contract's games is checked
        as it is made (``_reading``)."""
        assert sum(len(p.steps) for p in self.played())
        wrong = [f"{p.seed}: {fault}" for p in self.played() for fault in p.wrong_reads]
        assert not wrong, "; ".join(wrong[:3])

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

    def _stratum(self, state: dict) -> tuple:
        """What a state asks for: each deciding seat's kind of decision and
        the kinds of move it may make (Euchre's first round of bidding, its
        second, and a dealer stuck with calling are three)."""
        return tuple(sorted({(kind, tuple(sorted({m["type"] for m in self.game.legal(state, seat)})))
                             for seat, kind, _key in self.game.deciding(state)}))

    def _random_states(self) -> list[tuple[str, int, dict]]:
        """States of seeded games of random legal moves (``_any_kind``),
        ``refused_games`` at each size and setting: for each thing a state
        may ask (``_stratum``), ``refused_states`` of the states asking it,
        picked evenly at random over them all (a reservoir sample), so a rare
        question (a Euchre farmer's hand) is tried as often as it comes up at
        all. Each as (seed, seats, state)."""
        rng = random.Random(f"{self.game.slug}:picked")
        kept: dict[tuple, list] = {}
        met: Counter = Counter()
        for settings in self.settings:
            for n in self.sizes or self.game.sizes:
                for k in range(self.refused_games):
                    seed = f"refused-{n}-{k}"

                    def keep(state, _seat, _action, _k, seed=seed, n=n):
                        asks = self._stratum(state)
                        met[asks] += 1
                        picked = kept.setdefault(asks, [])
                        if len(picked) < self.refused_states:
                            picked.append((seed, n, moves.plain_copy(state)))
                        elif (j := rng.randrange(met[asks])) < self.refused_states:
                            picked[j] = (seed, n, moves.plain_copy(state))

                    play.play(self.game, [LEVELS[0]] * n, seed, settings, bot=_any_kind,
                              pick=lambda seats, _k: rng.choice(seats), watch=keep, most=MAX_STEPS)
        return [one for asks in sorted(kept) for one in kept[asks]]

    def _bad_moves(self, state: dict, n: int, stale: dict, rng: random.Random) -> list[tuple]:
        """(seat, move) pairs to send at this state, most of them bad: raw
        junk and bare moves of every kind, from seats and non-seats; each of
        a few of the deciding seats' legal moves sent by another seat, as
        another kind, and corrupted; and moves legal somewhere else in the
        games (``stale``, by kind), as they are and corrupted."""
        tries = [(seat, junk) for seat in (None, True, "0", -1, n) for junk in JUNK[:3]]
        tries += [(0, junk) for junk in JUNK] + [(0, {"type": kind}) for kind in sorted(self.game.MOVES)]
        for seat in sorted(moves.deciders(self.game, state)):
            listed = self.game.legal(state, seat)
            near = sorted(set(_scalars(dict(self.game.view(state, seat), events=None))) | set(_scalars(listed)), key=str)
            for action in rng.sample(listed, min(len(listed), 3)):
                stale.setdefault(action["type"], []).append(action)
                tries += [(other, action) for other in range(n) if other != seat]
                tries += [(seat, dict(action, type=kind)) for kind in sorted(self.game.MOVES) if kind != action["type"]]
                tries += [(seat, bad) for bad in _corrupted(action, rng, REFUSED_TRIES, near)]
            for kind in sorted(stale):
                for action in rng.sample(stale[kind], min(len(stale[kind]), 2)):
                    tries += [(seat, action)] + [(seat, bad) for bad in _corrupted(action, rng, 2, near)]
        return tries

    def test_a_refused_move_changes_nothing(self):
        reached = set()  # the kinds of move refused past dispatch's own checks, by the game's
        stale: dict[str, list] = {}
        rng = random.Random(f"{self.game.slug}:refused")
        for i, (seed, n, state) in enumerate(self._random_states()):
            before = moves.plain_copy(state)  # (a deep copy: a state is JSON data)
            tries = self._bad_moves(state, n, stale, rng)
            assert state == before, f"{seed}, state {i}: legal() or view() changed the state"
            work = moves.plain_copy(before)
            for seat, action in tries:
                where = f"{seed}, state {i}: seat {seat!r} sent {action!r}"
                try:
                    moves.dispatch(self.game, work, seat, moves.plain_copy(action), 0.0)
                except Illegal as refusal:
                    if work != before:
                        changed = sorted(k for k in set(work) | set(before) if work.get(k) != before.get(k))
                        raise AssertionError(f"{where}: refused ({refusal}) but changed {changed}") from None
                    if seat in moves.deciders(self.game, before) and isinstance(action, dict):
                        reached.add(action.get("type"))
                    continue
                except Exception as crash:
                    raise AssertionError(f"{where}: it crashed instead of being refused: {crash!r}") from crash
                work = moves.plain_copy(before)  # (a stale move may well be legal here)
        missed = set(self.game.MOVES) - reached
        assert not missed, f"no bad move of kinds {sorted(missed)} reached the game's own checks"

    # -- determinize: the seat's view, dealt back into a whole state ------------
    def _sample(self, state, keep, rng):
        v = moves.plain_copy(self.game.view(state, keep))
        before = _dump(v)
        world = self.game.determinize(v, rng)
        assert _dump(v) == before, "determinize changed the view it was given"
        return world

    def _check_world(self, p, state, keep, world, where):
        assert json.loads(_dump(world)) == world, f"{where}: the world is not plain JSON"
        assert _dump(self.game.view(world, keep)) == _dump(self.game.view(state, keep)), (
            f"{where}: seat {keep}'s view of the world is not the view it was dealt from")
        assert self.game.legal(world, keep) == self.game.legal(state, keep), f"{where}: seat {keep}'s legal moves differ"
        # Who decides is open to all; what another seat must decide may hang
        # on its hand (a Line player with nothing to play must draw).
        assert moves.deciders(self.game, world) == moves.deciders(self.game, state), f"{where}: others decide in the world"
        mine = [d for d in self.game.deciding(state) if d[0] == keep]
        assert [d for d in self.game.deciding(world) if d[0] == keep] == mine, f"{where}: seat {keep} decides something else"
        real, dealt = self.places(state, keep), self.places(world, keep)
        assert {k: len(c) for k, c in dealt.items()} == {k: len(c) for k, c in real.items()}, (
            f"{where}: the world's hidden places are not the real ones' sizes")
        assert sorted(c for cs in dealt.values() for c in cs) == sorted(c for cs in real.values() for c in cs), (
            f"{where}: the world's hidden cards are not the ones seat {keep} has not seen")
        for place, barred in self.ruled_out(state, keep).items():
            wrong = barred & set(dealt.get(place, ()))
            assert not wrong, f"{where}: the world puts {sorted(wrong)} in {place}, which seat {keep}'s view rules out"

    def test_determinize_gives_back_the_seats_view_its_moves_and_its_secrets_dealt_again(self):
        checked = 0
        for p in self.played():
            for i, (state, seat, action) in enumerate(p.steps[:: self.check_every]):
                keeps = sorted(moves.deciders(self.game, state) | {i % p.n})
                for keep in keeps:
                    where = f"{p.seed} step {i * self.check_every} seat {keep}"
                    world = self._sample(state, keep, random.Random(f"{p.seed}:{i}:{keep}:world"))
                    self._check_world(p, state, keep, world, where)
                    checked += 1
                    if keep == seat:
                        try:
                            moves.dispatch(self.game, world, seat, copy.deepcopy(action), 0.0)
                        except Illegal as refused:
                            raise AssertionError(f"{where}: the world refused the move made, {action}: {refused}") from None
        assert checked

    def test_determinize_deals_the_same_world_from_the_same_stream(self):
        p = self.played()[0]
        state, seat, _action = p.steps[len(p.steps) // 3]
        a = self._sample(state, seat, random.Random("same"))
        b = self._sample(state, seat, random.Random("same"))
        assert _dump(a) == _dump(b)
        others = {_dump(self._sample(state, seat, random.Random(f"other-{k}"))) for k in range(8)}
        assert len(others) > 1, "eight streams dealt one world: the secrets were not dealt again"

    def early(self):
        """A fixed early position (state, seat) where the view rules nothing
        out: the first of the first game's steps that has none."""
        for p in self.played():
            for state, seat, _action in p.steps:
                if not any(self.ruled_out(state, seat).values()):
                    return state, seat
        raise AssertionError("no early position without anything ruled out")

    def test_determinize_deals_each_unseen_card_to_each_place_by_its_share(self):
        # Over many worlds dealt from one view, card c lands in place k about
        # FAIR_SAMPLES * size_k / unseen times: a chi-square test over the
        # table of cards by places, against its 0.1% critical value.
        # Where a seat sees everything but one pile (Solitaire's deck), the
        # pile's order is the secret: each place in it is a place of one.
        state, keep = self.early()

        def hidden_places(s):
            out = {k: c for k, c in self.places(s, keep).items() if c}
            if len(out) == 1:
                (name, held), = out.items()
                out = {f"{name} #{i}": [c] for i, c in enumerate(held)}
            return out

        real = hidden_places(state)
        sizes = {k: len(c) for k, c in real.items()}
        pool = sorted(c for cs in real.values() for c in cs)
        total = len(pool)
        counts = Counter()
        rng = random.Random("fair")
        for _ in range(FAIR_SAMPLES):
            for place, held in hidden_places(self._sample(state, keep, rng)).items():
                for c in held:
                    counts[c, place] += 1
        chi = 0.0
        for c in set(pool):
            copies = pool.count(c)
            for place, size in sizes.items():
                expected = FAIR_SAMPLES * copies * size / total
                chi += (counts[c, place] - expected) ** 2 / expected
        df = (len(set(pool)) - 1) * (len(sizes) - 1)
        assert df > 0, "the early position hides nothing in two places: the test proves nothing"
        assert chi < chi_square_critical(df), f"chi-square {chi:.1f} over {df} degrees of freedom: the deal is not fair"


def chi_square_critical(df: int, z: float = 3.09) -> float:
    """The value a chi-square statistic with ``df`` degrees of freedom
    exceeds one time in a thousand (Wilson and Hilferty's approximation;
    z = 3.09 is the normal's 0.1% point)."""
    k = 2.0 / (9.0 * df)
    return df * (1.0 - k + z * math.sqrt(k)) ** 3
