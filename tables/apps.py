from django.apps import AppConfig
from django.conf import settings
from django.core.signals import request_finished
from django.db import connections

from .internals import connections_by_thread


def close_request_connections(**_kwargs) -> None:
    """A page's request runs on a thread of its own that ends with it, so
    its database connections are closed as it finishes: left to the thread's
    end, each waited for the collector to close its file (or to give it back
    to PostgreSQL's pool). One inside a transaction still open is the
    caller's, not a request's own (a test's client runs on the test's
    thread), and is left alone."""
    for connection in connections.all(initialized_only=True):
        if not connection.in_atomic_block:
            connection.close()


class TablesConfig(AppConfig):
    name = "tables"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        connections_by_thread()
        request_finished.connect(close_request_connections, dispatch_uid="parlor.close_request_connections")
        # Extra games (the tests' own small game) are named in the settings.
        from engine import registry

        for slug, module in settings.PARLOR_EXTRA_GAMES.items():
            registry.register(slug, module)
