"""The parser that turns a JSON document into a score sheet's typed objects (fields.py).

The parser walks plain dicts and lists (no schema library: a sheet is parsed tens of thousands of times a
second in the benchmark) and collects *every* problem with its JSON path, so a scorekeeper typing a sheet
by hand sees all typos at once. The format is fixed by score-sheet-format.md: an unknown field, a missing
required field, a wrong type or a value out of range makes the document malformed and no checks run.

A sheet is read up to the most hands its rule set's game can have (the rule set's `hand_cap`, never more
than fields.HANDS_LIMIT); the hands after that are counted and not read, so a sheet of 100,000 hands costs
no more than one at the cap, and the rule set answers it with one violation.

Optional fields of the sheet and of a team's line (`options`, `teams`, `final`, `winner`, `total`,
`cumulative`, `meld_requirement`, `details`) may also be `null`, which means "not written". Inside
`details`, a missing field means zero, false or none, as the format says.
"""

import json

from rules.fields import (
    DETAIL_FIELDS,
    FORMAT,
    HANDS_LIMIT,
    LINE_FIELDS,
    MELD_REQUIREMENTS,
    NUMBER_LIMIT,
    TEAM_LABEL_LIMIT,
    TEAMS,
    TOP_FIELDS,
    WHOLE_NUMBER,
    WINNERS,
    YES_NO,
    Details,
    Hand,
    Sheet,
    TeamLine,
)
from rules.json_text import DUPLICATE_MARK, read_json
from rules.language import _
from rules.violations import Problem
from rules.words import describe_value, either, key_text, points, team_name, where

# The format's names, for the modules and tests that know them as rules.sheet's.
__all__ = [
    "DETAIL_FIELDS", "DUPLICATE_MARK", "FORMAT", "LINE_FIELDS", "MELD_REQUIREMENTS",
    "NUMBER_LIMIT", "TEAMS", "TEAM_LABEL_LIMIT", "TOP_FIELDS", "WINNERS", "Details", "Hand", "Sheet",
    "TeamLine", "parse_details", "parse_hands", "parse_line", "read_json",
]


# --- problems --------------------------------------------------------------------------------------------
class _Place:
    """Where the parser is: the JSON path and the words that start a message about it."""

    __slots__ = ("_words", "path")

    def __init__(self, path: str, words):
        self.path = path
        self._words = words  # the words, or a function that says them in the messages' language

    @property
    def words(self) -> str:
        words = self._words
        return words() if callable(words) else words

    def say(self, text: str) -> str:
        if self.words:
            return _("%(place)s: %(message)s") % {"place": self.words, "message": text}
        return text[:1].upper() + text[1:]


_SHEET = _Place("$", "")
_FINAL = _Place("$.final", lambda: _("In the final totals"))  # built once: most sheets write a final
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
            _repeated_fields(raw[key], place, problems)
            continue
        allowed = either([f'"{name}"' for name in known], "and")
        problems.append(Problem(_field_path(place, key), place.say(
            _("there is no field %(field)s in %(what)s; check the spelling (the fields are %(allowed)s).") % {
                "field": key_text(key), "what": what, "allowed": allowed})))


def _repeated_fields(names, place: _Place, problems: list[Problem]) -> None:
    """Report each field the text writes more than once (rules.json_text lists them under DUPLICATE_MARK)."""
    for name in names:
        problems.append(Problem(_field_path(place, name), place.say(
            _("the field %(field)s is written more than once; keep only one.") % {"field": key_text(name)})))


def _missing(place: _Place, key: str, what: str, problems: list[Problem]) -> None:
    problems.append(Problem(f"{place.path}.{key}", place.say(_('the field "%(field)s" is missing; %(what)s.') % {
        "field": key, "what": what})))


