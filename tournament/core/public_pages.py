"""The core's public pages: the event's start page, and the seating, which every phone polls.

What every polled public page of the core does with its published answer (`published`): 404 for no such
event; before the director publishes it, a page for the event's directors only (to check or print it);
else the live part inside its page, or a 304."""

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from . import publishing, selectors
from .language import read_in_event_language, speak_event_language
from .models import Event
from .published import Answer, conditional


def published_page(request, event_id: int, answer: Answer | None, *, what: str, template: str,
                   context: dict | None = None):
    if answer is None:
        raise Http404(_("No such event."))
    if not answer.meta["published"]:
        event = get_object_or_404(Event, pk=event_id)
        if not event.is_director(request.user):
            return render(request, "public/not_published.html", {"event": event, "what": what}, status=404)
    return conditional(request, f'"{answer.etag}"', lambda: render(
        request, template, (context or {}) | {"live": mark_safe(answer.part("live").decode())}),
        private=not answer.meta["published"])


def public_seating(request, event_id):
    """Polled by every phone (static/js/seating.js): the live part as published once per change
    (`publishing`), or a 304, read without SQL when the seating is public and the cache is shared."""
    answer = read_in_event_language(request, event_id, lambda: publishing.read_seating(event_id))
    return published_page(request, event_id, answer, what="seating", template="public/seating.html",
                          context={"players": bool(answer and answer.meta.get("players"))})


def public_event(request, event_id):
    """The players' start page (the poster's QR code): links to what the director has published."""
    event = get_object_or_404(Event, pk=event_id)
    speak_event_language(request, event)
    return render(request, "public/event.html", {"event": event, "links": selectors.public_links(event)})
