"""CSV import: every bad line is reported with its number and reason, and nothing is imported until clean."""

import random

import pytest

from tournament.core import services
from tournament.core.errors import TournamentError
from tournament.core.models import Team
from tournament.core.team_import import MAX_BYTES, MAX_TEAMS, NOT_TEXT, TOO_BIG, decode, parse_team_csv, read_team_file


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
    assert parse_team_csv("name,partner\nAnn,Bob\n").errors == [
        "Line 1: the columns 'name' and 'partner' are not ones we know; use player1, player2, club, seed and section."]
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


# --- The file's shape: separators, quotes, the header, encodings ---------------------------------------

def rows(report) -> list[tuple]:
    return [(r.line, r.player1, r.player2, r.club, r.seed) for r in report.rows]


def test_a_semicolon_file_keeps_the_commas_inside_names():
    report = parse_team_csv("Smith, Ann;Jones, Bob;Club;1\nBrown, Carol;Green, Dan;;2\n")
    assert report.errors == []
    assert rows(report) == [(1, "Smith, Ann", "Jones, Bob", "Club", 1), (2, "Brown, Carol", "Green, Dan", "", 2)]


def test_a_semicolon_file_names_the_semicolon_in_its_messages():
    report = parse_team_csv("Smith, Ann;Jones, Bob\nBrown, Carol\n")
    assert report.errors == ["Line 2: a team needs two players, separated by a semicolon."]


def test_a_separator_inside_quotes_is_part_of_the_name():
    report = parse_team_csv('"Smith, Ann", "Jones, Bob", Lubber Run\nCarol,Dan\n')
    assert rows(report) == [(1, "Smith, Ann", "Jones, Bob", "Lubber Run", None), (2, "Carol", "Dan", "", None)]
    report = parse_team_csv('"Smith; Ann",Jones\nCarol,"Dan; Jr"\n')
    assert rows(report) == [(1, "Smith; Ann", "Jones", "", None), (2, "Carol", "Dan; Jr", "", None)]
    report = parse_team_csv('"Smith; Ann";"Jones, Bob";Club\nCarol;Dan\n')
    assert rows(report) == [(1, "Smith; Ann", "Jones, Bob", "Club", None), (2, "Carol", "Dan", "", None)]


def test_a_comma_file_with_a_semicolon_in_one_club_is_still_a_comma_file():
    report = parse_team_csv("Ann,Bob,Cards; Games\nCarol,Dan\nEve,Fay\n")
    assert rows(report)[0] == (1, "Ann", "Bob", "Cards; Games", None)


def test_a_tab_separated_paste_from_a_spreadsheet():
    report = parse_team_csv("Smith, Ann\tJones, Bob\tLubber Run\t3\nCarol\tDan\n")
    assert rows(report) == [(1, "Smith, Ann", "Jones, Bob", "Lubber Run", 3), (2, "Carol", "Dan", "", None)]


def test_a_header_row_is_recognised_by_its_names_in_any_order():
    report = parse_team_csv("Seed;Player 2;Player 1;;\n1;Bob;Ann;;\n")
    assert rows(report) == [(2, "Ann", "Bob", "", 1)]


@pytest.mark.parametrize("text, error", [
    ("player1,player2,email\nAnn,Bob,ann@example.org\n",
     "Line 1: the column 'email' is not one we know; use player1, player2, club, seed and section."),
    ("Name;Partner;Club;Phone\nAnn;Bob;;1\n",
     "Line 1: the columns 'Name', 'Partner' and 'Phone' are not ones we know; use player1, player2, club, "
     "seed and section."),
    ("\nplayer1,player2,player1\nAnn,Bob,Carol\n", "Line 2: the column player1 is named twice."),
    ("player1,,player2\nAnn,,Bob\n", "Line 1: column 2 has no title; use player1, player2, club, seed and section."),
    ("player1,club\nAnn,Lubber Run\n", "Line 1: the header must name the columns player1 and player2."),
])
def test_a_header_with_unknown_or_missing_columns_is_refused_by_name(text, error):
    report = parse_team_csv(text)
    assert report.errors == [error] and report.rows == []


def test_a_team_whose_club_is_called_club_is_a_team():
    assert rows(parse_team_csv("Ann,Bob,Club\n")) == [(1, "Ann", "Bob", "Club", None)]


def test_utf16_with_its_mark_is_read():
    report = read_team_file("Renée\tZoë\nCarol\tDan\n".encode("utf-16"))
    assert rows(report) == [(1, "Renée", "Zoë", "", None), (2, "Carol", "Dan", "", None)]


