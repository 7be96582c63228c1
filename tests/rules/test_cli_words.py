"""`python -m rules validate` (rules/cli.py): why a file cannot be read, in each case's whole sentence,
and the answer it prints instead."""

import errno
import io
import json

import pytest

from rules import cli


@pytest.mark.parametrize(("code", "reason"), [
    (errno.ENOENT, "it does not exist"),
    (errno.EACCES, "you are not allowed to read it"),
    (errno.EPERM, "you are not allowed to read it"),
    (errno.EISDIR, "it is a folder, not a file"),
    (errno.ENOTDIR, "a folder in its path is a file"),
    (errno.ENAMETOOLONG, "its name is too long"),
])
def test_each_known_reason_in_plain_words(code, reason):
    assert cli.unreadable("s.json", OSError(code, "ignored")) == f"The file s.json could not be read: {reason}."


def test_another_reason_in_the_system_s_words_or_a_general_one():
    assert cli.unreadable("s.json", OSError(errno.EIO, "Input/Output Error")) == (
        "The file s.json could not be read: input/output error.")
    assert cli.unreadable("s.json", OSError()) == (
        "The file s.json could not be read: the system refused to read it.")


def test_a_missing_file_is_answered_as_a_malformed_sheet(tmp_path):
    out, err = io.StringIO(), io.StringIO()
    missing = tmp_path / "none.json"
    assert cli.run(str(missing), out, err) == 2
    message = f"The file {missing} could not be read: it does not exist."
    assert err.getvalue() == message + "\n"
    assert json.loads(out.getvalue()) == {"valid": False, "malformed": True,
                                          "problems": [{"path": "$", "message": message}],
                                          "violations": [], "computed": None}


def test_standard_input_as_text_or_bytes():
    assert cli.read_source("-", io.StringIO("[1]")) == "[1]"
    assert cli.read_source("-", io.TextIOWrapper(io.BytesIO(b"[2]"))) == b"[2]"


def test_the_answer_is_indented_json_with_letters_kept():
    assert cli.render({"a": ["é"]}) == '{\n  "a": [\n    "é"\n  ]\n}'
