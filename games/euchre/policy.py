"""How Euchre's bots bid and play by their level's rules (``rule_move``):
medium's policy, which hard's search deals its worlds by (``fits_bids``)
and the hints read their reasons from, and hard's face-up search of a
hand's later tricks (``_search``). ``bots`` says what each level does."""

from __future__ import annotations

from . import rules
from .rules import PARTNER, SUITS, TRUMP_ORDER, power, rank_power, suit_of, team

LONE = 4  # sure tricks (_sure_tricks) to go alone, or to defend alone

# Bidding thresholds: estimated tricks (_strength, with the adjustments for
# the turned card and seat) a hand needs to make trump, per level.
ORDER = {"easy": 2.9, "medium": 2.25, "hard": 2.25}
CALL = {"easy": 2.9, "medium": 2.25, "hard": 2.25}

# A pass says less than a bid: strong players (hard among them) pass hands
# somewhat over medium's mark, for where they sit or because they would
# rather defend, so hard reads an opponent's pass as a hand short of the
# mark plus this much (ours; its partner's passes, read the same way,
# measured worse).
PASS_SLACK = 0.75


def rule_move(v: dict, level: str, rng) -> dict:
    options = rules.moves_in(v)
    kinds = {m["type"] for m in options}
    if "ready" in kinds:
        return {"type": "ready"}
    if "farmer" in kinds:
        return _farmer(v, options)
    if "order" in kinds:
        return _bid_first(v, level, options)
    if "call" in kinds:
        return _bid_second(v, level, options)
    if "discard" in kinds:
        return {"type": "discard", "card": _bury(_cards(options), v["trump"])}
    if "defend" in kinds:
        return {"type": "defend", "alone": level != "easy" and _sure_tricks(v["mine"], v["trump"], v) >= LONE}
    if "play" in kinds:
        return {"type": "play", "card": _play(v, level, rng, _cards(options))}
    raise ValueError(f"seat {v['seat']} has no decision to make")


def _cards(options: list[dict]) -> list[str]:
    """The cards a list of discards or plays names, in its order."""
    return [m["card"] for m in options]


# -- judging a hand -------------------------------------------------------------

def _trump_card(code: str, trump: str) -> str:
    if code == "R":
        return "J" + trump + "0"
    if code == "L":
        return "J" + PARTNER[trump] + "0"
    return code + trump + "0"


def _strength(hand: list[str], trump: str) -> float:
    """About how many tricks this hand takes with `trump` as trump, before
    the partner's help: a bower or the ace is nearly sure, small trump less
    so, and an off-suit ace usually wins once. A void helps when there's
    trump to ruff with."""
    total = 0.0
    trumps = [c for c in hand if suit_of(c, trump) == trump]
    for c in trumps:
        total += {106: 1.0, 105: 0.85, 104: 0.7, 103: 0.55, 102: 0.45, 101: 0.4, 100: 0.35}[power(c, trump, trump)]
    total += 0.3 * max(0, len(trumps) - 2)
    for s in SUITS:
        if s == trump:
            continue
        mine = [c for c in hand if suit_of(c, trump) == s]
        if any(c[0] == "A" for c in mine):
            total += 0.7 if len(mine) <= 2 else 0.5
            if any(c[0] == "K" for c in mine):
                total += 0.25
        elif not mine and len(trumps) >= 2:
            total += 0.25
    return total


def _sure_tricks(hand: list[str], trump: str, v=None) -> int:
    """Tricks this hand takes alone against anything: the top trumps held in
    an unbroken line from the best one still out, then the rest of its trump
    once those have drawn the others', then off-suit aces if trump is drawn."""
    gone = _gone(v) if v else set()
    trumps = [c for c in hand if suit_of(c, trump) == trump]
    line = 0
    for code in TRUMP_ORDER:
        card = _trump_card(code, trump)
        if card in hand:
            line += 1
        elif card not in gone:
            break
    sure = line
    if line >= 2 and len(trumps) >= 3:
        sure = len(trumps)
        sure += sum(1 for c in hand if suit_of(c, trump) != trump and c[0] == "A")
    return sure


