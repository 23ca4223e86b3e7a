"""Euchre's rules: the family's game as games/euchre/README.md writes it down. If the
two disagree, one of them is a bug.

Four seats, partners across (seats 0 and 2 against 1 and 3), a 24-card deck.
A hand is dealt, trump is named in up to two rounds of bidding, five tricks
are played, and one team scores. The first team to 10 wins.

The state is one JSON object; ``view(state, seat)`` is the only way any of it
reaches a player, so hands, the kitty and the dealer's discard stay here.
"""

from __future__ import annotations

from engine import deck, log, moves, rounds
from engine.contract import Illegal, plain_words

SUITS = "CDHS"
RANKS = "9TJQKA"
PARTNER = {"C": "S", "S": "C", "D": "H", "H": "D"}  # the other suit of the same color
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
# Trump from the top: the right bower, the left bower, then A K Q 10 9.
TRUMP_ORDER = ("R", "L", "A", "K", "Q", "T", "9")
TRICKS = 5
TARGET = 10
SEATS = 4

TOGGLES = ("on", "off")
DEFAULTS = {
    "stick_dealer": "on",
    "alone": "on",
    "defend_alone": "off",
    "farmers": "off",
    "canadian": "off",
    "bot_pace": "brisk",
}
HOUSE_RULES = ("stick_dealer", "alone", "defend_alone", "farmers", "canadian")

# The waiting room's settings, in plain words: the room kit draws these
# (there is no copy in the browser).
_ON_OFF = {"on": "On", "off": "Off"}
OPTIONS_SCHEMA = [
    {"key": key, "label": label, "hint": hint, "choices": list(TOGGLES), "labels": _ON_OFF, "default": DEFAULTS[key]}
    for key, label, hint in (
        ("stick_dealer", "Stick the dealer", "The dealer must call trump."),
        ("alone", "Going alone", "Play without a partner."),
        ("defend_alone", "Defending alone", "Defenders may go alone too."),
        ("farmers", "Farmer’s hand", "9s and 10s only: swap three."),
        ("canadian", "Canadian loner", "Dealer’s partner goes alone."),
    )
] + [moves.pace_setting()]


# -- cards ------------------------------------------------------------------

def cards() -> list[str]:
    """The 24-card deck, 9 10 J Q K A of each suit, in a fixed order."""
    return deck.build(1, ranks=RANKS, suits=SUITS)


def team(seat: int) -> int:
    """Seats 0 and 2 are team 0; seats 1 and 3 are team 1."""
    return seat % 2


def suit_of(card: str, trump) -> str:
    """The suit a card follows: the left bower is trump's."""
    if trump and card[0] == "J" and card[1] == PARTNER[trump]:
        return trump
    return card[1]


def is_trump(card: str, trump) -> bool:
    return bool(trump) and suit_of(card, trump) == trump


def power(card: str, trump, led) -> int:
    """How strong a card is in a trick: any trump beats the suit led, which
    beats everything else (worth nothing). Trump runs 9 10 Q K A, then the
    left bower (105), then the right (106); the suit led runs 50 to 55."""
    if is_trump(card, trump):
        if card[0] == "J":
            return 106 if card[1] == trump else 105
        return 100 + "9TQKA".index(card[0])
    if card[1] == led:
        return 50 + RANKS.index(card[0])
    return 0


def rank_power(card: str, trump) -> int:
    """A card's strength within its own suit (trump's order for trump): what
    "lowest" and "highest" mean when comparing cards of different suits."""
    return power(card, trump, suit_of(card, trump))


def playable(hand: list[str], trick: list[dict], trump) -> list[str]:
    """The cards a seat may play: any card to lead; otherwise a card of the
    suit led (the left bower is trump), or anything when it has none."""
    if not trick:
        return list(hand)
    led = suit_of(trick[0]["card"], trump)
    follow = [c for c in hand if suit_of(c, trump) == led]
    return follow or list(hand)


def winner(trick: list[dict], trump) -> int:
    """The seat whose card takes the trick."""
    led = suit_of(trick[0]["card"], trump)
    return max(trick, key=lambda p: power(p["card"], trump, led))["seat"]


