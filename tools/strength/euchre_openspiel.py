"""Euchre's hard bot against an outside yardstick: OpenSpiel's C++
information-set Monte Carlo tree search (ISMCTS, 1,000 simulations a move
by default), hand by hand on duplicate deals: every deal is played twice
with the same cards in the same seats, hard's pair holding seats 0 and 2
the first time and 1 and 3 the second, so both sides get the same cards.

Our rules referee every hand (stick the dealer, going alone, no defending
alone: the rules OpenSpiel's euchre shares), from 0 to 0 in a fresh game;
an OpenSpiel state follows every move, and the search decides from it.
Where the two rule books order things differently, the search answers
OpenSpiel's questions in OpenSpiel's order: it orders or calls, the dealer
then buries, then it says whether it goes alone (we ask "alone?" with the
bid). It cannot see the dealer's buried card, so when our bot deals, the
search is asked "alone?" on a copy with any card buried: the same question
it would be asked. If our bot's partner orders up alone as the dealer's
partner, our dealer sits out and never picks up; OpenSpiel has it pick up
and bury a card nobody plays.

Prints hard's share of all the points scored (ours: only one side scores
a hand), with its 95% interval over the deals, and each side's call rate
(the hands its side named trump) and how often a call was euchred, each
with its 95% interval. ``--per-deal FILE`` writes each deal's two hands
(JSON lines: each hand's outcome, the cards dealt and every move, seat by
seat), and ``--compare BEFORE AFTER`` reads two such files of the same
deals and prints how many points a deal hard's margin moved, deal by deal:
a change measured on the very deals it is played on. ``--parting FILE``
reads one and sorts its deals by where the two tables' bids first parted
(hard's bid, and the search's with the same cards in the same seat), with
hard's margin a deal in each: where the points are won and lost. Every deal is
played in a fresh process, so the search plays it the same way whichever
deals ran before; its hash tables still order by where the library was
loaded, so deals replay exactly (all but about one in forty) only with
that fixed: `PYTHONHASHSEED=0 setarch -R python -m ...`.

OpenSpiel is a benchmark-only extra, never a dependency of the site: when
missing it is installed into var/bench-extras (tools/bench/euchre_yardstick.py).

    .venv/bin/python -m tools.strength.euchre_openspiel --deals 1500 --jobs 2 --every 100
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from engine import play, registry, search
from engine.moves import dispatch
from tools.bench.euchre_yardstick import pyspiel
from tools.stats import Z95, wilson

GAME = registry.get("euchre")
SETTINGS = {"stick_dealer": "on", "alone": "on", "defend_alone": "off"}
RANKS, SUITS = "9TJQKA", "CDHS"  # OpenSpiel's card is rank * 4 + suit, in these orders
PASS, ALONE, PARTNER = 24, 29, 30
TRUMP = {25 + i: s for i, s in enumerate(SUITS)}


def spiel_card(card: str) -> int:
    return RANKS.index(card[0]) * 4 + SUITS.index(card[1])


def our_card(action: int) -> str:
    return RANKS[action // 4] + SUITS[action % 4] + "0"


class Mirror:
    """An OpenSpiel state dealt the cards of one of our hands, kept in step
    with it, and the search that decides for the other side's seats."""

    def __init__(self, spiel, state: dict, seed: int, simulations: int, uct: float):
        game = spiel.load_game("euchre", {"stick_the_dealer": True, "allow_lone_defender": False})
        self.spiel, self.s = spiel, game.new_initial_state()
        self.bot = spiel.ISMCTSBot(seed, spiel.RandomRolloutEvaluator(1, seed), uct, simulations, -1,
                                   spiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False)
        dealer = state["dealer"]
        self.s.apply_action(dealer)
        hands = [list(h) for h in state["hands"]]
        for k in range(20):  # OpenSpiel deals card k to seat (dealer + k) % 4
            self.s.apply_action(spiel_card(hands[(dealer + k) % 4].pop()))
        self.s.apply_action(spiel_card(state["up"]))
        self.pending: list[int] = []  # OpenSpiel's moves waiting for one of ours (a discard, then "alone?")
        self.buried = None  # the search's dealer's discard, made on the mirror before its side's "alone?"

    def apply(self, action: int) -> None:
        self.s.apply_action(action)
        while self.pending and self._ready(self.pending[0]):
            self.s.apply_action(self.pending.pop(0))

    def _ready(self, action: int) -> bool:
        return action in self.s.legal_actions()

    def ask(self, state=None) -> int:
        return self.bot.step(state or self.s)


