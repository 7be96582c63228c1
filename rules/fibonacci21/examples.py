"""A worked fibonacci21 sheet (`python -m rules example fibonacci21`): two players, two rounds, every
number written and itemised."""


def _line(base: int, count: int, total: int, cumulative: int, **details) -> dict:
    return {"base": base, "count": count, "total": total, "cumulative": cumulative, "details": details}


EXAMPLE = {
    "format": "canasta-td/score-sheet@2",
    "ruleset": "fibonacci21",
    "options": None,
    "sides": [{"id": "ana", "label": "Ana"}, {"id": "bo", "label": "Bo"}],
    "hands": [
        {   # Ana closes her six sets and goes out; Bo's open sets count for nothing, his hand against him
            "ana": _line(1250, 170, 1420, 1420, pure_sets=5, mixed_sets=1, went_out=True, closed_points=170),
            "bo": _line(600, 45, 645, 645, pure_sets=3, closed_points=70, table_points=40, hand_points=25),
        },
        {
            "ana": _line(550, 70, 620, 2040, pure_sets=2, mixed_sets=1, closed_points=100, hand_points=30),
            "bo": _line(1300, 140, 1440, 2085, pure_sets=6, went_out=True, closed_points=140),
        },
    ],
    "final": {"ana": 2040, "bo": 2085},
    "winner": "bo",
}
