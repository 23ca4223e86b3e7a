from django.templatetags.static import static
from django.urls import path
from django.views.generic import RedirectView

from . import views

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("t/<str:code>", views.table, name="table"),
    path("favicon.ico", RedirectView.as_view(url=static("games/favicon.svg"), permanent=True)),
]
