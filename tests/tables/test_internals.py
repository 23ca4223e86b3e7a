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
