"""Setting up an event: creating it, its settings, numbering the tables, publishing its public pages."""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from ..errors import TournamentError, first_message
from ..game_room import PLAYERS, event_room, plays_alone, room_for
from ..models import Event, Table
from ..movement import table_count
from .directors import log_action, require_director
from .players import players_table_count
from .sections import format_refusal, number_section_tables, section_sizes


@transaction.atomic
def create_event(*, director, **fields) -> Event:
    event = Event(**fields)
    event.full_clean()
    event.save()
    event.directors.add(director)
    log_action(event, director, "create_event")
    return event



@transaction.atomic
def update_event(event: Event, user, fields: dict) -> Event:
    """Save the director's changes to the event's settings, and log which ones changed."""
    require_director(event, user)
    changed = sorted(name for name, value in fields.items() if getattr(event, name) != value)
    if refusal := _game_change_refusal(event, fields, changed):
        raise TournamentError(refusal)
    for name, value in fields.items():
        setattr(event, name, value)
    if changed and event.sections.exists() and (refusal := format_refusal(event)):
        event.refresh_from_db()   # the event as it was: nothing changed
        raise TournamentError(_("%(refusal)s Make the event one room again (divide it into 0 sections) first.")
                              % {"refusal": refusal})
    try:
        event.full_clean()
    except ValidationError as error:
        raise TournamentError(first_message(error)) from None
    event.save()
    log_action(event, user, "edit_event", fields=changed)
    return event


def _game_change_refusal(event: Event, fields: dict, changed: list[str]) -> str:
    """Why the event's game or its seats cannot change now ("" when they can): the day's seating is made for
    them once game 1 is seated, and entrants already entered are teams or players as the game had them."""
    if not {"ruleset", "rule_options", "table_seats"} & set(changed):
        return ""
    if event.rounds.exists():
        return _("The game and the seats of a table cannot change once game 1 is seated.")
    new = room_for(fields.get("ruleset", event.ruleset), fields.get("rule_options", event.rule_options))
    if new.entrants != event_room(event).entrants and event.teams.exists():
        if new.entrants == PLAYERS:
            return _("This game enters players, and the event already has teams: withdraw them or create a new "
                     "event for it.")
        return _("This game enters teams, and the event already has players: withdraw them or create a new "
                 "event for it.")
    return ""


PUBLISHABLE = {"seating": "seating_published", "standings": "standings_published", "bracket": "bracket_published"}


@transaction.atomic
def publish(event: Event, user, what: str, value: bool) -> Event:
    """Show (or hide) a public page: the public sees only what the director has published."""
    require_director(event, user)
    field = PUBLISHABLE.get(what)
    if field is None:
        raise TournamentError(_("Choose what to publish: the seating, the standings or the bracket."))
    setattr(event, field, value)
    event.save(update_fields=[field])
    log_action(event, user, "publish", what=what, value=value)
    return event



@transaction.atomic
def number_tables(event: Event, user) -> list[Table]:
    """One table for every two active teams (the odd team alone at the last), numbered from 1; for single
    players, the tables of the players' movement at the event's seats."""
    require_director(event, user)
    if event.rounds.exists():
        raise TournamentError(_("The tables cannot be renumbered once game 1 is seated."))
    if event.sections.exists():
        sizes = section_sizes(event)
        tables = number_section_tables(event, list(event.sections.all()), sizes)
        log_action(event, user, "number_tables", tables=len(tables), sections=sizes)
        return tables
    entrants = event.teams.active().count()
    if plays_alone(event):
        if entrants < 1:
            raise TournamentError(_("Add the players before numbering the tables."))
        needed = players_table_count(event, entrants)
    else:
        needed = table_count(entrants)
    if needed < 1:
        raise TournamentError(_("Add at least two teams before numbering the tables."))
    have = set(event.tables.values_list("number", flat=True))
    Table.objects.bulk_create(Table.unsaved(event, (n for n in range(1, needed + 1) if n not in have)))
    event.tables.filter(number__gt=needed).delete()
    log_action(event, user, "number_tables", tables=needed)
    return list(event.tables.order_by("number"))