def _bury(hand: list[str], trump) -> str:
    """The card the dealer buries: never trump if there's a choice; a lone
    low card in a suit (leaving a void to ruff), else the lowest off-suit
    card, keeping aces."""
    off = [c for c in hand if suit_of(c, trump) != trump]
    if not off:
        return min(hand, key=lambda c: power(c, trump, trump))
    by_suit = {}
    for c in off:
        by_suit.setdefault(c[1], []).append(c)
    singles = [cs[0] for cs in by_suit.values() if len(cs) == 1 and cs[0][0] != "A"]
    pool = singles or [c for c in off if c[0] != "A"] or off
    return min(pool, key=lambda c: (power(c, trump, c[1]), c))


def _best_after_pickup(hand: list[str], up: str) -> list[str]:
    """The five cards the dealer would keep after picking up `up`."""
    six = hand + [up]
    out = _bury(six, up[1])
    return [c for c in six if c != out]


# -- bidding --------------------------------------------------------------------

def _bid_first(v: dict, level: str, options: list[dict]) -> dict:
    """Round one: order the turned card up, or pass."""
    seat, dealer, up = v["seat"], v["dealer"], v["up"]
    suit = up[1]
    hand = _best_after_pickup(v["mine"], up) if seat == dealer else v["mine"]
    value = _strength(hand, suit)
    if level != "easy" and seat != dealer:
        # The card goes to the dealer: a gift to a partner, to an opponent a loss.
        bonus = 0.6 if up[0] == "J" else 0.35
        value += bonus if team(dealer) == team(seat) else -bonus
    alone_ok = {"type": "order", "alone": True} in options
    if {"type": "order", "alone": False} not in options:
        # The Canadian loner: ordering means playing alone, and the dealer
        # (the partner) won't pick up, so only a lone hand orders.
        if _sure_tricks(v["mine"], suit, v) >= LONE:
            return {"type": "order", "alone": True}
        return {"type": "pass"}
    if value >= ORDER[level]:
        alone = alone_ok and level != "easy" and _lone(hand, suit, v, seat == dealer)
        return {"type": "order", "alone": alone}
    return {"type": "pass"}


def _lone(hand: list[str], trump: str, v: dict, has_up: bool) -> bool:
    """Whether a hand is worth playing without the partner."""
    if _sure_tricks(hand, trump, v) < LONE:
        return False
    # A non-dealer ordering up hands the dealer the turned card: if that's a
    # trump it doesn't hold and that beats its own, it's not a lone hand.
    if v["phase"] == "bid1" and not has_up and v["dealer"] != (v["seat"] + 2) % 4:
        up = v["up"]
        mine = [c for c in hand if suit_of(c, trump) == trump]
        if mine and rank_power(up, trump) > min(rank_power(c, trump) for c in mine) and _sure_tricks(hand, trump) < 5:
            return False
    return True


def _bid_second(v: dict, level: str, options: list[dict]) -> dict:
    """Round two: call the best suit allowed, or pass; a stuck dealer (who
    may not pass) calls its best suit even when it's weak."""
    seat, dealer = v["seat"], v["dealer"]
    turned = v["up"][1]
    hand = v["mine"]

    def value(s):
        x = _strength(hand, s)
        if level != "easy" and seat == (dealer + 1) % 4 and s == PARTNER[turned]:
            # "Next": the dealer passed on this color, so its bowers may be ours.
            x += 0.2
        return x

    calls = [m for m in options if m["type"] == "call"]
    best = max(dict.fromkeys(m["suit"] for m in calls), key=lambda s: (value(s), s))
    if {"type": "pass"} not in options or value(best) >= CALL[level]:
        alone = {"type": "call", "suit": best, "alone": True} in calls and level != "easy" and _lone(hand, best, v, False)
        return {"type": "call", "suit": best, "alone": alone}
    return {"type": "pass"}


