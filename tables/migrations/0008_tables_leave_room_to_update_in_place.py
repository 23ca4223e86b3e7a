"""On PostgreSQL, a table's rows leave half of each page free: a table's
row is written again at every move, and a new version that fits on its old
row's page is written without touching the table's indexes (a HOT update).
Pages already full stay so until PostgreSQL rewrites them; the rows of
tables made from now on get the room."""

from django.db import migrations


def _fillfactor(percent: int):
    def alter(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            table = schema_editor.quote_name(apps.get_model("tables", "Table")._meta.db_table)
            schema_editor.execute(f"ALTER TABLE {table} SET (fillfactor = {percent})")
    return alter


class Migration(migrations.Migration):

    dependencies = [
        ('tables', '0007_state_compressed_with_lz4'),
    ]

    operations = [
        migrations.RunPython(_fillfactor(50), _fillfactor(100)),
    ]
