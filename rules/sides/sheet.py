"""The @2 parser: a JSON document into a SidesSheet, or every problem with its JSON path.

The envelope (format, rule set, options, sides, hands, final, winner) is the same for every game; what a
side's line holds is the rule set's LineSpec (lines.py). `parse` also takes @1 documents and hands them to
rules.sheet, so callers have one entry point for both formats.
"""

from rules.document import _parse_ruleset
from rules.document import parse as parse_v1
from rules.fields import FORMAT, HANDS_LIMIT, NUMBER_LIMIT
from rules.json_text import read_json
from rules.language import SOURCE, _, current
from rules.sheet import _SHEET, _missing, _Place, _unknown_fields, _whole_number, _wrong
from rules.sides.fields import (
    FORMAT2,
    SIDE_FIELDS,
    SIDE_ID,
    SIDE_LABEL_LIMIT,
    SIDES_MOST,
    TIE,
    TOP_FIELDS2,
    SidesSheet,
)
from rules.sides.lines import FastSpec, parse_line, well_formed_line
from rules.violations import Problem
from rules.words import describe_value, either, explicit_names, naming_sides, points, quoted, team_name, where

_SIDE_KEYS = frozenset(SIDE_FIELDS)
_TOP_KEYS = frozenset(TOP_FIELDS2)  # built once: every sheet is held to it
# Side ids already found well formed: every sheet of an event names the same few, and a set lookup costs a
# fraction of the pattern's match. Bounded, as a sheet's ids come from anyone.
_GOOD_IDS: set[str] = set()
_GOOD_IDS_MOST = 4096


def _good_id(side: str) -> bool:
    """Whether a side's id is well formed (SIDE_ID), remembered when it is."""
    if not SIDE_ID.fullmatch(side):
        return False
    if len(_GOOD_IDS) < _GOOD_IDS_MOST:
        _GOOD_IDS.add(side)
    return True


def side_names(sides: tuple, labels: dict, seats: dict | None = None) -> dict:
    """How messages name each side: the name the caller gave it (rules.validate's `sides`), else its
    label, else the name of its seat when the rule set has fixed seats (NVSO: North-South), else
    "Side <id>"."""
    given = explicit_names() or {}
    seats = seats or {}
    if current() != SOURCE:  # the seats' names and "Side <id>" in the messages' language
        return {side: given.get(side) or labels.get(side)
                or (_(seats[side]) if side in seats else _("Side %(side)s") % {"side": side}) for side in sides}
    return {side: given.get(side) or labels.get(side) or seats.get(side) or f"Side {side}" for side in sides}


def _seated(raw: list, ruleset, problems: list[Problem]) -> None:
    """A rule set with fixed seats (its `seats`: id -> name, e.g. NVSO's "ns" and "ew") takes sides with
    those ids only, in any order: a problem at each side's id that is not one of them."""
    seats = getattr(ruleset, "seats", None)
    if not seats:
        return
    named = either([f"{quoted(seat)} ({_(name)})" for seat, name in seats.items()], "and")
    for index, side in enumerate(raw):
        if side["id"] not in seats:
            problems.append(Problem(f"$.sides[{index}].id", _(
                "Side %(number)s in the list of sides: the rule set %(name)s seats its sides as %(named)s, so a "
                "side's id is one of these, not %(id)s.") % {"number": index + 1, "name": quoted(ruleset.name),
                                                             "named": named, "id": quoted(side["id"])}))


