"""REST API routes of the knockout (under /api/v1/)."""

from django.urls import path

from .api import EventBracketView

urlpatterns = [
    path("events/<int:event_id>/bracket/", EventBracketView.as_view(), name="api-event-bracket"),
]
