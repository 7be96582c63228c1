"""A score sheet as typed objects, and the parser that turns a JSON document into one.

The parser walks plain dicts and lists (no schema library: a sheet is parsed tens of thousands of times a
second in the benchmark) and collects *every* problem with its JSON path, so a scorekeeper typing a sheet
by hand sees all typos at once. The format is fixed by score-sheet-format.md: an unknown field, a missing
required field, a wrong type or a value out of range makes the document malformed and no checks run.

Optional fields of the sheet and of a team's line (`options`, `teams`, `final`, `winner`, `total`,
`cumulative`, `meld_requirement`, `details`) may also be `null`, which means "not written". Inside
`details`, a missing field means zero, false or none, as the format says.
"""

import json
import re
import sys
from dataclasses import dataclass

from rules.registry import find_ruleset, ruleset_names
from rules.violations import Problem
from rules.words import describe_value, either, key_text, points, quoted, team_name

FORMAT = "canasta-td/score-sheet@1"
TEAMS = ("ns", "ew")
WINNERS = ("ns", "ew", "tie")
MELD_REQUIREMENTS = (125, 155, 180)

# Scores as written are whole numbers; this bound only keeps absurd input out of messages and arithmetic.
NUMBER_LIMIT = 9_999_999
TEAM_LABEL_LIMIT = 200

# A marker key that the JSON reader adds to an object whose text repeats a field name.
DUPLICATE_MARK = "\x00duplicate-fields"


@dataclass(slots=True)
class Details:
    """What a team's base is made of in one hand; field meanings as in score-sheet-format.md."""

    red_threes: int = 0
    black_threes: int = 0
    pure_canastas: int = 0
    mixed_canastas: int = 0
    sevens_canasta: bool = False
    aces_canasta: bool = False
    wild_canasta: str | None = None
    went_out: bool = False
    special_hand: str | None = None
    incomplete_sevens: bool = False
    incomplete_aces: bool = False
    incomplete_wilds: str | None = None
    stuck_aces: int = 0
    stuck_sevens: int = 0
    table_points: int | None = None  # None: not counted separately
    hand_points: int | None = None


@dataclass(slots=True)
class TeamLine:
    """One team's line in one hand, as written. None means the field was not written."""

    base: int
    count: int
    total: int | None = None
    cumulative: int | None = None
    meld_requirement: int | None = None
    details: Details | None = None


@dataclass(slots=True)
class Hand:
    ns: TeamLine
    ew: TeamLine


@dataclass(slots=True)
class Sheet:
    """A well-formed sheet. `options` is the rule set's resolved options object (defaults filled in)."""

    ruleset: str
    options: object
    hands: list[Hand]
    teams: dict
    final: dict | None = None
    winner: str | None = None


# --- field specifications -------------------------------------------------------------------------------
# kind, then for INT the bounds, for CHOICE the allowed strings (None is always allowed for CHOICE).
_INT, _BOOL, _CHOICE = 0, 1, 2

DETAIL_FIELDS = {
    "red_threes": (_INT, 0, 4),
    "black_threes": (_INT, 0, 4),
    "pure_canastas": (_INT, 0, NUMBER_LIMIT),
    "mixed_canastas": (_INT, 0, NUMBER_LIMIT),
    "sevens_canasta": (_BOOL,),
    "aces_canasta": (_BOOL,),
    "wild_canasta": (_CHOICE, ("all_deuces", "four_jokers", "mixed")),
    "went_out": (_BOOL,),
    "special_hand": (_CHOICE, ("pairs", "pairs_natural", "garbage", "straight")),
    "incomplete_sevens": (_BOOL,),
    "incomplete_aces": (_BOOL,),
    "incomplete_wilds": (_CHOICE, ("four_jokers", "other")),
    "stuck_aces": (_INT, 0, 2),
    "stuck_sevens": (_INT, 0, 2),
    "table_points": (_INT, 0, NUMBER_LIMIT),
    "hand_points": (_INT, 0, NUMBER_LIMIT),
}
LINE_FIELDS = ("base", "count", "total", "cumulative", "meld_requirement", "details")
TOP_FIELDS = ("format", "ruleset", "options", "teams", "hands", "final", "winner")

