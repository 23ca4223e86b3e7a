from django.templatetags.static import static
from django.urls import path
from django.views.generic import RedirectView

from . import pages

urlpatterns = [
    path("", pages.lobby, name="lobby"),
    path("t/<str:code>", pages.table, name="table"),
    path("favicon.ico", RedirectView.as_view(url=static("favicon.svg"), permanent=True)),
]