def farmers_hand(hand: list[str]) -> bool:
    """Five cards, every one a 9 or a 10."""
    return len(hand) == 5 and all(c[0] in "9T" for c in hand)


def tidy(hand: list[str], trump) -> list[str]:
    """A hand sorted high to low, as it is shown: trump first (bowers on
    top), then the other suits in a fixed order."""
    return sorted(hand, key=_SHOWN[trump].__getitem__)


def _places(trump) -> dict[str, int]:
    """Each card's place in a tidy hand under this trump, 0 the first."""
    def key(c):
        s = suit_of(c, trump)
        return (1 if s == trump else 0, SUITS.index(s), rank_power(c, trump))
    return {c: i for i, c in enumerate(sorted(cards(), key=key, reverse=True))}


# Worked out once for each trump (None before trump is named): ``legal``
# sorts the hand at every move of a random playout, and looking a place up
# is several times quicker than working it out.
_SHOWN = {trump: _places(trump) for trump in (None, *SUITS)}


# -- settings -----------------------------------------------------------------

def options(raw: dict | None) -> dict:
    """A table's settings, from whatever the host asked for: only an exact
    allowed value survives, anything else is the default."""
    out = {}
    for key in HOUSE_RULES:
        out[key] = moves.choice(raw, key, TOGGLES, DEFAULTS[key])
    out["bot_pace"] = moves.choice(raw, "bot_pace", tuple(moves.BOT_PACE), DEFAULTS["bot_pace"])
    return out


def _on(state: dict, key: str) -> bool:
    return state["rules"][key] == "on"


# -- a new game and each deal -------------------------------------------------

def new(players: int, seed: str, now: float, settings=None) -> dict:
    """A fresh game for four seats (people plus bots), first hand dealt."""
    if players != SEATS:
        raise Illegal("Euchre needs exactly four seats: let bots fill the empty ones.")
    state = {
        "game": "euchre", "n": SEATS, "seed": str(seed), "rules": options(settings),
        "seq": 0, "logged": 0, "events": [],
        "deals": 0, "first_dealer": deck.seed_number(str(seed)) % SEATS,
        **rounds.fresh(SEATS), "outcomes": [],
    }
    _deal(state)
    return state


def hand_number(state: dict) -> int:
    """The number of the hand being played, 1 first: the row it will take
    on the score sheet. A thrown-in deal is not a hand, so its redeal keeps
    the number (the deal counter, ``deals``, still moves on)."""
    return len(state["scores"]) + (0 if state["phase"] in ("scored", "over") else 1)


def _deal(state: dict) -> None:
    """Five each from a fresh shuffle; the next card is turned up on the
    three left face down (the kitty). The deal passes left every deal, a
    thrown-in one too."""
    dealer = (state["first_dealer"] + state["deals"]) % SEATS
    stock = deck.shuffled(cards(), f"{state['seed']}:{state['deals']}")
    hands = [[] for _ in range(SEATS)]
    for _ in range(5):
        for k in range(1, SEATS + 1):
            hands[(dealer + k) % SEATS].append(stock.pop())
    up = stock.pop()
    state["deals"] += 1
    state.update(
        phase="bid1", dealer=dealer, hands=hands, up=up, kitty=stock, kitty_state="up", buried=None,
        turn=(dealer + 1) % SEATS, bids=[], trump=None, maker=None, alone=None, defender=None,
        sitting=[], asked=[], trick=[], leader=None, done=[], taken=[0] * SEATS, farmed=[],
        acts=0, outcome=None,
    )
    log.event(state, "deal", dealer=dealer, up=up, hand=hand_number(state), deal=state["deals"])
    if _on(state, "farmers"):
        _next_farmer(state)


def _next_farmer(state: dict) -> None:
    """Give the farmer phase to the first seat from the dealer's left not yet
    asked who holds a farmer's hand; when none is left, bidding starts."""
    dealer = state["dealer"]
    for k in range(1, SEATS + 1):
        seat = (dealer + k) % SEATS
        if seat not in state["farmed"] and farmers_hand(state["hands"][seat]):
            state["phase"], state["turn"] = "farmer", seat
            return
    state["phase"], state["turn"] = "bid1", (dealer + 1) % SEATS


