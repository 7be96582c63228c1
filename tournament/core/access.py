"""Who may open a director's page, and where a director's form may send them back.

Every app's director pages use these, so the rule (only the event's directors; never redirect to
another site) is written once.
"""

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

from .language import speak_event_language
from .models import Event


def director_event(request, event_id: int, refusal: str | None = None) -> Event:
    """The event named in the URL, or 404; 403 for anyone who is not one of its directors."""
    event = get_object_or_404(Event, pk=event_id)
    speak_event_language(request, event)
    if not event.is_director(request.user):
        raise PermissionDenied(refusal or _("Only this event's directors can change it."))
    return event


def director_view(view):
    """A page of one event's directors: the view gets the event instead of its id."""

    @login_required
    @wraps(view)
    def wrapper(request, event_id, *args, **kwargs):
        return view(request, director_event(request, event_id), *args, **kwargs)

    return wrapper


def safe_next(request, fallback: str) -> str:
    """The page to go back to (`next`): only a path on this site, never another host (no open redirect)."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                                  require_https=request.is_secure()):
        return target
    return fallback
