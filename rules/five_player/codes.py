"""Every violation code of the five_player rule set: the section of the source it enforces, its severity,
and what it means. Codes are stable identifiers that programs (the director's board, the API) may rely on;
docs/rulesets/five_player.md lists them with the same words.
"""

from rules.violations import ERROR, INFO, WARNING, Violation

SOURCE = "Five-player canasta"
CARDS, DEALING, PLAYING, FINISHING, SCORING = (
    f"{SOURCE}, Players and cards", f"{SOURCE}, Dealing", f"{SOURCE}, Playing", f"{SOURCE}, Finishing",
    f"{SOURCE}, Scoring")
# The number of hands on a sheet is ours, not the game's (it has no limit): the contract's section.
HANDS = "Canasta TD, docs/rulesets/five_player.md, Hands on a sheet"

# code: (section of five-player-partnership-canasta.md, severity, what it checks)
CODES = {
    # one player's line
    "count-not-multiple-of-five": (CARDS, ERROR, "a count is a multiple of 5"),
    "count-impossible": (CARDS, ERROR, "one player's count is between -980 and 980"),
    "points-not-multiple-of-five": (CARDS, ERROR, "table, hand and opening points are multiples of 5"),
    "count-mismatch": (SCORING, ERROR, "count = table points - hand points"),
    "base-mismatch": (SCORING, ERROR, "the base is what the details add up to"),
    "base-impossible": (SCORING, ERROR, "a base written without details is one the bonuses can make"),
    "base-not-itemised": (SCORING, INFO, "only base and count were written, so less can be checked"),
    "canastas-exceed-table-points": (CARDS, ERROR, "the table points cover the least the canastas are worth"),
    "went-out-with-cards": (FINISHING, ERROR, "the player who finished has no points left in hand"),
    "opening-exceeds-table-points": (PLAYING, ERROR, "the opening meld is part of the table points"),
    # the five players of one hand
    "canastas-exceed-deck": (CARDS, ERROR, "the canastas of all five players fit the 110 cards"),
    "super-canastas-exceed-deck": (CARDS, ERROR, "at most 8 Super Canastas in a hand"),
    "card-points-exceed-deck": (CARDS, ERROR, "the table and hand points of all five players fit the 980"),
    "counts-exceed-deck": (CARDS, ERROR, "the counts of all five players, as sizes, fit the 980"),
    "kitties-exceed-two": (DEALING, ERROR, "at most two kitties are picked up in a hand"),
    "went-out-more-than-one": (FINISHING, ERROR, "at most one player finishes a deal"),
    "went-out-without-canasta": (FINISHING, ERROR, "the finisher or the finisher's partner has a canasta"),
    "opening-below-minimum": (PLAYING, ERROR, "the opening meld is at least 75, or 25 when helped"),
    # arithmetic and the game
    "total-mismatch": (SCORING, ERROR, "total = base + count"),
    "cumulative-mismatch": (SCORING, ERROR, "running total = previous running total + total"),
    "credited-mismatch": (SCORING, ERROR, "credited = own running total + the partner's running total"),
    "final-mismatch": (SCORING, ERROR, "the final is the reading's running total after the last hand"),
    "winner-mismatch": (SCORING, ERROR, "the winner has the highest final"),
    "tie-for-director": (SCORING, WARNING, "equal highest finals are a tie the director resolves"),
    "no-hands": (HANDS, ERROR, "a game has at least one hand"),
    "too-many-hands": (HANDS, ERROR, "a sheet lists at most 100 hands"),
    "hand-after-target": (SCORING, ERROR, "no hand after a player reached the target"),
    "game-not-finished": (SCORING, ERROR, "with play_to_target, a player reached the target"),
}


def violation(code: str, hand: int | None, side: str | None, field: str, message: str) -> Violation:
    """A Violation with the code's source section and severity."""
    rule, severity, _ = CODES[code]
    return Violation(severity, hand, side, field, code, rule, message)
