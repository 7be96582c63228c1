"""Sections: dividing the teams, the tables numbered section by section, the refusals, and the queries of
seating and ranking a sectioned event, which do not grow with its size."""

import pytest
from django.db import connection
from django.db.models import Q
from django.test.utils import CaptureQueriesContext

from scoring.standings import compute_standings
from tests.factories import make_event
from tournament.core import services
from tournament.core.errors import TournamentError
from tournament.core.models import Game, Team
from tournament.core.services.sections import divide_into_sections, serpentine

pytestmark = pytest.mark.django_db


def test_serpentine_deals_each_section_its_share_of_the_strong_teams():
    assert serpentine(list(range(9)), 3) == [0, 1, 2, 2, 1, 0, 0, 1, 2]


def test_the_seeds_come_before_registration_when_teams_are_dealt_into_sections(director):
    event = make_event(director, teams=6, seat=False)
    Team.objects.filter(event=event, number=6).update(seed=1)
    Team.objects.filter(event=event, number=5).update(seed=2)
    a, b = divide_into_sections(event, director, count=2)
    # Dealt 6 5 1 2 3 4 (seeds first): A B B A A B.
    assert sorted(event.teams.filter(section=a).values_list("number", flat=True)) == [2, 3, 6]
    assert sorted(event.teams.filter(section=b).values_list("number", flat=True)) == [1, 4, 5]


def test_the_csv_section_letters_place_the_teams_and_the_tables_follow(director):
    event = make_event(director, teams=7, seat=False)
    teams = list(event.teams.order_by("number"))
    letters = {team.pk: "A" if team.number <= 2 else "B" for team in teams}
    a, b = divide_into_sections(event, director, count=2, letters=letters)
    assert list(event.tables.filter(section=a).values_list("number", flat=True)) == [1]
    assert list(event.tables.filter(section=b).values_list("number", flat=True)) == [2, 3, 4]
    assert event.tables.count() == 4 and len(set(event.tables.values_list("code", flat=True))) == 4


@pytest.mark.parametrize(("count", "fields", "message"), [
    (3, {}, "5 teams cannot make 3 sections"),
    (2, {"format": "rotation_then_knockout", "playoff_size": 4}, "Sections play rotation games only"),
    (2, {"paired_rounds": 1}, "Sections play rotation games only"),
])
def test_a_division_that_cannot_be_played_is_refused_and_changes_nothing(director, count, fields, message):
    event = make_event(director, teams=5, seat=False, **fields)
    tables = list(event.tables.values_list("pk", flat=True))
    with pytest.raises(TournamentError, match=message):
        divide_into_sections(event, director, count=count)
    assert not event.sections.exists()
    assert list(event.tables.values_list("pk", flat=True)) == tables


def test_sections_cannot_change_once_game_1_is_seated(director):
    event = make_event(director, teams=8)
    with pytest.raises(TournamentError, match="before game 1"):
        divide_into_sections(event, director, count=2)


def test_dividing_into_no_sections_makes_the_event_one_room_again(director):
    event = make_event(director, teams=8, seat=False)
    divide_into_sections(event, director, count=2)
    divide_into_sections(event, director, count=0)
    assert not event.sections.exists() and not event.teams.exclude(section=None).exists()
    services.number_tables(event, director)
    round_ = services.seat_first_game(event, director)
    assert round_.section is None and round_.games.count() == 4


def test_numbering_the_tables_again_keeps_each_section_its_run(director):
    event = make_event(director, teams=9, seat=False)
    a, b = divide_into_sections(event, director, count=2)  # A: 5 teams, 3 tables; B: 4 teams, 2 tables
    services.withdraw_team(event.teams.get(number=9), director)  # of section A
    tables = services.number_tables(event, director)
    assert [(t.number, t.section_id) for t in tables] == [(1, a.pk), (2, a.pk), (3, b.pk), (4, b.pk)]


def test_a_team_withdrawing_in_one_section_empties_its_seat_in_its_own_sections_game(director):
    event = make_event(director, teams=16, seat=False)
    a, b = divide_into_sections(event, director, count=2)
    services.seat_first_game(event, director)
    leaving = event.teams.filter(section=b).first()
    services.withdraw_team(leaving, director)
    game = event.rounds.get(number=1, section=b).games.get(table__number=leaving.start_table)
    assert game.status == Game.Status.SIT_OUT
    assert not event.rounds.get(number=1, section=a).games.filter(status=Game.Status.SIT_OUT).exists()


@pytest.mark.parametrize("fields", [{"paired_rounds": 1}, {"format": "knockout"},
                                    {"format": "rotation_then_knockout", "playoff_size": 4}])
def test_a_sectioned_event_keeps_a_format_its_sections_can_play(director, fields):
    event = make_event(director, teams=8, seat=False)
    divide_into_sections(event, director, count=2)
    with pytest.raises(TournamentError, match="Make the event one room again"):
        services.update_event(event, director, fields)
    event.refresh_from_db()
    assert (event.paired_rounds, event.format, event.ruleset) == (0, "rotation", "nvso")


def test_a_team_added_before_game_1_joins_the_smallest_section_and_is_seated(director):
    event = make_event(director, teams=7, seat=False)
    a, b = divide_into_sections(event, director, count=2)
    smaller = min((a, b), key=lambda section: section.teams.count())
    team = services.add_team(event, director, player1="New", player2="Comer")
    assert team.section == smaller
    services.number_tables(event, director)
    services.seat_first_game(event, director)
    assert Game.objects.filter(Q(ns_team=team) | Q(ew_team=team), round__section=smaller).count() == 1


