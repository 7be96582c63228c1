"""The director's confirmation of a consolidation: the tables that close and every move, read out before
anything changes; only the page's own form (`confirmed`) consolidates. Thin: the write is
`services.consolidate`'s."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse

from . import services
from .access import director_view
from .outcome import run_action


@director_view
def consolidate(request, event):
    if request.method == "POST":
        if request.POST.get("confirmed") != "1":
            messages.warning(request, "Nothing has changed: confirm the moves with the button below.")
        else:
            done = run_action(request, lambda: services.consolidate_tables(event, request.user,
                                                                       seen=request.POST.get("plan", "")),
                              lambda done: f"{done.closed_sentence} Tell the teams that move; the seating "
                                           "and the guide cards show the new tables.")
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
    preview, _ = services.consolidation_preview(event)
    if preview is not None:
        closed, moves = preview.plan.closed, len(preview.plan.moves)
        messages.info(request, f"Table{'s' if len(closed) != 1 else ''} {', '.join(map(str, closed))} can close "
                               f"from game {preview.game} ({moves} team{'s' if moves != 1 else ''} "
                               f"move{'s' if moves == 1 else ''}): consolidate the tables from the seating page.")