# -- whose turn ---------------------------------------------------------------

WHAT = {
    "farmer": "swap a farmer's hand",
    "bid1": "bid on the turned card",
    "bid2": "name trump",
    "discard": "discard",
    "defend": "decide whether to defend alone",
    "play": "play a card",
}


def _turn(state: dict, seat: int, *phases: str) -> None:
    """Refuse a move that isn't this seat's to make now, with a sentence."""
    if state["phase"] not in phases:
        now = WHAT.get(state["phase"])
        if state["phase"] == "scored":
            raise Illegal("The hand is over: press Next hand to deal the next one.")
        if state["phase"] == "over":
            raise Illegal("This game is over.")
        raise Illegal(f"That move doesn't fit now: it's time to {now}.")
    if state["turn"] != seat:
        raise Illegal("It's not your turn.")


def _acted(state: dict) -> None:
    """Count a move in this deal (after it has passed every check), so the
    next decision gets a key of its own."""
    state["acts"] += 1


def _alone(state: dict, action: dict) -> bool:
    alone = action.get("alone", False)
    if not isinstance(alone, bool):
        raise Illegal("Say whether you go alone with true or false.")
    if alone and not _on(state, "alone"):
        raise Illegal("Going alone is off at this table: call with your partner.")
    return alone


def stuck(state: dict, seat: int) -> bool:
    """Stick the dealer: everyone else passed twice, so the dealer must name
    trump. (It reads only what every seat sees, so a view serves as well.)"""
    return state["phase"] == "bid2" and seat == state["dealer"] and _on(state, "stick_dealer")


def must_alone(state: dict, seat: int) -> bool:
    """The Canadian loner: ordering your partner the card, you play alone.
    (It reads only what every seat sees, so a view serves as well.)"""
    return (state["phase"] == "bid1" and _on(state, "canadian") and _on(state, "alone")
            and seat == (state["dealer"] + 2) % SEATS)


def _next_seat(state: dict, seat: int) -> int:
    """The next seat to the left still playing this hand."""
    for k in range(1, SEATS + 1):
        nxt = (seat + k) % SEATS
        if nxt not in state["sitting"]:
            return nxt
    raise AssertionError("everyone is sitting out")


# -- moves ----------------------------------------------------------------------

def farmer(state, seat, action, now):
    """A farmer's hand (five 9s and 10s): swap exactly three cards for the
    kitty, sight unseen, or keep the hand (no cards)."""
    _turn(state, seat, "farmer")
    picked = action.get("cards", [])
    hand = state["hands"][seat]
    if not isinstance(picked, list) or not all(isinstance(c, str) for c in picked):
        raise Illegal("Name the three cards to swap, or none to keep your hand.")
    if picked and (len(picked) != 3 or len(set(picked)) != 3):
        raise Illegal("Swap exactly three cards, or none to keep your hand.")
    if any(c not in hand for c in picked):
        raise Illegal("You can only swap cards from your own hand.")
    _acted(state)
    state["farmed"].append(seat)
    swapped = bool(picked)
    log.event(state, "farmer", seat=seat, swapped=swapped)
    if swapped:
        got = list(state["kitty"])
        state["hands"][seat] = [c for c in hand if c not in picked] + got
        state["kitty"] = list(picked)
        log.event(state, "swapped", to=[seat], seat=seat, gave=list(picked), got=got)
    _next_farmer(state)


def order(state, seat, action, now):
    """The first round: order the turned card up to the dealer (the dealer
    "picks it up"), making its suit trump. The dealer may order it too."""
    _turn(state, seat, "bid1")
    alone = _alone(state, action) or must_alone(state, seat)
    _acted(state)
    suit = state["up"][1]
    state["bids"].append({"seat": seat, "bid": "order", "suit": suit, "alone": alone})
    log.event(state, "bid", seat=seat, bid="order", suit=suit, alone=alone)
    _make(state, seat, suit, alone)
    dealer = state["dealer"]
    if alone and seat == (dealer + 2) % SEATS:
        # The dealer sits out, so the card isn't picked up.
        state["kitty_state"] = "out"
        _defend_or_play(state)
    else:
        state["kitty_state"] = "picked"
        state["hands"][dealer].append(state["up"])
        state["phase"], state["turn"] = "discard", dealer


