"""Routes: pages at the site root (each app's urls), the REST API under /api/v1/, the admin."""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("api/v1/", include("config.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("", include("tournament.core.urls")),
    path("", include("tournament.clock.urls")),
    path("", include("tournament.knockout.urls")),
    path("", include("scoring.urls")),
]
