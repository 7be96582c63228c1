"""Who may change an event, and the log of every change a director makes to it.

Every service that changes an event starts with `require_director` and ends with `log_action`, so the
event's log (`DirectorAction`) says who did what, and when; and `log_action` announces the change
(`signals.event_changed`), so what players poll is recomputed once (`published`).
"""

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

from ..models import DirectorAction, Event, Round
from ..signals import event_changed
from ..text import storable


def require_director(event: Event, user) -> None:
    if not event.is_director(user):
        raise PermissionDenied(_("Only this event's directors can change it."))


def log_action(event: Event, user, action: str, round: Round | None = None, **details) -> DirectorAction:
    """Keep the action in the event's log, and announce it: every change players may see is logged here."""
    logged = DirectorAction.objects.create(
        event=event, round=round, user=user if user and user.is_authenticated else None,
        action=action, details=storable(details),
    )
    event_changed.send(sender=DirectorAction, event_id=event.pk, action=action)
    return logged
