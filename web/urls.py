from django.templatetags.static import static
from django.urls import path
from django.utils.functional import lazy
from django.views.generic import RedirectView

from . import pages

# (Looked up at the first request: the hashed name is known once collected.)
urlpatterns = [
    path("", pages.lobby, name="lobby"),
    path("t/<str:code>", pages.table, name="table"),
    path("favicon.ico", RedirectView.as_view(url=lazy(static, str)("favicon.svg"), permanent=True)),
]