def call(state, seat, action, now):
    """The second round: name any suit but the one turned down."""
    _turn(state, seat, "bid2")
    suit = action.get("suit")
    if not isinstance(suit, str) or len(suit) != 1 or suit not in SUITS:
        raise Illegal("Name a suit to call: C, D, H or S.")
    if suit == state["up"][1]:
        raise Illegal(f"{SUIT_NAMES[suit].capitalize()} were turned down this hand: call another suit.")
    alone = _alone(state, action)
    _acted(state)
    state["bids"].append({"seat": seat, "bid": "call", "suit": suit, "alone": alone})
    log.event(state, "bid", seat=seat, bid="call", suit=suit, alone=alone)
    _make(state, seat, suit, alone)
    _defend_or_play(state)


def pass_bid(state, seat, action, now):
    """Pass. After four passes the card is turned down; after eight the hand
    is thrown in, unless the dealer is stuck."""
    _turn(state, seat, "bid1", "bid2")
    if stuck(state, seat):
        raise Illegal("Stick the dealer: everyone else passed, so you must call trump.")
    _acted(state)
    phase = state["phase"]
    state["bids"].append({"seat": seat, "bid": "pass", "suit": None, "alone": False})
    log.event(state, "bid", seat=seat, bid="pass", round=1 if phase == "bid1" else 2)
    dealer = state["dealer"]
    if seat != dealer:
        state["turn"] = (seat + 1) % SEATS
    elif phase == "bid1":
        state["kitty_state"] = "down"
        log.event(state, "turned_down", card=state["up"])
        state["phase"], state["turn"] = "bid2", (dealer + 1) % SEATS
    else:
        log.event(state, "thrown_in", dealer=dealer, hand=hand_number(state), deal=state["deals"])
        _deal(state)


def _make(state: dict, seat: int, suit: str, alone: bool) -> None:
    state["trump"], state["maker"] = suit, seat
    state["alone"] = seat if alone else None
    if alone:
        state["sitting"] = [(seat + 2) % SEATS]


def discard(state, seat, action, now):
    """The dealer, having picked up, buries any one of six cards."""
    _turn(state, seat, "discard")
    card = action.get("card")
    hand = state["hands"][seat]
    if not isinstance(card, str) or card not in hand:
        raise Illegal("Discard a card from your own hand.")
    _acted(state)
    hand.remove(card)
    state["buried"] = card
    log.event(state, "picked_up", seat=seat, card=state["up"], discarded=True)
    log.event(state, "buried", to=[seat], seat=seat, card=card)
    _defend_or_play(state)


def _defend_or_play(state: dict) -> None:
    """Against a lone caller, with defending alone on, ask each defender
    from the dealer's left; otherwise play starts."""
    if state["alone"] is not None and _on(state, "defend_alone"):
        dealer, makers = state["dealer"], team(state["maker"])
        state["asked"] = [(dealer + k) % SEATS for k in range(1, SEATS + 1) if team((dealer + k) % SEATS) != makers]
        state["phase"], state["turn"] = "defend", state["asked"][0]
        return
    _start_play(state)


def defend(state, seat, action, now):
    """Defend alone against a lone caller (your partner sits out), or not."""
    _turn(state, seat, "defend")
    alone = action.get("alone", False)
    if not isinstance(alone, bool):
        raise Illegal("Say whether you defend alone with true or false.")
    _acted(state)
    log.event(state, "defend", seat=seat, alone=alone)
    if alone:
        state["defender"] = seat
        state["sitting"].append((seat + 2) % SEATS)
        _start_play(state)
        return
    rest = state["asked"][state["asked"].index(seat) + 1:]
    if rest:
        state["turn"] = rest[0]
    else:
        _start_play(state)


def _start_play(state: dict) -> None:
    """The seat left of the dealer leads, or the next one playing."""
    leader = _next_seat(state, state["dealer"])
    state["phase"], state["leader"], state["turn"] = "play", leader, leader


