"""The places Parlor leans on a library's internals (tables/internals.py)
are checked against the versions they were written for: an upgrade of any of
those libraries fails here until someone has read each place against the new
code and written the new version down. Each place also still does its job."""

import importlib.metadata
import threading

import pytest
from django.db import connections

from tables import internals


@pytest.mark.parametrize("library", sorted(internals.CHECKED_WITH))
def test_each_library_leaned_on_is_the_version_its_places_were_checked_with(library):
    installed = importlib.metadata.version(library)
    assert installed == internals.CHECKED_WITH[library], (
        f"{library} is {installed}, but tables/internals.py was checked with {internals.CHECKED_WITH[library]}: "
        f"read its places that lean on {library} against the new version, then write the version down")


def test_the_database_connections_are_kept_in_a_plain_thread_local():
    assert isinstance(connections._connections, threading.local)


def test_a_table_and_its_seats_are_read_in_the_order_of_their_models_fields():
    """The store reads a table and its seats in one query and hands each
    row to the model's own ``from_db``, which takes a whole row's values in
    the order of the model's fields."""
    from tables import rows
    from tables.models import Seat, Table

    assert [f.attname for f in Table._meta.concrete_fields] == list(rows.TABLE_COLUMNS)
    assert [f.attname for f in Seat._meta.concrete_fields] == list(rows.SEAT_COLUMNS)