def fits_bids(v: dict, hands: dict) -> bool:
    """Whether a deal of the unseen cards (``hands``: seat -> the cards it
    holds now) agrees with this deal's bids as medium would have made them:
    a seat that passed was short of medium's mark for that suit (an
    opponent of the seat deciding, short of the mark plus PASS_SLACK), one
    that ordered or called reached it. Hard's deals lean this way (a
    person's bids say the same, if less exactly); a dealer who picked up,
    whose hand while bidding held a card nobody saw, and a dealer's partner
    who could only order alone are left out."""
    up = _turned(v)
    if up is None:
        return True
    me, dealer, turned = v["seat"], v["dealer"], up[1]
    shown: dict[int, list[str]] = {}
    for t in [*[d["cards"] for d in v["done"]], v["trick"]]:
        for p in t:
            shown.setdefault(p["seat"], []).append(p["card"])
    lone_only = v["rules"].get("canadian") == "on"
    for i, bid in enumerate(v["bids"]):
        s = bid["seat"]
        if s == me or s not in hands or (s == dealer and v["kitty_state"] == "picked"):
            continue
        hand = hands[s] + shown.get(s, [])
        if i < 4:  # round one: ordering the turned card up
            if lone_only and s == (dealer + 2) % 4:
                continue
            if s == dealer:
                value = _strength(_best_after_pickup(hand, up), turned)
            else:
                value = _strength(hand, turned) + (0.6 if up[0] == "J" else 0.35) * (1 if team(dealer) == team(s) else -1)
            mark = ORDER["medium"]
        else:  # round two: calling a suit
            if s == dealer and bid["bid"] == "call":
                continue  # (a stuck dealer calls whatever it holds)
            nxt = 0.2 if s == (dealer + 1) % 4 else 0.0
            suits = [bid["suit"]] if bid["bid"] == "call" else [x for x in SUITS if x != turned]
            value = max(_strength(hand, x) + (nxt if x == PARTNER[turned] else 0.0) for x in suits)
            mark = CALL["medium"]
        if bid["bid"] == "pass":
            if value >= mark + (PASS_SLACK if team(s) != team(me) else 0.0):
                return False
        elif value < mark:
            return False
    return True


def _farmer(v: dict, options: list[dict]) -> dict:
    """Always swap a farmer's hand: keep the two cards most likely to matter
    (the turned card's suit, then 10s), swap the other three."""
    up = v["up"][1]
    swap = set(sorted(v["mine"], key=lambda c: (c[1] == up, c[0] == "T", c))[:3])
    return next(m for m in options if set(m["cards"]) == swap)


# -- what a bot knows in play ---------------------------------------------------

def _gone(v: dict) -> set[str]:
    """Cards known to be in no one else's hand: played this hand, turned
    down (or left out for a dealer sitting out), and the dealer's own
    discard."""
    out = {p["card"] for t in v["done"] for p in t["cards"]} | {p["card"] for p in v["trick"]}
    if v["kitty_state"] in ("down", "out") and v["up"]:
        out.add(v["up"])
    if v.get("buried"):
        out.add(v["buried"])
    return out


def _turned(v: dict):
    """The card turned up this deal (public: everyone saw it), from the log."""
    if v["up"]:
        return v["up"]
    for e in reversed(v["events"]):
        if e["kind"] == "deal":
            return e["up"]
    return None


def _voids(v: dict) -> dict[int, set[str]]:
    """The suits each seat has shown out of (failed to follow)."""
    trump = v["trump"]
    out: dict[int, set[str]] = {s: set() for s in range(4)}
    for t in [*[d["cards"] for d in v["done"]], v["trick"]]:
        if not t:
            continue
        led = suit_of(t[0]["card"], trump)
        for p in t[1:]:
            if suit_of(p["card"], trump) != led:
                out[p["seat"]].add(led)
    return out


