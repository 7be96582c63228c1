"""Reading a standings file for the `pairing` command: JSON, or the director's standings CSV export.

The format is described in docs/pairing.md. Every refusal names the line (CSV, or JSON syntax) or the team
and field (JSON), so a director can fix the file; nothing is guessed. A file whose first character (after
a byte order mark and blanks) is "{" is JSON; anything else is read as CSV.
"""

import csv
import io
import json

from tournament.core.tiebreaks import LOSS, TIE, WIN, Entrant, Meeting

RESULTS = {"win": WIN, "w": WIN, "loss": LOSS, "l": LOSS, "tie": TIE, "t": TIE}
FIELDS = {"number", "name", "club", "wins", "ties", "points", "difference", "opponents", "had_bye"}
# Columns of the director's export that pairing does not use, accepted so that the export reads as it is.
IGNORED = {"rank", "played", "losses", "sit_outs", "buchholz", "median_buchholz"}
CSV_COLUMNS = {"team number": "number", "team": "name", "club": "club", "wins": "wins", "ties": "ties",
               "points": "points", "difference": "difference", "opponents": "opponents", "had bye": "had_bye"}
YES, NO = {"yes", "y", "true", "1"}, {"no", "n", "false", "0", ""}


class StandingsFileError(ValueError):
    pass


def read_standings(text: str) -> tuple[list[Entrant], str]:
    """The entrants of a standings file, and its kind ("json" or "csv")."""
    text = text.lstrip("\ufeff")
    if text.lstrip().startswith("{"):
        return parse_json(text), "json"
    return parse_csv(text), "csv"


def parse_json(text: str) -> list[Entrant]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise StandingsFileError(f"Line {error.lineno}, column {error.colno}: not valid JSON ({error.msg}).") from None
    if not isinstance(data, dict) or not isinstance(data.get("teams"), list):
        raise StandingsFileError('The file must be a JSON object with a list "teams": {"teams": [...]}.')
    entrants = [_json_team(i, team) for i, team in enumerate(data["teams"])]
    return check(entrants, [f"teams[{i}]" for i in range(len(entrants))])


def _json_team(i: int, team) -> Entrant:
    where = f"teams[{i}]"
    if not isinstance(team, dict):
        raise StandingsFileError(f"{where}: each team must be an object with at least a \"number\".")
    if "number" not in team:
        raise StandingsFileError(f"{where}: the field \"number\" is missing.")
    number = _whole(team["number"], f"{where}, field \"number\"", low=1)
    where = f"{where} (team {number})"
    unknown = sorted(set(team) - FIELDS - IGNORED)
    if unknown:
        raise StandingsFileError(
            f"{where}: unknown field \"{unknown[0]}\"; the fields are {', '.join(sorted(FIELDS))}.")
    for key in ("name", "club"):
        if not isinstance(team.get(key, ""), str):
            raise StandingsFileError(f"{where}, field \"{key}\": must be text.")
    if not isinstance(team.get("had_bye", False), bool):
        raise StandingsFileError(f"{where}, field \"had_bye\": must be true or false.")
    opponents = team.get("opponents", [])
    if not isinstance(opponents, list):
        raise StandingsFileError(f"{where}, field \"opponents\": must be a list of team numbers.")
    return Entrant(
        number=number, name=team.get("name", "").strip(), club=team.get("club", "").strip(),
        wins=_whole(team.get("wins", 0), f"{where}, field \"wins\"", low=0),
        ties=_whole(team.get("ties", 0), f"{where}, field \"ties\"", low=0),
        points=_whole(team.get("points", 0), f"{where}, field \"points\""),
        difference=_whole(team.get("difference", 0), f"{where}, field \"difference\""),
        meetings=tuple(_meeting(m, f"{where}, field \"opponents\"[{k}]") for k, m in enumerate(opponents)),
        had_bye=team.get("had_bye", False),
    )


