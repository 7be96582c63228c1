"""Director and public pages of the tournament: set-up, seating, and the public seating page."""

from django.urls import path

from . import checkin_views, consolidate_views, guide_views, public_pages, room_views, seat_results_views, views

urlpatterns = [
    path("director/", views.director_home, name="director-home"),
    path("director/events/new/", views.event_create, name="director-event-create"),
    path("director/events/<int:event_id>/", views.event_detail, name="director-event"),
    path("director/events/<int:event_id>/edit/", views.event_edit, name="director-event-edit"),
    path("director/events/<int:event_id>/teams/import/", views.team_import, name="director-team-import"),
    path("director/events/<int:event_id>/teams/add/", views.team_add, name="director-team-add"),
    path("director/events/<int:event_id>/teams/<int:team_id>/edit/", views.team_edit, name="director-team-edit"),
    path("director/events/<int:event_id>/teams/<int:team_id>/withdraw/", views.team_withdraw,
         name="director-team-withdraw"),
    path("director/events/<int:event_id>/check-in/", checkin_views.check_in_list, name="director-check-in"),
    path("director/events/<int:event_id>/check-in/no-shows/", checkin_views.no_shows, name="director-no-shows"),
    path("director/events/<int:event_id>/tables/number/", views.tables_number, name="director-tables-number"),
    path("director/events/<int:event_id>/sections/", views.sections_divide, name="director-sections"),
    path("director/events/<int:event_id>/seat/", views.seat_first_game, name="director-seat"),
    path("director/events/<int:event_id>/games/<int:game_id>/draw/", views.game_draw, name="director-draw"),
    path("director/events/<int:event_id>/games/<int:game_id>/seats/", seat_results_views.seat_results,
         name="director-seat-results"),
    path("director/events/<int:event_id>/advance/", views.advance, name="director-advance"),
    path("director/events/<int:event_id>/advance/missing/", views.advance_missing, name="director-advance-missing"),
    path("director/events/<int:event_id>/publish/", views.publish, name="director-publish"),
    path("director/events/<int:event_id>/seating/", views.seating, name="director-seating"),
    path("director/events/<int:event_id>/seating/consolidate/", consolidate_views.consolidate,
         name="director-consolidate"),
    path("director/events/<int:event_id>/guide-cards/", guide_views.guide_cards, name="director-guide-cards"),
    path("e/<int:event_id>/", public_pages.public_event, name="public-event"),
    path("e/<int:event_id>/seating/", public_pages.public_seating, name="public-seating"),
    path("e/<int:event_id>/room/", room_views.public_room, name="public-room"),
]
