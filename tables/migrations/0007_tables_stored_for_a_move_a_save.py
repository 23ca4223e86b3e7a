"""How PostgreSQL stores the tables, each of whose rows is written again at
every move:

- the rows leave half of each page free, so a row's new version fits on
  its old one's page and is written without touching the table's indexes
  (a HOT update); pages already full stay so until PostgreSQL rewrites them;
- a state of a few kilobytes, compressed at every save, is compressed with
  lz4 where the server was built with it, several times quicker than
  PostgreSQL's own pglz for about the same size."""

from django.db import migrations, transaction
from django.db.utils import DatabaseError


def _stored(fillfactor: int, compression: str):
    def alter(apps, schema_editor):
        connection = schema_editor.connection
        if connection.vendor != "postgresql":
            return
        table = schema_editor.quote_name(apps.get_model("tables", "Table")._meta.db_table)
        schema_editor.execute(f"ALTER TABLE {table} SET (fillfactor = {fillfactor})")
        try:
            with transaction.atomic(using=connection.alias):
                schema_editor.execute(f"ALTER TABLE {table} ALTER COLUMN state SET COMPRESSION {compression}")
        except DatabaseError:
            pass  # (this server was built without lz4: pglz it stays)
    return alter


class Migration(migrations.Migration):

    dependencies = [
        ('tables', '0006_hints'),
    ]

    operations = [
        migrations.RunPython(_stored(50, "lz4"), _stored(100, "pglz")),
    ]
