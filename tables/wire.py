"""Reading a message from a browser or script: size and depth are checked
before the JSON is parsed, so a hostile body costs almost nothing."""

from __future__ import annotations

import json

from .service import Refused

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
    if _depth(body) > MOST_DEPTH:
        raise Refused("That message is nested too deeply to be a move.")
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        raise Refused("That message isn't valid JSON.") from None
    if not isinstance(data, dict):
        raise Refused("A message must be a JSON object, like {\"type\": \"pass\"}.")
    return data