def play(state, seat, action, now):
    """Play a card the seat holds and may play."""
    _turn(state, seat, "play")
    card = action.get("card")
    hand, trump, trick = state["hands"][seat], state["trump"], state["trick"]
    if not isinstance(card, str) or card not in hand:
        raise Illegal("That card isn't in your hand: play one you hold.")
    if card not in playable(hand, trick, trump):
        led = suit_of(trick[0]["card"], trump)
        note = " (the left bower counts as trump)" if led == trump else ""
        raise Illegal(f"You must follow suit: play one of your {SUIT_NAMES[led]}{note}.")
    _acted(state)
    hand.remove(card)
    trick.append({"seat": seat, "card": card})
    log.event(state, "played", seat=seat, card=card)
    if len(trick) < SEATS - len(state["sitting"]):
        state["turn"] = _next_seat(state, seat)
        return
    won = winner(trick, trump)
    state["done"].append({"leader": trick[0]["seat"], "cards": trick, "winner": won})
    state["taken"][won] += 1
    state["trick"] = []
    log.event(state, "trick", trick=len(state["done"]), seat=won)
    if len(state["done"]) < TRICKS:
        state["leader"] = state["turn"] = won
    else:
        score_hand(state)


def team_tricks(state: dict) -> list[int]:
    """Tricks taken this hand, per team."""
    t = state["taken"]
    return [t[0] + t[2], t[1] + t[3]]


def score(state: dict) -> list[int]:
    """The game score, per team."""
    return [state["totals"][0], state["totals"][1]]


def score_hand(state: dict) -> None:
    """Score the hand once its tricks are taken (its play, or the hard
    bot's quick play of a world it searches). Makers who take 3 or 4 tricks score 1; all 5, a march, scores 2, or 4
    alone. Makers held to 2 or fewer are euchred: 2 to the defenders, or 4 to
    a defender who went alone."""
    makers = team(state["maker"])
    got = team_tricks(state)[makers]
    if got >= 3:
        scorer = makers
        how = "march" if got == TRICKS else "made"
        points = (4 if state["alone"] is not None else 2) if got == TRICKS else 1
    else:
        scorer, how = 1 - makers, "euchre"
        points = 4 if state["defender"] is not None else 2
    hand = hand_number(state)
    rounds.score(state, [points if team(s) == scorer else 0 for s in range(SEATS)])
    state["outcome"] = {
        "hand": hand, "makers": makers, "maker": state["maker"], "trump": state["trump"],
        "alone": state["alone"], "defender": state["defender"], "tricks": got, "how": how,
        "team": scorer, "points": points,
    }
    # Every hand's outcome stays in the state, as the score sheet's rows outlive the log's latest lines
    # (a game begun before they were kept starts its list here).
    state.setdefault("outcomes", []).append(dict(state["outcome"]))
    log.event(state, "hand", **state["outcome"])
    state["turn"] = None
    last = max(score(state)) >= TARGET
    if last:
        log.event(state, "won", team=scorer, score=score(state))
    rounds.end(state, last=last)


def ready_move(state, seat, action, now):
    """Ready for the next hand; it's dealt once every seat is. (The host's
    "Start without waiting" answers for the seats still reading.) The log
    says so before the next deal's line."""
    def deal(state):
        log.event(state, "ready", seat=seat)
        _deal(state)

    rounds.ready(state, seat, deal)
    if state["ready"][seat]:
        log.event(state, "ready", seat=seat)


MOVES = {
    "farmer": farmer, "order": order, "call": call, "pass": pass_bid, "discard": discard,
    "defend": defend, "play": play, "ready": ready_move,
}


# -- turn flow ------------------------------------------------------------------

KINDS = {"farmer": "farmer", "bid1": "bid", "bid2": "bid", "discard": "discard", "defend": "defend", "play": "play"}


