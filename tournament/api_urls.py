"""REST API routes; filled in by the feature that owns this module."""

from django.urls import path

from .bracket_api import EventBracketView

urlpatterns = [
    path("events/<int:event_id>/bracket/", EventBracketView.as_view(), name="api-event-bracket"),
]
