"""What a password must be, beyond Django's own validators (see
AUTH_PASSWORD_VALIDATORS in parlor/settings.py): not spaces alone. Eight
spaces pass Django's length, common and numeric checks alike."""

from django.core.exceptions import ValidationError


class NotOnlySpaces:
    def validate(self, password, user=None):
        if password and password.isspace():
            raise ValidationError("A password can't be spaces alone.", code="password_only_spaces")

    def get_help_text(self):
        return "Your password can't be spaces alone."