def deciding(state: dict) -> list[tuple[int, str, str]]:
    """Who must decide now: one seat while a hand is on, every seat not yet
    ready between hands. The key names the deal and counts every move in
    it, so each decision has its own."""
    phase = state["phase"]
    if phase == "scored":
        return rounds.ready_deciding(state)
    if phase not in KINDS:
        return []
    turn = state["turn"]
    return [(turn, KINDS[phase], f"{phase}{state['deals']}-{state['acts']}-{turn}")]


def fallback(state: dict, seat: int) -> dict:
    """A move that's always legal (always one of ``legal(state, seat)``):
    pass (a stuck dealer calls the first other suit), keep a farmer's hand,
    don't defend alone, discard the first card of the hand as dealt, play
    the first legal card in that order, be ready."""
    phase = state["phase"]
    if phase == "scored":
        return {"type": "ready"}
    if phase == "farmer":
        return {"type": "farmer", "cards": []}
    if phase == "bid2" and stuck(state, seat):
        return {"type": "call", "suit": next(s for s in SUITS if s != state["up"][1]), "alone": False}
    if phase in ("bid1", "bid2"):
        return {"type": "pass"}
    if phase == "discard":
        return {"type": "discard", "card": state["hands"][seat][0]}
    if phase == "defend":
        return {"type": "defend", "alone": False}
    return {"type": "play", "card": playable(state["hands"][seat], state["trick"], state["trump"])[0]}


# -- what a seat may do -----------------------------------------------------------

def _choices(seen: dict, seat, hand: list[str]) -> list[dict]:
    """Every move ``seat`` may make now, each as it would be sent: the one
    list behind ``legal`` (from the state), the view's offer (``can``, the
    playable cards, the suits to call) and the bots (``moves_in``, from the
    view). ``seen`` is the state or the seat's own view: what is read from it
    (phase, turn, who is ready, the dealer, the turned card in round two,
    trump, the trick, the house rules) is open to every seat and named alike
    in both. ``hand`` is the seat's own cards as its view shows them, so the
    moves come in the order the seat sees its hand."""
    if seat is None:
        return []
    phase = seen["phase"]
    if phase == "scored":
        return [] if seen["ready"][seat] else [{"type": "ready"}]
    if phase not in KINDS or seen["turn"] != seat:
        return []
    if phase == "play":
        return [{"type": "play", "card": c} for c in playable(hand, seen["trick"], seen["trump"])]
    lone = (False, True) if _on(seen, "alone") else (False,)
    if phase == "bid1":
        orders = [{"type": "order", "alone": a} for a in ((True,) if must_alone(seen, seat) else lone)]
        return orders + [{"type": "pass"}]
    if phase == "bid2":
        calls = [{"type": "call", "suit": s, "alone": a} for s in SUITS if s != seen["up"][1] for a in lone]
        return calls if stuck(seen, seat) else calls + [{"type": "pass"}]
    if phase == "discard":
        return [{"type": "discard", "card": c} for c in hand]
    if phase == "defend":
        return [{"type": "defend", "alone": False}, {"type": "defend", "alone": True}]
    # A farmer's hand: keep it, or swap any three of its cards.
    return [{"type": "farmer", "cards": []}] + [
        {"type": "farmer", "cards": [a, b, c]}
        for i, a in enumerate(hand) for j, b in enumerate(hand[i + 1:], i + 1) for c in hand[j + 1:]]


def legal(state: dict, seat: int) -> list[dict]:
    """Every move this seat may make now, in the order its view shows its
    hand: exactly ``moves_in(view(state, seat))``."""
    if not isinstance(seat, int) or not 0 <= seat < SEATS:
        return []
    return _choices(state, seat, tidy(state["hands"][seat], state["trump"]))


def moves_in(v: dict) -> list[dict]:
    """Every move a seat may make now, from its view alone: the bots' options,
    the same list as ``legal(state, seat)``."""
    return _choices(v, v["seat"], v["mine"])


# -- moves in words ------------------------------------------------------------------

RANK_WORDS = {"9": "9", "T": "10", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}
SUIT_SIGNS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def card_words(card: str) -> str:
    """A card as a sentence says it: "JS0" is "the jack of spades"."""
    return f"the {RANK_WORDS[card[0]]} of {SUIT_NAMES[card[1]]}"


