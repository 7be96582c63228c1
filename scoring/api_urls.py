"""REST API routes for score sheets, the practice sheet's checks, the director's board and corrections,
and the standings (the modules of `scoring.api`, one per audience)."""

from django.urls import path

from .api import calls, director, practice, public, rulings, tables

urlpatterns = [
    path("ping/", public.ping, name="api-ping"),
    path("tables/<str:token>/sheet/", tables.TableSheetView.as_view(), name="api-table-sheet"),
    path("tables/<str:token>/sheet/accept/", tables.TableAcceptView.as_view(), name="api-table-accept"),
    path("tables/<str:token>/sheet/dispute/", tables.TableDisputeView.as_view(), name="api-table-dispute"),
    path("tables/<str:token>/draft/", tables.TableDraftView.as_view(), name="api-table-draft"),
    path("tables/<str:token>/base/", tables.TableBaseView.as_view(), name="api-table-base"),
    path("tables/<str:token>/call/", calls.TableCallView.as_view(), name="api-table-call"),
    path("check/", practice.CheckDraftView.as_view(), name="api-check"),
    path("check/base/", practice.CheckBaseView.as_view(), name="api-check-base"),
    path("events/<int:event_id>/standings/", public.StandingsView.as_view(), name="api-standings"),
    path("events/<int:event_id>/board/", director.BoardView.as_view(), name="api-board"),
    path("events/<int:event_id>/games/<int:game_id>/correct/", director.CorrectView.as_view(), name="api-correct"),
    path("events/<int:event_id>/late-sheets/<int:late_id>/settle/", director.SettleLateSheetView.as_view(),
         name="api-settle-late-sheet"),
    path("events/<int:event_id>/games/<int:game_id>/history/", director.HistoryView.as_view(), name="api-history"),
    path("events/<int:event_id>/rulings/", rulings.EventRulingsView.as_view(), name="api-rulings"),
    path("events/<int:event_id>/games/<int:game_id>/rulings/adjusted/", rulings.GiveAdjustedView.as_view(),
         name="api-give-adjusted"),
    path("events/<int:event_id>/games/<int:game_id>/rulings/assigned/", rulings.GiveAssignedView.as_view(),
         name="api-give-assigned"),
    path("events/<int:event_id>/games/<int:game_id>/rulings/late/", rulings.GiveLatePenaltyView.as_view(),
         name="api-give-late-penalty"),
    path("events/<int:event_id>/rulings/<str:family>/<int:ruling_id>/withdraw/",
         rulings.WithdrawRulingView.as_view(), name="api-withdraw-ruling"),
]
