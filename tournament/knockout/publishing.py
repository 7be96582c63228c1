"""The answer the knockout publishes (`tournament.core.published`): the public bracket as the API's JSON,
built once per change, so the phones and the projector polling it cost no query. Directors, who see
their notes in it, are answered as before, from the database."""

from rest_framework.renderers import JSONRenderer

from tournament.core import published
from tournament.core.models import Event
from tournament.core.publishing import logged_fingerprint

from .selectors import bracket_data

BRACKET = "bracket"
# A match reads "playing" from its game's go-ahead, so the clock's start changes the bracket; a pause, a
# resume, an extension or the end of the time moves no team and no result, and announces nothing here.
UNCHANGED_BY = published.CLOCK_ACTIONS - {"clock_start"}


def bracket_answer(event_id: int) -> tuple[dict, dict] | None:
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        return None
    return {"json": JSONRenderer().render(bracket_data(event))}, {"published": event.bracket_published}


def bracket_fingerprint(event_id: int) -> str:
    """Every draw, result, walkover and decision of the bracket is logged by its service."""
    return logged_fingerprint(event_id, "bracket_published")


def read_bracket(event_id: int) -> published.Answer | None:
    """The public bracket's current answer; None when there is no such event."""
    return published.read(event_id, BRACKET)


def register() -> None:
    published.register(BRACKET, compute=bracket_answer, fingerprint=bracket_fingerprint, unchanged_by=UNCHANGED_BY)
