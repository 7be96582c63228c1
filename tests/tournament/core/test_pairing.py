"""Properties of the Danish and Swiss pairing for 4..200 teams, and an exhaustive check for small fields.

Histories are made the way an event makes them: rounds of the same method, one after another, with random
winners. Where the test can prove a pairing without a rematch (or a same-club pair) exists, it asserts the
pairing has none: by Dirac's theorem, when every team to pair can still meet at least half of the others,
the allowed pairs hold a perfect matching. For up to 10 teams, every pairing is enumerated instead.
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.core.pairing import pair_round
from tournament.core.tiebreaks import Entrant, Meeting, rank


def history(n, rounds, method, seed, clubs=0, avoid_club=False):
    """The entrants after `rounds` rounds paired by `method`, and each round's pairing."""
    rng = random.Random(seed)
    teams = {i: {"wins": 0, "met": [], "bye": False,
                 "club": f"C{rng.randrange(clubs)}" if clubs else ""} for i in range(1, n + 1)}
    pairings = []
    for _ in range(rounds):
        entrants = entrants_of(teams)
        pairing = pair_round(entrants, method, avoid_club=avoid_club)
        pairings.append((entrants, pairing))
        for t in pairing.tables:
            teams[rng.choice([t.ns, t.ew])]["wins"] += 1
            teams[t.ns]["met"].append(t.ew)
            teams[t.ew]["met"].append(t.ns)
        if pairing.bye is not None:
            teams[pairing.bye]["bye"] = True
            teams[pairing.bye]["wins"] += 1
    return entrants_of(teams), pairings


def entrants_of(teams):
    return [Entrant(number=i, wins=t["wins"], club=t["club"], had_bye=t["bye"],
                    meetings=tuple(Meeting(o) for o in t["met"])) for i, t in teams.items()]


def check_round(entrants, pairing, avoid_club=False):
    numbers = sorted(e.number for e in entrants)
    seated = [x for t in pairing.tables for x in (t.ns, t.ew)] + ([pairing.bye] if pairing.bye else [])
    assert sorted(seated) == numbers  # every team once: at a table or with the bye
    assert (pairing.bye is None) == (len(numbers) % 2 == 0)
    assert [t.table for t in pairing.tables] == list(range(1, len(pairing.tables) + 1))
    by = {e.number: e for e in entrants}
    met = {frozenset((e.number, o)) for e in entrants for o in e.opponents}
    assert pairing.rematches == sum(frozenset((t.ns, t.ew)) in met for t in pairing.tables)
    assert pairing.same_club == sum(bool(by[t.ns].club) and by[t.ns].club == by[t.ew].club for t in pairing.tables)
    playing = [e for e in entrants if e.number != pairing.bye]
    most_met = max(len(set(e.opponents)) for e in entrants)
    if most_met <= len(playing) / 2 - 1:  # Dirac: a pairing without a rematch exists, whoever has the bye
        assert pairing.rematches == 0
    if avoid_club:
        clubs = [e.club for e in playing]
        biggest = max(clubs.count(c) for c in clubs)
        if most_met + biggest - 1 <= len(playing) / 2 - 1:
            assert pairing.same_club == 0 and pairing.rematches == 0
    if pairing.bye is not None:
        ranked = [e.number for e in rank(entrants)] if pairing.method == "danish" else pairing.ranking
        without = [n for n in ranked if not by[n].had_bye]
        if without:
            assert not by[pairing.bye].had_bye  # never a second bye while a team has had none
            if most_met <= len(playing) / 2 - 1 and not avoid_club:
                assert pairing.bye == without[-1]  # the lowest-ranked team without one


@settings(max_examples=60, deadline=None)
@given(n=st.integers(4, 200), rounds=st.integers(1, 6), method=st.sampled_from(["danish", "swiss"]),
       seed=st.integers(0, 10**6))
def test_every_round_pairs_everyone_once_without_avoidable_rematches(n, rounds, method, seed):
    _, pairings = history(n, rounds, method, seed)
    for entrants, pairing in pairings:
        check_round(entrants, pairing)


@settings(max_examples=40, deadline=None)
@given(n=st.integers(4, 200), rounds=st.integers(1, 5), clubs=st.integers(2, 12),
       method=st.sampled_from(["danish", "swiss"]), seed=st.integers(0, 10**6))
def test_teams_of_one_club_are_kept_apart_when_asked_and_possible(n, rounds, clubs, method, seed):
    _, pairings = history(n, rounds, method, seed, clubs=clubs, avoid_club=True)
    for entrants, pairing in pairings:
        check_round(entrants, pairing, avoid_club=True)


@pytest.mark.parametrize("n, rounds, method, clubs", [
    (200, 8, "danish", 0), (199, 8, "swiss", 0), (200, 6, "swiss", 7), (199, 6, "danish", 3)])
def test_the_largest_fields(n, rounds, method, clubs):
    _, pairings = history(n, rounds, method, seed=n, clubs=clubs, avoid_club=bool(clubs))
    for entrants, pairing in pairings:
        check_round(entrants, pairing, avoid_club=bool(clubs))


@pytest.mark.parametrize("n", [5, 7, 9, 25, 51])
def test_byes_go_round_before_anyone_has_a_second(n):
    _, pairings = history(n, n + 2, "danish", seed=n)
    byes = [p.bye for _, p in pairings]
    assert sorted(byes[:n]) == list(range(1, n + 1))  # n rounds: every team once
    for entrants, pairing in pairings:
        check_round(entrants, pairing)


