"""The words a team's page uses for whoever it belongs to, in one place.

In NVSO canasta a partnership of two plays as one team, and the page says "team". A later game where one
player sits alone at each seat would have its page say "player": it adds its words here under its rule
set's name (`Event.ruleset`), and the page's templates (public/team.html, public/team_live.html) need no
change. The sentences are whole, not built from a noun, so each game's words read naturally.
"""

from dataclasses import dataclass

from django.utils.translation import gettext_lazy


@dataclass(frozen=True)
class PageWords:
    one: str                # "team 4" on the page, before the name: a whole phrase with the number in it
    withdrawn: str
    shared_rank: str        # under "Place 3 of 12" when another shares it
    remembered: str
    remember: str           # the button that keeps the page on this phone
    forget: str
    find_another: str


TEAM = PageWords(
    one=gettext_lazy("team %(number)s"),
    withdrawn=gettext_lazy("This team has withdrawn from the event."),
    shared_rank=gettext_lazy("Shared with a team equal on everything that decides the order."),
    remembered=gettext_lazy("This phone remembers this team: the front page and the standings lead back to it."),
    remember=gettext_lazy("This is my team: remember it on this phone"),
    forget=gettext_lazy("Not my team: forget it on this phone"),
    find_another=gettext_lazy("Find another team"),
)

BY_RULESET: dict[str, PageWords] = {"nvso": TEAM}


def page_words(ruleset: str) -> PageWords:
    """The words of the event's game; a team's, for a rule set that has not said otherwise."""
    return BY_RULESET.get(ruleset, TEAM)
