"""The clock's pages: the projector's full-screen countdown, and the director's control buttons.

The controls are plain POST forms (they work without JavaScript) that call the clock services and go
back to the page they came from with the outcome as a message.
"""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from tournament.core.access import director_event, safe_next
from tournament.core.models import Event
from tournament.core.outcome import run_action

from . import services as clock_services
from .moments import catch_up_on_read
from .selectors import clock_view


def public_clock(request, event_id: int):
    """The projector page: the clock of the event's latest game, counted down in the browser."""
    event = get_object_or_404(Event, pk=event_id)
    now = timezone.now()
    view = clock_view(event, now)
    catch_up_on_read(view.round, now, view.extras)
    return render(request, "public/clock.html", {"event": event, "clock": view.payload})


def _run(action: str, round_, user, post) -> str:
    if action == "start":
        length = post.get("minutes", "").strip()
        warning = post.get("warning_minutes", "").strip()
        clock_services.start_clock(
            round_, user,
            length_seconds=clock_services.parse_minutes(
                length, what="the game's length", maximum=clock_services.MAX_GAME_MINUTES) if length else None,
            warning_seconds=clock_services.parse_minutes(
                warning, what="the warning", maximum=clock_services.MAX_GAME_MINUTES, allow_zero=True,
            ) if warning else None,
        )
        return f"Go! Game {round_.number} has started at every table."
    if action == "pause":
        clock_services.pause_clock(round_, user)
        return f"Game {round_.number} is paused at every table."
    if action == "resume":
        clock_services.resume_clock(round_, user)
        return f"Game {round_.number} is running again."
    if action == "extend":
        table = post.get("table", "").strip() or None
        round_ = clock_services.extend_clock(round_, user, minutes=post.get("minutes", ""), table=table)
        where = f"table {table}" if table else "every table"
        return f"Added {post.get('minutes', '').strip()} min to {where}."
    if action == "end":
        clock_services.end_clock(round_, user)
        return f"Game {round_.number} has ended: time is up at every table."
    raise Http404("No such clock control.")


ACTIONS = ("start", "pause", "resume", "extend", "end")


@login_required
@require_POST
def director_clock_action(request, event_id: int, action: str):
    event = director_event(request, event_id, "Only this event's directors can run its clock.")
    if action not in ACTIONS:
        raise Http404("No such clock control.")
    run_action(request, lambda: _run(action, clock_services.event_round(event), request.user, request.POST), str)
    return redirect(safe_next(request, event.get_absolute_url()))
