from django.urls import path

from . import api

urlpatterns = [
    path("games", api.catalog),
    path("mine", api.mine),
    path("tables", api.create),
    path("tables/<str:code>", api.table),
    path("tables/<str:code>/<str:action>", api.act),
]
