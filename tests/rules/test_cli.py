"""`python -m rules validate PATH`: the answer as JSON; exit 0 valid, 1 errors, 2 malformed."""

import json

import pytest

from rules.cli import room_words
from tests.rules.builders import K_EW, K_NS, build, plain, scored
from tests.rules.command import run, run_process

VALID = build((scored(K_NS), scored(K_EW)))
ERRORS = build((plain(2200, 283), plain(1800, 275)))


def test_the_module_runs_the_command_with_its_exit_status_and_streams():
    """The one test that starts a new Python: `python -m rules` is the command (the others call it here).
    It calls nothing of the rules in this process, so mutation testing, which cannot see into the child,
    never runs it for a mutant it could not tell apart."""
    checked = run_process("validate", "-", stdin=json.dumps(ERRORS))
    assert checked.returncode == 1
    assert checked.stdout.startswith('{\n  "valid": false,\n  "violations": [\n')
    assert json.loads(checked.stdout)["violations"][0]["code"] == "count-not-multiple-of-five"
    refused = run_process("check", "-")
    assert refused.returncode == 2 and refused.stdout == ""
    assert "invalid choice: 'check'" in refused.stderr


@pytest.mark.parametrize("document, code", [(VALID, 0), (ERRORS, 1), ({"format": "?"}, 2)])
def test_exit_codes_from_a_file(tmp_path, document, code):
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(document))
    result = run("validate", str(path))
    assert result.returncode == code, result.stderr
    answer = json.loads(result.stdout)
    assert answer["valid"] is (code == 0)


def test_standard_input():
    result = run("validate", "-", stdin=json.dumps(ERRORS))
    assert result.returncode == 1
    assert json.loads(result.stdout)["violations"][0]["code"] == "count-not-multiple-of-five"


def test_not_json_on_standard_input():
    result = run("validate", "-", stdin="score: 2,525")
    assert result.returncode == 2
    assert json.loads(result.stdout)["malformed"] is True


def test_a_missing_file(tmp_path):
    path = tmp_path / "nowhere.json"
    result = run("validate", str(path))
    assert result.returncode == 2
    assert "could not be read" in result.stderr
    assert "Traceback" not in result.stderr
    # The answer is JSON on standard output too: a malformed answer with the problem at "$".
    message = f"The file {path} could not be read: it does not exist."
    assert json.loads(result.stdout) == {"valid": False, "malformed": True,
                                         "problems": [{"path": "$", "message": message}],
                                         "violations": [], "computed": None}


def test_a_folder_instead_of_a_file(tmp_path, capsys):
    from rules.cli import main

    assert main(["validate", str(tmp_path)]) == 2
    out = capsys.readouterr().out
    [problem] = json.loads(out)["problems"]
    assert problem == {"path": "$", "message": f"The file {tmp_path} could not be read: it is a folder, not a file."}


def test_in_process(tmp_path, capsys):
    from rules.cli import main

    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(VALID))
    assert main(["validate", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["valid"] is True


def test_a_room_in_words_names_a_ranking_without_words_by_its_code_and_needs_no_alternatives():
    room = {"entrants": "players", "seats": {"min": 2, "max": 4}, "ranking": "highest_pile"}
    assert room_words(room) == "single players, 2 to 4 a table, ranked by highest_pile"