def _parse_side(raw: object, index: int, seen: dict, problems: list[Problem]) -> None:
    if type(raw) is dict and _SIDE_KEYS.issuperset(raw):  # the usual case, without building words
        side, label = raw.get("id"), raw.get("label")
        if (type(side) is str and side not in seen and (side in _GOOD_IDS or _good_id(side))
                and (label is None or (type(label) is str and len(label) <= SIDE_LABEL_LIMIT))):
            seen[side] = index
            return
    place = _Place(f"$.sides[{index}]", _("Side %(number)s in the list of sides") % {"number": index + 1})
    if type(raw) is not dict:
        problems.append(Problem(place.path, place.say(
            _('a side must be a group of fields ("id" and "label"), not %(value)s.') % {
                "value": describe_value(raw)})))
        return
    _unknown_fields(raw, SIDE_FIELDS, place, _("a side"), problems)
    side = raw.get("id")
    if side is None:
        _missing(place, "id", _('each side has a short id such as "a", used to name its lines'), problems)
    elif type(side) is not str or not SIDE_ID.fullmatch(side):
        _wrong(place, "id", _("1 to 16 lowercase letters, digits or _, starting with a letter"), side, problems)
    elif side in seen:
        problems.append(Problem(f"{place.path}.id", place.say(
            _("the id %(id)s is already the id of side %(number)s; each side needs its own.") % {
                "id": quoted(side), "number": seen[side] + 1})))
    else:
        seen[side] = index
    label = raw.get("label")
    if label is not None and (type(label) is not str or len(label) > SIDE_LABEL_LIMIT):
        _wrong(place, "label", _("text of at most %(most)s characters") % {"most": SIDE_LABEL_LIMIT}, label,
               problems)


def _parse_sides(raw: object, ruleset, problems: list[Problem]) -> tuple[tuple, dict]:
    """The side ids in seating order and their labels; ((), {}) after a problem."""
    if type(raw) is not list or not 1 <= len(raw) <= SIDES_MOST:
        what = (describe_value(raw) if type(raw) is not list else _("an empty list") if not raw
                else _("a list of %(count)s sides") % {"count": points(len(raw))})
        problems.append(Problem("$.sides", _('The field "sides" must be a list of 1 to %(most)s sides, not '
                                             "%(value)s.") % {"most": SIDES_MOST, "value": what}))
        return (), {}
    before, usual = len(problems), _usual_sides(raw)
    if usual is None:
        seen, labels = {}, None
        for index, side in enumerate(raw):
            _parse_side(side, index, seen, problems)
    else:
        seen, labels = usual  # the ids, in order
    counts = getattr(ruleset, "side_counts", None)
    if counts and len(problems) == before and len(raw) not in counts:
        numbers = {"name": quoted(ruleset.name), "allowed": either([points(n) for n in counts]),
                   "count": points(len(raw))}
        problems.append(Problem("$.sides", (
            _("The rule set %(name)s is played by %(allowed)s side; this sheet lists %(count)s.") if counts == (1,)
            else _("The rule set %(name)s is played by %(allowed)s sides; this sheet lists %(count)s.")) % numbers))
    if ruleset is not None and len(problems) == before:
        _seated(raw, ruleset, problems)
    if len(problems) != before:
        return (), {}
    if labels is None:
        labels = {s["id"]: s["label"] for s in raw if s.get("label") is not None}
    return tuple(seen), labels


def _usual_sides(raw: list) -> tuple[tuple, dict] | None:
    """The usual list of sides, read in one loop (every sheet has one): the ids in seating order, and the
    labels; None when any side is off (or an id comes twice), for _parse_side to word each problem. A side
    is read by its length and subscripts (an id and a label, or an id alone), not by a test of its keys
    and two lookups: a key that is not one of these shows as a KeyError."""
    ids: list = []
    labels = {}
    try:
        for side in raw:
            if type(side) is not dict:
                return None
            if len(side) == 2:
                name, label = side["id"], side["label"]
            elif len(side) == 1:
                name, label = side["id"], None
            else:
                return None
            if type(name) is not str or name in ids or not (name in _GOOD_IDS or _good_id(name)):
                return None
            if label is not None:
                if type(label) is not str or len(label) > SIDE_LABEL_LIMIT:
                    return None
                labels[name] = label
            ids.append(name)
    except KeyError:
        return None
    return tuple(ids), labels


def well_formed_hand(raw: object, sides: tuple, fast: FastSpec) -> dict | None:
    """The hand when it has exactly the sheet's sides and every line is well formed (the usual case);
    None to take the slow path, which builds the words for each problem."""
    if type(raw) is not dict or len(raw) != len(sides):
        return None
    hand, well_formed = {}, fast.line
    for side in sides:
        line = raw.get(side)
        if type(line) is not dict:
            return None
        line = well_formed(line)
        if line is None:
            return None
        hand[side] = line
    return hand


