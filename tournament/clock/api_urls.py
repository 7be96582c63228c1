"""REST API routes of the game clock (under /api/v1/)."""

from django.urls import path

from . import api

urlpatterns = [
    path("events/<int:event_id>/clock/", api.ClockView.as_view(), name="api-clock"),
    path("events/<int:event_id>/clock/start/", api.StartClock.as_view(), name="api-clock-start"),
    path("events/<int:event_id>/clock/pause/", api.PauseClock.as_view(), name="api-clock-pause"),
    path("events/<int:event_id>/clock/resume/", api.ResumeClock.as_view(), name="api-clock-resume"),
    path("events/<int:event_id>/clock/extend/", api.ExtendClock.as_view(), name="api-clock-extend"),
    path("events/<int:event_id>/clock/end/", api.EndClock.as_view(), name="api-clock-end"),
]
