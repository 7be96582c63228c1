"""The director's printable guide cards: each team's card of where it plays in every game."""

from django.shortcuts import render

from .access import director_view
from .guide import guide


@director_view
def guide_cards(request, event):
    """Each team's card of where it plays in every game, several to an A4 page with lines to cut along."""
    return render(request, "director/guide_cards.html", {"event": event, "guide": guide(event)})