def test_a_sectioned_event_is_not_consolidated_and_the_director_is_told_why(director):
    event = make_event(director, teams=16, seat=False)
    divide_into_sections(event, director, count=2)
    services.seat_first_game(event, director)
    services.advance_to_next_game(event, director, force=True)
    for team in event.teams.filter(number__in=(1, 2, 3)):
        services.withdraw_team(team, director)
    with pytest.raises(TournamentError, match="This event is played in sections"):
        services.consolidate_tables(event, director)
    assert not event.tables.exclude(closed_from_game=None).exists()


def _queries(director, teams: int) -> list[int]:
    event = make_event(director, name=f"Sections of {teams}", teams=teams, seat=False)
    divide_into_sections(event, director, count=2)
    counts = []
    for step in (lambda: services.seat_first_game(event, director),
                 lambda: services.advance_to_next_game(event, director, force=True),
                 lambda: compute_standings(event)):
        with CaptureQueriesContext(connection) as captured:
            step()
        counts.append(len(captured))
    return counts


def test_seating_and_ranking_a_sectioned_event_take_the_same_queries_at_any_size(director):
    small, large = _queries(director, 16), _queries(director, 64)
    assert small == large, (small, large)
    assert small[2] <= 2  # the standings: the games, then the teams with their sections


def test_the_csv_section_column_places_each_team_and_the_tables_follow(director):
    event = make_event(director, teams=0, seat=False)
    lines = "".join(f"Ann {n},Bob {n},,,{'a' if n <= 4 else 'B'}\n" for n in range(1, 10))
    report = services.import_teams(event, "player1,player2,club,seed,section\n" + lines, director)
    assert report.ok, report.errors
    assert list(event.sections.values_list("letter", flat=True)) == ["A", "B"]
    assert sorted(event.teams.filter(section__letter="A").values_list("number", flat=True)) == [1, 2, 3, 4]
    tables = services.number_tables(event, director)
    assert [(t.number, t.section.letter) for t in tables] == [(1, "A"), (2, "A"), (3, "B"), (4, "B"), (5, "B")]
    services.seat_first_game(event, director)
    assert sorted(event.rounds.values_list("section__letter", flat=True)) == ["A", "B"]


@pytest.mark.parametrize(("lines", "message"), [
    ("Ann,Bob,,,A\nCy,Dee,,,\n", "Line 3: no section"),
    ("Ann,Bob,,,A\nCy,Dee,,,7\n", "the section '7' is not a letter"),
])
def test_a_csv_with_a_section_missing_or_wrong_imports_no_team(director, lines, message):
    event = make_event(director, teams=0, seat=False)
    report = services.import_teams(event, "player1,player2,club,seed,section\n" + lines, director)
    assert not report.ok and any(message in error for error in report.errors), report.errors
    assert not event.teams.exists() and not event.sections.exists()


def test_the_guide_cards_foresee_each_sections_own_movement(director, monkeypatch):
    from tournament.core.draw import DrawResult
    from tournament.core.guide import guide
    from tournament.core.services import seating

    monkeypatch.setattr(seating, "draw_cards", lambda rng=None: DrawResult("AS", "2C"))  # first team NS
    event = make_event(director, teams=15, seat=False, games=3)
    divide_into_sections(event, director, count=2)   # A: 1 4 5 8 9 12 13 at 1-4; B: the rest at 5-8
    services.seat_first_game(event, director)
    cards = {card.number: card for card in guide(event).cards}
    # East-West moves up within its own section: team 9 from table 1 (A), team 15 from table 8 to B's first.
    assert [(stop.table, stop.opponent_number) for _, stop in cards[9].lines] == [(1, 1), (2, 4), (3, 5)]
    assert [(stop.table, stop.opponent_number) for _, stop in cards[15].lines] == [(8, 7), (5, 2), (6, 3)]


def test_a_late_team_takes_the_empty_seat_of_the_section_that_has_one(director):
    event = make_event(director, teams=15, seat=False)
    a, _ = divide_into_sections(event, director, count=2)   # A: 7 teams, an empty East-West seat; B: 8
    services.seat_first_game(event, director)
    late = services.add_team(event, director, player1="Late", player2="Comer")
    assert late.section == a and late.start_table == 4   # A's last table, where team 8 sat alone
    game = event.rounds.get(number=1, section=a).games.get(table__number=4)
    assert {game.ns_team_id, game.ew_team_id} == {late.pk, event.teams.get(number=8).pk}
    with pytest.raises(TournamentError, match="Every seat is taken"):
        services.add_team(event, director, player1="Later", player2="Still")
    assert not event.teams.filter(player1="Later").exists()


def test_the_events_current_game_is_that_of_the_section_furthest_behind(director):
    event = make_event(director, teams=16, seat=False)
    a, b = divide_into_sections(event, director, count=2)
    services.seat_first_game(event, director)
    assert (event.latest_round().number, event.latest_round().section) == (1, a)
    services.advance_to_next_game(event, director, force=True, section=a)
    assert (event.latest_round().number, event.latest_round().section) == (1, b)
    services.advance_to_next_game(event, director, force=True)   # B catches up
    assert (event.latest_round().number, event.latest_round().section) == (2, a)


def test_dividing_keeps_the_tables_already_numbered_and_their_cards(director):
    event = make_event(director, teams=16, seat=False)
    before = dict(event.tables.values_list("number", "token"))
    _, b = divide_into_sections(event, director, count=2)
    assert dict(event.tables.values_list("number", "token")) == before
    assert list(event.tables.filter(section=b).values_list("number", flat=True)) == [5, 6, 7, 8]
