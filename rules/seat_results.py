"""What one table's seat scores are worth to each player, as plain data: a game of single players.

Each seat enters its own figure (`score`): its points, or the solitaire's cards left in the discard pile.
What that figure counts for in the standings is the room's ranking (rules.room): most points counts the
player's own points; the five-player game credits each player with their partner's score too (the partner
sits two seats after, rules.five_player.deck.partner, the same rule its sheet's totals use); fewest cards
counts the cards, fewer being better. A player's place at the table compares those results: place 1 alone
is the table's win, a place 1 shared is a tie. A table of one seat (the solitaire) has no place to win.

Seats are given in seat order (seat 1, the highest card of the draw, first), as the draw numbers them.
"""

from dataclasses import dataclass

from rules.five_player.deck import SEATS as FIVE_SEATS
from rules.five_player.deck import partner
from rules.language import _
from rules.room import CREDITED_POINTS, FEWEST_CARDS, Room
from rules.words import points

SCORE_LIMIT = 100_000  # no game's final reaches it: a longer number is a slip of the finger


@dataclass(frozen=True)
class SeatOutcome:
    """One seat's game: what it counts (`result`), its place at the table (1 best; shared places repeat),
    whether the place is shared, and its margin over the best other seat (negative when behind; in cards
    for the solitaire, counted so that ahead is positive)."""

    result: int
    place: int
    shared: bool
    margin: int

    @property
    def won(self) -> bool:
        return self.place == 1 and not self.shared

    @property
    def tied(self) -> bool:
        return self.place == 1 and self.shared


def score_refusal(room: Room, value, name: str, shown=None) -> str:
    """Why `value` cannot be one seat's score in this game, as one sentence naming the seat (`name`) and the
    score as it was written (`shown`, else the value); "" when it can."""
    facts = {"name": name, "score": value if shown is None else shown}
    if isinstance(value, bool) or not isinstance(value, int):
        return _("%(name)s's score %(score)s is not a whole number.") % facts
    if abs(value) >= SCORE_LIMIT:
        return _("%(name)s's score %(score)s is too large: a game's score is under %(limit)s.") % {
            **facts, "limit": points(SCORE_LIMIT)}
    if room.ranking == FEWEST_CARDS and value < 0:
        return _("%(name)s's score %(score)s cannot be fewer than no cards.") % facts
    if value % room.score_step:
        return _("%(name)s's score %(score)s is not a multiple of %(step)s, as every score of this game is.") % {
            **facts, "step": room.score_step}
    return ""


def table_refusal(room: Room, seats: int) -> str:
    """Why a table of `seats` players cannot be scored by this game's ranking ("" when it can)."""
    if room.ranking == CREDITED_POINTS and seats != FIVE_SEATS:
        return _("The five-player game credits each player with a partner's score, so it needs %(needed)s "
                 "players at the table, not %(seats)s.") % {"needed": FIVE_SEATS, "seats": seats}
    return ""


def game_results(ranking: str, scores: list[int]) -> list[int]:
    """What each seat's game counts in the standings, in seat order, by the room's `ranking`."""
    if ranking == CREDITED_POINTS:
        return [score + scores[partner(seat)] for seat, score in enumerate(scores)]
    return list(scores)


def table_outcomes(ranking: str, scores: list[int]) -> list[SeatOutcome]:
    """Each seat's result, place and margin at its table, in seat order, by the room's `ranking`."""
    results = game_results(ranking, scores)
    sign = -1 if ranking == FEWEST_CARDS else 1
    merits = [sign * result for result in results]
    outcomes = []
    for seat, merit in enumerate(merits):
        others = merits[:seat] + merits[seat + 1:]
        place = 1 + sum(other > merit for other in others)
        shared = any(other == merit for other in others)
        margin = merit - max(others) if others else 0
        outcomes.append(SeatOutcome(results[seat], place, shared, margin))
    return outcomes
