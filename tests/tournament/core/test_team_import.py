"""CSV import: every bad line is reported with its number and reason, and nothing is imported until clean."""

import pytest

from tournament.core import services
from tournament.core.models import Team
from tournament.core.team_import import decode, parse_team_csv


def test_clean_file_with_header_and_semicolons():
    report = parse_team_csv("Player 1;Player 2;Club;Seed\nAnn;Bob;Lubber Run;1\nCarol;Dan;;\n")
    assert report.ok and not report.errors
    assert [(r.player1, r.player2, r.club, r.seed) for r in report.rows] == [
        ("Ann", "Bob", "Lubber Run", 1), ("Carol", "Dan", "", None)
    ]


def test_every_bad_line_is_reported_with_its_number():
    text = "\n".join([
        "Ann,Bob",            # 1 fine
        "Carol",              # 2 one player
        "Dan,",               # 3 empty second player
        "Eve,Eve",            # 4 same player twice
        "Fay,Gus,Club,x",     # 5 bad seed
        "bob,ann",            # 6 duplicate of line 1
        "Hal,Ida,Club,2,extra",  # 7 too many columns
        "Jo,Kim,,3",          # 8 fine
        "Lee,Max,,3",         # 9 duplicate seed
    ])
    report = parse_team_csv(text)
    assert not report.ok and report.rows == []
    lines = [e.split(":")[0] for e in report.errors]
    assert lines == ["Line 2", "Line 3", "Line 4", "Line 5", "Line 6", "Line 7", "Line 9"]
    assert "two players" in report.errors[0]
    assert "already listed on line 1" in report.errors[4]
    assert "seed 3 is already given on line 8" in report.errors[6]


def test_unknown_header_and_empty_file():
    assert "not one we know" in parse_team_csv("name,partner\nAnn,Bob\n").errors[0]
    assert parse_team_csv("\n\n").errors == ["The file has no teams in it."]


def test_windows_encoding_and_bom_are_read():
    assert decode("\ufeffRenée,Zoë\n".encode()) == "Renée,Zoë\n"
    assert decode("Renée,Zoë\n".encode("cp1252")) == "Renée,Zoë\n"


@pytest.mark.django_db
def test_import_is_all_or_nothing(director):
    from tests.factories import make_event

    event = make_event(director, teams=0, seat=False)
    report = services.import_teams(event, b"Ann,Bob\nCarol\n", director)
    assert report.errors == ["Line 2: a team needs two players, separated by a comma."]
    assert event.teams.count() == 0
    report = services.import_teams(event, b"Ann,Bob\nCarol,Dan\n", director)
    assert report.ok
    assert list(event.teams.values_list("number", "player1")) == [(1, "Ann"), (2, "Carol")]
    again = services.import_teams(event, b"ann,bob\n", director)
    assert "already a team in this event" in again.errors[0]
    assert event.teams.count() == 2


@pytest.mark.django_db
def test_import_page_shows_errors_and_imports_nothing(client, director):
    from tests.factories import make_event

    event = make_event(director, teams=0, seat=False)
    client.force_login(director)
    url = f"/director/events/{event.pk}/teams/import/"
    response = client.post(url, {"text": "Ann,Bob\nCarol,Carol\nDan\n"})
    page = response.content.decode()
    assert response.status_code == 200
    assert "Nothing was imported" in page
    assert "Line 2: both players are called Carol" in page
    assert "Line 3: a team needs two players" in page
    assert Team.objects.filter(event=event).count() == 0
    response = client.post(url, {"text": "Ann,Bob\nCarol,Dan\n"})
    assert response.status_code == 302
    assert Team.objects.filter(event=event).count() == 2


@pytest.mark.parametrize("seed", ["²", "99999999999", "0", "-3", "1.5", "10000"])
def test_bad_seeds_are_reported_not_crashed_on(seed):
    report = parse_team_csv(f"Ann,Bob,,{seed}\n")
    assert report.errors == [f"Line 1: the seed '{seed}' is not a whole number from 1 to 9,999."]


def test_characters_that_cannot_be_stored_are_reported():
    report = parse_team_csv("Ann,B\x00ob\nCarol,Dan\n")
    assert report.errors == [
        "Line 1: a name contains a line break or another character that cannot be stored; retype it."
    ]


def test_a_line_the_csv_reader_cannot_read_is_reported():
    report = parse_team_csv("Ann,Bob\nCarol," + "x" * 140_000 + "\n")
    assert len(report.errors) == 1 and report.errors[0].startswith("Line 2: this line cannot be read as CSV")


def test_line_numbers_count_lines_not_records():
    report = parse_team_csv('A,B\n"C\nD",E\n,F\n')
    assert report.errors[0].startswith("Line 2: a name contains a line break")
    assert report.errors[1] == "Line 4: the first player's name is empty."


def test_a_club_named_like_a_title_is_a_team_not_a_header():
    report = parse_team_csv("Ann,Bob,Club Canasta\nCarol,Dan\n")
    assert report.ok and report.rows[0].club == "Club Canasta"


@pytest.mark.django_db
def test_uploaded_file_with_odd_bytes_changes_nothing(client, director):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tests.factories import make_event

    event = make_event(director, teams=0, seat=False)
    client.force_login(director)
    upload = SimpleUploadedFile("teams.csv", b"Ann,B\x00ob\nCarol,Dan,,99999999999\n", content_type="text/csv")
    response = client.post(f"/director/events/{event.pk}/teams/import/", {"file": upload})
    page = response.content.decode()
    assert response.status_code == 200 and "Nothing was imported" in page
    assert "Line 2: the seed" in page
    assert Team.objects.filter(event=event).count() == 0
