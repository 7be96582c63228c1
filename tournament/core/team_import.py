"""Reading a team list from CSV: every bad line is reported, and nothing is imported until all are good.

A game of single players (rules.room) imports a list of players the same way, with the same line-level
errors: one player a line (player, club, seed), no player twice, seeds once each (`PLAYERS`, the
`Shape` of its lines; teams are `TEAMS`). A player is stored as a team whose second player is blank.

Directors bring lists from spreadsheets, so the reader is forgiving about the shape and strict about the
content. The shape: commas, semicolons (what spreadsheets write in many European locales) or tabs (what a
paste from a spreadsheet gives); cells in quotes; a byte-order mark; UTF-8, UTF-16 or Windows-1252; a first
row of column titles, recognised by its names, whose unknown columns are refused by name. The content: two
different players a line, no team twice, seeds once each, and at most MAX_TEAMS teams an event, counting
the teams already there (the event's pages are built for a room of players, not for any file's length).
A file that is not text at all (a workbook, a picture) gets one sentence, never a line-by-line list.
"""

import csv
import io
import re
from dataclasses import dataclass, field

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

NAME_MAX = 100
SEED_MAX = 9999
# A room, not a file's length: at 500 teams (250 tables) the event page answers in about 0.3 s and weighs
# about 0.6 MB; 70,000 imported teams made it 17 s and 40 MB.
MAX_TEAMS = 500
MAX_BYTES = 1_000_000

# In English, as the callers that compare a report's sentence with them expect; `too_big` and `not_text`
# give them in the reader's language.
TOO_BIG = gettext_noop("The file is larger than 1 MB; a team list is much smaller. Check the file.")
NOT_TEXT = gettext_noop("This file is not a list of teams in text (it may be a workbook or a picture): save the "
                        "sheet from the spreadsheet as CSV and import that file.")


def too_big(players: bool = False) -> str:
    if players:
        return _("The file is larger than 1 MB; a player list is much smaller. Check the file.")
    return _(TOO_BIG)


def not_text(players: bool = False) -> str:
    if players:
        return _("This file is not a list of players in text (it may be a workbook or a picture): save the sheet "
                 "from the spreadsheet as CSV and import that file.")
    return _(NOT_TEXT)


HEADER_ALIASES = {
    "player1": "player1", "player 1": "player1", "player_1": "player1", "first player": "player1",
    "player2": "player2", "player 2": "player2", "player_2": "player2", "second player": "player2",
    "club": "club", "seed": "seed", "section": "section",
}
# The section (A, B ...) is for an event played in several rooms (docs/sections.md); blank otherwise.
COLUMNS = ("player1", "player2", "club", "seed", "section")
# The column names are the file's own words, in every language; the sentence around them is translated.
KNOWN_COLUMNS = gettext_lazy("use player1, player2, club, seed and section.")
# Words a spreadsheet's column titles start with; a first row made only of such titles is a header.
TITLE_WORDS = ("player", "name", "partner", "team", "seed", "club", "email", "e-mail", "mail", "phone",
               "first name", "last name", "surname", "rating", "city", "country", "section")
PLAYER_ALIASES = {
    "player": "player1", "name": "player1", "player name": "player1", "player_name": "player1",
    "club": "club", "seed": "seed",
}
SEPARATOR_WORDS = {"\t": gettext_lazy("a tab"), ";": gettext_lazy("a semicolon"), ",": gettext_lazy("a comma")}
SAMPLE_LINES = 50
BINARY_SIGNATURES = (b"PK\x03\x04", b"\xd0\xcf\x11\xe0", b"%PDF", b"\x89PNG", b"\xff\xd8\xff", b"GIF8")


@dataclass(frozen=True)
class Shape:
    """What a line of the list holds: a team of two, or a single player."""
    noun: str
    plural: str
    aliases: dict
    columns: tuple[str, ...]
    known: str
    must_name: str  # the header's required columns, in words


TEAMS = Shape("team", "teams", HEADER_ALIASES, COLUMNS, KNOWN_COLUMNS,
              gettext_lazy("the header must name the columns player1 and player2."))
PLAYERS = Shape("player", "players", PLAYER_ALIASES, ("player1", "club", "seed"),
                gettext_lazy("use player, club and seed."), gettext_lazy("the header must name the column player."))


@dataclass
class TeamRow:
    line: int
    player1: str
    player2: str
    club: str = ""
    seed: int | None = None
    section: str = ""


@dataclass
class ImportReport:
    rows: list[TeamRow] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors and bool(self.rows)