class _Knows:
    """What a bot at this level keeps track of while playing a hand."""

    def __init__(self, v: dict, level: str):
        self.v, self.level = v, level
        self.trump = v["trump"]
        self.seat = v["seat"]
        self.mine = v["mine"]
        self.voids = _voids(v)
        if level == "hard":
            gone = _gone(v)
        else:
            gone = {p["card"] for p in v["trick"]}
        # Cards that may be in another player's hand.
        self.out = [c for c in rules.cards() if c not in gone and c not in self.mine]
        self.trumps_out = [c for c in self.out if suit_of(c, self.trump) == self.trump]
        # Hard also knows the dealer holds the turned card it picked up.
        self.held = {}
        if level == "hard" and v["kitty_state"] == "picked" and self.seat != v["dealer"]:
            up = _turned(v)
            if up and up in self.out:
                self.held[v["dealer"]] = up

    def boss(self, card: str) -> bool:
        """Nothing still out beats this card in its own suit."""
        s = suit_of(card, self.trump)
        mine = rank_power(card, self.trump)
        return not any(suit_of(c, self.trump) == s and rank_power(c, self.trump) > mine for c in self.out)

    def may_trump(self, seat: int) -> bool:
        """Whether this seat may still hold a trump."""
        if self.held.get(seat) and suit_of(self.held[seat], self.trump) == self.trump:
            return True
        return bool(self.trumps_out) and self.trump not in self.voids[seat]

    def holds(self, card: str, opponents: list[int]) -> bool:
        """Whether `card`, winning now, stays the winner against these
        opponents still to play: it's the best left in its suit, and, if it
        isn't trump, none of them is known to be out of the suit and able to
        trump it."""
        if not self.boss(card):
            return False
        s = suit_of(card, self.trump)
        if s == self.trump:
            return True
        return not any(s in self.voids[o] and self.may_trump(o) for o in opponents)


def _rank(card: str, trump) -> int:
    """A card's place in its own suit from the bottom: 9 is 0 and the ace 5;
    in trump the left bower is 5 and the right 6."""
    return rank_power(card, trump) % 50


def _counts(hand: list[str], trump) -> dict[str, int]:
    """How many cards of each suit (trump's including the left bower)."""
    out = {s: 0 for s in SUITS}
    for c in hand:
        out[suit_of(c, trump)] += 1
    return out


def _lowest(cards: list[str], trump) -> str:
    """The lowest card by rank (trump counts above every other suit)."""
    return min(cards, key=lambda c: (suit_of(c, trump) == trump, _rank(c, trump), SUITS.index(c[1])))


def _highest(cards: list[str], trump, led) -> str:
    return max(cards, key=lambda c: (power(c, trump, led), _rank(c, trump), SUITS.index(c[1])))


# -- playing --------------------------------------------------------------------

def _play(v: dict, level: str, rng, legal: list[str]) -> str:
    """The card to play, of the cards the seat may play (``legal``, as its
    hand shows them)."""
    if len(legal) == 1:
        return legal[0]
    if level == "easy":
        return _play_easy(v, legal)
    k = _Knows(v, level)
    card = _lead(v, k, legal) if not v["trick"] else _follow(v, k, legal)
    if level == "hard" and len(v["done"]) >= SEARCH_FROM:
        card = _search(v, k, legal, card, rng)
    return card


def _play_easy(v: dict, legal: list[str]) -> str:
    """Take the trick with the highest card if any card can, else throw the
    lowest; lead the highest."""
    trump, trick = v["trump"], v["trick"]
    if not trick:
        return _highest(legal, trump, None)
    led = v["led"]
    best = max(power(p["card"], trump, led) for p in trick)
    if any(power(c, trump, led) > best for c in legal):
        return _highest(legal, trump, led)
    return _lowest(legal, trump)


