"""The director's confirmation of a consolidation: the tables that close and every move, read out before
anything changes; only the page's own form (`confirmed`) consolidates. Thin: the write is
`services.consolidate`'s."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from . import services
from .access import director_view
from .outcome import run_action


@director_view
def consolidate(request, event):
    if request.method == "POST":
        if request.POST.get("confirmed") != "1":
            messages.warning(request, _("Nothing has changed: confirm the moves with the button below."))
        else:
            done = run_action(request, lambda: services.consolidate_tables(event, request.user,
                                                                       seen=request.POST.get("plan", "")),
                              lambda done: _("%(closed)s Tell the teams that move; the seating and the guide "
                                             "cards show the new tables.") % {"closed": done.closed_sentence})
            if done:
                return redirect(reverse("director-seating", args=[event.pk]))
        return redirect(reverse("director-consolidate", args=[event.pk]))
    preview, refusal = services.consolidation_preview(event)
    return render(request, "director/confirm_consolidate.html", {
        "event": event, "preview": preview, "refusal": refusal,
        "moves": preview.sentences() if preview else [],
    })


def suggest_consolidation(request, event) -> None:
    """After a withdrawal: when tables can now close, say so where the director is looking (a few queries)."""
    preview = services.consolidation_preview(event)[0]
    if preview is not None:
        closed, moves = preview.plan.closed, len(preview.plan.moves)
        who = ngettext("%(count)s team moves", "%(count)s teams move", moves) % {"count": moves}
        messages.info(request, ngettext(
            "Table %(tables)s can close from game %(game)s (%(moves)s): consolidate the tables from the seating "
            "page.",
            "Tables %(tables)s can close from game %(game)s (%(moves)s): consolidate the tables from the seating "
            "page.", len(closed)) % {"tables": ", ".join(map(str, closed)), "game": preview.game, "moves": who})
