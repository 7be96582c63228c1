"""REST API routes for score sheets, the practice sheet's checks, the director's board and corrections,
and the standings."""

from django.urls import path

from . import api

urlpatterns = [
    path("ping/", api.ping, name="api-ping"),
    path("tables/<str:token>/sheet/", api.TableSheetView.as_view(), name="api-table-sheet"),
    path("tables/<str:token>/sheet/accept/", api.TableAcceptView.as_view(), name="api-table-accept"),
    path("tables/<str:token>/sheet/dispute/", api.TableDisputeView.as_view(), name="api-table-dispute"),
    path("tables/<str:token>/draft/", api.TableDraftView.as_view(), name="api-table-draft"),
    path("tables/<str:token>/base/", api.TableBaseView.as_view(), name="api-table-base"),
    path("check/", api.CheckDraftView.as_view(), name="api-check"),
    path("check/base/", api.CheckBaseView.as_view(), name="api-check-base"),
    path("events/<int:event_id>/standings/", api.StandingsView.as_view(), name="api-standings"),
    path("events/<int:event_id>/board/", api.BoardView.as_view(), name="api-board"),
    path("events/<int:event_id>/games/<int:game_id>/correct/", api.CorrectView.as_view(), name="api-correct"),
    path("events/<int:event_id>/games/<int:game_id>/history/", api.HistoryView.as_view(), name="api-history"),
]
