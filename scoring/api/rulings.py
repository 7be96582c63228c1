"""The director's rulings over the API (docs/rulings.md): an event's rulings listed, one given to a game
(an adjusted score, an assigned score, a lateness penalty), and one given in error withdrawn.

Who and how: the event's directors, as for the board (`director.DirectorView`: a token or the pages'
session). The views only read and answer: the services (`scoring.rulings`, `scoring.withdrawals`) decide
and refuse in sentences, so the fields below take what was sent as it was sent and leave the checking to
them; `config.exceptions` answers every refusal as `{"detail": sentence, "code": ...}`.
"""

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from tournament.core.models import Game

from .. import rulings, withdrawals
from ..models import Penalty, ScoreRuling
from ..rulings_given import LATE, GivenRuling, event_rulings, given_ruling, score_ruling_given
from .answers import REFUSED, REFUSED_FIELDS, IsoDateTime
from .director import DirectorView
from .reading import Text, parse

KINDS = [LATE, *ScoreRuling.Kind.values]


# --- Answers ---------------------------------------------------------------------------------------

class ResultOutput(serializers.Serializer):
    status = serializers.CharField(help_text="final, or scheduled while the game has no result.")
    ns_total = serializers.IntegerField(allow_null=True)
    ew_total = serializers.IntegerField(allow_null=True)


class WithdrawalOutput(serializers.Serializer):
    at = IsoDateTime()
    by = serializers.CharField(allow_null=True)
    reason = serializers.CharField()


class RulingOutput(serializers.Serializer):
    """One ruling, withdrawn or not: a penalty (`side`, `points`, `minutes`) or a score ruling (`ns_total`,
    `ew_total`, before penalties, and for an adjusted score its choices and average in `details`)."""

    id = serializers.IntegerField(help_text="Penalties and score rulings are numbered apart: see withdraw_url.")
    kind = serializers.ChoiceField(KINDS)
    game = serializers.IntegerField()
    round = serializers.IntegerField(help_text="The game's number.")
    table = serializers.IntegerField()
    ns = serializers.CharField(help_text="The North-South team.")
    ew = serializers.CharField(help_text="The East-West team.")
    side = serializers.CharField(allow_null=True, help_text="ns or ew: the late team; null for a score ruling.")
    points = serializers.IntegerField(allow_null=True, help_text="A penalty's points; null for a score ruling.")
    minutes = serializers.IntegerField(allow_null=True)
    ns_total = serializers.IntegerField(allow_null=True, help_text="A score ruling's totals, before penalties.")
    ew_total = serializers.IntegerField(allow_null=True)
    details = serializers.DictField(help_text="An adjusted score's choices (ns, ew), average and percent.")
    reason = serializers.CharField()
    given_by = serializers.CharField(allow_null=True)
    given_at = IsoDateTime()
    counts = serializers.BooleanField(help_text="Part of the game's result now: a penalty not withdrawn, a score "
                                                "ruling not withdrawn nor replaced by a later one or a correction.")
    withdrawn = WithdrawalOutput(allow_null=True, help_text="Null while it stands.")
    withdraw_url = serializers.CharField(allow_null=True, help_text="Where to withdraw it; null once withdrawn.")
    result = ResultOutput(help_text="The game's result now.")

    def to_representation(self, given: GivenRuling) -> dict:
        record, game = given.record, given.game
        penalty = given.kind == LATE
        withdrawn = None
        if record.is_withdrawn:
            withdrawn = {"at": record.withdrawn_at.isoformat(), "reason": record.withdrawal_reason,
                         "by": record.withdrawn_by.get_username() if record.withdrawn_by else None}
        url = None if record.is_withdrawn else reverse(
            "api-withdraw-ruling", args=[game.round.event_id, given.family, record.pk])
        return {
            "id": record.pk, "kind": given.kind, "game": game.pk, "round": game.round.number,
            "table": game.table.number, "ns": game.ns_team.name if game.ns_team else "",
            "ew": game.ew_team.name if game.ew_team else "",
            "side": record.side if penalty else None, "points": record.points if penalty else None,
            "minutes": record.minutes if penalty else None, "ns_total": None if penalty else record.ns_total,
            "ew_total": None if penalty else record.ew_total, "details": {} if penalty else record.details,
            "reason": record.reason, "given_by": record.given_by.get_username() if record.given_by else None,
            "given_at": record.created_at.isoformat(), "counts": given.counts, "withdrawn": withdrawn,
            "withdraw_url": url,
            "result": {"status": game.status, "ns_total": game.ns_total, "ew_total": game.ew_total},
        }


class EventRulingsOutput(serializers.Serializer):
    event = serializers.IntegerField()
    rulings = RulingOutput(many=True, help_text="Oldest first, the withdrawn ones included.")


class EventRulingsView(DirectorView):
    @extend_schema(summary="Every ruling of the event, withdrawn ones included",
                   responses={200: EventRulingsOutput, 403: REFUSED, 404: REFUSED})
    def get(self, request, event_id):
        event = self.event()
        return Response(EventRulingsOutput({"event": event.pk, "rulings": event_rulings(event)}).data)


