"""scoring.py's functions called as a program would: their defaults and every part of their answers."""

from rules.five_player import scoring

ALL = {"pure_canastas": 1, "impure_canastas": 1, "pure_super_canastas": 1, "impure_super_canastas": 1,
       "kitties": 2, "went_out": True}


def test_a_super_canasta_scores_alone_by_default():
    assert scoring.base(ALL) == 1100
    assert scoring.base(ALL, plus_canasta=True) == 1250
    assert scoring.breakdown(ALL) == [("canastas", 150), ("Super Canastas", 800), ("kitties", 100),
                                      ("finishing", 50)]


def test_with_plus_canasta_each_super_canasta_adds_its_own_kind_of_canasta():
    assert scoring.breakdown({**ALL, "impure_super_canastas": 0}, plus_canasta=True)[1] == ("Super Canastas", 600)
    assert scoring.breakdown({**ALL, "pure_super_canastas": 0}, plus_canasta=True)[1] == ("Super Canastas", 350)
