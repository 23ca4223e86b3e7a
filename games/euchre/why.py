"""A Euchre hint in words: the move as the table's own buttons say it
("Call ♥", "Pass", "Discard 9♣", "Defend alone", "Swap 3"; a card played
is named by its face), then what it does for you, read from your seat's
view alone with the bots' own judgement of a hand (``bots``): the trumps
and bowers it holds, the card on the trick it beats or can't, a partner
already taking the trick.

The labels here are the dock's (games/euchre/web/table.js ``slotsFor``);
the browser test of hints checks that the two agree."""

from __future__ import annotations

from engine.why import counted, listed, sentence

from . import policy
from .rules import PARTNER, SUIT_NAMES, SUIT_SIGNS, card_face, power, rank_power, suit_of, team

ONE = {"C": "club", "D": "diamond", "H": "heart", "S": "spade"}


def reason(v: dict, move: dict) -> str:
    """The hint's sentence for ``move``, one of the moves ``v`` offers."""
    kind = move["type"]
    if kind in ("order", "call", "pass") and v["phase"] in ("bid1", "bid2"):
        return sentence(label(v, move), _bid(v, move))
    does = {"discard": _discard, "defend": _defend, "farmer": _farmer, "play": _play}.get(kind)
    if does is None:
        return sentence(label(v, move), "you're ready for the next hand")
    return sentence(label(v, move), does(v, move))


def label(v: dict, move: dict) -> str:
    """The move as the table's controls say it: the dock's button (with the
    Go alone toggle first when the move goes alone), or the card's face."""
    kind = move["type"]
    if kind in ("order", "call"):
        suit = move.get("suit") or v["up"][1]
        button = f"Call {SUIT_SIGNS[suit]}"
        return f"Go alone, then {button}" if move.get("alone") and not v.get("must_alone") else button
    if kind == "discard":
        return f"Discard {card_face(move['card'])}"
    if kind == "defend":
        return "Defend alone" if move["alone"] else "Pass"
    if kind == "farmer":
        return f"Swap 3 ({listed([card_face(c) for c in move['cards']])})" if move["cards"] else "Keep"
    if kind == "play":
        return f"Play your {card_face(move['card'])}"
    return {"pass": "Pass", "ready": "Next hand"}.get(kind, kind)


# -- bidding ------------------------------------------------------------------------

def holding(hand: list[str], trump: str) -> str:
    """What a hand holds in trump: "three hearts including both bowers",
    "the ace as your only heart", "one heart"."""
    trumps = [c for c in hand if suit_of(c, trump) == trump]
    bowers = {c[:2] for c in trumps if c[0] == "J"}
    right, left = "J" + trump in bowers, "J" + PARTNER[trump] in bowers
    top = ("both bowers" if right and left else "the right bower" if right else "the left bower" if left
           else "the ace" if any(c[0] == "A" for c in trumps) else None)
    if top is None:
        return counted(len(trumps), ONE[trump], SUIT_NAMES[trump])
    if len(trumps) == 1:
        return f"{top} as your only {ONE[trump]}"
    return f"{counted(len(trumps), ONE[trump], SUIT_NAMES[trump])} including {top}"


def _strong(v: dict) -> float:
    """What a hand is worth (``policy._strength``) when hard bids on it with a
    partner's help, in this round of bidding."""
    return (policy.ORDER if v["phase"] == "bid1" else policy.CALL)["hard"]


