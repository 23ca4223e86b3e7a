"""The admin's view of what was said at a table, and of the turn mails, when a problem is
reported: read only, each line as text (the admin escapes every field)."""

from django.contrib import admin

from .models import Said, TurnMail


class ReadOnlyAtATable(admin.ModelAdmin):
    """A record kept of what happened at a table: read only, shown with the table's code."""

    list_select_related = ("table",)

    @admin.display(description="table", ordering="table__code")
    def table_code(self, row):
        return row.table.code

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Said)
class SaidAdmin(ReadOnlyAtATable):
    list_display = ("at", "table_code", "name", "kind", "text")
    list_filter = ("kind",)
    search_fields = ("table__code", "name", "text")


@admin.register(TurnMail)
class TurnMailAdmin(ReadOnlyAtATable):
    """The "your turn" mails, when a player says one never came: sent, given
    up (with why), or waiting for another try (with the mail server's words)."""

    list_display = ("id", "table_code", "user", "state", "tries", "why")
    list_filter = ("state",)
    search_fields = ("table__code", "user__username", "user__email")
    list_select_related = ("table", "user")