# --- Giving one ------------------------------------------------------------------------------------

REPLACE = serializers.BooleanField(
    required=False, default=True, help_text="Replace the game's final result, if it has one (false refuses "
                                            "instead: the director's page asks first).")
REASON = {"reason": lazy(lambda: _("The reason is text, at most %(most)s characters.")
                         % {"most": number_format(2000, force_grouping=True)}, str)(),
          "replace_result": gettext_lazy("replace_result is true or false.")}


class AdjustedInput(serializers.Serializer):
    ns = Text(default="", help_text="What North-South gets: " + ", ".join(rulings.ADJUSTMENTS) + ".")
    ew = Text(default="", help_text="What East-West gets, the same way.")
    reason = Text(default="", help_text="Why: kept in the log (required).")
    replace_result = REPLACE
    sentences = REASON


class AssignedInput(serializers.Serializer):
    ns_total = Text(default=None, help_text="North-South's total: a whole multiple of 5.")
    ew_total = Text(default=None, help_text="East-West's total.")
    reason = Text(default="", help_text="Why: kept in the log (required).")
    replace_result = REPLACE
    sentences = REASON


class LateInput(serializers.Serializer):
    side = Text(default="", help_text="The late team: ns or ew.")
    minutes = Text(default=None, help_text="Minutes late: a whole number from 1 to 600.")
    reason = Text(default="", help_text="A note (optional).")
    sentences = REASON


class GiveRulingView(DirectorView):
    Input: type[serializers.Serializer]

    def game(self) -> Game:
        return get_object_or_404(Game.objects.select_related("round__event", "table", "ns_team", "ew_team"),
                                 pk=self.kwargs["game_id"], round__event=self.event())

    def give(self, game: Game, data: dict) -> Penalty | ScoreRuling:
        raise NotImplementedError

    def post(self, request, event_id, game_id):
        game = self.game()
        record = self.give(game, parse(request, self.Input))
        return Response(RulingOutput(given_ruling(record)).data, status=status.HTTP_201_CREATED)


GIVEN = {201: RulingOutput, 400: REFUSED_FIELDS, 403: REFUSED, 404: REFUSED}


class GiveAdjustedView(GiveRulingView):
    Input = AdjustedInput

    def give(self, game, data):
        return score_ruling_given(rulings.give_adjusted_score(game, self.request.user, **data))

    @extend_schema(summary="Give a game an adjusted score (average plus, average, average minus)",
                   request=AdjustedInput, responses=GIVEN)
    def post(self, request, event_id, game_id):
        return super().post(request, event_id, game_id)


class GiveAssignedView(GiveRulingView):
    Input = AssignedInput

    def give(self, game, data):
        return score_ruling_given(rulings.give_assigned_score(game, self.request.user, **data))

    @extend_schema(summary="Give a game an assigned score", request=AssignedInput, responses=GIVEN)
    def post(self, request, event_id, game_id):
        return super().post(request, event_id, game_id)


class GiveLatePenaltyView(GiveRulingView):
    Input = LateInput

    def give(self, game, data):
        penalty = rulings.give_late_penalty(game, self.request.user, **data)
        return Penalty.objects.select_related("game__round", "game__table", "game__ns_team", "game__ew_team",
                                              "given_by").get(pk=penalty.pk)

    @extend_schema(summary="Give a late team its lateness penalty in a game", request=LateInput, responses=GIVEN)
    def post(self, request, event_id, game_id):
        return super().post(request, event_id, game_id)


# --- Withdrawing one -------------------------------------------------------------------------------

class WithdrawInput(serializers.Serializer):
    reason = Text(default="", help_text="Why it is withdrawn: kept in the log (required).")
    sentences = REASON


FAMILIES = {"penalties": (Penalty, withdrawals.withdraw_penalty),
            "scores": (ScoreRuling, withdrawals.withdraw_score_ruling)}


FAMILY = OpenApiParameter("family", str, OpenApiParameter.PATH, enum=list(FAMILIES), description=(
    "penalties for a lateness penalty, scores for an adjusted or assigned score: the list's withdraw_url "
    "names it."))


class WithdrawRulingView(DirectorView):
    @extend_schema(summary="Withdraw a ruling given in error: it is kept, marked withdrawn, and the result "
                           "it changed is put back",
                   request=WithdrawInput, parameters=[FAMILY],
                   responses={200: RulingOutput, 400: REFUSED_FIELDS, 403: REFUSED, 404: REFUSED, 409: REFUSED})
    def post(self, request, event_id, family, ruling_id):
        data = parse(request, WithdrawInput)   # a body that cannot be read is refused as on every endpoint
        if family not in FAMILIES:
            raise Http404("No such ruling.")
        model, withdraw = FAMILIES[family]
        record = get_object_or_404(model.objects.select_related("game__round__event", "game__table"),
                                   pk=ruling_id, game__round__event=self.event())
        record = withdraw(record, request.user, reason=data["reason"])
        record = model.objects.select_related("game__round", "game__table", "game__ns_team", "game__ew_team",
                                              "given_by", "withdrawn_by").get(pk=record.pk)
        return Response(RulingOutput(given_ruling(record)).data)
