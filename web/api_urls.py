from django.urls import path, re_path

from . import api, replay

urlpatterns = [
    path("games", api.catalog),
    path("mine", api.mine),
    path("tables", api.create),
    path("tables/<str:code>", api.table),
    path("tables/<str:code>/replay", replay.table_step),
    path("tables/<str:code>/<str:action>", api.act),
    path("replays/<str:pk>", replay.own_step),
    path("replays/shared/<str:token>", replay.shared_step),
    # Any other address here answers in JSON too, so a script always gets a sentence.
    re_path(r"^", api.nowhere),
]