def team_key(player1: str, player2: str) -> frozenset[str]:
    """The same two players, in either order and any case, are the same team."""
    return frozenset((player1.casefold(), player2.casefold()))


def decode(data: bytes) -> str:
    """UTF-8 (with or without a BOM) first; UTF-16 when its BOM says so (Excel's "Unicode text");
    Windows-1252 is what Excel on Windows writes."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", errors="replace")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def read_team_file(data: bytes | str, *, existing_names: set[frozenset[str]] = frozenset(),
                   existing_seeds: set[int] = frozenset(), existing_teams: int = 0,
                   shape: Shape = TEAMS) -> ImportReport:
    """An uploaded file or pasted text, bounded in bytes and checked to be text before it is read as CSV."""
    size = len(data) if isinstance(data, bytes) else len(data.encode("utf-8", errors="replace"))
    if size > MAX_BYTES:
        return ImportReport(errors=[too_big(shape is PLAYERS)])
    if isinstance(data, bytes) and data.startswith(BINARY_SIGNATURES):
        return ImportReport(errors=[not_text(shape is PLAYERS)])
    text = decode(data) if isinstance(data, bytes) else data
    if _looks_binary(text):
        return ImportReport(errors=[not_text(shape is PLAYERS)])
    return parse_team_csv(text, existing_names, existing_seeds, existing_teams, shape)


def _looks_binary(text: str) -> bool:
    """Many characters no spreadsheet writes: junk bytes, or UTF-16 without its mark. A stray one in a
    name is left to the line's own message."""
    odd = sum(1 for char in text if (ord(char) < 32 and char not in "\t\r\n") or char in "\x7f\ufffd")
    return odd >= 8 and odd * 20 > len(text)


def parse_team_csv(text: str, existing_names: set[frozenset[str]] = frozenset(),
                   existing_seeds: set[int] = frozenset(), existing_teams: int = 0,
                   shape: Shape = TEAMS) -> ImportReport:
    """Check every line; the report holds either clean rows or every error with its line number."""
    report = ImportReport()
    text = "\n".join(text.splitlines())
    delimiter = _delimiter(text)
    reader = csv.reader(io.StringIO(text), delimiter=delimiter, skipinitialspace=True)
    columns = shape.columns
    first_row = True
    teams = existing_teams
    seen_names: dict[frozenset[str], int] = {}
    seen_seeds: dict[int, int] = {}
    for line_number, cells in _numbered_rows(reader, report):
        cells = [cell.strip() for cell in cells]
        if not any(cells):
            continue
        if first_row:
            first_row = False
            if _is_header(cells, shape.aliases):
                columns, problem = _header_columns(cells, shape)
                if problem:
                    report.errors.append(_line(line_number, problem))
                    return report
                continue
        teams += 1
        if teams > MAX_TEAMS:
            report.errors.append(_too_many(line_number, existing_teams, teams, shape))
            break
        reader_of = _read_player_row if shape is PLAYERS else _read_row
        row, problems = reader_of(line_number, cells, columns, delimiter)
        for problem in problems:
            report.errors.append(_line(line_number, problem))
        if row is None:
            continue
        key = team_key(row.player1, row.player2)
        names = {"line": line_number, "player1": row.player1, "player2": row.player2}
        if key in seen_names:
            listed = (_("Line %(line)s: %(player1)s and %(player2)s are already listed on line %(first)s.")
                      if row.player2 else _("Line %(line)s: %(player1)s is already listed on line %(first)s."))
            report.errors.append(listed % (names | {"first": seen_names[key]}))
        elif key in existing_names:
            if not row.player2:
                entered = (_("Line %(line)s: %(player1)s is already a player in this event.") if shape is PLAYERS
                           else _("Line %(line)s: %(player1)s is already a team in this event."))
            else:   # two names: a team's line (a single player's line has one)
                entered = _("Line %(line)s: %(player1)s and %(player2)s are already a team in this event.")
            report.errors.append(entered % names)
        seen_names.setdefault(key, line_number)
        if row.seed is not None:
            if row.seed in seen_seeds:
                report.errors.append(
                    _("Line %(line)s: seed %(seed)s is already given on line %(first)s.")
                    % {"line": line_number, "seed": row.seed, "first": seen_seeds[row.seed]}
                )
            elif row.seed in existing_seeds:
                given = (_("Line %(line)s: seed %(seed)s is already given to a player.") if shape is PLAYERS else
                         _("Line %(line)s: seed %(seed)s is already given to a team."))
                report.errors.append(given % {"line": line_number, "seed": row.seed})
            seen_seeds.setdefault(row.seed, line_number)
        if not problems:
            report.rows.append(row)
    if not report.rows and not report.errors:
        report.errors.append(_("The file has no players in it.") if shape is PLAYERS else
                             _("The file has no teams in it."))
    if without := [row.line for row in report.rows if not row.section] if any(r.section for r in report.rows) else []:
        report.errors.append(
            (_("Line %(line)s: no section; give every player a section, or none of them.") if shape is PLAYERS else
             _("Line %(line)s: no section; give every team a section, or none of them.")) % {"line": without[0]})
    if report.errors:
        report.rows = []
    return report


