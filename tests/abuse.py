"""What abuse looks like and what it must get back: the random and malformed
messages the HTTP and websocket fuzzes throw, and the check that every
refusal is a sentence a person can act on."""

from hypothesis import strategies as st

from engine.contract import LEVELS
from web.wire import MOST_DEPTH

junk = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)

# Values close to the ones actions accept, so the fuzz gets past the JSON
# reader to each action's own checks (and now and then asks for something
# valid), a name with a NUL, which PostgreSQL can't keep, one with a lone
# surrogate, which no store can, and names a reader can't see or that read
# backwards.
near_valid = (
    st.integers(-2, 5)
    | st.sampled_from([*LEVELS, "brisk", "relaxed", "Ada", "Ada\x00", "Ada\ud800", "\u200b\u200c", "\u202eAda"])
    | st.dictionaries(st.sampled_from(["bot_pace", "teams"]), st.sampled_from(["brisk", "relaxed", 2, 3]) | junk, max_size=2)
)

# A table action's body: the fields the actions read, each near-valid or junk.
action_bodies = st.dictionaries(
    st.sampled_from(["seat", "to", "level", "settings", "name", "seq", "action"]), near_valid | junk, max_size=4)

# Frames nested past what the reader allows, as arrays or as objects.
too_deep = st.integers(MOST_DEPTH + 1, 4 * MOST_DEPTH).flatmap(
    lambda depth: st.sampled_from(["[" * depth + "]" * depth, '{"a": ' * depth + "1" + "}" * depth]))

raw_bytes = st.binary(max_size=64) | st.text(max_size=64).map(str.encode)


def assert_sentence(text) -> None:
    assert isinstance(text, str) and len(text) > 10 and text[0].isupper() and text.endswith((".", "?", "!")), text


def assert_refused(response) -> None:
    """A test client's answer is a 4xx carrying a sentence as JSON."""
    assert 400 <= response.status_code < 500, response.content
    assert response["Content-Type"] == "application/json", response.content
    assert_sentence(response.json()["error"])
