"""Each table keeps who played more than one seat of its game
(tables.sharing). A game under way as this runs is marked by its seats as
they stand: the earliest moment its sharing can still be seen."""

from django.db import migrations, models

from tables import sharing


def mark_games_under_way(apps, schema_editor):
    for table in apps.get_model("tables", "Table").objects.filter(status="playing").prefetch_related("seats").only("id"):
        table.shared = sharing.sharers(table.seats.all())
        table.save(update_fields=["shared"])


class Migration(migrations.Migration):

    dependencies = [
        ('tables', '0008_moves_one_index'),
    ]

    operations = [
        migrations.AddField(
            model_name='table',
            name='shared',
            field=models.JSONField(default=dict),
        ),
        migrations.AlterField(
            model_name='result',
            name='seats',
            field=models.JSONField(help_text='Each seat: name, kind, level, user id, covered at any point, shown a hint, played on a shared device or by an account seated twice at any point.'),
        ),
        migrations.RunPython(mark_games_under_way, migrations.RunPython.noop),
    ]
