"""A worked canasta21 sheet (`python -m rules example canasta21`): three players, two hands, every number
written and itemised, so a scorekeeper sees what each field holds."""

FORMAT2 = "canasta-td/score-sheet@2"


def _line(base: int, count: int, total: int, cumulative: int, meld: int, **details) -> dict:
    return {"base": base, "count": count, "total": total, "cumulative": cumulative, "meld_base_cards": meld,
            "details": details}


EXAMPLE = {
    "format": FORMAT2,
    "ruleset": "canasta21",
    "options": None,
    "sides": [{"id": "ana", "label": "Ana"}, {"id": "bo", "label": "Bo"}, {"id": "cy", "label": "Cy"}],
    "hands": [
        {   # Ana goes out with five canastas, four started by a base card (no Bigollo!)
            "ana": _line(950, 160, 1110, 1110, 2, pure_base_canastas=3, mixed_base_canastas=1,
                         pure_standard_canastas=1, went_out=True, cards_21=2, closed_points=160),
            "bo": _line(300, -2, 298, 298, 2, pure_base_canastas=1, pure_standard_canastas=1,
                        closed_points=45, table_points=30, hand_points=17),
            "cy": _line(0, -52, -52, -52, 2, table_points=12, hand_points=40),
        },
        {   # Bo goes out concealed; Cy's negative score asks one base card of the initial meld
            "ana": _line(300, 10, 310, 1420, 2, pure_standard_canastas=3, closed_points=63, table_points=20,
                         hand_points=33),
            "bo": _line(1050, 240, 1290, 1588, 2, pure_base_canastas=2, mixed_base_canastas=2,
                        mixed_standard_canastas=1, went_out=True, concealed=True, cards_21=1, closed_points=240),
            "cy": _line(200, -29, 171, 119, 1, pure_base_canastas=1, closed_points=26, hand_points=55),
        },
    ],
    "final": {"ana": 1420, "bo": 1588, "cy": 119},
    "winner": "bo",
}
