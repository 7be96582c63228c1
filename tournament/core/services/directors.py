"""Who may change an event, and the log of every change a director makes to it.

Every service that changes an event starts with `require_director` and ends with `log_action`, so the
event's log (`DirectorAction`) says who did what, and when.
"""

from django.core.exceptions import PermissionDenied

from ..models import DirectorAction, Event, Round
from ..text import storable


def require_director(event: Event, user) -> None:
    if not event.is_director(user):
        raise PermissionDenied("Only this event's directors can change it.")


def log_action(event: Event, user, action: str, round: Round | None = None, **details) -> DirectorAction:
    return DirectorAction.objects.create(
        event=event, round=round, user=user if user and user.is_authenticated else None,
        action=action, details=storable(details),
    )
