"""NVSO on the @2 sheet: the table's fixed seats, a team's line declared for the shared parser, and the
way from a SidesSheet to the @1 Sheet that NVSO's checks read.

An NVSO table has two partnerships in fixed seats, so an @2 NVSO sheet lists exactly two sides whose ids
are "ns" (North-South) and "ew" (East-West), in either order, and each side's line is exactly @1's team
line (base, count, total, cumulative, meld_requirement, details). The parser (rules/sides/) reads it
against LINE_SPEC; `as_sheet` then gives NVSO's checks the very Sheet the equivalent @1 document parses to,
so both formats get the same checks and the same messages, from one set of checks. `as_v2` writes an @1
document as @2 (the example, and the tests that compare the two formats).
"""

from rules.fields import (
    CHOICE,
    DETAIL_FIELDS,
    FORMAT2,
    LINE_NUMBERS,
    MELD_REQUIREMENTS,
    NUMBER_LIMIT,
    TEAMS,
    WHOLE_NUMBER,
    Details,
    Hand,
    Sheet,
    TeamLine,
)
from rules.sides import LineSpec, SidesSheet
from rules.words import TEAM_NAMES

SEATS = {team: TEAM_NAMES[team] for team in TEAMS}  # id -> the name messages use when a side has no label
_WRITTEN = (WHOLE_NUMBER, -NUMBER_LIMIT, NUMBER_LIMIT)
LINE_SPEC = LineSpec(
    fields={**LINE_NUMBERS, "total": _WRITTEN, "cumulative": _WRITTEN,
            "meld_requirement": (CHOICE, MELD_REQUIREMENTS)},
    required=frozenset(LINE_NUMBERS),
    details=DETAIL_FIELDS,
    # "Not counted separately" (None) is not "counted 0": the count check needs the difference.
    nullable=frozenset({"table_points", "hand_points"}),
)


def _team_line(line: dict) -> TeamLine:
    details = line["details"]
    return TeamLine(line["base"], line["count"], line["total"], line["cumulative"], line["meld_requirement"],
                    None if details is None else Details(**details))


def as_sheet(sheet: SidesSheet) -> Sheet:
    """The @1 Sheet of a well-formed @2 NVSO sheet: the same hands, labels, final and winner."""
    hands = [Hand(_team_line(hand["ns"]), _team_line(hand["ew"])) for hand in sheet.hands]
    return Sheet(sheet.ruleset, sheet.options, hands, dict(sheet.labels), sheet.final, sheet.winner,
                 sheet.hands_over_cap)


def as_v2(document: dict) -> dict:
    """An @1 NVSO document written as @2: the team labels become the sides' labels, everything else is
    kept as it is (a new dict; the lines are shared, not copied)."""
    teams = document.get("teams") or {}
    v2 = {"format": FORMAT2, "ruleset": document.get("ruleset", "nvso")}
    if "options" in document:
        v2["options"] = document["options"]
    v2["sides"] = [{"id": team, "label": teams[team]} if teams.get(team) is not None else {"id": team}
                   for team in TEAMS]
    v2.update({key: document[key] for key in ("hands", "final", "winner") if key in document})
    return v2
