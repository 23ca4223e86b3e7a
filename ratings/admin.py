from django.contrib import admin

from .models import Change, RatedGame, Rating


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ("user", "game", "mu", "sigma", "played", "rated", "updated")
    list_filter = ("game",)


@admin.register(Change)
class ChangeAdmin(admin.ModelAdmin):
    list_display = ("result", "user", "game", "seat", "place", "mu_before", "mu_after", "rated", "why")
    list_filter = ("game", "rated")


@admin.register(RatedGame)
class RatedGameAdmin(admin.ModelAdmin):
    list_display = ("id", "result", "at")
