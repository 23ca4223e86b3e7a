from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "ratings"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # Rate each kept game once it is committed (ratings.keeper).
        from tables.models import Result
        from tables.signals import game_finished

        from .keeper import on_game_finished

        game_finished.connect(on_game_finished, sender=Result, dispatch_uid="ratings.keeper")
