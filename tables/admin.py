"""The admin's view of what was said at a table, and of the turn mails, when a problem is
reported: read only, each line as text (the admin escapes every field)."""

from django.contrib import admin

from .models import Said, TurnMail


@admin.register(Said)
class SaidAdmin(admin.ModelAdmin):
    list_display = ("at", "table_code", "name", "kind", "text")
    list_filter = ("kind",)
    search_fields = ("table__code", "name", "text")
    list_select_related = ("table",)

    @admin.display(description="table", ordering="table__code")
    def table_code(self, said):
        return said.table.code

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(TurnMail)
class TurnMailAdmin(admin.ModelAdmin):
    """The "your turn" mails, when a player says one never came: sent, given
    up (with why), or waiting for another try (with the mail server's words)."""

    list_display = ("id", "table_code", "user", "state", "tries", "why")
    list_filter = ("state",)
    search_fields = ("table__code", "user__username", "user__email")
    list_select_related = ("table", "user")

    @admin.display(description="table", ordering="table__code")
    def table_code(self, mail):
        return mail.table.code

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
