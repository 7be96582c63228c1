"""A worked example sheet: the one the check page starts from, and a starting point for scorekeepers in
training. Hand 1 is section K's worked example (Base 2,200 / Count 325 / Total 2,525 against
1,800 / 275 / 2,075), with details that add up to it.
"""

import json

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


def example_text() -> str:
    """The example as indented JSON, ready for a text area."""
    return json.dumps(EXAMPLE_SHEET, indent=2)
