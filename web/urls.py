from django.templatetags.static import static
from django.urls import path
from django.utils.functional import lazy
from django.views.generic import RedirectView

from . import pages, replay, results

# (Looked up at the first request: the hashed name is known once collected.)
urlpatterns = [
    path("", pages.lobby, name="lobby"),
    path("t/<str:code>", pages.table, name="table"),
    path("t/<str:code>/qr.svg", pages.table_qr, name="table-qr"),
    path("t/<str:code>/replay", replay.table_page, name="table-replay"),
    # (A result's addresses, since results were first kept: web/results.py.)
    path("accounts/results/<int:pk>", results.result_page, name="result"),
    path("accounts/results/shared/<str:token>", results.shared_result, name="shared-result"),
    path("replays/<str:pk>", replay.own_page, name="replay"),
    path("replays/shared/<str:token>", replay.shared_page, name="shared-replay"),
    path("replays/<str:pk>/record", replay.record_file, name="replay-record"),
    path("favicon.ico", RedirectView.as_view(url=lazy(static, str)("favicon.svg"), permanent=True)),
]
