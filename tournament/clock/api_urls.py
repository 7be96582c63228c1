"""REST API routes of the game clock (under /api/v1/)."""

from django.urls import path

from . import api as clock_api

urlpatterns = [
    path("events/<int:event_id>/clock/", clock_api.ClockView.as_view(), name="api-clock"),
    path("events/<int:event_id>/clock/start/", clock_api.StartClock.as_view(), name="api-clock-start"),
    path("events/<int:event_id>/clock/pause/", clock_api.PauseClock.as_view(), name="api-clock-pause"),
    path("events/<int:event_id>/clock/resume/", clock_api.ResumeClock.as_view(), name="api-clock-resume"),
    path("events/<int:event_id>/clock/extend/", clock_api.ExtendClock.as_view(), name="api-clock-extend"),
    path("events/<int:event_id>/clock/end/", clock_api.EndClock.as_view(), name="api-clock-end"),
]
