"""The director's check-in list, and the one step that withdraws the teams that never came. Thin: the
writes are `services.checkin`'s."""

from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from . import services
from .access import director_view
from .models import Team
from .outcome import run_action


def _list(event):
    return redirect(reverse("director-check-in", args=[event.pk]))


@director_view
def check_in_list(request, event):
    """Every team with one big button, "Here" or "Not here"; a post marks one team and comes back to it."""
    if request.method == "POST":
        team = get_object_or_404(Team, pk=request.POST.get("team") or 0, event=event)
        here = request.POST.get("here") == "1"
        run_action(request, lambda: services.check_in(team, request.user, here),
                   (_("%(team)s: here.") if here else _("%(team)s: not here after all.")) % {"team": team.name})
        return redirect(reverse("director-check-in", args=[event.pk]) + f"#team-{team.pk}")
    teams = list(event.teams.order_by("number"))
    active = [team for team in teams if team.is_active]
    here = [team for team in active if team.is_checked_in]
    return render(request, "director/check_in.html", {
        "event": event, "teams": teams, "active": len(active), "here": len(here),
        "missing": len(active) - len(here), "refusal": services.no_show_refusal(event, teams),
    })


@director_view
def no_shows(request, event):
    """A confirmation page naming every team it will withdraw; only its own form (`confirmed`) withdraws."""
    teams = list(event.teams.order_by("number"))
    if request.method == "POST" and request.POST.get("confirmed") == "1":
        gone = run_action(request, lambda: services.withdraw_no_shows(event, request.user),
                          lambda gone: ngettext(
                              "%(count)s team withdrawn; the tables are numbered for the teams here.",
                              "%(count)s teams withdrawn; the tables are numbered for the teams here.",
                              len(gone)) % {"count": len(gone)})
        return redirect(reverse("director-event", args=[event.pk]) + "#teams") if gone else _list(event)
    return render(request, "director/confirm_no_shows.html", {
        "event": event, "refusal": services.no_show_refusal(event, teams),
        "gone": [team for team in teams if team.is_active and not team.is_checked_in],
        "tables": event.tables.exists(),
    })
