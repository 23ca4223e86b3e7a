from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("api/", include("web.api_urls")),
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("", include("web.urls")),
]
