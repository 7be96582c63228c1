"""`python -m rules validate` (rules/cli.py): why a file cannot be read, in each case's whole sentence,
and the answer it prints instead."""

import errno
import io
import json
import sys

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


def test_standard_input_is_the_process_s_own_when_none_is_given(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"[3]")))
    assert cli.read_source("-") == b"[3]"


def test_a_file_is_read_as_its_bytes(tmp_path):
    path = tmp_path / "sheet.json"
    path.write_bytes(b'\xef\xbb\xbf{"a": "\xc3\xa9"}')
    assert cli.read_source(str(path)) == b'\xef\xbb\xbf{"a": "\xc3\xa9"}'


def test_run_reads_the_standard_input_it_is_given():
    out, err = io.StringIO(), io.StringIO()
    assert cli.run("-", out, err, stdin=io.StringIO('{"format": "?"}')) == 2
    assert err.getvalue() == ""
    assert [p["path"] for p in json.loads(out.getvalue())["problems"]] == ["$.format", "$.ruleset", "$.hands"]


def _help(argv: list[str], capsys) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as stopped:
        cli.main(argv)
    captured = capsys.readouterr()
    return stopped.value.code, captured.out, captured.err


def test_the_command_s_help_names_it_and_its_subcommands(monkeypatch, capsys):
    monkeypatch.setenv("COLUMNS", "100")
    assert _help(["--help"], capsys) == (0, (
        "usage: python -m rules [-h] {validate,list,example} ...\n\n"
        "Check canasta score sheets.\n\n"
        "positional arguments:\n"
        "  {validate,list,example}\n"
        "    validate            check one score sheet and print the answer as JSON\n"
        "    list                list the rule sets with their sides, formats and options\n"
        "    example             print a valid example sheet of one game, as JSON\n\n"
        "options:\n"
        "  -h, --help            show this help message and exit\n"), "")
    assert _help(["validate", "--help"], capsys) == (0, (
        "usage: python -m rules validate [-h] [--language {en,es,pt-br,it}] path\n\n"
        "positional arguments:\n"
        "  path                  the sheet's JSON file, or - for standard input\n\n"
        "options:\n"
        "  -h, --help            show this help message and exit\n"
        "  --language {en,es,pt-br,it}\n"
        "                        the language of the messages (default: English)\n"), "")


def test_the_command_without_a_subcommand_says_one_is_required(monkeypatch, capsys):
    monkeypatch.setenv("COLUMNS", "100")
    assert _help([], capsys) == (2, "", (
        "usage: python -m rules [-h] {validate,list,example} ...\n"
        "python -m rules: error: the following arguments are required: command\n"))