def test_a_letter_that_could_not_be_read_is_reported_on_its_line():
    report = read_team_file(b"Ann,Bob\nRen\x81e,Zoe\n")
    assert report.errors == ["Line 2: a name has a letter that could not be read; save the file as UTF-8 "
                             "(in Excel: CSV UTF-8) and import it again."]


@pytest.mark.parametrize("data", [
    random.Random(10).randbytes(5000),
    b"PK\x03\x04\x14\x00\x06\x00" + b"\x00" * 200,       # a workbook (.xlsx is a zip)
    "Ann,Bob\nCarol,Dan\n".encode("utf-16-le"),            # UTF-16 without its mark
])
def test_a_file_that_is_not_text_gets_one_sentence(data):
    assert read_team_file(data).errors == [NOT_TEXT]


def test_a_file_over_the_size_limit_is_refused_before_it_is_read():
    assert read_team_file(b"Ann,Bob\n" * (MAX_BYTES // 8 + 1)).errors == [TOO_BIG]
    assert read_team_file("Ann,Bob\n" * (MAX_BYTES // 8 + 1)).errors == [TOO_BIG]


# --- The team limit -------------------------------------------------------------------------------------

def test_a_file_over_the_team_limit_is_refused_at_the_first_line_over_it():
    text = "player1,player2\n" + "".join(f"Ann {n},Bob {n}\n" for n in range(1, MAX_TEAMS + 2))
    report = parse_team_csv(text)
    assert MAX_TEAMS == 500  # the number the README and the import page give
    assert report.rows == []
    assert report.errors == ["Line 502: an event holds at most 500 teams, and this line would be team 501."]


@pytest.mark.django_db
def test_the_team_limit_counts_the_teams_already_in_the_event(director):
    from tests.factories import make_event

    event = make_event(director, teams=MAX_TEAMS - 2, seat=False)
    report = services.import_teams(event, b"Carol,Dan\nEve,Fay\nGus,Hal\n", director)
    assert report.errors == [
        "Line 3: an event holds at most 500 teams (498 are in it already), and this line would be team 501."]
    assert event.teams.count() == MAX_TEAMS - 2
    assert services.import_teams(event, b"Carol,Dan\nEve,Fay\n", director).ok
    assert event.teams.count() == MAX_TEAMS
    with pytest.raises(TournamentError, match="already has 500 teams, the most an event can hold"):
        services.add_team(event, director, player1="Ida", player2="Jo")
    assert event.teams.count() == MAX_TEAMS


# --- The page -------------------------------------------------------------------------------------------

@pytest.mark.django_db
def test_a_semicolon_file_uploaded_on_the_page_is_imported_right(client, director):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tests.factories import make_event

    event = make_event(director, teams=0, seat=False)
    client.force_login(director)
    upload = SimpleUploadedFile("teams.csv", "Player 1;Player 2;Club\nMüller, Anna;Jones, Bob;Lubber Run\n"
                                .encode("cp1252"), content_type="text/csv")
    response = client.post(f"/director/events/{event.pk}/teams/import/", {"file": upload})
    assert response.status_code == 302
    assert list(event.teams.values_list("player1", "player2", "club")) == [
        ("Müller, Anna", "Jones, Bob", "Lubber Run")]


@pytest.mark.django_db
@pytest.mark.parametrize("data, sentence", [
    (random.Random(4).randbytes(3000), NOT_TEXT),
    (b"Ann,Bob\n" * (MAX_BYTES // 8 + 1), TOO_BIG),
])
def test_junk_or_a_too_big_file_on_the_page_gets_a_sentence_and_changes_nothing(client, director, data, sentence):
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.utils.html import escape

    from tests.factories import make_event

    event = make_event(director, teams=0, seat=False)
    client.force_login(director)
    upload = SimpleUploadedFile("teams.csv", data, content_type="text/csv")
    response = client.post(f"/director/events/{event.pk}/teams/import/", {"file": upload})
    assert response.status_code == 200 and escape(sentence) in response.content.decode()
    assert Team.objects.filter(event=event).count() == 0


@pytest.mark.django_db
def test_the_import_page_gives_the_limits(client, director):
    from tests.factories import make_event

    event = make_event(director, teams=0, seat=False)
    client.force_login(director)
    page = client.get(f"/director/events/{event.pk}/teams/import/").content.decode()
    assert "separated by commas, semicolons or tabs" in page
    assert "At most 500 teams an event, and 1 MB a file." in page
