"""scoring.zero_parts, the parts of a base recorded at 0 with why, on its own: which option it assumes when
none is given, and that stuck cards alone (not any detail) bring the note about the count."""

from rules.fields import Details
from rules.nvso.scoring import zero_parts

STUCK_NOTE = "cards stuck in hand 0: their penalty comes off the count"


def test_without_the_option_stuck_cards_are_in_the_base_and_not_listed_at_0():
    assert zero_parts(Details(pure_canastas=2, stuck_sevens=1)) == []
    assert zero_parts(Details(pure_canastas=2, stuck_sevens=1), False) == [STUCK_NOTE]


def test_with_penalties_in_the_count_only_stuck_cards_bring_the_note():
    assert zero_parts(Details(pure_canastas=2, went_out=True), False) == []
    assert zero_parts(Details(pure_canastas=2, stuck_aces=1), False) == [STUCK_NOTE]
