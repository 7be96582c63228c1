"""The REST API, version 1: each app contributes its own routes."""

from django.urls import include, path

urlpatterns = [
    path("", include("tournament.clock.api_urls")),
    path("", include("tournament.knockout.api_urls")),
    path("", include("scoring.api_urls")),
]
