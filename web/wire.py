"""Reading a message from a browser or script: size and depth are checked
before the JSON is parsed, so a hostile body costs almost nothing. What the
database can't keep (a NUL character, NaN, a number past 64 bits) is refused
here too, and so is text that is no text (a lone surrogate), so a move
that carries one can't fail a whole batch's save."""

from __future__ import annotations

import json
import math

import orjson

from tables.asking import BROKEN_TEXT, Refused

MOST_BYTES = 16 * 1024
MOST_DEPTH = 16


def _depth(text: str) -> int:
    """How deeply brackets nest, outside strings."""
    deepest = depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


TOO_LARGE = "That message holds a number too large for any move; send a smaller one."


def _not_a_number(text: str):
    raise ValueError(f"{text} is not JSON")


def _whole(text: str) -> int:
    number = int(text)
    if abs(number) >= 2**63:
        raise Refused(TOO_LARGE)
    return number


def _finite(text: str) -> float:
    number = float(text)
    if math.isinf(number):
        raise Refused(TOO_LARGE)
    return number


# One decoder for every message: ``json.loads`` with hooks builds a new one each call.
_decoder = json.JSONDecoder(parse_constant=_not_a_number, parse_float=_finite, parse_int=_whole)


def parse(body) -> dict:
    """A JSON object from a request body or socket frame, or Refused."""
    if body is None or body == b"" or body == "":
        return {}
    if len(body) > MOST_BYTES:
        raise Refused("That message is far too long for a move.", 413)
    if isinstance(body, bytes):
        try:
            body = body.decode("utf-8")
        except UnicodeDecodeError:
            raise Refused("That message isn't readable text.") from None
    # (A move holds a few brackets: fewer than the depth allowed in all, and
    # no walk over every letter is needed to know it nests no deeper.)
    if body.count("[") + body.count("{") > MOST_DEPTH and _depth(body) > MOST_DEPTH:
        raise Refused("That message is nested too deeply to be a move.")
    if "\\u0000" in body:
        raise Refused("That message holds a NUL character, which no name or move needs; leave it out and send it again.")
    try:
        data = _decoder.decode(body)
    except (ValueError, RecursionError):
        raise Refused("That message isn't valid JSON.") from None
    try:
        orjson.dumps(data)  # as the store will write it: a lone surrogate can't be
    except orjson.JSONEncodeError:
        raise Refused(BROKEN_TEXT) from None
    if not isinstance(data, dict):
        raise Refused("A message must be a JSON object, like {\"type\": \"pass\"}.")
    return data