def _wrong(place: _Place, key: str, expected: str, value: object, problems: list[Problem]) -> None:
    numbers = {"field": key, "expected": expected, "value": describe_value(value)}
    problems.append(Problem(f"{place.path}.{key}", place.say(
        (_('"%(field)s" must be %(expected)s, not %(value)s.') if place.words
         else _('the field "%(field)s" must be %(expected)s, not %(value)s.')) % numbers)))


def _whole_number(raw: dict, key: str, place: _Place, problems: list[Problem], lo: int = -NUMBER_LIMIT,
                  hi: int = NUMBER_LIMIT) -> int | None:
    """raw[key] as an int within [lo, hi], or None after recording the problem."""
    value = raw[key]
    if type(value) is int and lo <= value <= hi:
        return value
    if type(value) is int:
        _wrong(place, key, _("between %(low)s and %(high)s") % {"low": points(lo), "high": points(hi)}, value,
               problems)
    else:
        _wrong(place, key, _("a whole number"), value, problems)
    return None


# --- details ---------------------------------------------------------------------------------------------
# The same specification for the fast path, by the type a value must have: the highest whole number of
# each number field (the lowest is 0 for all of them), the true/false fields, and each choice's allowed
# strings with null.
_HIGHEST = {key: spec[2] for key, spec in DETAIL_FIELDS.items() if spec[0] == WHOLE_NUMBER}
_YES_NO_FIELDS = frozenset(key for key, spec in DETAIL_FIELDS.items() if spec[0] == YES_NO)
_CHOICES = {key: frozenset((None, *spec[1])) for key, spec in DETAIL_FIELDS.items()
            if spec[0] not in (WHOLE_NUMBER, YES_NO)}
# _HIGHEST holds no lowest: every number field starts at 0, as this says when the module loads.
assert all(spec[1] == 0 for spec in DETAIL_FIELDS.values() if spec[0] == WHOLE_NUMBER)


def _details_fast(raw: dict) -> Details | None:
    """Details when every field is known and in range (the common case); None to take the slow path.
    The value's type picks the one lookup that settles it (an unknown field finds no bound, no yes/no
    field and no choice): some twenty-five bytecodes a field, where a lookup of the field's spec and a
    test of its kind took forty, on the path every line of details takes."""
    for key, value in raw.items():
        if type(value) is int:
            if 0 <= value <= _HIGHEST.get(key, -1):
                continue
        elif value is True or value is False:
            if key in _YES_NO_FIELDS:
                continue
        elif (value is None or type(value) is str) and value in _CHOICES.get(key, ()):
            continue
        return None
    return Details(**raw)


def _details_problem(key: str, spec: tuple, value: object, place: _Place, problems: list[Problem]) -> None:
    kind = spec[0]
    if kind == WHOLE_NUMBER:
        if type(value) is int:
            expected = (_("a whole number between %(low)s and %(high)s") % {"low": spec[1], "high": spec[2]}
                        if spec[2] < NUMBER_LIMIT else
                        _("a whole number from 0 to %(high)s") % {"high": points(spec[2])})
            _wrong(place, key, expected, value, problems)
        else:
            _wrong(place, key, _("a whole number"), value, problems)
    elif kind == YES_NO:
        _wrong(place, key, _("true or false"), value, problems)
    else:
        _wrong(place, key, _("one of %(choices)s") % {"choices": either([*spec[1], "null"])}, value, problems)


def parse_details(raw: object, place: _Place, problems: list[Problem]) -> Details | None:
    """The `details` object of a team's line; None after recording a problem for each bad field."""
    if type(raw) is dict:
        details = _details_fast(raw)
        if details is not None:
            return details
    else:
        problems.append(Problem(place.path, place.say(
            _("the details must be a group of fields, not %(value)s.") % {"value": describe_value(raw)})))
        return None
    for key, value in raw.items():
        spec = DETAIL_FIELDS.get(key)
        if spec is not None and _details_fast({key: value}) is None:
            _details_problem(key, spec, value, place, problems)
    _unknown_fields(raw, DETAIL_FIELDS, place, _("the details"), problems)
    return None


