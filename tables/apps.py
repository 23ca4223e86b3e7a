import threading

from django.apps import AppConfig
from django.conf import settings


class TablesConfig(AppConfig):
    name = "tables"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        _connections_by_thread()
        # Extra games (the tests' own small game) are named in the settings.
        from engine import registry

        for slug, module in settings.PARLOR_EXTRA_GAMES.items():
            registry.register(slug, module)


def _connections_by_thread() -> None:
    """Keep each thread's database connections in a plain thread-local.
    Django keeps them in asgiref's Local, which on a thread running an event
    loop keeps them per asyncio context as well, so that every socket's task
    would open its own; and every lookup of a connection, several a
    transaction, asks for the running loop, a thread-local and a context
    variable. The loop's calls share its one connection (tables/db.py), and
    a thread-local keeps it so at a fraction of the cost. The connections
    this thread opened already are carried over."""
    from django.db import connections

    held = connections._connections
    if isinstance(held, threading.local):
        return
    plain = threading.local()
    for alias in connections.settings:
        if hasattr(held, alias):
            setattr(plain, alias, getattr(held, alias))
    connections._connections = plain