# Words for a field in messages about its value.
FIELD_WORDS = {
    "base": "the base",
    "count": "the count",
    "total": "the total",
    "cumulative": "the running total (cumulative)",
    "meld_requirement": "the meld requirement",
}


# --- reading text ----------------------------------------------------------------------------------------
def _pairs_to_object(pairs: list) -> dict:
    """json object hook: a dict, marking field names that the text repeats (the last would silently win)."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen, repeated = set(), []
        for key, _ in pairs:
            if key in seen and key not in repeated:
                repeated.append(key)
            seen.add(key)
        obj[DUPLICATE_MARK] = repeated
    return obj


class _NotJsonConstant(ValueError):
    """NaN, Infinity or -Infinity in the text: Python's reader accepts them, JSON does not."""


def _reject_constant(name: str) -> None:
    raise _NotJsonConstant(name)


def _too_long_number(text: str) -> str:
    """The message for a number too long for Python to read (more digits than its conversion limit)."""
    found = re.search(rf"\d{{{sys.get_int_max_str_digits() + 1},}}", text)
    if found is None:
        return "The text has a number far too long to be a score; a score has at most 7 digits."
    line = text.count("\n", 0, found.start()) + 1
    column = found.start() - (text.rfind("\n", 0, found.start()) + 1) + 1
    return (f"The number at line {line}, column {column} is far too long to be a score "
            f"({points(len(found.group()))} digits); a score has at most 7 digits.")


def read_json(text: str | bytes | bytearray) -> tuple[object, list[Problem]]:
    """Parse JSON text; a problem in plain words (with line and column) instead of an exception."""
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError:
            return None, [Problem("$", "The text is not readable: save the sheet as UTF-8 and try again.")]
    if not text.strip():
        return None, [Problem("$", "The text is empty: paste or type a score sheet.")]
    try:
        return json.loads(text, object_pairs_hook=_pairs_to_object, parse_constant=_reject_constant), []
    except json.JSONDecodeError as exc:
        message = (f"The text is not a valid JSON document: the problem is at line {exc.lineno}, "
                   f"column {exc.colno} (look for a missing comma, quote or bracket).")
        return None, [Problem("$", message)]
    except _NotJsonConstant as exc:
        return None, [Problem("$", f"The text is not a valid JSON document: it uses {exc.args[0]}, which "
                                   "JSON does not allow; write a number instead.")]
    except RecursionError:
        return None, [Problem("$", "The text is not a valid JSON document: its brackets nest too deeply.")]
    except ValueError:  # the one other ValueError json.loads raises: an integer too long to convert
        return None, [Problem("$", _too_long_number(text))]


# --- problems --------------------------------------------------------------------------------------------
class _Place:
    """Where the parser is: the JSON path and the words that start a message about it."""

    __slots__ = ("path", "words")

    def __init__(self, path: str, words: str):
        self.path = path
        self.words = words

    def say(self, text: str) -> str:
        return f"{self.words}: {text}" if self.words else text[:1].upper() + text[1:]


_SHEET = _Place("$", "")
_TOP_KEYS = frozenset(TOP_FIELDS)
_TEAM_KEYS = frozenset(TEAMS)


def _field_path(place: _Place, key: object) -> str:
    if isinstance(key, str) and key.isidentifier():
        return f"{place.path}.{key}"
    return f"{place.path}[{json.dumps(key if isinstance(key, str) else str(key))}]"


def _unknown_fields(raw: dict, known, place: _Place, what: str, problems: list[Problem]) -> None:
    """Report each field that the format does not list, and each field the text repeats."""
    for key in raw:
        if key in known:
            continue
        if key == DUPLICATE_MARK:
            for name in raw[key]:
                problems.append(Problem(_field_path(place, name), place.say(
                    f"the field {key_text(name)} is written more than once; keep only one.")))
            continue
        allowed = either([f'"{name}"' for name in known], "and")
        problems.append(Problem(_field_path(place, key), place.say(
            f"there is no field {key_text(key)} in {what}; check the spelling (the fields are {allowed}).")))