# --- a team's line, a hand -------------------------------------------------------------------------------
_LINE_KEYS = frozenset(LINE_FIELDS)
_MELD_SET = frozenset(MELD_REQUIREMENTS)
_LOW, _HIGH = -NUMBER_LIMIT, NUMBER_LIMIT


def _line_fast(raw: dict) -> TeamLine | None:
    """The line when everything in it is well formed (the common case); None to take the slow path."""
    get = raw.get
    base, count = get("base"), get("count")
    if not (type(base) is int and type(count) is int and _LOW <= base <= _HIGH and _LOW <= count <= _HIGH
            and raw.keys() <= _LINE_KEYS):
        return None
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
        _missing(place, "base", _("every team's line needs its base"), problems)
    if "count" in raw:
        _whole_number(raw, "count", place, problems)
    else:
        _missing(place, "count", _("every team's line needs its count"), problems)
    for key in ("total", "cumulative"):
        if raw.get(key) is not None:
            _whole_number(raw, key, place, problems)
    meld = raw.get("meld_requirement")
    if meld is not None and (type(meld) is not int or meld not in _MELD_SET):
        _wrong(place, "meld_requirement", _("125, 155 or 180"), meld, problems)
    if raw.get("details") is not None:
        details_place = _Place(f"{path}.details", _("%(place)s, details") % {"place": place.words})
        parse_details(raw["details"], details_place, problems)
    _unknown_fields(raw, LINE_FIELDS, place, _("a team's line"), problems)


def parse_line(raw: object, hand_index: int, team: str, problems: list[Problem]) -> TeamLine | None:
    """One team's line; None after recording every problem in it."""
    if type(raw) is dict:
        line = _line_fast(raw)
        if line is not None:
            return line
    path = f"$.hands[{hand_index}].{team}"
    place = _Place(path, where(hand_index + 1, team))
    if type(raw) is not dict:
        problems.append(Problem(path, place.say(
            _("the team's line must be a group of fields (base, count, ...), not %(value)s.") % {
                "value": describe_value(raw)})))
    else:
        _line_problems(raw, path, place, problems)
    return None


def _hand_problems(hand: object, index: int, problems: list[Problem]) -> None:
    """The problems of a hand that is not exactly {"ns": line, "ew": line}."""
    place = _Place(f"$.hands[{index}]", where(index + 1))
    if type(hand) is not dict:
        problems.append(Problem(place.path, place.say(
            _('a hand must be a group of two lines, "ns" and "ew", not %(value)s.') % {
                "value": describe_value(hand)})))
        return
    for team in TEAMS:
        if team in hand:
            parse_line(hand[team], index, team, problems)
        else:
            problems.append(Problem(f"{place.path}.{team}", place.say(
                _('the line for %(side)s ("%(id)s") is missing.') % {"side": team_name(team), "id": team})))
    _unknown_fields(hand, TEAMS, place, _("a hand"), problems)


def parse_hands(raw: object, problems: list[Problem], cap: int = HANDS_LIMIT) -> list[Hand]:
    """The hands in the order played, the first `cap` of them (the rest are the caller's to count); lines
    with problems are left out (the sheet is then malformed)."""
    if type(raw) is not list:
        problems.append(Problem("$.hands", _('The field "hands" must be a list of hands, not %(value)s.') % {
            "value": describe_value(raw)}))
        return []
    hands = []
    for index, hand in enumerate(raw if len(raw) <= cap else raw[:cap]):
        if type(hand) is dict and len(hand) == 2 and "ns" in hand and "ew" in hand:
            ns = parse_line(hand["ns"], index, "ns", problems)
            ew = parse_line(hand["ew"], index, "ew", problems)
            if ns is not None and ew is not None:
                hands.append(Hand(ns, ew))
        else:
            _hand_problems(hand, index, problems)
    return hands


# --- the sheet -------------------------------------------------------------------------------------------
