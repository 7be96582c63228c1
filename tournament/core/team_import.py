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

NAME_MAX = 100
SEED_MAX = 9999
# A room, not a file's length: at 500 teams (250 tables) the event page answers in about 0.3 s and weighs
# about 0.6 MB; 70,000 imported teams made it 17 s and 40 MB.
MAX_TEAMS = 500
MAX_BYTES = 1_000_000
TOO_BIG_OF = "The file is larger than 1 MB; a {noun} list is much smaller. Check the file."
NOT_TEXT_OF = ("This file is not a list of {plural} in text (it may be a workbook or a picture): save the sheet "
               "from the spreadsheet as CSV and import that file.")
TOO_BIG = TOO_BIG_OF.format(noun="team")
NOT_TEXT = NOT_TEXT_OF.format(plural="teams")
HEADER_ALIASES = {
    "player1": "player1", "player 1": "player1", "player_1": "player1", "first player": "player1",
    "player2": "player2", "player 2": "player2", "player_2": "player2", "second player": "player2",
    "club": "club", "seed": "seed", "section": "section",
}
# The section (A, B ...) is for an event played in several rooms (docs/sections.md); blank otherwise.
COLUMNS = ("player1", "player2", "club", "seed", "section")
KNOWN_COLUMNS = "use player1, player2, club, seed and section."
# Words a spreadsheet's column titles start with; a first row made only of such titles is a header.
TITLE_WORDS = ("player", "name", "partner", "team", "seed", "club", "email", "e-mail", "mail", "phone",
               "first name", "last name", "surname", "rating", "city", "country", "section")
PLAYER_ALIASES = {
    "player": "player1", "name": "player1", "player name": "player1", "player_name": "player1",
    "club": "club", "seed": "seed",
}
SEPARATOR_WORDS = {"\t": "a tab", ";": "a semicolon", ",": "a comma"}
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
              "the header must name the columns player1 and player2.")
PLAYERS = Shape("player", "players", PLAYER_ALIASES, ("player1", "club", "seed"), "use player, club and seed.",
                "the header must name the column player.")


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
        return ImportReport(errors=[TOO_BIG_OF.format(noun=shape.noun)])
    not_text = NOT_TEXT_OF.format(plural=shape.plural)
    if isinstance(data, bytes) and data.startswith(BINARY_SIGNATURES):
        return ImportReport(errors=[not_text])
    text = decode(data) if isinstance(data, bytes) else data
    if _looks_binary(text):
        return ImportReport(errors=[not_text])
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
                    report.errors.append(f"Line {line_number}: {problem}")
                    return report
                continue
        teams += 1
        if teams > MAX_TEAMS:
            already = f" ({existing_teams:,} are in it already)" if existing_teams else ""
            report.errors.append(f"Line {line_number}: an event holds at most {MAX_TEAMS:,} {shape.plural}"
                                 f"{already}, and this line would be {shape.noun} {teams:,}.")
            break
        reader_of = _read_player_row if shape is PLAYERS else _read_row
        row, problems = reader_of(line_number, cells, columns, delimiter)
        for problem in problems:
            report.errors.append(f"Line {line_number}: {problem}")
        if row is None:
            continue
        key = team_key(row.player1, row.player2)
        who, are = (f"{row.player1} and {row.player2}", "are") if row.player2 else (row.player1, "is")
        if key in seen_names:
            report.errors.append(f"Line {line_number}: {who} {are} already listed on line {seen_names[key]}.")
        elif key in existing_names:
            report.errors.append(f"Line {line_number}: {who} {are} already a {shape.noun} in this event.")
        seen_names.setdefault(key, line_number)
        if row.seed is not None:
            if row.seed in seen_seeds:
                report.errors.append(
                    f"Line {line_number}: seed {row.seed} is already given on line {seen_seeds[row.seed]}."
                )
            elif row.seed in existing_seeds:
                report.errors.append(f"Line {line_number}: seed {row.seed} is already given to a {shape.noun}.")
            seen_seeds.setdefault(row.seed, line_number)
        if not problems:
            report.rows.append(row)
    if not report.rows and not report.errors:
        report.errors.append(f"The file has no {shape.plural} in it.")
    if without := [row.line for row in report.rows if not row.section] if any(r.section for r in report.rows) else []:
        report.errors.append(f"Line {without[0]}: no section; give every {shape.noun} a section, or none of them.")
    if report.errors:
        report.rows = []
    return report


