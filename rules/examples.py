"""A worked example sheet: the one the check page starts from, and a starting point for scorekeepers in
training. Hand 1 is section K's worked example (Base 2,200 / Count 325 / Total 2,525 against
1,800 / 275 / 2,075), with details that add up to it.

Every game has an example to start from: a rule set's own `example()` when it has one, else this NVSO
sheet; and the games to pick from are every registered rule set, by name and title.
"""

import json

from rules.registry import find_ruleset, ruleset_names

DEFAULT_GAME = "nvso"

EXAMPLE_SHEET = {
    "format": "canasta-td/score-sheet@1",
    "ruleset": "nvso",
    "options": {},
    "teams": {"ns": "Smith / Jones", "ew": "Brown / Green"},
    "hands": [
        {
            "ns": {"base": 2200, "count": 325, "total": 2525, "cumulative": 2525, "meld_requirement": 125,
                   "details": {"red_threes": 3, "black_threes": 2, "pure_canastas": 2, "mixed_canastas": 1,
                               "went_out": True, "table_points": 335, "hand_points": 10}},
            "ew": {"base": 1800, "count": 275, "total": 2075, "cumulative": 2075, "meld_requirement": 125,
                   "details": {"black_threes": 2, "pure_canastas": 3, "table_points": 300,
                               "hand_points": 25}},
        },
        {
            "ns": {"base": 300, "count": 120, "total": 420, "cumulative": 2945, "meld_requirement": 155},
            "ew": {"base": -300, "count": -85, "total": -385, "cumulative": 1690, "meld_requirement": 155},
        },
    ],
    "final": {"ns": 2945, "ew": 1690},
    "winner": "ns",
}


def games() -> list[tuple[str, str]]:
    """Every registered rule set as (name, title), by name: the games a page lets anyone pick."""
    return [(name, find_ruleset(name).title) for name in ruleset_names()]


def chosen_game(name: str | None) -> str:
    """The game called `name` when a rule set has that name, else the default (nvso)."""
    return name if name and find_ruleset(name) is not None else DEFAULT_GAME


def has_own_example(game: str) -> bool:
    """Whether the game's example is its own (the NVSO example is nvso's own; another game may have none)."""
    return game == DEFAULT_GAME or callable(getattr(find_ruleset(game), "example", None))


def example_sheet(game: str = DEFAULT_GAME) -> dict:
    """The game's example sheet: NVSO's in @1, the format its table form writes (its rule set's example()
    is the same sheet in @2); another game's from its rule set, or the NVSO example when it has none."""
    ruleset = find_ruleset(game)
    example = getattr(ruleset, "example", None)
    return example() if game != DEFAULT_GAME and callable(example) else EXAMPLE_SHEET


def example_text(game: str = DEFAULT_GAME) -> str:
    """The game's example as indented JSON, ready for a text area."""
    return json.dumps(example_sheet(game), indent=2)