def _missing(place: _Place, key: str, what: str, problems: list[Problem]) -> None:
    problems.append(Problem(f"{place.path}.{key}", place.say(f'the field "{key}" is missing; {what}.')))


def _wrong(place: _Place, key: str, expected: str, value: object, problems: list[Problem]) -> None:
    problems.append(Problem(f"{place.path}.{key}", place.say(
        f'{"" if place.words else "the field "}"{key}" must be {expected}, not {describe_value(value)}.')))


def _whole_number(raw: dict, key: str, place: _Place, problems: list[Problem], lo: int = -NUMBER_LIMIT,
                  hi: int = NUMBER_LIMIT) -> int | None:
    """raw[key] as an int within [lo, hi], or None after recording the problem."""
    value = raw[key]
    if type(value) is int and lo <= value <= hi:
        return value
    if type(value) is int:
        _wrong(place, key, f"between {points(lo)} and {points(hi)}", value, problems)
    else:
        _wrong(place, key, "a whole number", value, problems)
    return None


# --- details ---------------------------------------------------------------------------------------------
# The same specification for the fast path: (low, high) for a number, True for true/false, the set of
# allowed strings for a choice.
_DETAIL_FAST = {
    key: (spec[1], spec[2]) if spec[0] == _INT else True if spec[0] == _BOOL else frozenset(spec[1])
    for key, spec in DETAIL_FIELDS.items()
}


def _details_fast(raw: dict) -> Details | None:
    """Details when every field is known and in range (the common case); None to take the slow path."""
    for key, value in raw.items():
        spec = _DETAIL_FAST.get(key)
        if spec is True:
            if value is True or value is False:
                continue
        elif type(spec) is tuple:
            if type(value) is int and spec[0] <= value <= spec[1]:
                continue
        elif spec is not None and (value is None or (type(value) is str and value in spec)):
            continue
        return None
    return Details(**raw)


def _details_problem(key: str, spec: tuple, value: object, place: _Place, problems: list[Problem]) -> None:
    kind = spec[0]
    if kind == _INT:
        if type(value) is int:
            limit = f"between {spec[1]} and {spec[2]}" if spec[2] < NUMBER_LIMIT else f"from 0 to {points(spec[2])}"
            _wrong(place, key, f"a whole number {limit}", value, problems)
        else:
            _wrong(place, key, "a whole number", value, problems)
    elif kind == _BOOL:
        _wrong(place, key, "true or false", value, problems)
    else:
        choices = either([*spec[1], "null"])
        _wrong(place, key, f"one of {choices}", value, problems)


def parse_details(raw: object, place: _Place, problems: list[Problem]) -> Details | None:
    """The `details` object of a team's line; None after recording a problem for each bad field."""
    if type(raw) is dict:
        details = _details_fast(raw)
        if details is not None:
            return details
    else:
        problems.append(Problem(place.path, place.say(
            f"the details must be a group of fields, not {describe_value(raw)}.")))
        return None
    for key, value in raw.items():
        spec = DETAIL_FIELDS.get(key)
        if spec is not None and _details_fast({key: value}) is None:
            _details_problem(key, spec, value, place, problems)
    _unknown_fields(raw, DETAIL_FIELDS, place, "the details", problems)
    return None


# --- a team's line, a hand -------------------------------------------------------------------------------
_LINE_KEYS = frozenset(LINE_FIELDS)
_MELD_SET = frozenset(MELD_REQUIREMENTS)
_LOW, _HIGH = -NUMBER_LIMIT, NUMBER_LIMIT


