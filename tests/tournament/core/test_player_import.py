"""A game of single players imports a list of players by CSV, with the team import's line-level errors."""

import pytest

from tournament.core import services
from tournament.core.errors import TournamentError
from tournament.core.models import Event
from tournament.core.team_import import PLAYERS, parse_team_csv

pytestmark = pytest.mark.django_db


def players_event(director, ruleset="five_player") -> Event:
    return services.create_event(director=director, name="Players", date="2026-11-20", ruleset=ruleset)


def test_a_list_of_players_is_imported_one_player_a_line_with_club_and_seed(director):
    event = players_event(director)
    text = "Player,Club,Seed\nAnn Smith,Lubber Run,2\nBob Jones,,\nCarol King,Fairfax,1\n"
    report = services.import_teams(event, text, director)
    assert report.ok, report.errors
    stored = list(event.teams.order_by("number").values_list("number", "player1", "player2", "club", "seed"))
    assert stored == [(1, "Ann Smith", "", "Lubber Run", 2), (2, "Bob Jones", "", "", None),
                      (3, "Carol King", "", "Fairfax", 1)]
    ann = event.teams.get(number=1)
    assert ann.name == "Ann Smith" and ann.is_single_player


def test_a_list_without_a_header_reads_name_club_seed():
    report = parse_team_csv("Ann Smith;Lubber Run;3\nBob Jones\n", shape=PLAYERS)
    assert [(r.player1, r.player2, r.club, r.seed) for r in report.rows] == [("Ann Smith", "", "Lubber Run", 3),
                                                                            ("Bob Jones", "", "", None)]


def test_every_bad_line_is_reported_by_number_and_nothing_is_imported(director):
    event = players_event(director)
    services.import_teams(event, "Dora Hill,,7\n", director)
    text = ("name,club,seed\n"
            "Ann Smith,Lubber Run,1\n"
            ",Fairfax,\n"                    # line 3: no name
            "ann smith,Other,\n"             # line 4: listed on line 2
            "Bob Jones,,1\n"                 # line 5: seed given on line 2
            "Carol King,,x\n"                # line 6: not a seed
            "Dora Hill,,\n"                  # line 7: already in the event
            "Edith Young,,7\n"               # line 8: seed of a player in the event
            "Frank Green,Club,2,extra\n")    # line 9: a column too many
    report = services.import_teams(event, text, director)
    assert report.errors == [
        "Line 3: the player's name is empty.",
        "Line 4: ann smith is already listed on line 2.",
        "Line 5: seed 1 is already given on line 2.",
        "Line 6: the seed 'x' is not a whole number from 1 to 9,999.",
        "Line 7: Dora Hill is already a player in this event.",
        "Line 8: seed 7 is already given to a player.",
        "Line 9: 4 columns where at most 3 are expected (player, club, seed); 1 too many.",
    ]
    assert list(event.teams.values_list("player1", flat=True)) == ["Dora Hill"]


@pytest.mark.parametrize("text, error", [
    ("player,partner\nAnn,Bob\n", "Line 1: the column 'partner' is not one we know; use player, club and seed."),
    ("club,seed\nLubber Run,1\n", "Line 1: the header must name the column player."),
    ("name,player\nAnn,Bob\n", "Line 1: the column player is named twice."),
    ("\n\n", "The file has no players in it."),
])
def test_a_header_or_a_file_that_says_no_player_is_refused_in_words(text, error):
    assert parse_team_csv(text, shape=PLAYERS).errors == [error]


def test_a_team_list_is_still_read_as_teams_for_a_game_of_teams(director):
    event = players_event(director, ruleset="crazy_canasta")
    report = services.import_teams(event, "Ann,Bob\nCarol\n", director)
    assert report.errors == ["Line 2: a team needs two players, separated by a comma."]
    assert not event.teams.exists()


def test_a_player_is_added_by_name_alone_and_refused_twice(director):
    event = players_event(director, ruleset="fibonacci21")
    player = services.add_team(event, director, player1=" Ann Smith ", player2="ignored", club="Lubber Run")
    assert (player.player1, player.player2, player.name) == ("Ann Smith", "", "Ann Smith")
    with pytest.raises(TournamentError, match="ann smith is already a player in this event"):
        services.add_team(event, director, player1="ann smith", player2="")


def test_the_import_page_of_a_game_of_players_asks_for_players(client, director):
    event = players_event(director)
    client.force_login(director)
    page = client.get(f"/director/events/{event.pk}/teams/import/").content.decode()
    assert "One player a line: <code>player, club, seed</code>" in page
