"""The front door (`/`): where a player lands who types the address the director gave.

It shows the events open today with their public pages, a search for a team by its players' names ("find
my team": part of a name, any case, with or without accents; the matches of today's events, one to pick),
and a box for the code printed on a table's card, for a phone whose camera will not scan the card's QR
code. The director's login is one link among them. A team remembered on this phone (static/js/team.js)
is offered first (static/js/front_door.js).
A code is short, so the box is rate-limited per client address (the throttle of the practice form's kind,
with its own rate), and only today's events are searched.
"""

import re

from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.core import selectors
from tournament.core.codes import TABLE_CODE_LENGTH, read_typed, shown_table_code
from tournament.core.language import speak_event_language
from tournament.core.models import Event

from .api.throttles import TableCodeThrottle
from .team_pages import FOUND_LIMIT, teams_named


def front_door(request):
    asked = request.GET.get("event", "")
    within = None
    if re.fullmatch(r"[0-9]{1,9}", asked):  # from an event's own page: that event only, whatever its date
        within = Event.objects.filter(pk=asked).first()
        if within is not None:  # and answered in the event's language, as its page is
            speak_event_language(request, within)
    events = list(selectors.open_events(timezone.localdate()))
    typed = request.GET.get("table", "")
    named = request.GET.get("team", "")[:100]
    context = {"events": [{"event": e, "links": selectors.public_links(e)} for e in events],
               "event_ids": " ".join(str(e.pk) for e in events),
               "typed": typed[:100], "code_length": TABLE_CODE_LENGTH, "named": named}
    if asked:
        context["within"] = within
    if named.strip():
        context.update(_found(named, [within] if within else events, within=within is not None))
    if typed.strip():
        throttle = TableCodeThrottle()
        if not throttle.allow_request(request, None):
            context["problem"] = (_("Many codes were typed from this network just now. Wait %(wait)s seconds and "
                                    "try again, or scan the QR code on the table's card.")
                                  % {"wait": max(1, round(throttle.wait() or 1))})
            return render(request, "public/front_door.html", context, status=429)
        code, token = read_typed(typed)
        tables = selectors.tables_typed(code, token, events)
        if len(tables) == 1:
            return redirect(tables[0].get_absolute_url())
        if tables:
            context["choices"] = tables
        else:
            context["problem"] = _not_found(code, token)
    return render(request, "public/front_door.html", context)


def _not_found(code: str, token: str) -> str:
    if token:
        return _("That table link is not known. Scan the QR code on the table's card again, or ask the director.")
    if len(code) != TABLE_CODE_LENGTH:
        return (_("A table's code has %(length)s letters and digits, like 4KX-7MP: it is printed on the table's "
                  "card, under the QR code.") % {"length": TABLE_CODE_LENGTH})
    return (_("No table of today's events has the code %(code)s. Check it on the table's card, or ask the "
              "director.") % {"code": shown_table_code(code)})


def _found(named: str, events, *, within: bool) -> dict:
    """The teams whose name holds what was typed, or why none is shown (`within`: one event's page asked)."""
    found = teams_named(named, events)
    if not found and not events:
        return {"team_problem": _("No event is running today, so no team can be found.")}
    if not found:
        sentence = (_("No team of this event has “%(name)s” in its name. Check the spelling, or type "
                      "less of the name (a first name is enough).") if within else
                    _("No team of today's events has “%(name)s” in its name. Check the spelling, or "
                      "type less of the name (a first name is enough)."))
        return {"team_problem": sentence % {"name": named.strip()}}
    if len(found) > FOUND_LIMIT:
        return {"found": found[:FOUND_LIMIT], "team_problem": _("More than %(most)s teams match: type more of the "
                                                                "name to see fewer.") % {"most": FOUND_LIMIT}}
    return {"found": found}
