"""The admin's view of what was said at a table, when a problem is
reported: read only, each line as text (the admin escapes every field)."""

from django.contrib import admin

from .models import Said


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
