"""The answers scoring publishes (`tournament.core.published`): the standings, as the API's JSON, the
page's fragment that every phone polls, and the rest of the page, rendered once per change.

What an answer may be decided on without a query is in its `meta`: whether the standings are public.
"""

from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from rest_framework.renderers import JSONRenderer

from tournament.core import published
from tournament.core.models import Event

from .selectors import standings_data_of, standings_etag
from .standings import SIT_OUT_RULES, compute_standings, order_labels

STANDINGS = "standings"


def standings_answer(event_id: int) -> tuple[dict, dict] | None:
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        return None
    rows = compute_standings(event)
    context = {"event": event, "rows": rows, "order": order_labels(event),
               "sit_out_rule": SIT_OUT_RULES.get(event.sit_out_rule, ""),
               "games_final": sum(r.played for r in rows) // 2}
    fragment = render_to_string("public/standings_rows.html", context)
    context["fragment"] = mark_safe(fragment)  # our own template's output
    context["teams"] = [{"id": r.team.pk, "name": f"{r.team.number}. {r.team.name}"}
                        for r in sorted(rows, key=lambda r: r.team.number)]
    parts = {"json": JSONRenderer().render(standings_data_of(event, rows)),
             "fragment": fragment.encode(),
             "body": render_to_string("public/standings_body.html", context).encode()}
    return parts, {"published": event.standings_published}


def standings_fingerprint(event_id: int) -> str:
    event = Event.objects.filter(pk=event_id).first()
    return standings_etag(event) if event is not None else ""


def read_standings(event_id: int) -> published.Answer | None:
    """The standings' current answer; None when there is no such event."""
    return published.read(event_id, STANDINGS)


def register() -> None:
    published.register(STANDINGS, compute=standings_answer, fingerprint=standings_fingerprint)
