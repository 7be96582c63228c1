"""How the nvso rules score one team in one hand: the base formula of nvso-ruleset.md and the count.

These functions are the single source of the numbers: the checks compare what was written with them,
the achievable-base table is built from them, and the calculator the table form uses calls them.
"""

from rules.language import _
from rules.sheet import Details

THREES = (0, 100, 300, 500, 1000)  # f(n) for n threes of one colour (C, K)
PURE_CANASTA = 500
MIXED_CANASTA = 300
SEVENS_CANASTA = 2500  # E names them; values from the ACS rules
ACES_CANASTA = 2500
WILD_CANASTAS = {"all_deuces": 3000, "four_jokers": 2500, "mixed": 2000}  # H
SPECIAL_HANDS = {"pairs": 2000, "pairs_natural": 2500, "garbage": 2000, "straight": 3000}  # F
GOING_OUT = 100  # K
INCOMPLETE_SEVENS = 2500  # G, L
INCOMPLETE_ACES = 2500
INCOMPLETE_WILDS = {"four_jokers": 2500, "other": 2000}  # H; L's summary says 2,500 flat (an option)
FLAT_INCOMPLETE_WILDS = 2500
STUCK = 1500  # G, L: per player stuck with more than two aces (or sevens)
CARD_POINTS = 1160  # every card other than the threes, both decks (C, K)



def special_hand_words(kind: str) -> str:
    """A special hand in words, in the messages' language: "pairs" -> "a pairs hand"."""
    return {"pairs": _("a pairs hand"), "pairs_natural": _("a pairs hand without wild cards"),
            "garbage": _("a garbage hand"), "straight": _("a straight")}[kind]


def canastas(d: Details) -> int:
    """The team's completed canastas of every kind."""
    return (d.pure_canastas + d.mixed_canastas + d.sevens_canasta + d.aces_canasta
            + (d.wild_canasta is not None))


def threes_points(d: Details, completed: int) -> int:
    """Threes count for the team with two canastas, not at all with one, against it with none (K)."""
    if completed == 1:
        return 0
    value = THREES[d.red_threes] + THREES[d.black_threes]
    return value if completed >= 2 else -value


def stuck_penalty(d: Details) -> int:
    return STUCK * (d.stuck_aces + d.stuck_sevens)


def incomplete_wilds_penalty(kind: str | None, flat: bool) -> int:
    if kind is None:
        return 0
    return FLAT_INCOMPLETE_WILDS if flat else INCOMPLETE_WILDS[kind]


def base(d: Details, penalties_in_base: bool = True, flat_wilds: bool = False, completed: int | None = None) -> int:
    """The base for these details (nvso-ruleset.md, "Base"); a special hand scores its value alone (F).
    `completed` is canastas(d) when the caller already has it."""
    if d.special_hand is not None:
        return SPECIAL_HANDS[d.special_hand]
    if completed is None:
        completed = canastas(d)
    # A part is added only when its detail is recorded: most are not, and a test costs a line less than
    # multiplying by False (the parts are the same products either way).
    value = threes_points(d, completed) + PURE_CANASTA * d.pure_canastas + MIXED_CANASTA * d.mixed_canastas
    if d.went_out:
        value += GOING_OUT * d.went_out
    if d.sevens_canasta:
        value += SEVENS_CANASTA * d.sevens_canasta
    if d.aces_canasta:
        value += ACES_CANASTA * d.aces_canasta
    if d.incomplete_sevens:
        value -= INCOMPLETE_SEVENS * d.incomplete_sevens
    if d.incomplete_aces:
        value -= INCOMPLETE_ACES * d.incomplete_aces
    if d.wild_canasta is not None:
        value += WILD_CANASTAS[d.wild_canasta]
    if d.incomplete_wilds is not None:
        value -= incomplete_wilds_penalty(d.incomplete_wilds, flat_wilds)
    if penalties_in_base and (d.stuck_aces or d.stuck_sevens):
        value -= stuck_penalty(d)
    return value


def count_from_points(table_points: int, hand_points: int, has_canasta: bool) -> int:
    """Cards on the table minus cards in hand; without a canasta everything is a minus (K, L)."""
    if has_canasta:
        return table_points - hand_points
    return -(table_points + hand_points)


def expected_count(d: Details, penalties_in_base: bool = True) -> int | None:
    """The count these details imply, or None when the table and hand points were not recorded.

    With the option `penalties_in: count`, the stuck-card penalties come off the count instead of the base.
    """
    if d.special_hand is not None:
        return 0
    if d.table_points is None and d.hand_points is None:
        return None
    table, hand = d.table_points or 0, d.hand_points or 0
    value = table - hand if canastas(d) else -(table + hand)
    if not penalties_in_base:
        value -= stuck_penalty(d)
    return value


def breakdown(d: Details, penalties_in_base: bool = True, flat_wilds: bool = False) -> list[tuple[str, int]]:
    """The base as parts a player recognises, e.g. [("threes", 800), ("canastas", 1300)]: for messages
    and for the table form's running explanation. Parts that are zero are left out."""
    if d.special_hand is not None:
        return [(special_hand_words(d.special_hand), SPECIAL_HANDS[d.special_hand])]
    completed = canastas(d)
    parts = [
        ("threes", threes_points(d, completed)),
        ("canastas", PURE_CANASTA * d.pure_canastas + MIXED_CANASTA * d.mixed_canastas),
        ("the sevens canasta", SEVENS_CANASTA * d.sevens_canasta),
        ("the aces canasta", ACES_CANASTA * d.aces_canasta),
        ("the wild canasta", WILD_CANASTAS.get(d.wild_canasta, 0) if d.wild_canasta else 0),
        ("going out", GOING_OUT * d.went_out),
        ("the unfinished sevens", -INCOMPLETE_SEVENS * d.incomplete_sevens),
        ("the unfinished aces", -INCOMPLETE_ACES * d.incomplete_aces),
        ("the unfinished wild cards", -incomplete_wilds_penalty(d.incomplete_wilds, flat_wilds)),
        ("cards stuck in hand", -stuck_penalty(d) if penalties_in_base else 0),
    ]
    return [(_part(label), value) for label, value in parts if value]


def _part(label: str) -> str:
    """A part of the base in the messages' language (the labels above, each marked for the catalogs)."""
    return {"threes": _("threes"), "canastas": _("canastas"), "the sevens canasta": _("the sevens canasta"),
            "the aces canasta": _("the aces canasta"), "the wild canasta": _("the wild canasta"),
            "going out": _("going out"), "the unfinished sevens": _("the unfinished sevens"),
            "the unfinished aces": _("the unfinished aces"),
            "the unfinished wild cards": _("the unfinished wild cards"),
            "cards stuck in hand": _("cards stuck in hand")}[label]


def zero_parts(d: Details, penalties_in_base: bool = True) -> list[str]:
    """The parts of the base the details record but that count 0, each with why, for the messages that
    show a breakdown (a part left out would read as forgotten): threes beside one canasta count neither for
    nor against the team (K); stuck cards cost nothing in the base when the penalties come off the count
    (the option `penalties_in: count`)."""
    if d.special_hand is not None:
        return []
    parts = []
    if (d.red_threes or d.black_threes) and canastas(d) == 1:
        parts.append(_("threes 0: only one canasta"))
    if not penalties_in_base and (d.stuck_aces or d.stuck_sevens):
        parts.append(_("cards stuck in hand 0: their penalty comes off the count"))
    return parts
