"""A whole @1 document read as a sheet (`parse`): its format, its rule set and options, its teams, its hands
and its final totals, every problem found with its path. The pieces (a line, its details, a hand) are
read by rules.sheet."""

from rules.fields import FORMAT, FORMAT2, HANDS_LIMIT, TEAM_LABEL_LIMIT, TEAMS, TOP_FIELDS, WINNERS
from rules.json_text import DUPLICATE_MARK, read_json
from rules.language import _
from rules.registry import find_ruleset, ruleset_names
from rules.sheet import (
    _FINAL,
    _SHEET,
    _TEAM_KEYS,
    _TOP_KEYS,
    Hand,
    Sheet,
    _missing,
    _Place,
    _repeated_fields,
    _unknown_fields,
    _whole_number,
    _wrong,
    parse_hands,
)
from rules.violations import Problem
from rules.words import describe_value, either, points, quoted, team_name


def _parse_teams(raw: object, problems: list[Problem]) -> dict:
    if type(raw) is not dict:
        problems.append(Problem("$.teams", _('The field "teams" must be a group of fields, not %(value)s.') % {
            "value": describe_value(raw)}))
        return {}
    for team in TEAMS:
        label = raw.get(team)
        if label is not None and (type(label) is not str or len(label) > TEAM_LABEL_LIMIT):
            _wrong(_Place("$.teams", _("In the team names")), team,
                   _("text of at most %(most)s characters") % {"most": TEAM_LABEL_LIMIT}, label, problems)
    if not raw.keys() <= _TEAM_KEYS:
        _unknown_fields(raw, TEAMS, _Place("$.teams", _("In the team names")), _("the team names"), problems)
    return {team: raw[team] for team in TEAMS if raw.get(team) is not None}


def _parse_final(raw: object, problems: list[Problem]) -> dict | None:
    if type(raw) is not dict:
        problems.append(Problem("$.final", _('The field "final" must be a group of two totals, "ns" and "ew", not '
                                             "%(value)s.") % {"value": describe_value(raw)}))
        return None
    place = _FINAL
    final = {}
    for team in TEAMS:
        if team in raw:
            final[team] = _whole_number(raw, team, place, problems)
        else:
            _missing(place, team, _("the final totals need both teams, %(side)s included") % {
                "side": team_name(team)}, problems)
    if not raw.keys() <= _TEAM_KEYS:
        _unknown_fields(raw, TEAMS, place, _("the final totals"), problems)
    return final


def _parse_ruleset(document: dict, problems: list[Problem]):
    """The rule set named by the sheet, and its options resolved; (None, None) after a problem."""
    name = document["ruleset"]
    if type(name) is not str:
        _wrong(_SHEET, "ruleset", _('the name of a rule set, such as "nvso"'), name, problems)
        return None, None
    ruleset = find_ruleset(name)
    if ruleset is None:
        known = either([f'"{known}"' for known in ruleset_names()])
        problems.append(Problem("$.ruleset", _("The rule set %(name)s is not known; the known rule sets are "
                                               "%(known)s.") % {"name": quoted(name), "known": known}))
        return None, None
    raw = document.get("options")
    if raw is not None and type(raw) is not dict:
        _wrong(_SHEET, "options", _("a group of option names and values"), raw, problems)
        return ruleset, None
    if raw is not None and DUPLICATE_MARK in raw:
        _repeated_fields(raw[DUPLICATE_MARK], _Place("$.options", _("In the options")), problems)
        raw = {key: value for key, value in raw.items() if key != DUPLICATE_MARK}
    return ruleset, ruleset.parse_options(raw or None, problems)


def parse(document: object) -> tuple[Sheet | None, list[Problem]]:
    """A sheet from a parsed document (dict) or JSON text; (None, problems) when it is malformed."""
    if isinstance(document, str | bytes | bytearray):
        document, problems = read_json(document)
        if problems:
            return None, problems
    if type(document) is not dict:
        return None, [Problem("$", _("A score sheet must be a JSON object, written between { and }, not "
                                     "%(value)s.") % {"value": describe_value(document)})]
    problems: list[Problem] = []
    if len(document) > len(TOP_FIELDS) or not document.keys() <= _TOP_KEYS:
        _unknown_fields(document, TOP_FIELDS, _SHEET, _("a score sheet"), problems)
    if "format" not in document:
        _missing(_SHEET, "format", _('a score sheet starts with "format": "%(format)s"') % {"format": FORMAT},
                 problems)
    elif document["format"] != FORMAT:
        _wrong(_SHEET, "format", either([f'"{FORMAT}"', f'"{FORMAT2}"']), document["format"], problems)
    ruleset = options = None
    cap = HANDS_LIMIT
    if "ruleset" in document:
        ruleset, options = _parse_ruleset(document, problems)
        if ruleset is not None and FORMAT not in getattr(ruleset, "formats", (FORMAT,)):
            problems.append(Problem("$.format", _('The rule set %(name)s reads sheets in the format "%(format)s", '
                                                  'not "%(written)s".') % {"name": quoted(ruleset.name),
                                                                           "format": FORMAT2, "written": FORMAT}))
            ruleset = options = None
        capped = getattr(ruleset, "hand_cap", None)
        if options is not None and capped is not None:
            cap = capped(options)
            if cap > HANDS_LIMIT:
                cap = HANDS_LIMIT
    else:
        _missing(_SHEET, "ruleset", _('it names the rules the game was played by, such as "nvso"'), problems)
    teams = {}
    if document.get("teams") is not None:
        teams = _parse_teams(document["teams"], problems)
    hands: list[Hand] = []
    over_cap = 0
    if "hands" in document:
        hands = parse_hands(document["hands"], problems, cap)
        if type(document["hands"]) is list and len(document["hands"]) > cap:
            over_cap = len(document["hands"]) - cap
        if over_cap and cap == HANDS_LIMIT:  # no rule set's cap to answer it: not a game's sheet at all
            problems.append(Problem("$.hands", _("A score sheet lists at most %(most)s hands; this one has "
                                                 "%(count)s.") % {"most": points(HANDS_LIMIT),
                                                                  "count": points(len(document["hands"]))}))
    else:
        _missing(_SHEET, "hands", _("a score sheet lists the hands in the order played"), problems)
    final = None
    if document.get("final") is not None:
        final = _parse_final(document["final"], problems)
    winner = document.get("winner")
    if winner is not None and (type(winner) is not str or winner not in WINNERS):
        _wrong(_SHEET, "winner", _('one of "ns", "ew" or "tie"'), winner, problems)
    if problems:
        return None, problems
    return Sheet(ruleset.name, options, hands, teams, final, winner, over_cap), []

