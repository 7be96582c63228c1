"""Routes of the knockout's pages: the director's bracket, its printable form and the public bracket."""

from django.urls import path

from . import views

urlpatterns = [
    path("director/events/<int:event_id>/bracket/", views.director_bracket, name="director-bracket"),
    path("director/events/<int:event_id>/bracket/print/", views.bracket_print,
         name="director-bracket-print"),
    path("e/<int:event_id>/bracket/", views.public_bracket, name="public-bracket"),
]