def _parse_hand(raw: object, index: int, sides: tuple, spec, fast: FastSpec, problems: list[Problem]) -> dict | None:
    hand = well_formed_hand(raw, sides, fast)
    if hand is not None:
        return hand
    place = _Place(f"$.hands[{index}]", where(index + 1))
    if type(raw) is not dict:
        problems.append(Problem(place.path, place.say(
            _("a hand must be a group of lines, one per side, not %(value)s.") % {"value": describe_value(raw)})))
        return None
    before, hand = len(problems), {}
    for side in sides:
        line = raw.get(side)
        if type(line) is dict:
            line = well_formed_line(line, fast)
            if line is not None:
                hand[side] = line
                continue
        if side in raw:
            hand[side] = parse_line(raw[side], spec, _Place(f"{place.path}.{side}", where(index + 1, side)),
                                    problems)
        else:
            problems.append(Problem(f"{place.path}.{side}", place.say(
                _("the line for %(side)s (%(id)s) is missing.") % {"side": team_name(side), "id": quoted(side)})))
    if len(raw) != len(hand) and not raw.keys() <= set(sides):
        _unknown_sides(raw, sides, place, problems)
    return hand if len(problems) == before else None


def _unknown_sides(raw: dict, sides: tuple, place: _Place, problems: list[Problem]) -> None:
    listed = either([quoted(s) for s in sides], "and")
    for key in raw:
        if key not in sides:
            problems.append(Problem(f"{place.path}.{key}" if isinstance(key, str) and key.isidentifier()
                                    else place.path, place.say(
                _("there is no side %(id)s in this sheet; its sides are %(listed)s.") % {
                    "id": quoted(str(key)), "listed": listed})))


def _parse_hands(raw: object, sides: tuple, spec, cap: int, problems: list[Problem]) -> tuple[list, int]:
    if type(raw) is not list:
        problems.append(Problem("$.hands", _('The field "hands" must be a list of hands, not %(value)s.') % {
            "value": describe_value(raw)}))
        return [], 0
    fast = FastSpec.of(spec)
    hands = [_parse_hand(hand, index, sides, spec, fast, problems) for index, hand in enumerate(raw[:cap])]
    over = max(0, len(raw) - cap)
    if over and cap == HANDS_LIMIT:
        problems.append(Problem("$.hands", _("A score sheet lists at most %(most)s hands; this one has "
                                             "%(count)s.") % {"most": points(HANDS_LIMIT), "count": points(len(raw))}))
    return hands, over


def _parse_final(raw: object, sides: tuple, problems: list[Problem]) -> dict | None:
    place = _Place("$.final", _("In the final totals"))
    if type(raw) is not dict:
        _wrong(_SHEET, "final", _("a group of totals, one per side"), raw, problems)
        return None
    final = {}
    for side in sides:
        if side in raw:
            final[side] = _whole_number(raw, side, place, problems)
        else:
            _missing(place, side, _("the final totals need every side, %(side)s included") % {
                "side": team_name(side)}, problems)
    if not raw.keys() <= set(sides):
        _unknown_sides(raw, sides, place, problems)
    return final


def _reads_v2(ruleset, problems: list[Problem]) -> bool:
    if FORMAT2 in getattr(ruleset, "formats", (FORMAT,)):
        return True
    problems.append(Problem("$.format", _('The rule set %(name)s reads sheets in the format "%(format)s", not '
                                          '"%(written)s".') % {"name": quoted(ruleset.name), "format": FORMAT,
                                                               "written": FORMAT2}))
    return False