def card_face(card: str) -> str:
    """A card as its face shows it: "TD0" is "10♦"."""
    return ("10" if card[0] == "T" else card[0]) + SUIT_SIGNS[card[1]]


def say(action: dict) -> str:
    """One of ``legal``'s moves as a player reads it: "Order it up", "Call
    hearts and go alone", "Play the jack of spades", "Swap 9♣, 10♦, Q♠",
    "Next hand". The generic table shows these (``engine.contract.offered``)."""
    kind = action["type"]
    alone = " and go alone" if action.get("alone") else ""
    if kind == "order":
        return f"Order it up{alone}"
    if kind == "call":
        return f"Call {SUIT_NAMES[action['suit']]}{alone}"
    if kind == "pass":
        return "Pass"
    if kind == "discard":
        return f"Discard {card_words(action['card'])}"
    if kind == "defend":
        return "Defend alone" if action["alone"] else "Defend with your partner"
    if kind == "farmer":
        picked = action["cards"]
        return f"Swap {', '.join(card_face(c) for c in picked)}" if picked else "Keep your hand"
    if kind == "play":
        return f"Play {card_words(action['card'])}"
    if kind == "ready":
        return "Next hand"
    return plain_words(action)


def result(state: dict) -> dict | None:
    """Once a team reaches 10: places per seat (partners share one: 1 and 1,
    3 and 3) and each seat's score, which is its team's."""
    return rounds.result(state)


# -- the view -------------------------------------------------------------------

def view(state: dict, seat) -> dict:
    """What one seat (None: a spectator) may know: its own hand, everything
    played and said in the open, and, for the dealer, the card it buried."""
    phase, trump, dealer = state["phase"], state["trump"], state["dealer"]
    me = seat if isinstance(seat, int) and 0 <= seat < SEATS else None
    mine = tidy(state["hands"][me], trump) if me is not None else None
    # What the seat may do, from the one list of its moves.
    offer = _choices(state, me, mine)
    can = list(dict.fromkeys(m["type"] for m in offer))
    # The turned card is public while it lies on the table (turned up or
    # down, or left out for a dealer sitting out); once the dealer picks it
    # up it is one of the dealer's cards, seen only in the dealer's hand.
    up = None if state["kitty_state"] == "picked" else state["up"]
    return {
        "game": "euchre", "seq": state["seq"], "n": SEATS, "seat": me, "rules": dict(state["rules"]),
        "phase": phase, "turn": state["turn"], "dealer": dealer,
        "hand": hand_number(state), "deal": state["deals"],
        "mine": mine, "sizes": [len(h) for h in state["hands"]],
        "up": up, "kitty_state": state["kitty_state"],
        "buried": state["buried"] if me is not None and me == dealer else None,
        "discarded": state["buried"] is not None,
        "bids": [dict(b) for b in state["bids"]],
        "trump": trump, "maker": state["maker"], "alone": state["alone"], "defender": state["defender"],
        "sitting": list(state["sitting"]), "farmed": list(state["farmed"]), "asked": list(state["asked"]),
        "trick": [dict(p) for p in state["trick"]], "leader": state["leader"],
        "led": suit_of(state["trick"][0]["card"], trump) if state["trick"] else None,
        "done": [{"leader": t["leader"], "cards": [dict(p) for p in t["cards"]], "winner": t["winner"]}
                 for t in state["done"]],
        "taken": list(state["taken"]), "tricks": team_tricks(state),
        "can": can,
        "legal": [m["card"] for m in offer if m["type"] == "play"],
        "suits": list(dict.fromkeys(m["suit"] for m in offer if m["type"] == "call")),
        "stuck": me is not None and "call" in can and stuck(state, me),
        "must_alone": me is not None and "order" in can and must_alone(state, me),
        "teams": [team(s) for s in range(SEATS)], "target": TARGET,
        "scores": [list(r) for r in state["scores"]], "totals": list(state["totals"]), "score": score(state),
        "ready": list(state["ready"]), "outcome": dict(state["outcome"]) if state["outcome"] else None,
        "outcomes": [dict(o) for o in state.get("outcomes", [])],
        "result": result(state),
        "events": log.recent(state, me),
    }
