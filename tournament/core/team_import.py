"""Reading a team list from CSV: every bad line is reported, and nothing is imported until all are good.

Directors bring lists from spreadsheets, so the reader is forgiving about the shape (a header row or
not, commas, semicolons or tabs, a byte-order mark, Windows encodings) and strict about the content.
"""

import csv
import io
import re
from dataclasses import dataclass, field

NAME_MAX = 100
SEED_MAX = 9999
HEADER_ALIASES = {
    "player1": "player1", "player 1": "player1", "player_1": "player1", "first player": "player1",
    "player2": "player2", "player 2": "player2", "player_2": "player2", "second player": "player2",
    "club": "club", "seed": "seed",
}
COLUMNS = ("player1", "player2", "club", "seed")
MAX_BYTES = 1_000_000


@dataclass
class TeamRow:
    line: int
    player1: str
    player2: str
    club: str = ""
    seed: int | None = None


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
    """UTF-8 (with or without a BOM) first; Windows-1252 is what Excel on Windows writes."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def parse_team_csv(text: str, existing_names: set[frozenset[str]] = frozenset(),
                   existing_seeds: set[int] = frozenset()) -> ImportReport:
    """Check every line; the report holds either clean rows or every error with its line number."""
    report = ImportReport()
    if len(text.encode("utf-8", errors="ignore")) > MAX_BYTES:
        report.errors.append("The file is larger than 1 MB; a team list is much smaller. Check the file.")
        return report
    lines = text.splitlines()
    dialect = _sniff(text)
    reader = csv.reader(io.StringIO("\n".join(lines)), dialect)
    columns = COLUMNS
    seen_names: dict[frozenset[str], int] = {}
    seen_seeds: dict[int, int] = {}
    for line_number, cells in _numbered_rows(reader, report):
        cells = [cell.strip() for cell in cells]
        if not any(cells):
            continue
        if line_number == 1 and _is_header(cells):
            columns, problem = _header_columns(cells)
            if problem:
                report.errors.append(f"Line 1: {problem}")
                return report
            continue
        row, problems = _read_row(line_number, cells, columns)
        for problem in problems:
            report.errors.append(f"Line {line_number}: {problem}")
        if row is None:
            continue
        key = team_key(row.player1, row.player2)
        if key in seen_names:
            report.errors.append(
                f"Line {line_number}: {row.player1} and {row.player2} are already listed on line "
                f"{seen_names[key]}."
            )
        elif key in existing_names:
            report.errors.append(
                f"Line {line_number}: {row.player1} and {row.player2} are already a team in this event."
            )
        seen_names.setdefault(key, line_number)
        if row.seed is not None:
            if row.seed in seen_seeds:
                report.errors.append(
                    f"Line {line_number}: seed {row.seed} is already given on line {seen_seeds[row.seed]}."
                )
            elif row.seed in existing_seeds:
                report.errors.append(f"Line {line_number}: seed {row.seed} is already given to a team.")
            seen_seeds.setdefault(row.seed, line_number)
        if not problems:
            report.rows.append(row)
    if not report.rows and not report.errors:
        report.errors.append("The file has no teams in it.")
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


def _sniff(text: str):
    sample = "\n".join(text.splitlines()[:20])
    try:
        return csv.Sniffer().sniff(sample, delimiters=",;\t")
    except csv.Error:
        return csv.excel


HEADER_WORDS = ("player", "name", "partner", "team", "seed", "club")


def _is_header(cells: list[str]) -> bool:
    """A first line of column titles, ours or a spreadsheet's ('Name', 'Partner'), is not a team.

    Every filled cell must look like a title, so a team from a club called 'Club Canasta' is a team."""
    filled = [cell.casefold() for cell in cells if cell]
    return bool(filled) and all(c in HEADER_ALIASES or c.startswith(HEADER_WORDS) for c in filled)


def _header_columns(cells: list[str]) -> tuple[tuple[str, ...], str | None]:
    columns = []
    for cell in cells:
        name = HEADER_ALIASES.get(cell.casefold())
        if name is None:
            return (), (
                f"the column '{cell}' is not one we know; use player1, player2, club and seed."
            )
        columns.append(name)
    if "player1" not in columns or "player2" not in columns:
        return (), "the header must name the columns player1 and player2."
    return tuple(columns), None


def _unprintable(text: str) -> bool:
    return any(ord(char) < 32 or ord(char) == 127 for char in text)


def _read_row(line: int, cells: list[str], columns: tuple[str, ...]) -> tuple[TeamRow | None, list[str]]:
    problems = []
    if len(cells) < 2:
        return None, ["a team needs two players, separated by a comma."]
    if len(cells) > len(columns):
        extra = len(cells) - len(columns)
        if any(cells[len(columns):]):
            return None, [
                f"{len(cells)} columns where at most {len(columns)} are expected "
                f"({', '.join(columns)}); {extra} too many."
            ]
    if any(_unprintable(cell) for cell in cells):
        return None, ["a name contains a line break or another character that cannot be stored; retype it."]
    values = dict(zip(columns, cells, strict=False))
    player1, player2 = values.get("player1", ""), values.get("player2", "")
    for label, name in (("first", player1), ("second", player2)):
        if not name:
            problems.append(f"the {label} player's name is empty.")
        elif len(name) > NAME_MAX:
            problems.append(f"the {label} player's name is longer than {NAME_MAX} characters.")
    if player1 and player2 and player1.casefold() == player2.casefold():
        problems.append(f"both players are called {player1}; a team is two different players.")
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
    return TeamRow(line, player1, player2, club, seed), problems
