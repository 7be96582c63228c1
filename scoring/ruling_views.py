"""The director's rulings on a game, from the game's sheet page (templates/director/ruling_forms.html):
an adjusted score, an assigned score, a lateness penalty (`scoring.rulings`), and a ruling given in error
withdrawn (`scoring.withdrawals`). Plain forms: each posts, the service decides or refuses in a sentence,
and the page comes back with the message."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournament.core.access import director_event
from tournament.core.errors import TournamentError
from tournament.core.models import Game
from tournament.core.points import PointsField

from . import rulings, withdrawals
from .models import Penalty, ScoreRuling

# rulings.ADJUSTMENTS and rulings.SIDES in the page's language (the same keys, the same order).
CHOICES = [(rulings.PLUS, gettext_lazy("Average plus")), (rulings.AVERAGE, gettext_lazy("Average")),
           (rulings.MINUS, gettext_lazy("Average minus"))]
SIDE_NAMES = {"ns": gettext_lazy("North-South"), "ew": gettext_lazy("East-West")}
SIDES = list(SIDE_NAMES.items())


class AdjustedForm(forms.Form):
    ns = forms.ChoiceField(choices=CHOICES, label=gettext_lazy("North-South gets"))
    ew = forms.ChoiceField(choices=CHOICES, label=gettext_lazy("East-West gets"))
    reason = forms.CharField(max_length=2000, label=gettext_lazy("Reason (kept in the log)"))
    replace_result = forms.BooleanField(required=False)


class AssignedForm(forms.Form):
    ns_total = PointsField(label=gettext_lazy("North-South total"))
    ew_total = PointsField(label=gettext_lazy("East-West total"))
    reason = forms.CharField(max_length=2000, label=gettext_lazy("Reason (kept in the log)"))
    replace_result = forms.BooleanField(required=False)


class LateForm(forms.Form):
    side = forms.ChoiceField(choices=SIDES, label=gettext_lazy("The late team"))
    minutes = forms.IntegerField(label=gettext_lazy("Minutes late"))
    reason = forms.CharField(max_length=2000, required=False, label=gettext_lazy("Note (optional)"))


def ruling_context(game: Game) -> dict:
    """What the rulings' forms show: the event's settings, the average they adjust from, the penalties."""
    event = game.round.event
    average = rulings.event_average(game)
    return {"average": average, "percent": event.adjusted_percent, "choices": CHOICES, "sides": SIDES,
            "plus": rulings.adjusted_total(average, rulings.PLUS, event.adjusted_percent) if average else None,
            "minus": rulings.adjusted_total(average, rulings.MINUS, event.adjusted_percent) if average else None,
            "late_points": event.late_penalty_points, "late_minutes": event.late_penalty_minutes,
            "penalties": list(game.penalties.select_related("given_by", "withdrawn_by")),
            "score_rulings": list(game.score_rulings.select_related("given_by", "withdrawn_by")),
            **_in_force(game)}


def _in_force(game: Game) -> dict:
    """The score ruling that is the game's result, and whether withdrawing it has a result to put back."""
    current = withdrawals.ruling_in_force(game)
    return {"in_force": current,
            "nothing_before": current is not None and withdrawals.result_before(current)[0] is None}


FORMS = {"adjusted": AdjustedForm, "assigned": AssignedForm, "late": LateForm}
WORDS = {"reason": gettext_lazy("Give a reason"), "ns_total": gettext_lazy("Type both totals"),
         "ew_total": gettext_lazy("Type both totals"),
         "minutes": gettext_lazy("Type the minutes late as a whole number"),
         "ns": gettext_lazy("Choose for each side"), "ew": gettext_lazy("Choose for each side"),
         "side": gettext_lazy("Choose the late team")}


def _rule(kind: str, game: Game, user, data: dict) -> str:
    """Carry out the ruling; the sentence that says what was done."""
    if kind == "adjusted":
        game = rulings.give_adjusted_score(game, user, ns=data["ns"], ew=data["ew"], reason=data["reason"],
                                           replace_result=data["replace_result"])
        return _("Adjusted score given: N-S %(ns)s, E-W %(ew)s.") % {"ns": game.ns_total, "ew": game.ew_total}
    if kind == "assigned":
        game = rulings.give_assigned_score(game, user, ns_total=data["ns_total"], ew_total=data["ew_total"],
                                           reason=data["reason"],
                                           replace_result=data["replace_result"])
        return _("Score assigned: N-S %(ns)s, E-W %(ew)s.") % {"ns": game.ns_total, "ew": game.ew_total}
    penalty = rulings.give_late_penalty(game, user, side=data["side"], minutes=data["minutes"],
                                        reason=data["reason"])
    return _("Lateness penalty given: %(side)s loses %(points)s points in this game.") % {
        "side": SIDE_NAMES[penalty.side], "points": number_format(penalty.points, force_grouping=True)}


@login_required
@require_POST
def director_ruling(request, event_id, game_id, kind):
    event = director_event(request, event_id, _("Only this event's directors can give a ruling."))
    game = get_object_or_404(Game.objects.select_related("round__event", "table", "ns_team", "ew_team"),
                             pk=game_id, round__event=event)
    form_class = FORMS.get(kind)
    if form_class is None:
        raise Http404("No such ruling.")
    form = form_class(request.POST)
    if not form.is_valid():
        what = "; ".join(sorted({str(WORDS.get(name, _("Check the form"))) for name in form.errors}))
        messages.error(request, _("Nothing has changed: %(what)s.") % {"what": what})
    else:
        try:
            messages.success(request, _rule(kind, game, request.user, form.cleaned_data))
        except TournamentError as error:
            messages.error(request, _("Nothing has changed: %(why)s") % {"why": error.message})
    return redirect(reverse("director-sheet", args=[event.pk, game.pk]) + "#rulings")


class WithdrawForm(forms.Form):
    reason = forms.CharField(max_length=2000, label=gettext_lazy("Why it is withdrawn (kept in the log)"))


WITHDRAWN = {"penalty": (Penalty, withdrawals.withdraw_penalty),
             "score": (ScoreRuling, withdrawals.withdraw_score_ruling)}


@login_required
@require_POST
def director_withdraw_ruling(request, event_id, game_id, kind, ruling_id):
    """Withdraw a penalty or a score ruling of the game; the page says what the result is now."""
    event = director_event(request, event_id, _("Only this event's directors can withdraw a ruling."))
    if kind not in WITHDRAWN:
        raise Http404("No such ruling.")
    model, withdraw = WITHDRAWN[kind]
    ruling = get_object_or_404(model.objects.select_related("game__round__event", "game__table"),
                               pk=ruling_id, game_id=game_id, game__round__event=event)
    form = WithdrawForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Nothing has changed: give the reason the ruling is withdrawn."))
    else:
        try:
            ruling = withdraw(ruling, request.user, reason=form.cleaned_data["reason"])
            game = ruling.game
            messages.success(request, _("Ruling withdrawn. The result is now N-S %(ns)s, E-W %(ew)s.") % {
                "ns": game.ns_total, "ew": game.ew_total} if game.status == Game.Status.FINAL
                else _("Ruling withdrawn."))
        except TournamentError as error:
            why = str(error.message)
            messages.error(request, why if why.startswith(_("Nothing has changed"))
                           else _("Nothing has changed: %(why)s") % {"why": why})
    return redirect(reverse("director-sheet", args=[event.pk, game_id]) + "#rulings")
