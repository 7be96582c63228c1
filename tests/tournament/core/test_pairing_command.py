"""`pairing --standings FILE --method ...`: the documented JSON, the text, the CSV export, plain refusals."""

import json

import pytest
from django.core.management import CommandError, call_command

STANDINGS = {"teams": [
    {"number": 1, "name": "Aces", "club": "Delft", "wins": 2, "points": 9000, "opponents": [2, 3]},
    {"number": 2, "name": "Kings", "club": "Delft", "wins": 1, "points": 8000,
     "opponents": [1, {"team": 4, "result": "win"}]},
    {"number": 3, "name": "Queens", "club": "Leiden", "wins": 1, "points": 7000, "opponents": [4, 1]},
    {"number": 4, "name": "Jacks", "club": "Leiden", "wins": 0, "points": 6000,
     "opponents": [3, {"team": 2, "result": "loss"}]},
    {"number": 5, "name": "Tens", "club": "Delft", "wins": 2, "points": 5000, "had_bye": True},
]}


def run(tmp_path, data, *args, name="standings.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    call_command("pairing", "--standings", str(path), *args)


def test_json_has_exactly_the_documented_shape(tmp_path, capsys):
    run(tmp_path, STANDINGS, "--method", "danish", "--json")
    data = json.loads(capsys.readouterr().out)
    # ranked 1, 5 (2 wins: Buchholz 2 v 0), 2, 3, 4; 4 is the lowest without a bye. Same-club tables are
    # counted even when they are not avoided: 1 and 5 are both of Delft.
    assert data == {"method": "danish", "pairs": [{"table": 1, "ns": 1, "ew": 5}, {"table": 2, "ns": 2, "ew": 3}],
                    "bye": 4, "rematches": 0, "same_club": 1}


def test_avoid_club_keeps_a_club_apart(tmp_path, capsys):
    data = {"teams": [{"number": i, "club": club, "wins": 4 - i} for i, club in
                      enumerate(["A", "A", "B", "B"], start=1)]}
    run(tmp_path, data, "--method", "danish", "--json")
    assert json.loads(capsys.readouterr().out)["same_club"] == 2
    run(tmp_path, data, "--method", "danish", "--json", "--avoid-club")
    out = json.loads(capsys.readouterr().out)
    assert out["pairs"] == [{"table": 1, "ns": 1, "ew": 3}, {"table": 2, "ns": 2, "ew": 4}]
    assert out["same_club"] == 0


def test_text_names_the_teams_and_the_bye(tmp_path, capsys):
    run(tmp_path, STANDINGS, "--method", "swiss")
    out = capsys.readouterr().out
    assert "Table   1: 1 Aces v 5 Tens" in out
    assert "Bye: 4 Jacks" in out
    assert "Rematches: 0; same-club pairs: 1" in out


def test_the_directors_csv_export_reads_as_it_is_with_a_warning(tmp_path, capsys):
    csv = ("\ufeffRank,Team number,Team,Club,Played,Wins,Losses,Ties,Points,Difference,Sit-outs\r\n"
           "1,4,'=Jokers,Delft,2,2,0,0,900,300,0\r\n2,2,Kings,Delft,2,1,1,0,800,0,0\r\n"
           "3,7,Queens,,2,1,1,0,700,-100,0\r\n4,1,Aces,,2,0,2,0,600,-200,0\r\n")
    run(tmp_path, csv, "--method", "danish", name="standings.csv")
    out, err = capsys.readouterr()
    assert "Table   1: 4 =Jokers v 2 Kings" in out and "Table   2: 7 Queens v 1 Aces" in out
    assert "lists no opponents" in err


def test_the_csv_may_add_opponents_and_byes(tmp_path, capsys):
    csv = ("Team number,Team,Wins,Opponents,Had bye\n1,A,2,2;3,no\n2,B,1,1,yes\n3,C,1,1,no\n4,D,0,,no\n"
           "5,E,0,,no\n")
    run(tmp_path, csv, "--method", "danish", "--json", name="s.csv")
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert data["pairs"] == [{"table": 1, "ns": 1, "ew": 4}, {"table": 2, "ns": 2, "ew": 3}]
    assert data["bye"] == 5 and err == ""


@pytest.mark.parametrize("content, message", [
    ('{"teams": [\n{"number": 1},\n{"number": 2,}\n]}', "Line 3, column 14: not valid JSON"),
    ('{"players": []}', 'a list "teams"'),
    ('{"teams": [{"number": 1}]}', "at least 2 teams"),
    ('{"teams": [{"number": 1}, {"name": "B"}]}', 'teams[1]: the field "number" is missing'),
    ('{"teams": [{"number": 1}, {"number": "2"}]}', 'teams[1], field "number": must be a whole number'),
    ('{"teams": [{"number": 1, "wins": -1}, {"number": 2}]}', 'teams[0] (team 1), field "wins": must be 0 or more'),
    ('{"teams": [{"number": 1, "oponents": [2]}, {"number": 2}]}', 'unknown field "oponents"'),
    ('{"teams": [{"number": 1, "had_bye": "no"}, {"number": 2}]}', 'field "had_bye": must be true or false'),
    ('{"teams": [{"number": 1, "opponents": [{"team": 2, "result": "won"}]}, {"number": 2}]}',
     'field "opponents"[0]: the result must be'),
    ('{"teams": [{"number": 1}, {"number": 1}]}', "teams[1]: team number 1 is already used at teams[0]"),
    ('{"teams": [{"number": 1, "opponents": [9]}, {"number": 2}]}', "team 1's opponent 9 is not in the file"),
    ('{"teams": [{"number": 1, "opponents": [1]}, {"number": 2}]}', "lists itself as an opponent"),
    ("Team,Wins\nA,1\n", 'no "Team number" column'),
    ("Team number,Wins\n1,one\n2,0\n", 'Line 2, column "wins": must be a whole number'),
    ("Team number,Wins\n1,1\n1,0\n", "line 3: team number 1 is already used at line 2"),
    ("Team number,Opponents\n1,2\n2,x\n", "Line 3, column \"Opponents\": 'x' is not a team number"),
    ("", "The file is empty"),
])
def test_a_malformed_file_is_refused_with_its_place_named(tmp_path, content, message):
    with pytest.raises(CommandError) as error:
        run(tmp_path, content, "--method", "danish")
    assert message in str(error.value)


def test_a_missing_file_is_refused(tmp_path):
    with pytest.raises(CommandError, match="No standings file at"):
        call_command("pairing", "--standings", str(tmp_path / "nope.json"), "--method", "danish")


def test_an_unknown_method_is_refused(tmp_path):
    with pytest.raises(CommandError, match="Unknown method 'dutch'"):
        run(tmp_path, STANDINGS, "--method", "dutch")


def test_an_unknown_ranking_key_is_refused(tmp_path):
    with pytest.raises(CommandError, match="Unknown ranking key 'elo'"):
        run(tmp_path, STANDINGS, "--method", "swiss", "--order", "score,elo")


def test_order_listed_ranks_as_the_file_lists_the_teams(tmp_path, capsys):
    """Listed 3, 4, 1, 2, 5 (as an event's export lists its standings): 5 has had its bye, so 2 has it; 3 has
    met 4 and 1, so 3 meets 5; then 4 meets 1."""
    teams = {team["number"]: team for team in STANDINGS["teams"]}
    run(tmp_path, {"teams": [teams[n] for n in (3, 4, 1, 2, 5)]}, "--method", "danish", "--order", "listed",
        "--json")
    data = json.loads(capsys.readouterr().out)
    assert (data["pairs"], data["bye"]) == ([{"table": 1, "ns": 3, "ew": 5}, {"table": 2, "ns": 4, "ew": 1}], 2)