@pytest.mark.parametrize("n", [4, 9, 10, 51, 200])
def test_danish_order_is_exact_when_nothing_is_in_the_way(n):
    entrants = [Entrant(number=i, wins=n - i) for i in range(1, n + 1)]
    pairing = pair_round(entrants, "danish")
    assert [(t.ns, t.ew) for t in pairing.tables] == [(i, i + 1) for i in range(1, n - n % 2, 2)]
    assert pairing.bye == (n if n % 2 else None)


def test_danish_moves_as_little_as_possible_around_a_rematch():
    entrants = [Entrant(number=1, wins=5, meetings=(Meeting(2),)), Entrant(number=2, wins=4, meetings=(Meeting(1),))]
    entrants += [Entrant(number=i, wins=5 - i) for i in range(3, 7)]
    pairing = pair_round(entrants, "danish")
    assert [(t.ns, t.ew) for t in pairing.tables] == [(1, 3), (2, 4), (5, 6)]


def test_swiss_pairs_top_half_against_bottom_half_within_score_groups():
    # 8 teams with 2 wins (ranked 1..8 by points), 4 with 1 win, 3 with none: the odd group floats its last
    entrants = [Entrant(number=i, wins=2, points=100 - i) for i in range(1, 9)]
    entrants += [Entrant(number=i, wins=1, points=100 - i) for i in range(9, 13)]
    entrants += [Entrant(number=i, wins=0, points=100 - i, had_bye=i == 15) for i in range(13, 16)]
    pairing = pair_round(entrants, "swiss")
    assert [(t.ns, t.ew) for t in pairing.tables] == [
        (1, 5), (2, 6), (3, 7), (4, 8), (9, 11), (10, 12), (13, 15)]
    assert pairing.bye == 14


def test_swiss_floats_a_team_down_when_its_group_cannot_pair():
    # 1 and 2 lead and have met: each meets the best of the next group instead
    entrants = [Entrant(number=1, wins=2, meetings=(Meeting(2),)), Entrant(number=2, wins=2, meetings=(Meeting(1),))]
    entrants += [Entrant(number=i, wins=1, points=10 - i) for i in range(3, 7)]
    pairing = pair_round(entrants, "swiss")
    assert [(t.ns, t.ew) for t in pairing.tables] == [(1, 3), (2, 4), (5, 6)]
    assert pairing.rematches == 0


def test_two_teams_that_have_met_play_again_with_the_rematch_counted():
    entrants = [Entrant(number=1, meetings=(Meeting(2),)), Entrant(number=2, meetings=(Meeting(1),))]
    pairing = pair_round(entrants, "danish")
    assert [(t.ns, t.ew) for t in pairing.tables] == [(1, 2)] and pairing.rematches == 1


def test_the_same_standings_give_the_same_pairs():
    entrants, _ = history(60, 4, "swiss", seed=3, clubs=6)
    assert pair_round(entrants, "swiss", avoid_club=True) == pair_round(list(reversed(entrants)), "swiss",
                                                                          avoid_club=True)


@pytest.mark.parametrize("method", ["tennis", ""])
def test_an_unknown_method_is_refused(method):
    with pytest.raises(ValueError, match="Unknown pairing method"):
        pair_round([Entrant(number=1), Entrant(number=2)], method)


def test_a_number_twice_or_an_unknown_opponent_is_refused():
    with pytest.raises(ValueError, match="only once"):
        pair_round([Entrant(number=1), Entrant(number=1), Entrant(number=2)], "danish")
    with pytest.raises(ValueError, match="Opponent 9 is not among the teams"):
        pair_round([Entrant(number=1, meetings=(Meeting(9),)), Entrant(number=2)], "swiss")


@settings(max_examples=80, deadline=None)
@given(wins=st.lists(st.integers(0, 4), min_size=4, max_size=200))
def test_swiss_keeps_score_groups_together_when_nothing_is_in_the_way(wins):
    entrants = [Entrant(number=i, wins=w, points=i * 7 % 13) for i, w in enumerate(wins, start=1)]
    pairing = pair_round(entrants, "swiss")
    score = {e.number: e.score for e in entrants}
    playing = [score[n] for n in score if n != pairing.bye]
    # Any pairing crosses each boundary between score groups that has an odd number of teams above it;
    # the Swiss pairing crosses those only, once each: only a team left over floats.
    odd_boundaries = sum(sum(p > s for p in playing) % 2 for s in set(playing))
    across = [(t.ns, t.ew) for t in pairing.tables if score[t.ns] != score[t.ew]]
    assert len(across) == odd_boundaries
    assert all(score[a] > score[b] for a, b in across)  # and it floats down, never up
    if pairing.bye is not None:
        assert pairing.bye == pairing.ranking[-1]


def test_pairing_as_listed_follows_the_list_not_the_tiebreaks():
    """Listed 9, 4, 7, 2: Danish pairs 9v4 and 7v2 whatever the numbers or scores say; 9 and 4 have met, so
    9 meets 7 and 4 meets 2 instead, the numbers kept in the answer."""
    from tournament.core.pairing import pair_as_listed

    listed = [Entrant(9, wins=0), Entrant(4, wins=3), Entrant(7, wins=1), Entrant(2, wins=2)]
    pairing = pair_as_listed(listed, "danish")
    assert [(t.table, t.ns, t.ew) for t in pairing.tables] == [(1, 9, 4), (2, 7, 2)]
    assert pairing.ranking == (9, 4, 7, 2)
    met = [Entrant(9, meetings=(Meeting(4),)), Entrant(4, meetings=(Meeting(9),)), Entrant(7), Entrant(2)]
    assert [(t.ns, t.ew) for t in pair_as_listed(met, "danish").tables] == [(9, 7), (4, 2)]
    with pytest.raises(ValueError, match="Opponent 5"):
        pair_as_listed([Entrant(1, meetings=(Meeting(5),)), Entrant(2)], "danish")