def _bid(v: dict, move: dict) -> str:
    me, dealer = v["seat"], v["dealer"]
    partner = (me + 2) % 4
    if move["type"] == "pass":
        return _pass(v)
    suit = move.get("suit") or v["up"][1]
    picking = move["type"] == "order" and me == dealer
    hand = policy._best_after_pickup(v["mine"], v["up"]) if picking else v["mine"]
    have = holding(hand, suit)
    if move.get("alone"):
        if v.get("must_alone"):
            return f"your partner sits out, and with {have}, your hand should take the tricks on its own"
        return f"with {have}, your hand should take the tricks without your partner, and all five score you four points"
    weak = policy._strength(hand, suit) < _strong(v)
    with_ = "with your partner's help" if weak else "together"
    if move["type"] == "order":
        up = card_face(v["up"])
        if picking:
            return f"you pick up the {up}, and with {have}, you and your partner should take three tricks"
        if dealer == partner:
            return f"your partner picks up the {up} and you hold {have}, so together you should take three tricks"
        return f"with {have}, you should take three tricks {with_}, even with the {up} going to the dealer"
    strongest = suit == max(v["suits"] or [suit], key=lambda s: (policy._strength(hand, s), s))
    if v.get("stuck"):
        because = f"{SUIT_NAMES[suit]} are your strongest suit" if strongest else f"you hold {have}"
        return f"everyone passed, so you must call, and {because}"
    if strongest:
        return f"{SUIT_NAMES[suit]} are your strongest suit, and with {have}, you should take three tricks {with_}"
    return f"with {have}, you should take three tricks {with_}"


def _pass(v: dict) -> str:
    me, dealer = v["seat"], v["dealer"]
    if v["phase"] == "bid1":
        suit, up = v["up"][1], card_face(v["up"])
        hand = policy._best_after_pickup(v["mine"], v["up"]) if me == dealer else v["mine"]
        have = holding(hand, suit)
        if v.get("must_alone"):
            return f"calling {SUIT_SIGNS[suit]} means playing alone, and with {have}, your hand won't take the tricks without your partner"
        if policy._strength(hand, suit) < _strong(v):
            if me == dealer:
                return f"even picking up the {up}, you'd hold {have}, too little to make {SUIT_NAMES[suit]} trump"
            return f"with {have}, your hand is too weak to make {SUIT_NAMES[suit]} trump"
        if team(dealer) != team(me):
            return (f"calling {SUIT_SIGNS[suit]} would give the {up} to the dealer, who plays against you, "
                    "and you can wait to call another suit in the second round")
        return f"with {have}, you stand a better chance waiting than making {SUIT_NAMES[suit]} trump now"
    suits = v["suits"] or [s for s in "CDHS" if s != v["up"][1]]
    best = max(suits, key=lambda s: (policy._strength(v["mine"], s), s))
    if policy._strength(v["mine"], best) < _strong(v):
        return f"no suit you can call is strong enough, and your best, {SUIT_NAMES[best]}, gives you {holding(v['mine'], best)}"
    return f"you stand a better chance defending than calling {SUIT_NAMES[best]} with {holding(v['mine'], best)}"


# -- the dealer's discard, a farmer's swap, defending alone ------------------------

def _discard(v: dict, move: dict) -> str:
    card, trump, hand = move["card"], v["trump"], v["mine"]
    suit = suit_of(card, trump)
    off = [c for c in hand if suit_of(c, trump) != trump]
    if suit == trump:
        return "every card you hold is trump, and this is your lowest"
    left = [c for c in off if c != card and c[1] == suit]
    if not left and len(off) < len(hand):
        return f"it's your only {ONE[suit]}, so you'll be able to trump {SUIT_NAMES[suit]} when they're led"
    if all(c[0] == "A" for c in off):
        return "every card you hold outside trump is an ace, and this one is likeliest to be trumped"
    if card == min(off, key=lambda c: (rank_power(c, trump), c)):
        return f"it's the weakest card you hold outside trump, and you keep your trumps and {_best_off(hand, trump, card)}"
    return f"you keep your trumps and {_best_off(hand, trump, card)}, the cards likelier to take a trick"


def _best_off(hand: list[str], trump: str, card: str) -> str:
    aces = [c for c in hand if c != card and c[0] == "A" and suit_of(c, trump) != trump]
    if aces:
        return listed([f"the {card_face(c)}" for c in aces])
    return "your higher cards"


