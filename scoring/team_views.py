"""The page of each team (`/e/<event>/team/<team>/`): what its players need to know through the day.

Team ids are not secret and nothing on the page is private: what it shows follows the director's publish
switches (`scoring.team_pages`). The live part is published once per change (`scoring.team_publishing`)
and polled by static/js/team.js as `?partial=1`, answered 304 while the team's part is unchanged.
"""

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.safestring import mark_safe

from tournament.core.models import Team
from tournament.core.published import conditional

from .team_publishing import read_team_page
from .team_words import page_words


def team_page(request, event_id, team_id):
    found = read_team_page(event_id, team_id)
    if found is None:
        raise Http404("No such team in this event.")
    live, etag = found
    partial = bool(request.GET.get("partial"))

    def build():
        if partial:
            return HttpResponse(live, content_type="text/html; charset=utf-8")
        team = get_object_or_404(Team.objects.select_related("event"), pk=team_id, event_id=event_id)
        event = team.event
        return render(request, "public/team.html", {
            "event": event, "team": team, "team_id": team_id, "live": mark_safe(live.decode()),
            "words": page_words(event.ruleset),
            "poll": reverse("public-team", args=[event_id, team_id]) + "?partial=1",
            "standings": reverse("public-standings", args=[event_id]) + "?partial=1",
        })

    return conditional(request, etag[:-1] + ('-p"' if partial else '"'), build)
