"""The table of bases one team can score in one hand (rules/nvso/bases.py) is built from exactly the
layouts of canastas and unfinished melds one team can show: every layout the deck checks accept, and none
that a team cannot have (a second meld of a rank beside its canasta)."""

from itertools import product

from rules.nvso import scoring
from rules.nvso.bases import _canasta_layouts, achievable_bases
from rules.nvso.checks_deck import check_hand_deck
from rules.sheet import Details, Hand, TeamLine


def _key(d: Details) -> tuple:
    return (d.pure_canastas, d.mixed_canastas, d.sevens_canasta, d.aces_canasta, d.wild_canasta,
            d.incomplete_sevens, d.incomplete_aces, d.incomplete_wilds)


def _legal_layouts() -> set[tuple]:
    """Every one-team layout, well past the deck's edges, kept when the deck checks accept it and the team
    has no unfinished meld of a rank it made a canasta of."""
    legal = set()
    for sevens, aces, wild, unfinished_sevens, unfinished_aces, unfinished_wilds in product(
            (False, True), (False, True), (None, *scoring.WILD_CANASTAS), (False, True), (False, True),
            (None, *scoring.INCOMPLETE_WILDS)):
        if (sevens and unfinished_sevens) or (aces and unfinished_aces) or (wild and unfinished_wilds):
            continue
        for pure, mixed in product(range(12), range(14)):
            d = Details(pure_canastas=pure, mixed_canastas=mixed, sevens_canasta=sevens, aces_canasta=aces,
                        wild_canasta=wild, incomplete_sevens=unfinished_sevens, incomplete_aces=unfinished_aces,
                        incomplete_wilds=unfinished_wilds)
            found = []
            check_hand_deck(1, Hand(TeamLine(0, 0, details=d), TeamLine(0, 0)), found)
            if not found:
                legal.add(_key(d))
    return legal


def test_the_layouts_are_exactly_those_one_team_can_show():
    layouts = [_key(d) for d in _canasta_layouts()]
    assert len(layouts) == len(set(layouts))  # each once
    assert set(layouts) == _legal_layouts()


def test_a_layout_has_no_threes_going_out_special_hand_or_stuck_players():
    # those are added to each layout's points by the table, not enumerated with it
    for d in _canasta_layouts():
        assert (d.red_threes, d.black_threes, d.went_out, d.special_hand, d.stuck_aces, d.stuck_sevens) == (
            0, 0, False, None, 0, 0)


def test_the_most_mixed_canastas_beside_each_wild_meld():
    # 12 wild cards: a wild canasta takes 7, an unfinished wild meld 3 (4 with the four jokers); a mixed
    # canasta one each, and at most ten natural ranks make pure and mixed canastas.
    most = {}
    for d in _canasta_layouts():
        kind = (d.wild_canasta, d.incomplete_wilds)
        most[kind] = max(most.get(kind, 0), d.mixed_canastas)
    assert most == {(None, None): 10, (None, "other"): 9, (None, "four_jokers"): 8,
                    ("all_deuces", None): 5, ("four_jokers", None): 5, ("mixed", None): 5}


def test_the_table_is_recomputed_the_same_after_its_cache_is_emptied():
    before = achievable_bases()
    achievable_bases.cache_clear()
    again = achievable_bases()
    assert again == before and len(again) == 294
    assert min(again) == -15_500 and max(again) == 14_600
