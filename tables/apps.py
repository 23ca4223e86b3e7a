from django.apps import AppConfig
from django.conf import settings

from .internals import connections_by_thread


class TablesConfig(AppConfig):
    name = "tables"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        connections_by_thread()
        # Extra games (the tests' own small game) are named in the settings.
        from engine import registry

        for slug, module in settings.PARLOR_EXTRA_GAMES.items():
            registry.register(slug, module)
