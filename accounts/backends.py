"""Where every password is checked: Django's own check, counted by the
sign-in limits (``throttle``), so the sign-in page, the admin's and any
other way in share them.

Over a limit the check is refused before the password is hashed, and the
sentence saying so is left on the request for the page to show. A wrong
password ends the check too (PermissionDenied), so no backend listed after
this one checks it again: Django's ModelBackend stays listed only so that
sessions signed in before this backend existed stay signed in."""

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied

from . import throttle


class LimitedBackend(ModelBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        if username is None:
            username = kwargs.get(get_user_model().USERNAME_FIELD)
        if username is None or not password:
            return None
        if request is not None:  # a person at a page (a script's own check, with no request, isn't counted)
            refused = throttle.check_in(request, username)
            if refused is not None:
                request.signin_refused = refused
                raise PermissionDenied(refused)
        user = super().authenticate(request, username=username, password=password, **kwargs)
        if user is None:
            raise PermissionDenied("That username and password don't match an account.")
        if request is not None:
            throttle.signed_in(request, username)
        return user