def _line_fast(raw: dict) -> TeamLine | None:
    """The line when everything in it is well formed (the common case); None to take the slow path."""
    base, count = raw.get("base"), raw.get("count")
    if not (type(base) is int and type(count) is int and _LOW <= base <= _HIGH and _LOW <= count <= _HIGH
            and raw.keys() <= _LINE_KEYS):
        return None
    get = raw.get
    total, cumulative, meld, details = get("total"), get("cumulative"), get("meld_requirement"), get("details")
    if not ((total is None or (type(total) is int and _LOW <= total <= _HIGH))
            and (cumulative is None or (type(cumulative) is int and _LOW <= cumulative <= _HIGH))
            and (meld is None or (type(meld) is int and meld in _MELD_SET))):
        return None
    if details is not None:
        if type(details) is not dict:
            return None
        details = _details_fast(details)
        if details is None:
            return None
    return TeamLine(base, count, total, cumulative, meld, details)


def _line_problems(raw: dict, path: str, place: _Place, problems: list[Problem]) -> None:
    """Every problem of a line the fast path refused."""
    if "base" in raw:
        _whole_number(raw, "base", place, problems)
    else:
        _missing(place, "base", "every team's line needs its base", problems)
    if "count" in raw:
        _whole_number(raw, "count", place, problems)
    else:
        _missing(place, "count", "every team's line needs its count", problems)
    for key in ("total", "cumulative"):
        if raw.get(key) is not None:
            _whole_number(raw, key, place, problems)
    meld = raw.get("meld_requirement")
    if meld is not None and (type(meld) is not int or meld not in _MELD_SET):
        _wrong(place, "meld_requirement", "125, 155 or 180", meld, problems)
    if raw.get("details") is not None:
        details_place = _Place(f"{path}.details", f"{place.words}, details")
        parse_details(raw["details"], details_place, problems)
    _unknown_fields(raw, LINE_FIELDS, place, "a team's line", problems)


def parse_line(raw: object, hand_index: int, team: str, problems: list[Problem]) -> TeamLine | None:
    """One team's line; None after recording every problem in it."""
    if type(raw) is dict:
        line = _line_fast(raw)
        if line is not None:
            return line
    path = f"$.hands[{hand_index}].{team}"
    place = _Place(path, f"Hand {hand_index + 1}, {team_name(team)}")
    if type(raw) is not dict:
        problems.append(Problem(path, place.say(
            f"the team's line must be a group of fields (base, count, ...), not {describe_value(raw)}.")))
    else:
        _line_problems(raw, path, place, problems)
    return None


def _hand_problems(hand: object, index: int, problems: list[Problem]) -> None:
    """The problems of a hand that is not exactly {"ns": line, "ew": line}."""
    place = _Place(f"$.hands[{index}]", f"Hand {index + 1}")
    if type(hand) is not dict:
        problems.append(Problem(place.path, place.say(
            f'a hand must be a group of two lines, "ns" and "ew", not {describe_value(hand)}.')))
        return
    for team in TEAMS:
        if team in hand:
            parse_line(hand[team], index, team, problems)
        else:
            problems.append(Problem(f"{place.path}.{team}", place.say(
                f'the line for {team_name(team)} ("{team}") is missing.')))
    _unknown_fields(hand, TEAMS, place, "a hand", problems)


def parse_hands(raw: object, problems: list[Problem]) -> list[Hand]:
    """The hands in the order played; lines with problems are left out (the sheet is then malformed)."""
    if type(raw) is not list:
        problems.append(Problem("$.hands", f'The field "hands" must be a list of hands, not {describe_value(raw)}.'))
        return []
    hands = []
    for index, hand in enumerate(raw):
        if type(hand) is dict and len(hand) == 2 and "ns" in hand and "ew" in hand:
            ns = parse_line(hand["ns"], index, "ns", problems)
            ew = parse_line(hand["ew"], index, "ew", problems)
            if ns is not None and ew is not None:
                hands.append(Hand(ns, ew))
        else:
            _hand_problems(hand, index, problems)
    return hands


# --- the sheet -------------------------------------------------------------------------------------------
def _parse_teams(raw: object, problems: list[Problem]) -> dict:
    place = _Place("$.teams", "In the team names")
    if type(raw) is not dict:
        problems.append(Problem(place.path, f'The field "teams" must be a group of fields, not {describe_value(raw)}.'))
        return {}
    for team in TEAMS:
        label = raw.get(team)
        if label is not None and (type(label) is not str or len(label) > TEAM_LABEL_LIMIT):
            _wrong(place, team, f"text of at most {TEAM_LABEL_LIMIT} characters", label, problems)
    if not raw.keys() <= _TEAM_KEYS:
        _unknown_fields(raw, TEAMS, place, "the team names", problems)
    return {team: raw[team] for team in TEAMS if raw.get(team) is not None}