def searched_move(m: Mirror, state: dict, seat: int) -> dict:
    """The search's move for our seat, made on the mirror first (for a bid,
    with the discard and "alone?" it brings in OpenSpiel's order)."""
    phase = state["phase"]
    if phase == "discard" and m.buried is not None:
        return {"type": "discard", "card": our_card(m.buried)}  # (made on the mirror before "alone?")
    if phase == "play" or phase == "discard":
        action = m.ask()
        m.apply(action)
        return {"type": phase, "card": our_card(action)}
    action = m.ask()
    if action == PASS:
        m.apply(action)
        return {"type": "pass"}
    m.s.apply_action(action)
    dealer = state["dealer"]
    if phase == "bid1":  # the dealer picks up and buries before the maker says "alone?"
        if team(dealer) == team(seat):
            m.buried = m.ask()
            m.s.apply_action(m.buried)
            alone = m.ask() == ALONE
            m.s.apply_action(ALONE if alone else PARTNER)
        else:
            copy = m.s.clone()
            copy.apply_action(copy.legal_actions()[0])  # (which card our dealer buries, the search can't see)
            alone = m.ask(copy) == ALONE
            m.pending.append(ALONE if alone else PARTNER)
    else:
        alone = m.ask() == ALONE
        m.s.apply_action(ALONE if alone else PARTNER)
    if phase == "bid1":
        return {"type": "order", "alone": alone}
    return {"type": "call", "suit": TRUMP[action], "alone": alone}


def team(seat: int) -> int:
    return seat % 2


def follow(m: Mirror, state: dict, seat: int, move: dict) -> None:
    """Our bot's move, made on the mirror too."""
    kind = move["type"]
    if kind == "pass":
        m.apply(PASS)
    elif kind in ("order", "call"):
        suit = move.get("suit") or state["up"][1]
        m.apply(25 + SUITS.index(suit))
        if kind == "order":
            m.pending.append(ALONE if move["alone"] else PARTNER)
            if move["alone"] and seat == (state["dealer"] + 2) % 4:
                # Our dealer sits out without picking up; OpenSpiel's buries a card first.
                hand = [our_card(a) for a in m.s.legal_actions()]
                m.apply(spiel_card(GAME.bots.policy._bury(hand, suit)))
        else:
            m.apply(ALONE if move["alone"] else PARTNER)
    elif kind in ("discard", "play"):
        m.apply(spiel_card(move["card"]))
    else:
        raise ValueError(f"no OpenSpiel move for {move}")


def one_hand(spiel, deal: int, hard_team: int, simulations: int, uct: float, tag: str) -> dict:
    """One deal played once, hard's pair on ``hard_team``: the points each
    side scored and who named trump and how it went."""
    seed = f"openspiel-{tag}-{deal}"
    state = GAME.new(4, seed, 0.0, SETTINGS)
    m = Mirror(spiel, state, (deal * 2 + hard_team) % (2 ** 31), simulations, uct)
    dealt = {"dealer": state["dealer"], "up": state["up"], "hands": [list(h) for h in state["hands"]]}
    moves = []
    k = 0
    while state["phase"] not in ("scored", "over"):
        seat = state["turn"]
        if state["phase"] == "play" and m.s.current_player() != seat:
            raise RuntimeError(f"deal {deal}: OpenSpiel's hand is out of step with ours")
        if team(seat) == hard_team:
            move = play.bot_move(GAME, state, seat, "hard", random.Random(f"{seed}:{hard_team}:{k}"))
            follow(m, state, seat, move)
        else:
            move = searched_move(m, state, seat)
        moves.append([seat, move])
        dispatch(GAME, state, seat, move, float(k + 1))
        k += 1
    outcome = state["outcomes"][-1]
    hard, other = state["totals"][hard_team], state["totals"][1 - hard_team]
    makers = team(outcome["maker"])
    return {"hard": hard, "other": other, "hard_called": makers == hard_team,
            "euchred": outcome["how"] == "euchre", "alone": outcome["alone"] is not None,
            "marched": outcome["how"] == "march", "dealt": dealt, "moves": moves}


def _deal(job) -> list[dict] | None:
    """Both hands of a deal; None if the two rule books could not be kept
    in step (our dealer burying the very card it picked up, which
    OpenSpiel forbids: only with six trump, once in many thousand deals)."""
    deal, simulations, uct, tag = job
    spiel = pyspiel()
    try:
        return [one_hand(spiel, deal, hard_team, simulations, uct, tag) for hard_team in (0, 1)]
    except spiel.SpielError:
        return None


