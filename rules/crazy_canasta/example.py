"""A worked Crazy Canasta sheet: four deals between two partnerships, every line itemised but the third
deal's, which is written as base and count only (as many score pads are). `python -m rules example
crazy_canasta` prints it; a test checks that it validates.
"""

EXAMPLE = {
    "format": "canasta-td/score-sheet@2",
    "ruleset": "crazy_canasta",
    "options": None,
    "sides": [{"id": "a", "label": "Smith / Jones"}, {"id": "b", "label": "Brown / Green"}],
    "hands": [
        {   # deal 1: a went out with a book (5,000), a clean canasta, two red threes
            "a": {"base": 5800, "count": 575, "total": 6375, "cumulative": 6375, "meld_requirement": 50,
                  "details": {"books": 1, "clean_canastas": 1, "red_threes": 2, "went_out": True,
                              "table_points": 620, "hand_points": 45}},
            "b": {"base": 1300, "count": 250, "total": 1550, "cumulative": 1550, "meld_requirement": 50,
                  "details": {"clean_canastas": 2, "dirty_canastas": 1, "red_threes": 1, "black_threes": 1,
                              "table_points": 410, "hand_points": 160}},
        },
        {   # deal 2: b went out with a book and a canasta of wild cards
            "a": {"base": 2700, "count": 265, "total": 2965, "cumulative": 9340, "meld_requirement": 90,
                  "details": {"sevens_canastas": 1, "dirty_canastas": 2, "red_threes": 1,
                              "table_points": 350, "hand_points": 85}},
            "b": {"base": 7400, "count": 770, "total": 8170, "cumulative": 9720, "meld_requirement": 90,
                  "details": {"books": 1, "wild_canastas": 1, "red_threes": 3, "went_out": True,
                              "table_points": 800, "hand_points": 30}},
        },
        {   # deal 3: base and count only (play ended when the stock ran out)
            "a": {"base": 1500, "count": 220, "total": 1720, "cumulative": 11060, "meld_requirement": 120},
            "b": {"base": 800, "count": -40, "total": 760, "cumulative": 10480, "meld_requirement": 120},
        },
        {   # deal 4: two black threes cost a 200
            "a": {"base": 1500, "count": 180, "total": 1680, "cumulative": 12740, "meld_requirement": 150,
                  "details": {"clean_canastas": 3, "red_threes": 2, "black_threes": 2,
                              "table_points": 300, "hand_points": 120}},
            "b": {"base": 7100, "count": 690, "total": 7790, "cumulative": 18270, "meld_requirement": 150,
                  "details": {"books": 1, "sevens_canastas": 1, "went_out": True, "table_points": 690}},
        },
    ],
    "final": {"a": 12740, "b": 18270},
    "winner": "b",
}
