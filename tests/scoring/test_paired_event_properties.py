"""Paired games in whole events of random results: what must hold in every one, at the event's level.

Each event is seated by the services (game 1 in registration order, then the movement, then the paired
games) with random results recorded as the director would. Whatever the results:

- every team that plays the game sits at exactly one table, and only an odd field has a bye (a sit-out);
- the bye goes to a team that has not sat out yet, while one has not;
- the higher-ranked team of each pair sits North-South, and the pairs take the tables best first;
- with 9 teams or more and at most 4 games before, a pairing without a rematch always exists (each team
  has met at most 4 others, so it can still meet at least half of the rest: Dirac's theorem), so none has.
"""

import random

import pytest

from scoring.standings import compute_standings
from tests.factories import make_event
from tournament.core import services
from tournament.core.models import Game

pytestmark = pytest.mark.django_db


def play_at_random(round_, director, rng: random.Random) -> None:
    for game in round_.games.filter(status=Game.Status.SCHEDULED):
        ns, ew = rng.randrange(5, 400) * 5, rng.randrange(5, 400) * 5
        services.record_game_result(game, ns_total=ns, ew_total=ew, user=director)


@pytest.mark.parametrize(("teams", "games", "paired", "method", "seed"), [
    (9, 2, 3, "danish", 1), (10, 1, 4, "swiss", 2), (13, 3, 2, "danish", 3), (16, 2, 3, "swiss", 4),
    (21, 1, 4, "danish", 5), (5, 1, 3, "swiss", 6), (6, 2, 3, "danish", 7),
])
def test_paired_games_hold_their_rules_whatever_the_results(director, teams, games, paired, method, seed):
    rng = random.Random(seed)
    event = make_event(director, teams=teams, games=games, paired_rounds=paired, pairing_method=method, seed=seed)
    for number in range(1, games + paired + 1):
        round_ = event.rounds.get(number=number)
        play_at_random(round_, director, rng)
        if number == games + paired:
            break
        place = {row.team.pk: i for i, row in enumerate(compute_standings(event))}
        before = list(Game.objects.filter(round__event=event).values_list("ns_team_id", "ew_team_id", "status"))
        met = {frozenset((ns, ew)) for ns, ew, _ in before if ns and ew}
        sat_out = {ns or ew for ns, ew, status in before if status == Game.Status.SIT_OUT}
        services.advance_to_next_game(event, director)
        paired_round = event.rounds.get(number=number + 1)
        assert paired_round.pairing == (method if number + 1 > games else "")
        if not paired_round.pairing:
            continue
        games_now = list(paired_round.games.order_by("table__number").values_list("ns_team_id", "ew_team_id"))
        seated = [team for pair in games_now for team in pair if team]
        assert sorted(seated) == sorted(place), "every team once"
        byes = [ns or ew for ns, ew in games_now if (ns is None) != (ew is None)]
        assert len(byes) == teams % 2
        if byes and set(place) - sat_out:
            assert byes[0] not in sat_out, "a second sit-out while another team has had none"
        pairs = [(ns, ew) for ns, ew in games_now if ns and ew]
        assert all(place[ns] < place[ew] for ns, ew in pairs), "the higher-ranked team sits North-South"
        assert [place[ns] for ns, _ in pairs] == sorted(place[ns] for ns, _ in pairs), "best pairs first"
        if teams >= 9 and number <= 4:
            assert not {frozenset(pair) for pair in pairs} & met, "an avoidable rematch"