def _well_formed_body(document: dict, sides: tuple, spec, cap: int) -> tuple | None:
    """The hands (up to the cap, and how many beyond it) and the final totals when all are well formed;
    None to take the slow path, which words each problem."""
    raw, final = document.get("hands"), document.get("final")
    if type(raw) is not list or (len(raw) > cap and cap == HANDS_LIMIT):
        return None
    fast, hands = FastSpec.of(spec), []
    for hand in raw[:cap]:
        hand = well_formed_hand(hand, sides, fast)
        if hand is None:
            return None
        hands.append(hand)
    if not usual_final(final, sides):
        return None
    return hands, max(0, len(raw) - cap), final


def usual_final(final: object, sides: tuple) -> bool:
    """Whether the final totals are well formed: not written, or a whole number for each side and no other."""
    if final is None:
        return True
    if type(final) is not dict or len(final) != len(sides):
        return False
    for side in sides:  # as many as the sides (whose ids differ), and each of them: no other key
        value = final.get(side)
        if type(value) is not int or not -NUMBER_LIMIT <= value <= NUMBER_LIMIT:
            return False
    return True


def usual_winner(winner: object, sides: tuple) -> bool:
    """Whether the winner is well formed: not written, a side's id or "tie"."""
    return winner is None or (type(winner) is str and (winner in sides or winner == TIE))


def read_envelope(document: dict, problems: list[Problem]) -> tuple | None:
    """What every @2 sheet holds around its hands: (rule set, options, side ids, labels); None after
    appending a problem for each part that is off."""
    if not document.keys() <= _TOP_KEYS:
        _unknown_fields(document, TOP_FIELDS2, _SHEET, _("a score sheet"), problems)
    ruleset = options = None
    if "ruleset" in document:
        ruleset, options = _parse_ruleset(document, problems)
        if ruleset is not None and not _reads_v2(ruleset, problems):
            ruleset = None
    else:
        _missing(_SHEET, "ruleset", _('it names the game, such as "crazy_canasta"'), problems)
    if "sides" not in document:
        _missing(_SHEET, "sides", _("a @2 sheet lists its sides (partnerships or players)"), problems)
        return None
    sides, labels = _parse_sides(document["sides"], ruleset, problems)
    if not sides or ruleset is None or options is None:
        return None
    return ruleset, options, sides, labels


def hand_cap(ruleset, options) -> int:
    """The most hands the parser reads: the rule set's cap under these options, within the format's."""
    return min(ruleset.hand_cap(options), HANDS_LIMIT)


def parse_sides(document: dict) -> tuple[SidesSheet | None, list[Problem]]:
    """A @2 sheet from a parsed document whose format is @2; (None, problems) when it is malformed."""
    problems: list[Problem] = []
    envelope = read_envelope(document, problems)
    if envelope is None:
        return None, problems
    ruleset, options, sides, labels = envelope
    cap = hand_cap(ruleset, options)
    body = _well_formed_body(document, sides, ruleset.line_spec(options), cap)
    if body is not None:  # the usual case: no problem, so no names for the sides' messages
        hands, over, final = body
    else:
        with naming_sides(side_names(sides, labels, getattr(ruleset, "seats", None)), checked=True):
            hands, over = ([], 0)
            if "hands" in document:
                hands, over = _parse_hands(document["hands"], sides, ruleset.line_spec(options), cap, problems)
            else:
                _missing(_SHEET, "hands", _("a score sheet lists the hands in the order played"), problems)
            final = None if document.get("final") is None else _parse_final(document["final"], sides, problems)
    winner = document.get("winner")
    if not usual_winner(winner, sides):
        _wrong(_SHEET, "winner", either([f'"{s}"' for s in (*sides, TIE)]), winner, problems)
    if problems:
        return None, problems
    return SidesSheet(ruleset.name, options, sides, labels, hands, final, winner, over), []


def parse(document: object):
    """A sheet of either format from a parsed document (dict) or JSON text: a rules.sheet.Sheet for @1, a
    SidesSheet for @2; (None, problems) when it is malformed."""
    if isinstance(document, str | bytes | bytearray):
        document, problems = read_json(document)
        if problems:
            return None, problems
    if type(document) is dict and document.get("format") == FORMAT2:
        return parse_sides(document)
    return parse_v1(document)