def _active_after(v: dict) -> list[int]:
    """Seats still to play to this trick after this one."""
    played = {p["seat"] for p in v["trick"]}
    seat = v["seat"]
    return [(seat + k) % 4 for k in range(1, 4)
            if (seat + k) % 4 not in v["sitting"] and (seat + k) % 4 not in played]


def _throw(v: dict, k: _Knows, legal: list[str]) -> str:
    """A card to lose with: the lowest of the suit led when following;
    otherwise a low off-suit card, keeping winners and trump, and emptying
    a short suit when there's trump to ruff with later."""
    trump = k.trump
    led = v["led"]
    if led is not None:
        follow = [c for c in legal if suit_of(c, trump) == led]
        if follow:
            return _lowest(follow, trump)
    off = [c for c in legal if suit_of(c, trump) != trump]
    if not off:
        return _lowest(legal, trump)
    keep = [c for c in off if not k.boss(c)] or off
    count = _counts(v["mine"], trump)
    if not count[trump]:
        return _lowest(keep, trump)
    # With trump left, a low card (9, 10, jack) from the shortest suit.
    return min(keep, key=lambda c: (_rank(c, trump) >= 3, count[c[1]], _rank(c, trump), SUITS.index(c[1])))


def _lead(v: dict, k: _Knows, legal: list[str]) -> str:
    trump, seat = k.trump, k.seat
    opponents = [s for s in range(4) if team(s) != team(seat) and s not in v["sitting"]]
    trumps = sorted((c for c in legal if suit_of(c, trump) == trump), key=lambda c: -rank_power(c, trump))
    off = [c for c in legal if suit_of(c, trump) != trump]
    we_made = team(v["maker"]) == team(seat)
    others_trump = any(k.may_trump(o) for o in opponents)
    sure_off = [c for c in off if k.holds(c, opponents)]

    if we_made and trumps and others_trump:
        top = trumps[0]
        maker = v["maker"] == seat
        if k.boss(top) and (len(trumps) >= 2 or not off or not sure_off):
            return top  # draw trump from the top
        if maker and len(trumps) >= 3:
            return top
        if not maker and v["done"] == [] and trumps:
            # The partner called: lead trump to them.
            return top if k.boss(top) else trumps[-1]
    if sure_off:
        return max(sure_off, key=lambda c: (rank_power(c, trump), c))
    if not off:
        return trumps[0] if k.boss(trumps[0]) else trumps[-1]
    if we_made and trumps and k.boss(trumps[0]) and others_trump:
        return trumps[0]
    # Nothing sure: a low card, from a short suit when holding trump to ruff
    # with once it's gone; aces and kings wait.
    count = _counts(v["mine"], trump)
    return min(off, key=lambda c: (_rank(c, trump) >= 4, count[c[1]] if trumps else 0,
                                   _rank(c, trump), SUITS.index(c[1])))


def _follow(v: dict, k: _Knows, legal: list[str]) -> str:
    trump, seat, led = k.trump, k.seat, v["led"]
    trick = v["trick"]
    best = max(trick, key=lambda p: power(p["card"], trump, led))
    best_power = power(best["card"], trump, led)
    after = _active_after(v)
    opps_after = [s for s in after if team(s) != team(seat)]
    partner_after = any(team(s) == team(seat) for s in after)
    winners = sorted((c for c in legal if power(c, trump, led) > best_power), key=lambda c: power(c, trump, led))

    if team(best["seat"]) == team(seat):
        # The partner is winning: let it ride unless an opponent still to
        # play could beat it and we hold a card that surely won't be.
        if not opps_after or k.holds(best["card"], opps_after):
            return _throw(v, k, legal)
        safe = [c for c in winners if k.holds(c, opps_after) and suit_of(c, trump) == led]
        if safe and suit_of(best["card"], trump) != trump:
            return safe[0]
        return _throw(v, k, legal)
    if not winners:
        return _throw(v, k, legal)
    if not opps_after:
        return winners[0]
    ruffing = led != trump and not any(suit_of(c, trump) == led for c in legal)
    if ruffing and not any(led in k.voids[o] for o in opps_after):
        # Trump a side suit low: nobody still to play is known to be able to
        # over-trump, so the bowers wait for a better use.
        return winners[0]
    safe = [c for c in winners if k.holds(c, opps_after)]
    if safe:
        return safe[0]
    if partner_after:
        # Second hand: trump a side suit low; otherwise play low and leave
        # the trick to the partner.
        if led != trump and suit_of(winners[0], trump) == trump:
            return winners[0]
        return _throw(v, k, legal)
    return winners[0]


