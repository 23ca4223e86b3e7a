"""The links to a result move to the table service (tables.SharedResult):
the same rows, their table renamed."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0002_shared_result'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[migrations.AlterModelTable(name='sharedresult', table='tables_sharedresult')],
            state_operations=[migrations.DeleteModel(name='SharedResult')],
        ),
    ]
