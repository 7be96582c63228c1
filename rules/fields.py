"""The score-sheet format's fields (score-sheet-format.md): the typed objects a well-formed sheet becomes,
and each field of a team's line with its kind and bounds.

These specifications are the one place the format's bounds are written. The parser (sheet.py) enforces
them; `describe_line` hands them to forms, narrowed by what a game's rules allow one team in one hand, so
a form never offers a value the parser would refuse nor has a copy of its own to drift.
"""

from dataclasses import dataclass

from rules.language import _

FORMAT = "canasta-td/score-sheet@1"
FORMAT2 = "canasta-td/score-sheet@2"  # any number of sides: rules/sides/
TEAMS = ("ns", "ew")
WINNERS = ("ns", "ew", "tie")
MELD_REQUIREMENTS = (125, 155, 180)

# Scores as written are whole numbers; this bound only keeps absurd input out of messages and arithmetic.
NUMBER_LIMIT = 9_999_999
TEAM_LABEL_LIMIT = 200
# The most hands the parser reads when no rule set says how many its game has (an unknown rule set, bad
# options): a rule set's own cap (its `hand_cap`) is never above it. Hands beyond a cap are counted, not
# read, so the work on a sheet is bounded whatever its length.
HANDS_LIMIT = 1000


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
    # Hands written beyond the rule set's cap (registry.py, `hand_cap`): counted, never read or checked.
    hands_over_cap: int = 0


# --- field specifications -------------------------------------------------------------------------------
# The kinds are also the words `describe_line` uses. A spec is the kind, then for a whole number its bounds,
# for a choice the allowed strings (null, "none", is always allowed for a choice).
WHOLE_NUMBER, YES_NO, CHOICE = "whole_number", "yes_no", "choice"

# The two numbers every team's line has, as a player writes them.
LINE_NUMBERS = {
    "base": (WHOLE_NUMBER, -NUMBER_LIMIT, NUMBER_LIMIT),
    "count": (WHOLE_NUMBER, -NUMBER_LIMIT, NUMBER_LIMIT),
}
DETAIL_FIELDS = {
    "red_threes": (WHOLE_NUMBER, 0, 4),
    "black_threes": (WHOLE_NUMBER, 0, 4),
    "pure_canastas": (WHOLE_NUMBER, 0, NUMBER_LIMIT),
    "mixed_canastas": (WHOLE_NUMBER, 0, NUMBER_LIMIT),
    "sevens_canasta": (YES_NO,),
    "aces_canasta": (YES_NO,),
    "wild_canasta": (CHOICE, ("all_deuces", "four_jokers", "mixed")),
    "went_out": (YES_NO,),
    "special_hand": (CHOICE, ("pairs", "pairs_natural", "garbage", "straight")),
    "incomplete_sevens": (YES_NO,),
    "incomplete_aces": (YES_NO,),
    "incomplete_wilds": (CHOICE, ("four_jokers", "other")),
    "stuck_aces": (WHOLE_NUMBER, 0, 2),
    "stuck_sevens": (WHOLE_NUMBER, 0, 2),
    "table_points": (WHOLE_NUMBER, 0, NUMBER_LIMIT),
    "hand_points": (WHOLE_NUMBER, 0, NUMBER_LIMIT),
}
LINE_FIELDS = ("base", "count", "total", "cumulative", "meld_requirement", "details")
TOP_FIELDS = ("format", "ruleset", "options", "teams", "hands", "final", "winner")



# --- a line described for forms --------------------------------------------------------------------------
def describe_line(labels: dict[str, str], choice_labels: dict[str, dict], most: dict[str, int],
                  not_asked: frozenset[str] = frozenset()) -> list[dict]:
    """A team's line as plain data for a form: what a rule set's `describe_line` answers (registry.py).

    Base, count, then every field of the details in the format's order. `labels` and `choice_labels` are
    the game's words for each field and each choice value (None: "none"); `most` narrows a number's upper
    bound to what one team can show in one hand under the game's rules; `not_asked` are the fields the
    table's form leaves out. A field or choice without words, or words for one the format does not have,
    is a ValueError: a form never shows a field by its code name, nor offers a choice the parser refuses.
    """
    if labels.keys() != LINE_NUMBERS.keys() | DETAIL_FIELDS.keys():
        raise ValueError(f"labels must name exactly {sorted(LINE_NUMBERS.keys() | DETAIL_FIELDS.keys())}")
    fields = [_describe(name, "line", spec, labels, choice_labels, most, not_asked)
              for name, spec in LINE_NUMBERS.items()]
    fields += [_describe(name, "details", spec, labels, choice_labels, most, not_asked)
               for name, spec in DETAIL_FIELDS.items()]
    return fields


def _describe(name: str, part: str, spec: tuple, labels: dict, choice_labels: dict, most: dict,
              not_asked: frozenset) -> dict:
    kind = spec[0]
    # The game's words in the language of the form (rules.language.speaking), where the catalogs have them.
    field = {"name": name, "part": part, "label": _(labels[name]), "kind": kind, "asked": name not in not_asked}
    if kind == WHOLE_NUMBER:
        field["min"], field["max"] = spec[1], min(spec[2], most.get(name, spec[2]))
    elif kind == CHOICE:
        words = choice_labels.get(name, {})
        if words.keys() != {None, *spec[1]}:
            raise ValueError(f"choice_labels[{name!r}] must name exactly None and {list(spec[1])}")
        field["choices"] = [{"value": value, "label": _(words[value])} for value in (None, *spec[1])]
    return field