# -- hard's endgame search --------------------------------------------------------
#
# From the second trick on, hard deals the cards it can't see to the other
# seats in several ways that fit everything it knows (what's been played, who
# has shown out of what, the turned card in the dealer's hand, the bids), plays each
# deal out perfectly with every card it could play, and plays the card that
# scores best on average. Its own choice breaks ties.

SEARCH_FROM = 1   # tricks done before hard plays face up (from four cards each, a deal solves in a few ms)
WORLDS = 32       # deals it tries per decision (16 lost points to ISMCTS: README)
TRIES = 40        # shuffles tried for each deal that fits what the seats have shown and bid

_CARDS = rules.cards()
_INDEX = {c: i for i, c in enumerate(_CARDS)}
_TABLES: dict = {}


def _tables(trump: str):
    """Per trump: each card's suit (0-3), each suit's cards as a bit mask,
    each card's power by suit led, and the next higher card of its suit."""
    t = _TABLES.get(trump)
    if t is None:
        suit = [SUITS.index(suit_of(c, trump)) for c in _CARDS]
        masks = [sum(1 << i for i in range(len(_CARDS)) if suit[i] == s) for s in range(4)]
        pw = [[power(c, trump, led) for led in SUITS] for c in _CARDS]
        higher = [-1] * len(_CARDS)
        for s in range(4):
            chain = sorted((i for i in range(len(_CARDS)) if suit[i] == s), key=lambda i: pw[i][s])
            for a, b in zip(chain, chain[1:]):
                higher[a] = b
        t = _TABLES[trump] = (suit, masks, pw, higher)
    return t


def _solve(hands: list[int], trick: list[tuple[int, int]], turn: int, trump: str, sitting, makers: int,
           m: int, d: int, me: int, made: int, march: int, euchred: int) -> int:
    """The points my team ends the hand with (made/march/euchred, each from
    my side) if everyone plays perfectly from here with the cards face up.
    Hands are bit masks of card indexes; m and d are the tricks the makers
    and defenders have so far."""
    suit, masks, pw, higher = _tables(trump)
    nact = 4 - len(sitting)
    nxt = [0] * 4
    for s in range(4):
        k = 1
        while (s + k) % 4 in sitting:
            k += 1
        nxt[s] = (s + k) % 4
    mine = me % 2

    def rec(hands, trick, turn, m, d, alpha, beta):
        hand = hands[turn]
        if trick:
            led = suit[trick[0][1]]
            cands = hand & masks[led] or hand
        else:
            led = -1
            cands = hand
        maxing = (turn & 1) == mine
        best = -99 if maxing else 99
        last = len(trick) + 1 == nact
        present = hands[0] | hands[1] | hands[2] | hands[3]
        for _s, x in trick:
            present |= 1 << x
        bits = cands
        while bits:
            low = bits & -bits
            bits ^= low
            i = low.bit_length() - 1
            # Two cards of a suit with nothing left between them are the
            # same card: try only the higher.
            h = higher[i]
            while h >= 0 and not (present >> h) & 1:
                h = higher[h]
            if h >= 0 and (cands >> h) & 1:
                continue
            nh = hands[:]
            nh[turn] = hand ^ low
            if last:
                lead = led if led >= 0 else suit[i]
                w, top = turn, pw[i][lead]
                for s, x in trick:
                    if pw[x][lead] > top:
                        top, w = pw[x][lead], s
                m2, d2 = (m + 1, d) if (w & 1) == makers else (m, d + 1)
                if d2 >= 3:
                    v = euchred
                elif d2 >= 1 and m2 >= 3:
                    v = made
                elif m2 == 5:
                    v = march
                else:
                    v = rec(nh, [], w, m2, d2, alpha, beta)
            else:
                v = rec(nh, trick + [(turn, i)], nxt[turn], m, d, alpha, beta)
            if maxing:
                if v > best:
                    best = v
                    alpha = max(alpha, v)
            elif v < best:
                best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    return rec(hands, trick, turn, m, d, -99, 99)