def _line(number: int, problem: str) -> str:
    """A line's problem, as the director reads it in the report: "Line 3: the seed ..."."""
    return _("Line %(line)s: %(problem)s") % {"line": number, "problem": problem}


def _too_many(line: int, existing: int, count: int, shape: Shape) -> str:
    """The line past the most an event holds, in one sentence (points-style numbers: 1,000)."""
    numbers = {"line": line, "most": number_format(MAX_TEAMS, force_grouping=True),
               "existing": number_format(existing, force_grouping=True),
               "count": number_format(count, force_grouping=True)}
    if shape is PLAYERS:
        if existing:
            return (_("Line %(line)s: an event holds at most %(most)s players (%(existing)s are in it already), "
                      "and this line would be player %(count)s.") % numbers)
        return _("Line %(line)s: an event holds at most %(most)s players, and this line would be player "
                 "%(count)s.") % numbers
    if existing:
        return (_("Line %(line)s: an event holds at most %(most)s teams (%(existing)s are in it already), and "
                  "this line would be team %(count)s.") % numbers)
    return _("Line %(line)s: an event holds at most %(most)s teams, and this line would be team %(count)s.") % numbers


def _numbered_rows(reader, report: ImportReport):
    """Rows with the number of the line they start on; a line the CSV reader cannot read is reported."""
    start = 1
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error:
            report.errors.append(_("Line %(line)s: this line cannot be read as CSV (a cell is too long or a quote "
                                   "is not closed).") % {"line": reader.line_num})
            return
        yield start, cells
        start = reader.line_num + 1


def _delimiter(text: str) -> str:
    """A tab, or else a semicolon, that separates cells on at least half of the first lines; else a comma.

    Names hold commas ("Smith, Ann") far more often than semicolons or tabs, so a comma alone says little.
    A candidate that leaves a quote where CSV allows none (`"Smith; Ann",Jones` read at its semicolon) is
    the wrong reading of that line, so a separator inside quotes does not count."""
    sample = [line for line in text.split("\n") if line.strip()][:SAMPLE_LINES]
    for delimiter in ("\t", ";"):
        split = wrong = 0
        for line in sample:
            try:
                cells = next(csv.reader([line], delimiter=delimiter, skipinitialspace=True, strict=True))
            except csv.Error:
                wrong += 1
                continue
            if any('"' in cell for cell in cells):
                wrong += 1
            elif len(cells) >= 2:
                split += 1
        if split > wrong and 2 * split >= len(sample):
            return delimiter
    return ","


def _is_header(cells: list[str], aliases: dict = HEADER_ALIASES) -> bool:
    """A first line of column titles, ours or a spreadsheet's ('Name', 'Partner', 'Email'), is not a team.

    It names one of our columns other than the club (no one is called 'player1'), or every filled cell
    looks like a title, so a team from a club called 'Club Canasta' is a team."""
    filled = [cell.casefold() for cell in cells if cell]
    if any(aliases.get(cell, "club") != "club" for cell in filled):
        return True
    return bool(filled) and all(cell in aliases or cell.startswith(TITLE_WORDS) for cell in filled)


def _header_columns(cells: list[str], shape: Shape = TEAMS) -> tuple[tuple[str, ...], str | None]:
    while cells and not cells[-1]:  # a spreadsheet's trailing separators
        cells = cells[:-1]
    unknown = [cell for cell in cells if cell and cell.casefold() not in shape.aliases]
    if len(unknown) == 1:
        return (), (_("the column '%(column)s' is not one we know; %(known)s")
                    % {"column": unknown[0], "known": shape.known})
    if unknown:
        return (), (_("the columns %(columns)s and '%(last)s' are not ones we know; %(known)s")
                    % {"columns": ", ".join(f"'{cell}'" for cell in unknown[:-1]), "last": unknown[-1],
                       "known": shape.known})
    if "" in cells:
        return (), (_("column %(column)s has no title; %(known)s")
                    % {"column": cells.index("") + 1, "known": shape.known})
    columns = [shape.aliases[cell.casefold()] for cell in cells]
    twice = next((name for name in columns if columns.count(name) > 1), None)
    if twice:
        return (), (_("the column %(column)s is named twice.")
                    % {"column": "player" if shape is PLAYERS and twice == "player1" else twice})
    if any(name not in columns for name in shape.columns if name.startswith("player")):
        return (), str(shape.must_name)
    return tuple(columns), None