def share_interval(pairs: list[tuple[int, int]]) -> tuple[float, float, float]:
    """Hard's share of all points, Σhard / Σall, and its 95% interval over
    the deals (each deal's two hands together, the ratio's delta method)."""
    n = len(pairs)
    total = sum(h + o for h, o in pairs)
    if not total:
        return 0.0, 0.0, 1.0
    share = sum(h for h, _o in pairs) / total
    if n < 2:
        return share, 0.0, 1.0
    mean_total = total / n
    spread = sum((h - share * (h + o)) ** 2 for h, o in pairs) / (n - 1)
    half = Z95 * math.sqrt(spread / n) / mean_total
    return share, max(0.0, share - half), min(1.0, share + half)


def report(rows: list[list[dict]]) -> list[str]:
    hands = [h for pair in rows for h in pair]
    pairs = [(sum(h["hard"] for h in pair), sum(h["other"] for h in pair)) for pair in rows]
    share, low, high = share_interval(pairs)
    points = sum(p[0] for p in pairs), sum(p[1] for p in pairs)
    lines = [f"  hard's share of the points {share:6.1%}  (95% {low:.1%} to {high:.1%}; {len(hands)} hands on "
             f"{len(rows)} deals; points {points[0]}-{points[1]})"]
    for name, mine in (("hard", True), ("ISMCTS", False)):
        calls = [h for h in hands if h["hard_called"] == mine]
        lo, hi = wilson(len(calls), len(hands))
        bad = sum(h["euchred"] for h in calls)
        blo, bhi = wilson(bad, len(calls))
        alone = sum(h["alone"] for h in calls)
        lines.append(f"  {name:>6} named trump {len(calls) / len(hands):6.1%}  (95% {lo:.1%} to {hi:.1%}; "
                     f"{len(calls)}/{len(hands)} hands), euchred {bad / max(1, len(calls)):6.1%}  (95% {blo:.1%} to "
                     f"{bhi:.1%}; {bad}/{len(calls)} calls), alone {alone}")
    for name, mine in (("hard", True), ("ISMCTS", False)):
        lines.append(sources(name, mine, hands))
    return lines


def sources(name: str, mine: bool, hands: list[dict]) -> str:
    """Where a side's points came from: its calls with its partner, its
    lone hands (and how many of those marched), and the other side's calls
    it euchred."""
    got = "hard" if mine else "other"
    calls = [h for h in hands if h["hard_called"] == mine and not h["euchred"]]
    partner = sum(h[got] for h in calls if not h["alone"])
    alone = [h for h in calls if h["alone"]]
    marched = sum(h.get("marched", False) for h in alone)
    euchres = sum(h[got] for h in hands if h["hard_called"] != mine and h["euchred"])
    return (f"  {name:>6}'s points {partner + sum(h[got] for h in alone) + euchres}: {partner} from its calls with "
            f"its partner, {sum(h[got] for h in alone)} from its lone hands ({marched} of {len(alone)} made marched), "
            f"{euchres} from euchring the other side")


def per_deal(deal: int, pair: list[dict]) -> str:
    """One deal's line for ``--per-deal``: its number and both hands."""
    return json.dumps({"deal": deal, "hands": pair}, sort_keys=True)


def margin(row: dict) -> int:
    """Hard's points less the other side's over a deal's two hands."""
    return sum(h["hard"] - h["other"] for h in row["hands"])


def rows(lines):
    """The deals of ``--per-deal`` lines, blank lines skipped."""
    return (json.loads(line) for line in lines if line.strip())


def margins(lines) -> dict[int, int]:
    """Per deal, hard's points less the other side's over its two hands,
    from ``--per-deal`` lines."""
    return {row["deal"]: margin(row) for row in rows(lines)}


def bids_of(hand: dict) -> list[tuple]:
    """A hand's bids in order, as (seat, kind, suit, alone)."""
    return [(seat, m["type"], m.get("suit"), bool(m.get("alone")))
            for seat, m in hand["moves"] if m["type"] in ("pass", "order", "call")]


