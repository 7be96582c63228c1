"""Pages of the game clock: the projector's countdown and the director's control buttons."""

from django.urls import path

from . import views

urlpatterns = [
    path("e/<int:event_id>/clock/", views.public_clock, name="public-clock"),
    path(
        "director/events/<int:event_id>/clock/<slug:action>/",
        views.director_clock_action,
        name="director-clock-action",
    ),
]
