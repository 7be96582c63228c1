"""The REST API, version 1: each app contributes its own routes."""

from django.urls import include, path

urlpatterns = [
    path("", include("tournament.api_urls")),
    path("", include("tournament.clock_api_urls")),
    path("", include("scoring.api_urls")),
]
