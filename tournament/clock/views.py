"""The clock's pages: the projector's full-screen countdown, and the director's control buttons.

The projector also shows, in a corner, the players' page of the event as an address and a QR code, at
the room's address (tournament.core.links), so a player who scans the screen follows the day.

The controls are plain POST forms (they work without JavaScript) that call the clock services and go
back to the page they came from with the outcome as a message.
"""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.core.access import director_event, safe_next
from tournament.core.errors import TournamentError
from tournament.core.language import speak_event_language
from tournament.core.links import absolute_url, qr_svg
from tournament.core.models import Event
from tournament.core.outcome import run_action

from . import services
from .moments import catch_up_on_read
from .selectors import clock_view, section_asked


def public_clock(request, event_id: int):
    """The projector page: the clock of the event's latest game, counted down in the browser."""
    event = get_object_or_404(Event, pk=event_id)
    speak_event_language(request, event)
    now = timezone.now()
    section = section_asked(request.GET)  # a room's projector shows its own section's clock
    view = clock_view(event, now, section)
    catch_up_on_read(view.round, now, view.extras)
    follow = absolute_url(request, reverse("public-event", args=[event.pk]))
    return render(request, "public/clock.html", {
        "event": event, "clock": view.payload, "clock_section": section,
        "follow": {"url": follow, "qr": qr_svg(follow, scale=5, title=_("QR code: the event's page for players"))},
    })


# --- The director's controls: one function each, run by name; each returns its success or raises the refusal

def _start(round_, user, post) -> str:
    timing = services.timing_in_minutes(post.get("minutes"), post.get("warning_minutes"))
    services.start_clock(round_, user, **timing)
    return _("Go! Game %(game)s has started at every table.") % {"game": round_.number}


def _pause(round_, user, post) -> str:
    services.pause_clock(round_, user)
    return _("Game %(game)s is paused at every table.") % {"game": round_.number}


def _resume(round_, user, post) -> str:
    services.resume_clock(round_, user)
    return _("Game %(game)s is running again.") % {"game": round_.number}


def _extend(round_, user, post) -> str:
    table = post.get("table", "").strip() or None
    services.extend_clock(round_, user, minutes=post.get("minutes", ""), table=table)
    minutes = post.get("minutes", "").strip()
    if table:
        return _("Added %(minutes)s min to table %(table)s.") % {"minutes": minutes, "table": table}
    return _("Added %(minutes)s min to every table.") % {"minutes": minutes}


def _end(round_, user, post) -> str:
    # Ending a game cannot be undone: only the form's own tick ends it, with or without JavaScript.
    if post.get("confirmed") != "1":
        raise TournamentError(_("Nothing has changed: tick \"Time is up at every table now\" to end game "
                                "%(game)s.") % {"game": round_.number})
    services.end_clock(round_, user)
    return _("Game %(game)s has ended: time is up at every table.") % {"game": round_.number}


ACTIONS = {"start": _start, "pause": _pause, "resume": _resume, "extend": _extend, "end": _end}


def _start_all(event, user) -> str:
    started = services.start_all_clocks(event, user)
    sections = ", ".join(_("section %(letter)s") % {"letter": r.section.letter} for r in started if r.section_id)
    if sections:
        return _("Go! Game %(game)s has started: %(sections)s.") % {"game": started[0].number, "sections": sections}
    return _("Go! Game %(game)s has started: every table.") % {"game": started[0].number}


@login_required
@require_POST
def director_clock_action(request, event_id: int, action: str):
    event = director_event(request, event_id, _("Only this event's directors can run its clock."))
    if action == "start_all":
        run_action(request, lambda: _start_all(event, request.user), str)
        return redirect(safe_next(request, event.get_absolute_url()))
    control = ACTIONS.get(action)
    if control is None:
        raise Http404("No such clock control.")
    section = section_asked(request.POST)  # in an event with sections, the controls are each section's
    run_action(request, lambda: control(services.event_round(event, section), request.user, request.POST), str)
    return redirect(safe_next(request, event.get_absolute_url()))
