"""The front door (`/`): where a player lands who types the address the director gave.

It shows the events open today with their public pages, and a box for the code printed on a table's card,
for a phone whose camera will not scan the card's QR code. The director's login is one link among them.
A code is short, so the box is rate-limited per client address (the throttle of the practice form's kind,
with its own rate), and only today's events are searched.
"""

from django.shortcuts import redirect, render
from django.utils import timezone

from tournament.core import selectors
from tournament.core.codes import TABLE_CODE_LENGTH, read_typed, shown_table_code

from .api.throttles import TableCodeThrottle


def front_door(request):
    events = list(selectors.open_events(timezone.localdate()))
    typed = request.GET.get("table", "")
    context = {"events": [{"event": e, "links": selectors.public_links(e)} for e in events],
               "typed": typed[:100], "code_length": TABLE_CODE_LENGTH}
    if typed.strip():
        throttle = TableCodeThrottle()
        if not throttle.allow_request(request, None):
            context["problem"] = (f"Many codes were typed from this network just now. Wait "
                                  f"{max(1, round(throttle.wait() or 1))} seconds and try again, or scan the "
                                  f"QR code on the table's card.")
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
        return "That table link is not known. Scan the QR code on the table's card again, or ask the director."
    if len(code) != TABLE_CODE_LENGTH:
        return (f"A table's code has {TABLE_CODE_LENGTH} letters and digits, like 4KX-7MP: it is printed "
                f"on the table's card, under the QR code.")
    return (f"No table of today's events has the code {shown_table_code(code)}. Check it on the table's "
            f"card, or ask the director.")
