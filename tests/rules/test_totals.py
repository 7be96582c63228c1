"""The totals the written numbers make (rules/totals.py): per hand, running, final and winner."""

from types import SimpleNamespace

import rules
from rules.totals import Totals
from tests.rules.builders import build, plain


def _totals(*hands) -> Totals:
    sheet, problems = rules.parse(build(*hands))
    assert problems == []
    return Totals(sheet)


def test_totals_and_running_totals_hand_by_hand():
    t = _totals((plain(2200, 325), plain(1800, 275)), (plain(300, -100), plain(500, 280)))
    assert (t.ns_total, t.ns_cumulative, t.ew_total, t.ew_cumulative) == (
        [2525, 200], [2525, 2725], [2075, 780], [2075, 2855])
    assert (t.final("ns"), t.final("ew")) == (2725, 2855)
    assert (t.before("ns", 0), t.before("ns", 1), t.before("ew", 1)) == (0, 2525, 2075)
    assert t.winner() == "ew"


def test_the_winner_and_a_tie():
    assert _totals((plain(300, 100), plain(200, 100))).winner() == "ns"
    assert _totals((plain(200, 100), plain(200, 100))).winner() == "tie"


def test_no_hands_no_winner():
    t = Totals(SimpleNamespace(hands=[]))
    assert (t.final("ns"), t.final("ew"), t.winner()) == (0, 0, None)
    assert t.as_dict() == {"hands": [], "final": {"ns": 0, "ew": 0}, "winner": None}
