"""`GET /api/v1/events/<id>/bracket/`: the bracket as data, for the public page's refresh and for tools.

Public once the director publishes the bracket; directors see it (with their notes) at any time, signed
in by session or token. The response carries no-cache, so clients revalidate with its ETag, and an
unchanged bracket costs a 304 with no body. What the public polls is published once per change
(`publishing`): read, not computed, without SQL when the cache is shared. Refusals are raised
and answered by `config.exceptions` ({"detail": sentence, "code": ...}).
"""

from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.core.api import Refusal
from tournament.core.models import Event
from tournament.core.published import conditional

from . import publishing
from .models import BracketMatch
from .selectors import STATUS_TEXT, bracket_data

# --- The bracket as the API answers it (`selectors.bracket_data` builds it; these describe and answer it)


class BracketTeam(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    name = serializers.CharField()
    seed = serializers.IntegerField(allow_null=True)
    withdrawn = serializers.BooleanField()


def _nullable_int(help_text: str = "") -> serializers.IntegerField:
    return serializers.IntegerField(allow_null=True, help_text=help_text)


# Built with type(): one of its keys, `from`, is a Python keyword.
Match = type("BracketMatch", (serializers.Serializer,), {
    "__module__": __name__,
    "__doc__": "One match: plan_to_json's match, a and b (the seeds), with its teams, table, scores and winner.",
    "match": serializers.IntegerField(help_text="The plan's match number (M1, M2, ...)."),
    "a": _nullable_int("The seed in slot a; null until it is known."),
    "b": _nullable_int("The seed in slot b; null for a bye or until it is known."),
    "from": serializers.ListField(child=serializers.IntegerField(), required=False,
                                  help_text="The two matches whose winners (losers, for third place) play here; "
                                            "absent in the first round."),
    "team_a": BracketTeam(allow_null=True),
    "team_b": BracketTeam(allow_null=True),
    "winner": serializers.ChoiceField(["a", "b"], allow_null=True),
    "winner_team": _nullable_int("The winner's team id."),
    "decided_by": serializers.ChoiceField(BracketMatch.DecidedBy.choices, allow_null=True),
    "status": serializers.ChoiceField(list(STATUS_TEXT)),
    "status_text": serializers.CharField(),
    "label_a": serializers.CharField(help_text="What slot a shows while empty: Bye, Winner of M3, ..."),
    "label_b": serializers.CharField(),
    "table": _nullable_int(),
    "game": _nullable_int("The game (round) number it is played in."),
    "score_a": _nullable_int(),
    "score_b": _nullable_int(),
    "bye": serializers.BooleanField(),
    "needs_director": serializers.BooleanField(),
    "note": serializers.CharField(required=False, help_text="Directors only: what needs them."),
    "decision_note": serializers.CharField(required=False, help_text="Directors only: why they decided."),
    "pending_correction": serializers.BooleanField(required=False, help_text="Directors only."),
})


class Bracket(serializers.Serializer):
    event = serializers.IntegerField()
    drawn = serializers.BooleanField(help_text="False before the director draws the bracket.")
    size = _nullable_int("The bracket's size, a power of two; null before the draw.")
    teams = serializers.IntegerField(required=False, help_text="How many teams play it (once drawn).")
    seeded_by = serializers.CharField(required=False, help_text="How the seeds were decided (once drawn).")
    rounds = serializers.ListField(child=serializers.ListField(child=Match()), help_text="Round by round.")
    round_names = serializers.ListField(child=serializers.CharField(), help_text="Quarter-finals, ..., Final.")
    third_place = Match(allow_null=True)
    champion = BracketTeam(allow_null=True)
    runner_up = BracketTeam(allow_null=True)
    third = BracketTeam(allow_null=True)


class EventBracketView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="The event's knockout bracket",
        description=(
            "plan_to_json's shape ({size, rounds: [[{match, a, b}]], third_place}) with from (the two "
            "matches feeding a later one), the teams (team_a, team_b), tables, scores, winners and each "
            "match's status added. drawn is false "
            "before the director draws the bracket."
        ),
        responses={200: Bracket, 404: Refusal},
    )
    def get(self, request, event_id: int):
        if not request.user.is_authenticated:
            return self.public(request, event_id)
        event = Event.objects.filter(pk=event_id).first()
        if event is None:
            raise NotFound(_("There is no such event."))
        director = event.is_director(request.user)
        if not (event.bracket_published or director):
            raise NotFound(_("The bracket is not published yet."))
        # The selector's data as it is: `Bracket` describes it for the schema, and a test proves it describes
        # it exactly.
        response = Response(bracket_data(event, director=director))
        response["Cache-Control"] = "no-cache"
        return response

    def public(self, request, event_id: int) -> HttpResponse:
        """What a phone or the projector polls: the bytes published once per change, or a 304."""
        answer = publishing.read_bracket(event_id)
        if answer is None:
            raise NotFound(_("There is no such event."))
        if not answer.meta["published"]:
            raise NotFound(_("The bracket is not published yet."))
        return conditional(request, f'"{answer.etag}"',
                           lambda: HttpResponse(answer.part("json"), content_type="application/json"))
