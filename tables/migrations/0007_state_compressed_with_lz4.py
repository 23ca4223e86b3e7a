"""On PostgreSQL, a table's state is compressed with lz4 where the server
has it: a state of a few kilobytes is compressed at every save, and
PostgreSQL's own method (pglz) takes several times as long for about the
same size. A server built without lz4, or older than 14, keeps pglz."""

from django.db import migrations, transaction
from django.db.utils import DatabaseError


def _compression(method: str):
    def alter(apps, schema_editor):
        connection = schema_editor.connection
        if connection.vendor != "postgresql" or connection.pg_version < 140000:
            return
        table = schema_editor.quote_name(apps.get_model("tables", "Table")._meta.db_table)
        try:
            with transaction.atomic(using=connection.alias):
                schema_editor.execute(f"ALTER TABLE {table} ALTER COLUMN state SET COMPRESSION {method}")
        except DatabaseError:
            pass  # (this server was built without lz4)
    return alter


class Migration(migrations.Migration):

    dependencies = [
        ('tables', '0006_hints'),
    ]

    operations = [
        migrations.RunPython(_compression("lz4"), _compression("pglz")),
    ]