def _deal_unseen(v: dict, k: _Knows, rng):
    """One way the cards this seat can't see may lie: each other seat still
    playing gets as many as it holds, none of a suit it has shown out of,
    and the dealer keeps the turned card it picked up; one that fits the
    bids (fits_bids) if the tries find one. None if no try fits the voids."""
    trump, seat = k.trump, k.seat
    gone = _gone(v)
    unseen = [c for c in _CARDS if c not in gone and c not in k.mine]
    need = {s: v["sizes"][s] for s in range(4) if s != seat and s not in v["sitting"]}
    held = {}
    if v["kitty_state"] == "picked" and seat != v["dealer"] and v["dealer"] in need:
        up = _turned(v)
        if up in unseen:
            held[v["dealer"]] = up
    order = sorted(need, key=lambda s: (-len(k.voids[s]), s))
    fallback = None
    for _ in range(TRIES):
        pool = [c for c in unseen if c not in held.values()]
        rng.shuffle(pool)
        hands = {s: ([held[s]] if s in held else []) for s in need}
        for s in order:
            mine = hands[s]
            rest = []
            for c in pool:
                if len(mine) < need[s] and suit_of(c, trump) not in k.voids[s]:
                    mine.append(c)
                else:
                    rest.append(c)
            pool = rest
            if len(mine) < need[s]:
                break
        else:
            if fits_bids(v, hands):
                return hands
            fallback = fallback or hands
    return fallback


def _search(v: dict, k: _Knows, legal: list[str], choice: str, rng) -> str:
    trump, seat = k.trump, k.seat
    makers = team(v["maker"])
    mine = team(seat)
    sign = 1 if makers == mine else -1
    made, march = 1, 4 if v["alone"] is not None else 2
    euchred = -(4 if v["defender"] is not None else 2)
    m, d = v["tricks"][makers], v["tricks"][1 - makers]
    nxt = _active_after(v)
    total = {c: 0 for c in legal}
    for _ in range(WORLDS):
        hands = _deal_unseen(v, k, rng)
        if hands is None:
            return choice
        masks = [0] * 4
        for s, cs in hands.items():
            for c in cs:
                masks[s] |= 1 << _INDEX[c]
        trick = [(p["seat"], _INDEX[p["card"]]) for p in v["trick"]]
        for c in legal:
            mask = [*masks]
            mask[seat] = sum(1 << _INDEX[x] for x in k.mine if x != c)
            if nxt:
                val = _solve(mask, trick + [(seat, _INDEX[c])], nxt[0], trump, v["sitting"], makers, m, d,
                             seat, sign * made, sign * march, sign * euchred)
            else:
                full = v["trick"] + [{"seat": seat, "card": c}]
                w = rules.winner(full, trump)
                m2, d2 = (m + 1, d) if team(w) == makers else (m, d + 1)
                if d2 >= 3:
                    val = sign * euchred
                elif d2 >= 1 and m2 >= 3:
                    val = sign * made
                elif m2 == 5:
                    val = sign * march
                else:
                    val = _solve(mask, [], w, trump, v["sitting"], makers, m2, d2,
                                 seat, sign * made, sign * march, sign * euchred)
            total[c] += val
    return max(legal, key=lambda c: (total[c], c == choice))
