"""The links to a result, kept by accounts until now: the rows stay as they
were (accounts 0003 renamed their table), only the model moves here."""

import django.db.models.deletion
from django.db import migrations, models

import tables.models


class Migration(migrations.Migration):

    dependencies = [
        ('tables', '0009_who_shared_the_game'),
        ('accounts', '0003_shared_result_moves_to_tables'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='SharedResult',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('token', models.CharField(default=tables.models._token, max_length=32, unique=True)),
                        ('created', models.DateTimeField(auto_now_add=True)),
                        ('result', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='shared', to='tables.result')),
                    ],
                ),
            ],
        ),
    ]
