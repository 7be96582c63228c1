"""The teams' pages, published (`tournament.core.published`): every team's live part of its page rendered
at once, once per change, so a room of phones each polling its own team's page costs no query.

The answer has one part per team (named by the team's id). A poll's ETag is a hash of its team's part
alone: another table's result, which changes the answer, leaves this team's page a 304 unless it moved
this team's rank.

What changes a page: whatever a director's service logs (a seating, a result, a withdrawal, a publish
switch, the go-ahead; announced through the core's signal), and a sheet sent or answered at a table,
which no service logs: saving a sheet version announces it here (`on_sheet_saved`). Where no shared
cache carries a version, the version is the event's settings, its last logged action and its sheets'
count and last change (`team_pages_fingerprint`, two queries).
"""

import hashlib

from django.db.models import Count, Max
from django.db.models.signals import post_save
from django.template.loader import get_template

from tournament.core import published
from tournament.core.language import read_in_event_language
from tournament.core.models import Event, Game

from .models import SheetStatus, SheetVersion
from .standings import SIT_OUT_RULES
from .team_pages import team_pages
from .team_words import page_words

TEAM_PAGES = "team_pages"
# As the standings: a result accepted somewhere every fraction of a second must not make every poll compute.
LAG_SECONDS = 5.0


def team_pages_answer(event_id: int) -> tuple[dict, dict] | None:
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        return None
    template = get_template("public/team_live.html")  # loaded once for the 1,000 pages of a big event
    words = page_words(event.ruleset)
    shared = {"event": event, "sit_out_rule": SIT_OUT_RULES.get(event.sit_out_rule, ""), "words": words}
    parts = {str(team_id): template.render(shared | {"page": page, "numbered": words.one % {"number": page.number}})
             .encode() for team_id, page in team_pages(event).items()}
    return parts, {"teams": list(parts), "language": event.language}


def team_pages_fingerprint(event_id: int) -> str:
    facts = Event.objects.filter(pk=event_id).annotate(last=Max("actions__pk")).values_list(
        "created_at", "name", "ruleset", "games", "seating_published", "bracket_published", "standings_published",
        "standings_order", "sit_out_rule", "rank_by_vp", "vp_scale", "language", "last").first()
    if facts is None:
        return ""
    sheets = SheetVersion.objects.filter(game__round__event_id=event_id).aggregate(
        n=Count("pk"), last=Max("pk"), changed=Max("status_changed_at"))
    return repr((facts, sheets))


def read_team_page(request, event_id: int, team_id: int) -> tuple[bytes, str] | None:
    """The team's live part, in the event's language unless the reader chose one, and its ETag; None when
    there is no such event or no such team in it."""
    answer = read_in_event_language(request, event_id, lambda: published.read(event_id, TEAM_PAGES))
    if answer is None or str(team_id) not in answer.meta["teams"]:
        return None
    part = answer.part(str(team_id))
    return part, '"' + hashlib.sha1(part).hexdigest()[:20] + '"'


def on_sheet_saved(sender, *, instance: SheetVersion, **kwargs) -> None:
    """A sheet sent, disputed or sent to the director: its teams' pages say so. An accepted version makes
    the result final, which the core announces; a superseded one is replaced by a new version, announced
    when it is saved. A new version is saved with its game and round loaded (no query); a version read
    again to be disputed costs one."""
    if instance.status in (SheetStatus.ACCEPTED, SheetStatus.SUPERSEDED):
        return
    game_field, round_field = SheetVersion._meta.get_field("game"), Game._meta.get_field("round")
    if game_field.is_cached(instance) and round_field.is_cached(instance.game):
        event_id = instance.game.round.event_id
    else:
        event_id = Game.objects.filter(pk=instance.game_id).values_list("round__event_id", flat=True).first()
    if event_id is not None:
        published.changed(event_id, TEAM_PAGES)


def register() -> None:
    published.register(TEAM_PAGES, compute=team_pages_answer, fingerprint=team_pages_fingerprint,
                       lag=LAG_SECONDS, unchanged_by=published.CLOCK_ACTIONS - {"clock_start"})
    post_save.connect(on_sheet_saved, sender=SheetVersion, dispatch_uid="team_pages.sheet_saved")
