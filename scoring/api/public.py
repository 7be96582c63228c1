"""The public endpoints: the standings, and the ping.

Who: anyone, a phone in the room or a tool on the venue's screen; the event's directors also see the
standings before they are published. How they authenticate: they need not; a director's token or
session is read when sent (and a token that is not known is refused, not ignored).
"""

from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.views import APIView

from tournament.core.models import Event
from tournament.core.published import conditional

from .. import publishing
from ..services import ScoringError
from .answers import REFUSED


class TeamOutput(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    name = serializers.CharField()


class GameVpOutput(serializers.Serializer):
    game = serializers.IntegerField(help_text="The game's number.")
    vp = serializers.IntegerField()
    sat_out = serializers.BooleanField(help_text="The team sat this game out; its VP follow the sit-out rule.")


class StandingRowOutput(serializers.Serializer):
    rank = serializers.IntegerField()
    team = TeamOutput()
    played = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    ties = serializers.IntegerField()
    points = serializers.IntegerField()
    difference = serializers.IntegerField()
    sit_outs = serializers.IntegerField()
    vp = serializers.IntegerField(allow_null=True, help_text="Victory points; null unless the event ranks by them.")
    game_vps = GameVpOutput(many=True, allow_null=True,
                            help_text="Each game's victory points, in game order; null unless ranked by them.")
    buchholz = serializers.FloatField(
        allow_null=True, help_text="The sum of the scores (wins + half the ties) of the opponents met; null when "
                                   "the event's order does not use it.")
    median_buchholz = serializers.FloatField(
        allow_null=True, help_text="The Buchholz without the best and the worst opponent; null when the event's "
                                   "order does not use it.")
    head_to_head = serializers.FloatField(
        allow_null=True, help_text="The score against the teams still tied with this one when the order reaches "
                                   "head-to-head; null when the order does not use it.")


class StandingsOutput(serializers.Serializer):
    event = serializers.IntegerField()
    order = serializers.CharField(help_text="What ranks first, then next: like wins,points,difference.")
    sit_out_rule = serializers.CharField(help_text="What a sit-out counts as.")
    rank_by_vp = serializers.BooleanField(help_text="Ranked by victory points first, then by `order`.")
    vp_scale = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField(allow_null=True)), allow_null=True,
        help_text="The victory point scale: [from, to (null: and more), winner's VP, loser's VP] a band.")
    games_counted = serializers.IntegerField(
        help_text="Games the standings count; 0: nothing is ranked yet, every rank is 1 and the rows are in "
                  "team number order.")
    rows = StandingRowOutput(many=True, help_text="Best first.")


class StandingsView(APIView):
    """Public once the director publishes them; the event's directors see them before."""

    permission_classes = []

    @extend_schema(summary="The event's standings, best first (ETag / If-None-Match supported)",
                   responses={200: StandingsOutput, 304: OpenApiResponse(description="Unchanged since the ETag."),
                              404: REFUSED})
    def get(self, request, event_id):
        # The answer as published once per change (`scoring.publishing`): a poll reads it, no SQL when
        # the standings are public and the cache is shared, and sends its bytes or a 304.
        answer = publishing.read_standings(event_id)
        if answer is None:
            raise Http404("No such event.")
        if not answer.meta["published"]:
            event = get_object_or_404(Event, pk=event_id)
            if not event.is_director(request.user):
                raise ScoringError(_("The standings are not published yet."), "not_published")
        # `StandingsOutput` describes these bytes for the schema, and a test proves it describes them.
        return conditional(request, f'"{answer.etag}"',
                           lambda: HttpResponse(answer.part("json"), content_type="application/json"))


def ping(request):
    """The cheapest answer the server gives: the ceiling the benchmark compares against, so a plain Django
    view (no DRF, no serializer) on purpose."""
    return JsonResponse({"ok": True})
