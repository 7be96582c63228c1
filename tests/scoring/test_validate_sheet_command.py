"""`python manage.py validate_sheet PATH` (`-` = standard input): the answer as JSON; exit 0 valid,
1 errors, 2 malformed."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

from tests.rules.builders import K_EW, K_NS, build, plain, scored

ROOT = Path(__file__).resolve().parents[2]
VALID = build((scored(K_NS), scored(K_EW)))
ERRORS = build((plain(2200, 283), plain(1800, 275)))
MALFORMED = {"format": "canasta-td/score-sheet@1", "ruleset": "nvso", "hands": [{"ns": {"base": "lots"}}]}


def _file(tmp_path, document) -> str:
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(document) if not isinstance(document, str) else document)
    return str(path)


def test_valid_sheet_exits_0(tmp_path):
    out = io.StringIO()
    call_command("validate_sheet", _file(tmp_path, VALID), stdout=out)  # no SystemExit: status 0
    answer = json.loads(out.getvalue())
    assert answer["valid"] is True and answer["violations"] == []


def test_sheet_with_errors_exits_1(tmp_path):
    out = io.StringIO()
    with pytest.raises(SystemExit) as exited:
        call_command("validate_sheet", _file(tmp_path, ERRORS), stdout=out)
    assert exited.value.code == 1
    answer = json.loads(out.getvalue())
    assert answer["violations"][0]["message"] == (
        "Hand 1, North-South: a count of 283 is impossible; every card is worth a multiple of 5.")


def test_malformed_sheet_exits_2(tmp_path):
    out = io.StringIO()
    with pytest.raises(SystemExit) as exited:
        call_command("validate_sheet", _file(tmp_path, MALFORMED), stdout=out)
    assert exited.value.code == 2
    answer = json.loads(out.getvalue())
    assert answer["malformed"] is True
    assert {p["path"] for p in answer["problems"]} == {"$.hands[0].ns.base", "$.hands[0].ns.count",
                                                       "$.hands[0].ew"}


def test_standard_input_in_process():
    out = io.StringIO()
    call_command("validate_sheet", "-", stdout=out, stdin=io.StringIO(json.dumps(VALID)))
    assert json.loads(out.getvalue())["valid"] is True


def test_unreadable_file_exits_2(tmp_path):
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(SystemExit) as exited:
        call_command("validate_sheet", str(tmp_path / "missing.json"), stdout=out, stderr=err)
    assert exited.value.code == 2
    assert "could not be read" in err.getvalue()


@pytest.mark.parametrize("document, code", [(VALID, 0), (ERRORS, 1), (MALFORMED, 2), ("not json", 2)])
def test_manage_py_exit_codes_with_standard_input(document, code):
    text = document if isinstance(document, str) else json.dumps(document)
    result = subprocess.run([sys.executable, "manage.py", "validate_sheet", "-"], cwd=ROOT, input=text,
                            capture_output=True, text=True, check=False)
    assert result.returncode == code, result.stderr
    assert "Traceback" not in result.stderr
    assert json.loads(result.stdout)["valid"] is (code == 0)


def test_manage_py_with_a_path(tmp_path):
    result = subprocess.run([sys.executable, "manage.py", "validate_sheet", _file(tmp_path, ERRORS)], cwd=ROOT,
                            capture_output=True, text=True, check=False)
    assert result.returncode == 1


def _v2(document: dict) -> dict:
    from rules.nvso.sides import as_v2

    return as_v2(document)


def test_an_at2_nvso_sheet_is_checked_like_its_at1_twin(tmp_path):
    out = io.StringIO()
    with pytest.raises(SystemExit) as exited:
        call_command("validate_sheet", _file(tmp_path, _v2(ERRORS)), stdout=out)
    assert exited.value.code == 1
    [violation] = [v for v in json.loads(out.getvalue())["violations"] if v["severity"] == "error"]
    assert violation["side"] == "ns" and violation["message"] == (
        "Hand 1, North-South: a count of 283 is impossible; every card is worth a multiple of 5.")


def test_a_valid_at2_sheet_exits_0(tmp_path):
    out = io.StringIO()
    call_command("validate_sheet", _file(tmp_path, _v2(VALID)), stdout=out)
    assert json.loads(out.getvalue())["valid"] is True


def test_a_malformed_at2_sheet_exits_2_with_its_paths(tmp_path):
    malformed = _v2(VALID)
    malformed["sides"][1]["id"] = "west"
    out = io.StringIO()
    with pytest.raises(SystemExit) as exited:
        call_command("validate_sheet", _file(tmp_path, malformed), stdout=out)
    assert exited.value.code == 2
    assert [p["path"] for p in json.loads(out.getvalue())["problems"]] == ["$.sides[1].id"]
