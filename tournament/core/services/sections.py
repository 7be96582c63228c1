"""Sections: the event's teams split into rooms (or halves of a hall) before game 1, each with its own run
of tables, movement and clock, ranked together (docs/sections.md).

The director divides the active teams into N sections: by the CSV's "section" column when every team has
one, else dealt out in serpentine order of seed then registration (A B B A A B ...), so that each section
gets its share of the strong teams. The tables are then numbered section by section (A's tables first),
numbers unique in the event. Dividing again before game 1 replaces the sections; 0 sections (or 1) makes
the event one room again."""

from django.db import models, transaction
from django.utils.translation import gettext as _

from ..errors import TournamentError
from ..game_room import plays_alone
from ..models import MAX_SECTIONS, Event, Section, Table, Team, section_letter
from ..movement import table_count
from .directors import log_action, require_director


def sections_refusal(event: Event, count: int) -> str:
    """Why the event cannot be divided into `count` sections now ("" when it can)."""
    if event.rounds.exists():
        return _("Sections are set before game 1 is seated.")
    if not 0 <= count <= MAX_SECTIONS:
        return _("Choose between 2 and %(most)s sections (or 0 for one room).") % {"most": MAX_SECTIONS}
    if count < 2:
        return ""
    if refusal := format_refusal(event):
        return refusal
    teams = event.teams.active().count()
    if teams < 2 * count:
        return (_("%(teams)s teams cannot make %(count)s sections: each section needs at least two teams.")
                % {"teams": teams, "count": count})
    return ""


def format_refusal(event: Event) -> str:
    """Why this event cannot be played in sections at all ("" when it can)."""
    if plays_alone(event):
        return _("Sections are for teams of two: single players are seated by their own plan of the day.")
    if event.format != Event.Format.ROTATION or event.paired_rounds:
        return _("Sections play rotation games only: a knockout or games paired by the standings need the "
                 "whole field in one room.")
    return ""


def sections_of_letters(event: Event, letters: set[str]) -> dict[str, Section]:
    """The event's sections named by these letters (a CSV's section column), the new ones made, in the
    order of their letters. The tables follow when the director numbers them."""
    if refusal := format_refusal(event):
        raise TournamentError(refusal)
    sections = {section.letter: section for section in event.sections.all()}
    new = sorted(set(letters) - set(sections))
    made = Section.objects.bulk_create(Section(event=event, letter=letter, order=ord(letter) - ord("A"))
                                       for letter in new)
    return sections | {section.letter: section for section in made}


def serpentine(teams: list, count: int) -> list[int]:
    """The section index (from 0) of each team, dealt A B B A A B ... in the order given."""
    indexes = []
    for position in range(len(teams)):
        lap, place = divmod(position, count)
        indexes.append(place if lap % 2 == 0 else count - 1 - place)
    return indexes


@transaction.atomic
def divide_into_sections(event: Event, user, *, count: int, letters: dict[int, str] | None = None) -> list[Section]:
    """Put every active team in one of `count` sections and number the tables section by section.

    `letters` (team id -> "A", "B" ...), from the CSV's section column, places the teams it names; without
    it the teams are dealt out in serpentine order of seed, then registration."""
    require_director(event, user)
    if refusal := sections_refusal(event, count):
        raise TournamentError(refusal)
    event.tables.update(section=None)
    event.teams.update(section=None)
    event.sections.all().delete()
    if count < 2:
        log_action(event, user, "sections", count=0)
        return []   # the tables stay as numbered: one room's numbers are the same run
    sections = Section.objects.bulk_create(
        Section(event=event, letter=section_letter(i), order=i) for i in range(count))
    teams = list(event.teams.active())
    if letters:
        by_letter = {section.letter: section for section in sections}
        unknown = sorted({letter for letter in letters.values() if letter not in by_letter})
        if unknown:
            raise TournamentError(_("There is no section %(unknown)s: the sections are %(sections)s.")
                                  % {"unknown": ", ".join(unknown), "sections": ", ".join(by_letter)})
        missing = [team.name for team in teams if team.pk not in letters]
        if missing:
            raise TournamentError(_("Give a section for every team; none for %(teams)s.")
                                  % {"teams": ", ".join(missing[:5])})
        for team in teams:
            team.section = by_letter[letters[team.pk]]
    else:
        teams.sort(key=lambda team: (team.seed is None, team.seed or 0, team.number))
        for team, index in zip(teams, serpentine(teams, count), strict=True):
            team.section = sections[index]
    sizes = {section.letter: sum(team.section is section for team in teams) for section in sections}
    if small := [letter for letter, size in sizes.items() if size < 2]:
        raise TournamentError(_("Section %(sections)s would have fewer than two teams.")
                              % {"sections": ", ".join(small)})
    Team.objects.bulk_update(teams, ["section"])
    number_section_tables(event, sections, sizes)
    log_action(event, user, "sections", count=count, sizes=sizes, by="csv" if letters else "serpentine")
    return sections


def number_section_tables(event: Event, sections: list[Section], sizes: dict[str, int]) -> list[Table]:
    """A run of table numbers for each section in turn (A: 1-4, B: 5-8, ...), as `number_tables` does for
    one room: a table for every two teams, the odd team alone at the section's last table. A table already
    numbered keeps its number, code and QR card (printed, perhaps): only its section changes."""
    runs = [(section, table_count(sizes[section.letter])) for section in sections]
    total = sum(needed for _, needed in runs)
    event.tables.filter(number__gt=total).delete()
    kept = {table.number: table for table in event.tables.all()}
    new = Table.unsaved(event, [n for n in range(1, total + 1) if n not in kept])   # codes unique together
    by_number = kept | {table.number: table for table in new}
    first = 1
    for section, needed in runs:
        for number in range(first, first + needed):
            by_number[number].section = section
        first += needed
    Table.objects.bulk_update(kept.values(), ["section"])
    Table.objects.bulk_create(new)
    return [by_number[number] for number in range(1, total + 1)]


def section_sizes(event: Event) -> dict[str, int]:
    """Active teams in each section, by letter, in the sections' order."""
    sizes = {section.letter: 0 for section in event.sections.all()}
    for letter in event.teams.active().values_list("section__letter", flat=True):
        if letter in sizes:
            sizes[letter] += 1
    return sizes


def seating_groups(event: Event) -> list[tuple[Section | None, list[Team], list[Table]]]:
    """What each movement seats, in order: (section, its active teams by number, its tables by number);
    one group of every team and table, with no section, for an event in one room."""
    teams = list(event.teams.active().order_by("number"))
    tables = list(event.tables.order_by("number"))
    sections = list(event.sections.all())
    if not sections:
        return [(None, teams, tables)]
    if unplaced := [team.name for team in teams if team.section_id is None]:
        raise TournamentError(_("Not in a section yet: %(teams)s. Divide the teams into sections again.")
                              % {"teams": ", ".join(unplaced[:5])})
    return [(section, [t for t in teams if t.section_id == section.pk],
             [t for t in tables if t.section_id == section.pk]) for section in sections]


def sections_behind(event: Event) -> list[Section]:
    """The sections at the earliest game, which the director's "next game" moves on together; [] for an
    event without sections."""
    sections = list(event.sections.annotate(latest=models.Max("rounds__number")))
    earliest = min((section.latest or 0 for section in sections), default=0)
    return [section for section in sections if (section.latest or 0) == earliest]
