"""Score sheets on paper: the fallback when a table's device fails, the same sheet as the screen's.

A printed sheet asks what the table's page asks, field by field, from the same description of a team's
line (`rules.registry.line_description`: the asked fields, in the form's order, with their words), so a
rule set's paper changes with its form and nobody copies its fields. The hands are the game's own number
when its rules fix it (`validation.hands_asked`: NVSO's 3 by hand), else `OPEN_HANDS` boxes and a note to
go on over a second sheet. Each hand's initial meld is printed where the rules fix it in advance, and its
rule in words where it follows the running total (the rule set's optional `meld_guide`).

The sheet's form is the event's (one for every table); the tables' sheets of a game are read in one
query, whatever the number of tables.
"""

from dataclasses import dataclass

from django.utils.translation import get_language, gettext_lazy

from rules.language import speaking
from rules.registry import find_ruleset, line_description
from tournament.core.models import Event, Game, Round

from .validation import effective_document, hands_asked

OPEN_HANDS = 4        # boxes printed when the game ends at a score rather than after a number of hands
HANDS_A_PAGE = 4      # hand columns an A4 portrait page holds in big type (two teams each)
TOTALS = ("total", "cumulative")
TOTAL_WORDS = {"total": gettext_lazy("Total this hand"), "cumulative": gettext_lazy("Running total")}


@dataclass(frozen=True)
class Row:
    """One line of the sheet: a field a team writes in each hand."""

    name: str
    label: str
    kind: str              # "whole_number", "yes_no" or "choice" (as the rules describe it), or "total"
    choices: str = ""      # a choice's values in words, for the players to pick from on paper


@dataclass(frozen=True)
class Hand:
    number: int
    meld: int | None       # the initial-meld minimum printed in the hand's boxes; None: the team writes it


@dataclass(frozen=True)
class SheetForm:
    """What every sheet of the event asks: its rows, its hands (in pages of `HANDS_A_PAGE`), the meld."""

    rows: tuple[Row, ...]
    pages: tuple[tuple[Hand, ...], ...]
    meld_rule: str          # "" when the game has no initial-meld minimum
    shows_meld: bool        # a row of initial-meld minimums heads the hands
    open_ended: bool        # the game ends at a score: more hands go on a second sheet

    @property
    def has_yes_no(self) -> bool:
        return any(row.kind == "yes_no" for row in self.rows)

    @property
    def hands(self) -> int:
        return sum(len(page) for page in self.pages)


@dataclass(frozen=True)
class PaperSheet:
    """One table's sheet for one game."""

    game: int
    table: int
    ns_number: int
    ns_name: str
    ew_number: int
    ew_name: str


def rows_of(line: list[dict]) -> tuple[Row, ...]:
    """The fields the table's form asks, then the totals it works out on screen, which paper writes."""
    rows = [Row(field["name"], field["label"], field["kind"],
                " · ".join(choice["label"] for choice in field.get("choices", ())))
            for field in line if field["asked"] and field["name"] not in TOTALS]
    labels = {field["name"]: field["label"] for field in line}
    names = {row.name for row in rows}
    for name in TOTALS:
        if name in labels or (name == "total" and {"base", "count"} <= names) or name == "cumulative":
            rows.append(Row(name, labels.get(name, str(TOTAL_WORDS[name])), "total"))
    return tuple(rows)


def sheet_form(event: Event) -> SheetForm:
    """The event's sheet under its rules and options (the event's, as a table's sheet is checked)."""
    ruleset = find_ruleset(event.ruleset)
    fixed = hands_asked(event)
    count = fixed or OPEN_HANDS
    guide = _meld_guide(ruleset, event, count)
    melds = guide["hands"] if guide else [None] * count
    hands = [Hand(n, melds[n - 1]) for n in range(1, count + 1)]
    pages = tuple(tuple(hands[i:i + HANDS_A_PAGE]) for i in range(0, count, HANDS_A_PAGE))
    return SheetForm(rows=rows_of(line_description(event.ruleset, get_language()) or []), pages=pages,
                     meld_rule=guide["rule"] if guide else "", shows_meld=guide is not None,
                     open_ended=fixed is None)


def _meld_guide(ruleset, event: Event, hands: int) -> dict | None:
    give = getattr(ruleset, "meld_guide", None)
    if give is None:
        return None
    options = ruleset.parse_options(effective_document(event, {})["options"], [])
    if options is None:
        return None
    with speaking(get_language()):  # the rule's sentence in the page's language
        return give(options, hands)


def game_numbers(event: Event) -> list[int]:
    """The games seated so far, for the links from one game's sheets to another's."""
    return list(Round.objects.filter(event=event).order_by("number").values_list("number", flat=True))


def paper_sheets(event: Event, game: int, table: int | None = None) -> list[PaperSheet]:
    """The sheets of game `game` (one table's when `table` is given), in table order: one query. A table
    where a team sits out has no sheet."""
    games = (Game.objects.filter(round__event=event, round__number=game, ns_team__isnull=False,
                                 ew_team__isnull=False)
             .select_related("table", "ns_team", "ew_team").order_by("table__number"))
    if table is not None:
        games = games.filter(table__number=table)
    return [PaperSheet(game, g.table.number, g.ns_team.number, g.ns_team.name, g.ew_team.number, g.ew_team.name)
            for g in games]


def sit_outs(event: Event, game: int) -> list[tuple[int, str]]:
    """(table, team name) of each team without an opponent in the game: named under the sheets."""
    games = (Game.objects.filter(round__event=event, round__number=game, status=Game.Status.SIT_OUT)
             .select_related("table", "ns_team", "ew_team").order_by("table__number"))
    return [(g.table.number, (g.ns_team or g.ew_team).name) for g in games]
