"""The glue between the standings and the knockout: `tournament` never imports `scoring`, so the
playoff after the rotation games is started from here, with the standings turned into a seeding order.
"""

from tournament.core.models import Event
from tournament.knockout import services as knockout
from tournament.knockout.models import Bracket

from .standings import compute_standings

DEFAULT_PLAYOFF_SIZE = 8


def playoff_order(event: Event) -> list[int]:
    """The top K active teams of the standings, best first: K is the event's playoff size (8 when unset),
    or every active team when there are fewer. For a knockout-only event, every active team."""
    ranked = [row.team.pk for row in compute_standings(event) if row.team.is_active]
    if event.format == Event.Format.KNOCKOUT:
        return ranked
    return ranked[: event.playoff_size or DEFAULT_PLAYOFF_SIZE]


def start_playoff_from_standings(event: Event, user, *, end_rotation_early: bool = False,
                                 reason: str = "") -> Bracket:
    """Draw the bracket seeded by the standings as they stand now. The rotation must be over (every game
    seated and final) unless the director ends it early: `create_bracket` checks and logs it."""
    return knockout.create_bracket(event, user, playoff_order(event),
                                           seeded_by=Bracket.SeededBy.STANDINGS,
                                           end_rotation_early=end_rotation_early, reason=reason)
