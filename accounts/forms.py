"""The players' forms: sign up (a username, a password twice, and an e-mail
address if they want a way back to a forgotten password), a new password
(from a reset mail, or signed in), and the e-mail address on its own. Each
field's help is the sentence its page shows under it."""

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import PasswordChangeForm, SetPasswordForm, UserCreationForm

PASSWORD_RULE = ("At least 8 characters. Not a common password (like “password1” or “qwerty123”), "
                 "not only digits or spaces, and not like your username or e-mail.")
AGAIN = "The same again, to be sure."
EMAIL_HELP = ("For a forgotten password (we send a link there to set a new one) and, if you want them, "
              "the mails that say it's your turn at a table played over days; nothing else.")
TURN_MAILS = "Mail me when it's my turn at a table played over days"
TURN_MAILS_HELP = "One mail a table until you move there, and at most {a_day} a day. Live tables never mail."


def _explained(form, first: str, second: str) -> None:
    form.fields[first].help_text = PASSWORD_RULE
    form.fields[second].help_text = AGAIN


class SignUpForm(UserCreationForm):
    email = forms.EmailField(required=False, label="E-mail (optional)", help_text=EMAIL_HELP)

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["username"].help_text = "Letters, digits and @ . + - _ only."
        _explained(self, "password1", "password2")


class NewPasswordForm(SetPasswordForm):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        _explained(self, "new_password1", "new_password2")


class ChangePasswordForm(PasswordChangeForm):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        _explained(self, "new_password1", "new_password2")


class EmailForm(forms.ModelForm):
    email = forms.EmailField(required=False, label="E-mail", help_text=EMAIL_HELP + " Leave it empty to keep none.")
    turn_mails = forms.BooleanField(required=False, label=TURN_MAILS)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["turn_mails"].help_text = TURN_MAILS_HELP.format(a_day=settings.PARLOR_TURN_MAILS_A_DAY)

    class Meta:
        model = get_user_model()
        fields = ("email",)
