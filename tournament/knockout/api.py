"""`GET /api/v1/events/<id>/bracket/`: the bracket as data, for the public page's refresh and for tools.

Public once the director publishes the bracket; directors see it (with their notes) at any time. The
response carries no-cache, so clients revalidate with the ETag that ConditionalGetMiddleware adds, and an
unchanged bracket costs a 304 with no body.
"""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.core.models import Event

from .selectors import bracket_data


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
        responses={200: OpenApiTypes.OBJECT, 404: OpenApiTypes.OBJECT},
    )
    def get(self, request, event_id: int):
        event = Event.objects.filter(pk=event_id).first()
        if event is None:
            raise NotFound("There is no such event.")
        director = event.is_director(request.user)
        if not (event.bracket_published or director):
            raise NotFound("The bracket is not published yet.")
        response = Response(bracket_data(event, director=director))
        response["Cache-Control"] = "no-cache"
        return response