def _numbered_rows(reader, report: ImportReport):
    """Rows with the number of the line they start on; a line the CSV reader cannot read is reported."""
    start = 1
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error:
            report.errors.append(f"Line {reader.line_num}: this line cannot be read as CSV (a cell is too long "
                                 "or a quote is not closed).")
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
        return (), f"the column '{unknown[0]}' is not one we know; {shape.known}"
    if unknown:
        names = ", ".join(f"'{cell}'" for cell in unknown[:-1]) + f" and '{unknown[-1]}'"
        return (), f"the columns {names} are not ones we know; {shape.known}"
    if "" in cells:
        return (), f"column {cells.index('') + 1} has no title; {shape.known}"
    columns = [shape.aliases[cell.casefold()] for cell in cells]
    twice = next((name for name in columns if columns.count(name) > 1), None)
    if twice:
        return (), f"the column {'player' if shape is PLAYERS and twice == 'player1' else twice} is named twice."
    if any(name not in columns for name in shape.columns if name.startswith("player")):
        return (), shape.must_name
    return tuple(columns), None


def _unprintable(text: str) -> bool:
    return any(ord(char) < 32 or char == "\x7f" for char in text)


def _read_row(line: int, cells: list[str], columns: tuple[str, ...],
              delimiter: str = ",") -> tuple[TeamRow | None, list[str]]:
    problems = []
    if len(cells) < 2:
        return None, [f"a team needs two players, separated by {SEPARATOR_WORDS[delimiter]}."]
    if len(cells) > len(columns):
        extra = len(cells) - len(columns)
        if any(cells[len(columns):]):
            return None, [
                f"{len(cells)} columns where at most {len(columns)} are expected "
                f"({', '.join(columns)}); {extra} too many."
            ]
    if unreadable := _unreadable(cells):
        return None, unreadable
    values = dict(zip(columns, cells, strict=False))
    player1, player2 = values.get("player1", ""), values.get("player2", "")
    for label, name in (("first", player1), ("second", player2)):
        if not name:
            problems.append(f"the {label} player's name is empty.")
        elif len(name) > NAME_MAX:
            problems.append(f"the {label} player's name is longer than {NAME_MAX} characters.")
    if player1 and player2 and player1.casefold() == player2.casefold():
        problems.append(f"both players are called {player1}; a team is two different players.")
    club, seed = _club_and_seed(values, problems)
    section = values.get("section", "").upper()
    if section and not re.fullmatch(r"[A-Z]", section):
        problems.append(f"the section '{section[:20]}' is not a letter from A to Z.")
    return TeamRow(line, player1, player2, club, seed, section), problems


def _unreadable(cells: list[str]) -> list[str]:
    """Why a line's names cannot be stored as they are ([] when they can)."""
    if any(_unprintable(cell) for cell in cells):
        return ["a name contains a line break or another character that cannot be stored; retype it."]
    if any("\ufffd" in cell for cell in cells):
        return ["a name has a letter that could not be read; save the file as UTF-8 (in Excel: CSV UTF-8) "
                "and import it again."]
    return []


def _club_and_seed(values: dict, problems: list[str]) -> tuple[str, int | None]:
    club = values.get("club", "")
    if len(club) > NAME_MAX:
        problems.append(f"the club's name is longer than {NAME_MAX} characters.")
    seed = None
    seed_text = values.get("seed", "")
    if seed_text:
        if re.fullmatch(r"[0-9]{1,4}", seed_text) and 1 <= int(seed_text) <= SEED_MAX:
            seed = int(seed_text)
        else:
            problems.append(f"the seed '{seed_text[:20]}' is not a whole number from 1 to {SEED_MAX:,}.")
    return club, seed


def _read_player_row(line: int, cells: list[str], columns: tuple[str, ...],
                     delimiter: str = ",") -> tuple[TeamRow | None, list[str]]:
    """One single player a line: their name, then (optional) club and seed."""
    if len(cells) > len(columns) and any(cells[len(columns):]):
        named = ", ".join("player" if name == "player1" else name for name in columns)
        return None, [f"{len(cells)} columns where at most {len(columns)} are expected ({named}); "
                      f"{len(cells) - len(columns)} too many."]
    if unreadable := _unreadable(cells):
        return None, unreadable
    values = dict(zip(columns, cells, strict=False))
    problems = []
    name = values.get("player1", "")
    if not name:
        problems.append("the player's name is empty.")
    elif len(name) > NAME_MAX:
        problems.append(f"the player's name is longer than {NAME_MAX} characters.")
    club, seed = _club_and_seed(values, problems)
    return TeamRow(line, name, "", club, seed), problems