def _parse_final(raw: object, problems: list[Problem]) -> dict | None:
    place = _Place("$.final", "In the final totals")
    if type(raw) is not dict:
        problems.append(Problem(place.path, f'The field "final" must be a group of two totals, "ns" and "ew", '
                                            f"not {describe_value(raw)}."))
        return None
    final = {}
    for team in TEAMS:
        if team in raw:
            final[team] = _whole_number(raw, team, place, problems)
        else:
            _missing(place, team, f"the final totals need both teams, {team_name(team)} included", problems)
    if not raw.keys() <= _TEAM_KEYS:
        _unknown_fields(raw, TEAMS, place, "the final totals", problems)
    return final


def _parse_ruleset(document: dict, problems: list[Problem]):
    """The rule set named by the sheet, and its options resolved; (None, None) after a problem."""
    name = document["ruleset"]
    if type(name) is not str:
        _wrong(_SHEET, "ruleset", "the name of a rule set, such as \"nvso\"", name, problems)
        return None, None
    ruleset = find_ruleset(name)
    if ruleset is None:
        known = either([f'"{known}"' for known in ruleset_names()])
        problems.append(Problem("$.ruleset", f"The rule set {quoted(name)} is not known; the known rule sets "
                                             f"are {known}."))
        return None, None
    raw = document.get("options")
    if raw is not None and type(raw) is not dict:
        _wrong(_SHEET, "options", "a group of option names and values", raw, problems)
        return ruleset, None
    if raw is not None and DUPLICATE_MARK in raw:
        _unknown_fields({DUPLICATE_MARK: raw[DUPLICATE_MARK]}, (), _Place("$.options", "In the options"),
                        "the options", problems)
        raw = {key: value for key, value in raw.items() if key != DUPLICATE_MARK}
    return ruleset, ruleset.parse_options(raw or None, problems)


def parse(document: object) -> tuple[Sheet | None, list[Problem]]:
    """A sheet from a parsed document (dict) or JSON text; (None, problems) when it is malformed."""
    if isinstance(document, str | bytes | bytearray):
        document, problems = read_json(document)
        if problems:
            return None, problems
    if type(document) is not dict:
        return None, [Problem("$", "A score sheet must be a JSON object, written between { and }, "
                                   f"not {describe_value(document)}.")]
    problems: list[Problem] = []
    if len(document) > len(TOP_FIELDS) or not document.keys() <= _TOP_KEYS:
        _unknown_fields(document, TOP_FIELDS, _SHEET, "a score sheet", problems)
    if "format" not in document:
        _missing(_SHEET, "format", f'a score sheet starts with "format": "{FORMAT}"', problems)
    elif document["format"] != FORMAT:
        _wrong(_SHEET, "format", f'"{FORMAT}"', document["format"], problems)
    ruleset = options = None
    if "ruleset" in document:
        ruleset, options = _parse_ruleset(document, problems)
    else:
        _missing(_SHEET, "ruleset", 'it names the rules the game was played by, such as "nvso"', problems)
    teams = {}
    if document.get("teams") is not None:
        teams = _parse_teams(document["teams"], problems)
    hands: list[Hand] = []
    if "hands" in document:
        hands = parse_hands(document["hands"], problems)
    else:
        _missing(_SHEET, "hands", "a score sheet lists the hands in the order played", problems)
    final = None
    if document.get("final") is not None:
        final = _parse_final(document["final"], problems)
    winner = document.get("winner")
    if winner is not None and (type(winner) is not str or winner not in WINNERS):
        _wrong(_SHEET, "winner", 'one of "ns", "ew" or "tie"', winner, problems)
    if problems:
        return None, problems
    return Sheet(ruleset.name, options, hands, teams, final, winner), []

