"""The director's page for a table of single players: one number per seat, the game made final.

Thin: the scores go to `services.record_seat_results`, which checks and stores them; a refusal shows its
sentence above the form with what was typed kept, so nothing needs typing twice. Reached from the
director's seating page of a players event. The players' own table page for these games comes later.
"""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from rules.room import FEWEST_CARDS

from . import services
from .access import director_view
from .errors import TournamentError
from .game_room import event_room
from .models import Game


@director_view
def seat_results(request, event, game_id):
    room = event_room(event)
    game = get_object_or_404(Game.objects.select_related("round", "table"), pk=game_id, round__event=event)
    seats = list(game.seats.select_related("team").order_by("position"))
    if not seats:
        raise Http404(_("No one sits at this table."))
    typed = {seat.team_id: request.POST.get(f"seat-{seat.team_id}", "") for seat in seats} if request.method == "POST" \
        else {seat.team_id: "" if seat.score is None else str(seat.score) for seat in seats}
    error = ""
    if request.method == "POST":
        try:
            services.record_seat_results(game, typed, request.user)
        except TournamentError as refusal:
            error = str(refusal)
        else:
            messages.success(request, _("Table %(table)s, game %(game)s: the results are final.")
                             % {"table": game.table.number, "game": game.round.number})
            return redirect(reverse("director-seating", args=[event.pk]))
    cards = room.ranking == FEWEST_CARDS
    return render(request, "director/seat_results.html", {
        "event": event, "game": game, "error": error, "what": _("Cards in the discard pile") if cards else _("Points"),
        "inputmode": "numeric" if cards else "text", "step": room.score_step,
        "seats": [{"seat": seat, "name": f"seat-{seat.team_id}", "value": typed[seat.team_id]} for seat in seats],
    }, status=400 if error else 200)