def _unprintable(text: str) -> bool:
    return any(ord(char) < 32 or char == "\x7f" for char in text)


def _read_row(line: int, cells: list[str], columns: tuple[str, ...],
              delimiter: str = ",") -> tuple[TeamRow | None, list[str]]:
    problems = []
    if len(cells) < 2:
        return None, [_("a team needs two players, separated by %(separator)s.")
                      % {"separator": SEPARATOR_WORDS[delimiter]}]
    if len(cells) > len(columns):
        extra = len(cells) - len(columns)
        if any(cells[len(columns):]):
            return None, [
                _("%(cells)s columns where at most %(columns)s are expected (%(names)s); %(extra)s too many.")
                % {"cells": len(cells), "columns": len(columns), "names": ", ".join(columns), "extra": extra}
            ]
    if unreadable := _unreadable(cells):
        return None, unreadable
    values = dict(zip(columns, cells, strict=False))
    player1, player2 = values.get("player1", ""), values.get("player2", "")
    for first, name in ((True, player1), (False, player2)):
        if not name:
            problems.append(_("the first player's name is empty.") if first else
                            _("the second player's name is empty."))
        elif len(name) > NAME_MAX:
            problems.append((_("the first player's name is longer than %(most)s characters.") if first else
                             _("the second player's name is longer than %(most)s characters.")) % {"most": NAME_MAX})
    if player1 and player2 and player1.casefold() == player2.casefold():
        problems.append(_("both players are called %(name)s; a team is two different players.") % {"name": player1})
    club, seed = _club_and_seed(values, problems)
    section = values.get("section", "").upper()
    if section and not re.fullmatch(r"[A-Z]", section):
        problems.append(_("the section '%(section)s' is not a letter from A to Z.") % {"section": section[:20]})
    return TeamRow(line, player1, player2, club, seed, section), problems


def _unreadable(cells: list[str]) -> list[str]:
    """Why a line's names cannot be stored as they are ([] when they can)."""
    if any(_unprintable(cell) for cell in cells):
        return [_("a name contains a line break or another character that cannot be stored; retype it.")]
    if any("\ufffd" in cell for cell in cells):
        return [_("a name has a letter that could not be read; save the file as UTF-8 (in Excel: CSV UTF-8) and "
                  "import it again.")]
    return []


def _club_and_seed(values: dict, problems: list[str]) -> tuple[str, int | None]:
    club = values.get("club", "")
    if len(club) > NAME_MAX:
        problems.append(_("the club's name is longer than %(most)s characters.") % {"most": NAME_MAX})
    seed = None
    seed_text = values.get("seed", "")
    if seed_text:
        if re.fullmatch(r"[0-9]{1,4}", seed_text) and 1 <= int(seed_text) <= SEED_MAX:
            seed = int(seed_text)
        else:
            problems.append(_("the seed '%(seed)s' is not a whole number from 1 to %(most)s.")
                            % {"seed": seed_text[:20], "most": number_format(SEED_MAX, force_grouping=True)})
    return club, seed


def _read_player_row(line: int, cells: list[str], columns: tuple[str, ...],
                     delimiter: str = ",") -> tuple[TeamRow | None, list[str]]:
    """One single player a line: their name, then (optional) club and seed."""
    if len(cells) > len(columns) and any(cells[len(columns):]):
        named = ", ".join("player" if name == "player1" else name for name in columns)
        return None, [_("%(cells)s columns where at most %(columns)s are expected (%(names)s); %(extra)s too many.")
                      % {"cells": len(cells), "columns": len(columns), "names": named,
                         "extra": len(cells) - len(columns)}]
    if unreadable := _unreadable(cells):
        return None, unreadable
    values = dict(zip(columns, cells, strict=False))
    problems = []
    name = values.get("player1", "")
    if not name:
        problems.append(_("the player's name is empty."))
    elif len(name) > NAME_MAX:
        problems.append(_("the player's name is longer than %(most)s characters.") % {"most": NAME_MAX})
    club, seed = _club_and_seed(values, problems)
    return TeamRow(line, name, "", club, seed), problems
