"""A worked fibonacci21_solitaire sheet: three deals of one player."""

EXAMPLE = {
    "format": "canasta-td/score-sheet@2",
    "ruleset": "fibonacci21_solitaire",
    "options": None,
    "sides": [{"id": "ana", "label": "Ana"}],
    "hands": [
        {"ana": {"discards": 14, "turns": 18, "cumulative": 14}},
        {"ana": {"discards": 9, "turns": 12, "cumulative": 23}},
        {"ana": {"discards": 21, "cumulative": 44}},
    ],
    "final": {"ana": 44},
    "winner": "ana",
}
