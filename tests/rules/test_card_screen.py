"""The NVSO deck's quick screen (rules.nvso.cards.fits) one pool at a time, and the pools' words.

test_card_ledger.py holds the screen to the ledger over a large grid and on random hands; those walks are
left out of mutation testing (marked sweep), so this grid is the small one that a slip in the screen must
fail on its own: every detail that draws on one pool, alone and with each other, on either team.
"""

from itertools import product

import pytest

from rules.fields import Details
from rules.language import speaking
from rules.nvso import cards, scoring
from tests.rules.test_card_ledger import _agree


@pytest.fixture(autouse=True)
def _takes_computed_afresh():
    """What each team's details take is cached (cards.team_takes), the language part of the key: a test whose
    details an earlier test already asked about in that language would never reach the words it asserts."""
    cards._takes.cache_clear()


def _teams(**choices) -> list[Details]:
    """Every team's details made of the given choices (one list of values per field)."""
    names = list(choices)
    return [Details(**dict(zip(names, values, strict=True))) for values in product(*choices.values())]


@pytest.mark.parametrize("teams", [
    _teams(red_threes=(0, 1, 2, 3, 4), black_threes=(0, 2, 3)),
    _teams(sevens_canasta=(False, True), incomplete_sevens=(False, True), stuck_sevens=(0, 1, 2)),
    _teams(aces_canasta=(False, True), incomplete_aces=(False, True), stuck_aces=(0, 1, 2)),
    _teams(mixed_canastas=(0, 5), wild_canasta=(None, *scoring.WILD_CANASTAS),
           incomplete_wilds=(None, *scoring.INCOMPLETE_WILDS)),
], ids=["threes", "sevens", "aces", "wild cards"])
def test_the_screen_agrees_with_the_ledger_on_each_pool_for_either_team_and_both(teams):
    for ns, ew in product(teams, teams):
        _agree(ns, ew)


def test_the_screen_finds_the_overflow_that_one_detail_of_one_team_makes_with_the_other_s():
    """Hands where exactly one detail of each team draws on the pool: the screen's test must look at
    every one of them, not only at pairs of the same detail."""
    sevens = [{"sevens_canasta": True}, {"incomplete_sevens": True}, {"stuck_sevens": 2}]
    aces = [{"aces_canasta": True}, {"incomplete_aces": True}, {"stuck_aces": 2}]
    for family in (sevens, aces):
        for ns, ew in product(family, family):
            both = Details(**ns), Details(**ew)
            fits = cards.fits(*both)
            assert fits == cards.fits(*reversed(both))
            _agree(*both)
    assert not cards.fits(Details(sevens_canasta=True), Details(stuck_sevens=1))
    assert not cards.fits(Details(stuck_aces=1), Details(aces_canasta=True))
    assert cards.fits(Details(incomplete_sevens=True), Details(stuck_sevens=1))
    assert not cards.fits(Details(wild_canasta="all_deuces"), Details(mixed_canastas=6))
    wilds = Details(wild_canasta="all_deuces", incomplete_wilds="other", mixed_canastas=1)  # 11 of the 12
    assert cards.fits(Details(mixed_canastas=1), wilds)
    assert not cards.fits(Details(mixed_canastas=2), wilds)
    assert not cards.fits(Details(wild_canasta="all_deuces"), Details(wild_canasta="mixed"))  # 11 deuces of 8
    assert cards.fits(Details(wild_canasta="four_jokers"), Details())


SPANISH_POOLS = ["treses rojos", "treses negros", "sietes", "ases", "comodines", "jokers", "doses"]
SPANISH_WILDS = {
    ("wild_canasta", "all_deuces"): "una canasta de comodines toda de doses",
    ("wild_canasta", "four_jokers"): "una canasta de comodines con los cuatro jokers",
    ("wild_canasta", "mixed"): "una canasta de comodines de jokers y doses",
    ("incomplete_wilds", "other"): "un juego de comodines sin completar",
    ("incomplete_wilds", "four_jokers"): "un juego de comodines sin completar con los cuatro jokers",
}


def test_each_pool_is_named_in_the_messages_language():
    with speaking("es"):
        assert [cards.pool_words(pool) for pool in cards.POOLS] == SPANISH_POOLS
    with speaking("it"):  # Spanish keeps the English "jokers"; Italian has a word of its own
        assert cards.pool_words(cards.POOLS[cards.JOKERS]) == "jolly"
    assert [cards.pool_words(pool) for pool in cards.POOLS] == [pool.words for pool in cards.POOLS]


@pytest.mark.parametrize("field, kind", list(SPANISH_WILDS))
def test_each_wild_meld_is_named_in_the_messages_language(field, kind):
    with speaking("es"):
        [take] = cards.team_takes("ns", Details(**{field: kind}))[0]
    assert take.what == SPANISH_WILDS[field, kind]
    [english] = cards.team_takes("ns", Details(**{field: kind}))[0]
    assert english.what == (cards.WILD_CANASTA_TAKES if field == "wild_canasta" else cards.UNFINISHED_WILDS_TAKES)[
        kind][0]
