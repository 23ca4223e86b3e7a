"""The moves lose the index on their table alone: the unique key (table,
game number, seq) leads with the table and serves every look-up by it, and
every move written updated both. Dropped by name, not by altering the
field, which on SQLite would copy the whole moves table."""

from django.db import migrations, models


def _by_table_alone(schema_editor, model) -> list[str]:
    connection = schema_editor.connection
    with connection.cursor() as cursor:
        found = connection.introspection.get_constraints(cursor, model._meta.db_table)
    return [name for name, it in found.items()
            if it["index"] and not it["unique"] and not it["primary_key"] and it["columns"] == ["table_id"]]


def drop(apps, schema_editor):
    model = apps.get_model("tables", "Move")
    for name in _by_table_alone(schema_editor, model):
        schema_editor.execute(f"DROP INDEX {schema_editor.quote_name(name)}")


def make_again(apps, schema_editor):
    model = apps.get_model("tables", "Move")
    if not _by_table_alone(schema_editor, model):
        table = schema_editor.quote_name(model._meta.db_table)
        schema_editor.execute(f"CREATE INDEX {schema_editor.quote_name('tables_move_table_id_343b250d')} "
                              f"ON {table} ({schema_editor.quote_name('table_id')})")


class Migration(migrations.Migration):

    dependencies = [
        ('tables', '0007_tables_stored_for_a_move_a_save'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='move',
                    name='table',
                    field=models.ForeignKey(db_index=False, on_delete=models.deletion.CASCADE,
                                            related_name='moves', to='tables.table'),
                ),
            ],
            database_operations=[migrations.RunPython(drop, make_again)],
        ),
    ]
