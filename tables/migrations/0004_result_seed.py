from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tables', '0003_state_kept_as_written'),
    ]

    operations = [
        migrations.AddField(
            model_name='result',
            name='seed',
            field=models.CharField(blank=True, max_length=64),
        ),
    ]
