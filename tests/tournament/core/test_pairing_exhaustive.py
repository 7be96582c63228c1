"""The pairing against every possible pairing, for fields of up to 10 teams with long histories.

The enumeration goes in the Danish order of preference (the bye first, lowest-ranked eligible team first;
then the best-ranked unpaired team with each partner down the ranking), so the first pairing of fewest
rematches it meets is the one Danish pairing must return, table for table. Swiss and club avoidance are
held to the counts: the fewest rematches, and among pairings with that many, the fewest same-club pairs.
"""

import random

import pytest

from tests.tournament.core.test_pairing import history
from tournament.core.pairing import pair_round
from tournament.core.tiebreaks import rank


def every_pairing(order, bye_candidates):
    """All pairings of `order` (numbers, best first), in the Danish order of preference."""
    def pairs_of(rest):
        if not rest:
            yield []
            return
        a = rest[0]
        for k in range(1, len(rest)):
            for tail in pairs_of(rest[1:k] + rest[k + 1:]):
                yield [(a, rest[k]), *tail]

    if len(order) % 2 == 0:
        for pairs in pairs_of(order):
            yield None, pairs
        return
    for bye in bye_candidates:
        for pairs in pairs_of([x for x in order if x != bye]):
            yield bye, pairs


def best(entrants, method_order, avoid_club):
    by = {e.number: e for e in entrants}
    met = {frozenset((e.number, o)) for e in entrants for o in e.opponents}
    without = [n for n in reversed(method_order) if not by[n].had_bye] or list(reversed(method_order))
    found = None
    for bye, pairs in every_pairing(method_order, without):
        rematches = sum(frozenset(p) in met for p in pairs)
        clubs = sum(bool(by[a].club) and by[a].club == by[b].club for a, b in pairs) if avoid_club else 0
        if found is None or (rematches, clubs) < found[0]:
            found = ((rematches, clubs), bye, pairs)
    return found


CASES = [(n, rounds, seed) for n in range(4, 11) for rounds in (2, n // 2, n - 2, n) for seed in range(3)]


@pytest.mark.parametrize("n, rounds, seed", CASES)
def test_danish_is_the_first_pairing_of_fewest_rematches(n, rounds, seed):
    entrants, _ = history(n, rounds, "danish", seed)
    order = [e.number for e in rank(entrants)]
    (rematches, _), bye, pairs = best(entrants, order, avoid_club=False)
    pairing = pair_round(entrants, "danish")
    assert pairing.rematches == rematches
    assert pairing.bye == bye
    assert [(t.ns, t.ew) for t in pairing.tables] == pairs


@pytest.mark.parametrize("n, rounds, seed", CASES)
@pytest.mark.parametrize("method", ["danish", "swiss"])
def test_fewest_rematches_and_no_avoidable_same_club_pair(n, rounds, seed, method):
    entrants, _ = history(n, rounds, method, seed, clubs=random.Random(seed).randint(2, 4), avoid_club=True)
    pairing = pair_round(entrants, method, avoid_club=True)
    (rematches, clubs), _, _ = best(entrants, list(pairing.ranking), avoid_club=True)
    assert pairing.rematches == rematches
    assert pairing.same_club == clubs