def _meeting(value, where: str) -> Meeting:
    if isinstance(value, dict):
        if set(value) - {"team", "result"} or "team" not in value:
            raise StandingsFileError(f'{where}: an opponent is a number or {{"team": 7, "result": "win"}}.')
        result = value.get("result")
        if result is not None and (not isinstance(result, str) or result.lower() not in RESULTS):
            raise StandingsFileError(f'{where}: the result must be "win", "loss" or "tie".')
        return Meeting(_whole(value["team"], where, low=1), RESULTS[result.lower()] if result else None)
    return Meeting(_whole(value, where, low=1))


def _whole(value, where: str, low: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise StandingsFileError(f"{where}: must be a whole number, not {json.dumps(value)}.")
    if low is not None and value < low:
        raise StandingsFileError(f"{where}: must be {low} or more, not {value}.")
    return value


def parse_csv(text: str) -> list[Entrant]:
    """The director's standings export (`director_standings_csv`), with two optional columns of our own:
    "Opponents" (team numbers separated by spaces or semicolons) and "Had bye" (yes/no)."""
    rows = list(csv.reader(io.StringIO(text)))
    if not rows or not any(cell.strip() for cell in rows[0]):
        raise StandingsFileError("The file is empty: expected JSON, or the standings CSV with its header line.")
    header = [cell.strip().lower() for cell in rows[0]]
    if "team number" not in header:
        raise StandingsFileError('Line 1: the CSV header has no "Team number" column (is this the standings export?).')
    columns = {CSV_COLUMNS[name]: k for k, name in enumerate(header) if name in CSV_COLUMNS}
    entrants, places = [], []
    for line, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        entrants.append(_csv_team(line, row, columns))
        places.append(f"line {line}")
    return check(entrants, places)


def _csv_team(line: int, row: list[str], columns: dict[str, int]) -> Entrant:
    def cell(field: str) -> str:
        k = columns.get(field)
        return row[k].strip() if k is not None and k < len(row) else ""

    def whole(field: str, low: int | None = None) -> int:
        raw = cell(field) or "0"
        try:
            value = int(raw)
        except ValueError:
            raise StandingsFileError(f"Line {line}, column \"{field}\": must be a whole number, not {raw!r}.") from None
        if low is not None and value < low:
            raise StandingsFileError(f"Line {line}, column \"{field}\": must be {low} or more, not {value}.")
        return value

    if not cell("number"):
        raise StandingsFileError(f"Line {line}: the team number is missing.")
    meetings = []
    for token in cell("opponents").replace(";", " ").replace(",", " ").split():
        if not token.isdigit() or int(token) < 1:
            raise StandingsFileError(f"Line {line}, column \"Opponents\": {token!r} is not a team number.")
        meetings.append(Meeting(int(token)))
    bye = cell("had_bye").lower()
    if bye not in YES | NO:
        raise StandingsFileError(f"Line {line}, column \"Had bye\": write yes or no, not {bye!r}.")
    return Entrant(number=whole("number", low=1), name=_unsafe(cell("name")), club=_unsafe(cell("club")),
                   wins=whole("wins", 0), ties=whole("ties", 0), points=whole("points"),
                   difference=whole("difference"), meetings=tuple(meetings), had_bye=bye in YES)


def _unsafe(text: str) -> str:
    """Undo the quote the export puts before a name a spreadsheet could take for a formula."""
    return text[1:] if text[:1] == "'" and text[1:2] in ("=", "+", "-", "@", "\t", "\r") else text


def check(entrants: list[Entrant], places: list[str]) -> list[Entrant]:
    """Refuse what no pairing can be made from: too few teams, a number twice, an unknown or own opponent."""
    if len(entrants) < 2:
        raise StandingsFileError("A round needs at least 2 teams; the file has "
                                 f"{len(entrants)}.")
    seen = {}
    for place, e in zip(places, entrants, strict=True):
        if e.number in seen:
            raise StandingsFileError(f"{place}: team number {e.number} is already used at {seen[e.number]}.")
        seen[e.number] = place
    for place, e in zip(places, entrants, strict=True):
        for m in e.meetings:
            if m.opponent == e.number:
                raise StandingsFileError(f"{place}: team {e.number} lists itself as an opponent.")
            if m.opponent not in seen:
                raise StandingsFileError(f"{place}: team {e.number}'s opponent {m.opponent} is not in the file.")
    return entrants