def _farmer(v: dict, move: dict) -> str:
    if not move["cards"]:
        return "you keep your hand as it was dealt"
    kept = [card_face(c) for c in v["mine"] if c not in move["cards"]]
    return f"you keep your {listed(kept)}, the cards likeliest to count, and take three new ones for the rest"


def _defend(v: dict, move: dict) -> str:
    if move["alone"]:
        return "your hand can stop the lone caller by itself, and a euchre alone scores your side four points"
    return "you and your partner stand a better chance of stopping the lone caller together"


# -- playing a card ------------------------------------------------------------------

def _play(v: dict, move: dict) -> str:
    card = move["card"]
    if len(v["legal"]) == 1:
        return "it's the only card you may play to this trick"
    k = policy._Knows(v, "hard")
    if not v["trick"]:
        return _lead(v, k, card)
    return _follow(v, k, card)


def _lead(v: dict, k, card: str) -> str:
    trump, me = v["trump"], v["seat"]
    opponents = [s for s in range(4) if team(s) != team(me) and s not in v["sitting"]]
    theirs_out = any(k.may_trump(o) for o in opponents)
    if suit_of(card, trump) == trump:
        if k.boss(card):
            if theirs_out:
                return "it's the highest trump left, so it takes the trick and draws out the other side's trumps"
            return "it's the highest trump left, so it takes the trick"
        if team(v["maker"]) == team(me):
            return "leading trump draws out the other side's trumps, so your side's winners can take tricks later"
        return "leading trump uses your trump up front, before the other side can trump your winners"
    name = SUIT_NAMES[card[1]]
    if k.holds(card, opponents):
        return f"it's the highest {ONE[card[1]]} left, so it should take the trick before anyone can trump {name}"
    if card[0] in "9TJ":
        return f"a low {ONE[card[1]]} keeps your stronger cards for later and gives your partner a chance at the trick"
    return f"leading {name} keeps your trumps back and gives your partner a chance at the trick"


def _follow(v: dict, k, card: str) -> str:
    trump, me, led, trick = v["trump"], v["seat"], v["led"], v["trick"]
    best = max(trick, key=lambda p: power(p["card"], trump, led))
    top = power(best["card"], trump, led)
    beaten = card_face(best["card"])
    after = policy._active_after(v)
    opps_after = [s for s in after if team(s) != team(me)]
    partner_after = any(team(s) == team(me) for s in after)
    if power(card, trump, led) > top:
        if team(best["seat"]) == team(me):
            if k.holds(card, opps_after):
                return f"your partner's {beaten} could still be beaten, and nothing left beats your {card_face(card)}"
            return f"you take over from your partner's {beaten}, which the other side is likelier to beat"
        if suit_of(card, trump) == trump and led != trump:
            return f"you have no {SUIT_NAMES[led]}, so you trump the {beaten} and take the trick"
        if not opps_after:
            return f"it beats the {beaten} and takes the trick for your side"
        if k.holds(card, opps_after):
            return f"it beats the {beaten}, and nobody still to play can beat it, so the trick is yours"
        return f"it beats the {beaten} and puts your side ahead in the trick"
    if team(best["seat"]) == team(me):
        if card == policy._lowest(v["legal"], trump):
            return f"your partner's {beaten} is already taking the trick, so you play your lowest card and keep the rest"
        return f"your partner's {beaten} is already taking the trick, so your {card_face(card)} needn't win it"
    if not any(power(c, trump, led) > top for c in v["legal"]):
        return f"nothing you may play beats the {beaten}, so you give up your least useful card"
    if partner_after:
        return "you play low and leave the trick to your partner, who plays after you"
    winners = [c for c in v["legal"] if power(c, trump, led) > top]
    spare = max(winners, key=lambda c: rank_power(c, trump))
    return f"you save your {card_face(spare)} for a later trick rather than spend it on this one"
