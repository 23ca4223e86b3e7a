from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # A signed-in host's new table starts from their saved house rules.
        from web import api

        from .house_rules import starting

        if starting not in api.STARTING_SETTINGS:
            api.STARTING_SETTINGS.append(starting)
