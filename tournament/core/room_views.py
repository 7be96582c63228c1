"""The room map's public page: the seating drawn as the tables stand in the room (`room`), polled by the
phones and the projector (static/js/room.js, static/js/room_projector.js) and printed by the director.

Thin like the public seating: the live part as published once per change (`publishing`), or a 304.
"""

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.safestring import mark_safe

from . import publishing
from .models import Event
from .published import conditional


def public_room(request, event_id):
    """Public once the seating is; before that, only the event's directors see it (to print it)."""
    answer = publishing.read_room(event_id)
    if answer is None:
        raise Http404("No such event.")
    if not answer.meta["published"]:
        event = get_object_or_404(Event, pk=event_id)
        if not event.is_director(request.user):
            return render(request, "public/not_published.html", {"event": event, "what": "room map"}, status=404)
    return conditional(request, f'"{answer.etag}"', lambda: render(
        request, "public/room.html", {"event_id": event_id, "live": mark_safe(answer.part("live").decode())}),
        private=not answer.meta["published"])
