"""The table's questions and the five presets, as one definition.

The waiting room draws ``SCHEMA`` (the contract's ``options_schema``, which
the table's page carries): each preset is a set of answers to the same
questions, and Custom lets the host answer them one by one.
"""

from __future__ import annotations

from engine import moves

from . import division

# Every question a table answers, with its allowed answers in the order
# they are offered. Labels are what a player reads.
QUESTIONS = tuple(
    {"key": key, "label": label, "choices": tuple({"value": v, "label": said} for v, said in choices)}
    for key, label, choices in (
        ("scoring", "Who scores?",
         (("together", "The table together, against the day's goal"), ("each", "Each Office for itself"))),
        ("hinder", "Hindering cards in the Home Office deck?",
         (("no", "No"), ("yes", "Yes: Red Flag, Tie-up and Slow Order"))),
        ("day", "How long is the day?",
         (("short", "Short: four Stages fewer"), ("standard", "Standard"), ("long", "Long: four Stages more"))),
        ("goal", "How high is the goal when the table scores together?",
         (("gentle", "Gentle"), ("standard", "Standard"), ("stiff", "Stiff"))),
        ("seats", "How many Offices?", (("one", "One: a single player"), ("two to four", "Two to four"))),
    )
)

ANSWERS = {q["key"]: tuple(c["value"] for c in q["choices"]) for q in QUESTIONS}

# The presets, each a full set of answers: Competitive's, with what the
# preset answers otherwise. Custom starts from Competitive's.
_COMPETITIVE = {"scoring": "each", "hinder": "no", "day": "standard", "goal": "standard", "seats": "two to four"}
PRESETS = tuple(
    {"key": key, "label": label, "blurb": blurb, "answers": {**_COMPETITIVE, **otherwise}}
    for key, label, blurb, otherwise in (
        ("co-op", "Co-op", "Everyone against the clock: the table wins or loses together.", {"scoring": "together"}),
        ("competitive", "Competitive", "Each Office scores its own work; the best Office wins.", {}),
        ("cutthroat", "Cutthroat", "Competitive, with Home Office cards that hinder another Office.", {"hinder": "yes"}),
        ("solitaire", "Solitaire", "One player against the clock, with a score to beat.",
         {"scoring": "together", "seats": "one"}),
        ("custom", "Custom", "Answer the questions one by one.", {}),
    )
)

BY_KEY = {p["key"]: p for p in PRESETS}
DEFAULT_PRESET = "competitive"

# The seat counts each answer to "How many Offices?" allows.
SEATS = {"one": (1,), "two to four": (2, 3, 4)}

def _schema() -> list[dict]:
    """The settings as rows the lobby and the waiting room both draw: the
    preset first (each carrying its full set of answers and the table sizes
    it allows), then every question (asked one by one under Custom), then
    the bots' pace."""
    base = BY_KEY[DEFAULT_PRESET]["answers"]
    rows = [{
        "key": "preset", "label": "Preset", "hint": "Each preset answers the questions below; Custom lets you answer them.",
        "choices": [p["key"] for p in PRESETS], "labels": {p["key"]: p["label"] for p in PRESETS},
        "default": DEFAULT_PRESET,
        "presets": [
            {"key": p["key"], "label": p["label"], "blurb": p["blurb"], "answers": dict(p["answers"]),
             "sizes": list(SEATS[p["answers"]["seats"]]) if p["key"] != "custom" else [1, 2, 3, 4]}
            for p in PRESETS
        ],
    }]
    for q in QUESTIONS:
        # (The preset's own row says once that it answers these: a row of
        # its own for each would say it five times over.)
        rows.append({
            "key": q["key"], "label": q["label"],
            "choices": [c["value"] for c in q["choices"]], "labels": {c["value"]: c["label"] for c in q["choices"]},
            "default": base[q["key"]], "custom": True,
        })
    rows.append({"key": "bot_pace", "label": "Bot speed", "hint": "Relaxed is easier to follow.",
                 "choices": list(moves.BOT_PACE), "labels": {k: k.capitalize() for k in moves.BOT_PACE},
                 "default": "brisk"})
    return rows


SCHEMA = _schema()


def options(raw) -> dict:
    """The table's settings: a preset and its answers (Custom keeps each
    allowed answer the host gave), and the bots' pace. Anything not exactly
    allowed becomes the default."""
    preset = moves.choice(raw, "preset", tuple(BY_KEY), DEFAULT_PRESET)
    base = BY_KEY[preset]["answers"]
    out = {"preset": preset}
    for key, allowed in ANSWERS.items():
        out[key] = moves.choice(raw, key, allowed, base[key]) if preset == "custom" else base[key]
    out["bot_pace"] = moves.choice(raw, "bot_pace", tuple(moves.BOT_PACE), "brisk")
    return out


DEFAULTS = options(None)


def refusal(rules: dict, n: int) -> str | None:
    """Why a table of n seats cannot start with these settings, or None."""
    label = BY_KEY[rules["preset"]]["label"]
    if n not in (1, 2, 3, 4):
        return "Station Master needs one to four Offices: add a bot or remove a seat."
    if n not in SEATS[rules["seats"]]:
        if rules["seats"] == "one":
            return f"{label} is for one player: remove the other seats, or choose another preset."
        return f"{label} needs two to four Offices: add a bot, or choose Solitaire to play alone."
    if n == 1 and rules["scoring"] == "each":
        return "With one Office there is nobody to beat: let the table score together, or add a seat."
    return None


def opening(state: dict) -> str:
    """The start of the day, as the table announces it: the preset, who
    holds which Office, and who is Superintendent. ``{n}`` stands for seat
    n's name, which the table fills in (the rules don't know names)."""
    n, sup = state["n"], state["superintendent"]
    label = BY_KEY[state["rules"]["preset"]]["label"]
    if n == 1:
        return f"{label}: {{0}} runs {division.TOWNS[0]} and is Superintendent for the first Stage."
    held = [f"{{{s}}} holds {division.TOWNS[s]}" for s in range(n)]
    listed = ", ".join(held[:-1]) + f" and {held[-1]}"
    return f"{label}: {listed}. {{{sup}}} is Superintendent for the first Stage."


def team_of(state, n: int, settings=None) -> list[int]:
    """Which side each seat plays for (ratings): a table that scores together
    (Co-op, Solitaire, or a Custom table answering so) is one side with
    nobody against it; Offices that each score for themselves are each
    their own side."""
    rules = state["rules"] if state is not None else options(settings)
    return [0] * n if rules["scoring"] == "together" else list(range(n))
