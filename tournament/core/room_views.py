"""The room map's public page: the seating drawn as the tables stand in the room (`room`), polled by the
phones and the projector (static/js/room.js, static/js/room_projector.js) and printed by the director.

Thin like the public seating: the live part as published once per change (`publishing`), or a 304.
"""

from . import publishing
from .language import read_in_event_language
from .public_pages import published_page


def public_room(request, event_id):
    """Public once the seating is; before that, only the event's directors see it (to print it)."""
    answer = read_in_event_language(request, event_id, lambda: publishing.read_room(event_id))
    return published_page(request, event_id, answer, what="room map",
                          template="public/room.html", context={"event_id": event_id})
