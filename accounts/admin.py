from django.contrib import admin

from .models import HouseRules


@admin.register(HouseRules)
class HouseRulesAdmin(admin.ModelAdmin):
    list_display = ("user", "game", "settings", "updated")
    list_filter = ("game",)
