from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("api/", include("web.api_urls")),
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("", include("web.urls")),
]

# Refusals Django makes itself (a body too large, a fault) answer the JSON API
# in JSON, with a sentence; pages keep Django's own.
handler400 = "web.api.bad_request"
handler403 = "web.api.permission_denied"
handler404 = "web.api.not_found"
handler500 = "web.api.server_error"
