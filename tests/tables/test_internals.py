"""The places Parlor leans on a library's internals (tables/internals.py)
are checked against the versions they were written for: an upgrade of any of
those libraries fails here until someone has read each place against the new
code and written the new version down. Each place also still does its job."""

import importlib.metadata
import threading

import pytest
from channels.layers import InMemoryChannelLayer
from django.db import connections

from tables import internals
from tables.layer import ProcessLayer


@pytest.mark.parametrize("library", sorted(internals.CHECKED_WITH))
def test_each_library_leaned_on_is_the_version_its_places_were_checked_with(library):
    installed = importlib.metadata.version(library)
    assert installed == internals.CHECKED_WITH[library], (
        f"{library} is {installed}, but tables/internals.py was checked with {internals.CHECKED_WITH[library]}: "
        f"read its places that lean on {library} against the new version, then write the version down")


def test_the_database_connections_are_kept_in_a_plain_thread_local():
    assert isinstance(connections._connections, threading.local)


def test_the_layer_sweeps_at_most_once_a_second():
    layer = ProcessLayer()
    swept = []
    original = InMemoryChannelLayer._clean_expired
    InMemoryChannelLayer._clean_expired = lambda self: swept.append(1)
    try:
        layer._clean_expired()
        layer._clean_expired()
    finally:
        InMemoryChannelLayer._clean_expired = original
    assert swept == [1]


def test_a_row_built_by_hand_is_the_seat_django_would_make_of_it():
    from tables.models import Seat

    columns = [f.attname for f in Seat._meta.concrete_fields]
    row = dict(id=7, table_id=3, index=1, kind="person", browser="b" * 32, user_id=None, name="Ada", level="hard",
               covered=True, was_covered=True, device=False, holds=False, hinted=False)
    values = [row[c] for c in columns]
    by_hand, by_django = internals.built(Seat, "default", columns, values), Seat.from_db("default", columns, values)
    assert {k: v for k, v in vars(by_hand).items() if k != "_state"} == {k: v for k, v in vars(by_django).items() if k != "_state"}
    assert (by_hand._state.adding, by_hand._state.db) == (by_django._state.adding, by_django._state.db) == (False, "default")
    assert by_hand.name == "Ada" and by_hand.covered and by_hand.pk == 7
