"""Page routes of the scoring app: the front door, the sheet checker, the table's sheet and its service
worker, the director's scoring pages and paper sheets, the playoff from the standings, the public
standings and each team's page."""

from django.urls import path

from scoring import views
from scoring.front_door_views import front_door
from scoring.paper_views import paper_sheets
from scoring.playoff_views import start_playoff
from scoring.ruling_views import director_ruling, director_withdraw_ruling
from scoring.sheet_check_views import sheet_check
from scoring.team_views import team_page

urlpatterns = [
    path("", front_door, name="home"),
    path("check/", sheet_check, name="sheet-check"),
    path("t/sw.js", views.table_worker, name="table-worker"),
    path("t/<str:token>/", views.table_page, name="table-page"),
    path("director/events/<int:event_id>/board/", views.director_board, name="director-board"),
    path("director/events/<int:event_id>/games/<int:game_id>/sheet/", views.director_sheet,
         name="director-sheet"),
    path("director/events/<int:event_id>/games/<int:game_id>/rulings/<str:kind>/", director_ruling,
         name="director-ruling"),
    path("director/events/<int:event_id>/games/<int:game_id>/rulings/<str:kind>/<int:ruling_id>/withdraw/",
         director_withdraw_ruling, name="director-withdraw-ruling"),
    path("director/events/<int:event_id>/late-sheets/<int:late_id>/settle/", views.director_settle_late_sheet,
         name="director-settle-late-sheet"),
    path("director/events/<int:event_id>/calls/<int:call_id>/clear/", views.director_clear_call,
         name="director-clear-call"),
    path("director/events/<int:event_id>/cards/", views.director_cards, name="director-cards"),
    path("director/events/<int:event_id>/paper/sheets/", paper_sheets, name="director-paper-sheets"),
    path("director/events/<int:event_id>/standings.csv", views.director_standings_csv,
         name="director-standings-csv"),
    path("director/events/<int:event_id>/standings/publish/", views.director_publish_standings,
         name="director-publish-standings"),
    path("director/events/<int:event_id>/bracket/from-standings/", start_playoff,
         name="director-bracket-from-standings"),
    path("e/<int:event_id>/standings/", views.public_standings, name="public-standings"),
    path("e/<int:event_id>/team/<int:team_id>/", team_page, name="public-team"),
]