def parting(row: dict) -> str:
    """Where a deal's two tables first bid differently, in words: the round,
    hard's bid and the search's, the same cards in the same seat ("same
    bids" if they never did; hard holds seats 0 and 2 at the first table)."""
    first, second = (bids_of(h) for h in row["hands"])
    for k, (a, b) in enumerate(zip(first, second)):
        if a != b:
            hard, other = (a, b) if a[0] % 2 == 0 else (b, a)
            return f"round {1 if k < 4 else 2}: hard {said(hard)}, ISMCTS {said(other)}"
    return "same bids"


def said(bid: tuple) -> str:
    return bid[1] + (" alone" if bid[3] else "")


def partings(lines) -> list[str]:
    """Deals grouped by where their bids parted (``parting``), most first:
    how many, and hard's margin a deal with its standard error."""
    groups: dict[str, list[int]] = {}
    for row in rows(lines):
        groups.setdefault(parting(row), []).append(margin(row))
    out = []
    for name, got in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        error = statistics.stdev(got) / math.sqrt(len(got)) if len(got) > 1 else 0.0
        out.append(f"  {name:<44} {len(got):5d} deals, hard's margin {statistics.fmean(got):+.2f} a deal "
                   f"(standard error {error:.2f}), {sum(got):+d} in all")
    return out


def compare(before: dict[int, int], after: dict[int, int]) -> str:
    """How far hard's margin moved a deal from ``before`` to ``after``, over
    the deals both played: the mean of the differences, its standard error
    and its 95% interval, and how many deals came out otherwise."""
    both = sorted(set(before) & set(after))
    if len(both) < 2:
        return f"  {len(both)} deals in both files: too few to compare"
    d = [after[k] - before[k] for k in both]
    mean, error = search.gain([after[k] for k in both], [before[k] for k in both])
    return (f"  hard's margin moved {mean:+.3f} points a deal (standard error {error:.3f}; 95% {mean - Z95 * error:+.3f} "
            f"to {mean + Z95 * error:+.3f}) over {len(d)} deals, {sum(x != 0 for x in d)} of them scored otherwise")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1500, help="deals, each played twice (default 1500)")
    parser.add_argument("--simulations", type=int, default=1000, help="the search's simulations a move (default 1000)")
    parser.add_argument("--uct", type=float, default=2.0, help="the search's exploration constant (default 2)")
    parser.add_argument("--seed", default="0", help="a tag that changes every deal (default 0)")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play in (default 1)")
    parser.add_argument("--every", type=int, default=0, help="print the figures so far every N deals (default never)")
    parser.add_argument("--per-deal", metavar="FILE", help="write each deal's two hands to FILE, a JSON line a deal")
    parser.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"),
                        help="compare two --per-deal files of the same deals, and play nothing")
    parser.add_argument("--parting", metavar="FILE",
                        help="sort a --per-deal file's deals by where the two tables' bids first parted, and play nothing")
    args = parser.parse_args(argv)
    if args.parting:
        print("\n".join(partings(Path(args.parting).read_text().splitlines())))
        return 0
    if args.compare:
        before, after = (margins(Path(f).read_text().splitlines()) for f in args.compare)
        print(compare(before, after))
        return 0
    if pyspiel() is None:
        return 1
    print(f"Euchre hard against OpenSpiel's ISMCTS ({args.simulations} simulations a move), {args.deals} deals "
          f"each played twice with the sides swapped, hand by hand from 0 to 0", flush=True)
    jobs = [(d, args.simulations, args.uct, args.seed) for d in range(args.deals)]
    rows: list[list[dict]] = []
    skipped = 0
    out = open(args.per_deal, "w") if args.per_deal else None
    # A fresh process for every deal: OpenSpiel's search then plays a deal
    # the same way in every run, whichever deals a process played before.
    fresh = multiprocessing.get_context("forkserver")
    fresh.set_forkserver_preload([__name__])
    with ProcessPoolExecutor(args.jobs, mp_context=fresh, max_tasks_per_child=1) as pool:
        for deal, pair in enumerate(pool.map(_deal, jobs, chunksize=1)):
            if pair is None:
                skipped += 1
                continue
            rows.append(pair)
            if out:
                print(per_deal(deal, pair), file=out, flush=True)
            if args.every and len(rows) % args.every == 0:
                print(f"    after {len(rows)} deals:", file=sys.stderr)
                print("\n".join(report(rows)), file=sys.stderr, flush=True)
    if out:
        out.close()
    print("\n".join(report(rows)))
    if skipped:
        print(f"  ({skipped} deals left out: our dealer buried the card it picked up, which OpenSpiel forbids)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
