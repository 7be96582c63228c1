"""Reading a sheet's JSON text (rules/json_text.py): each way the text can fail, in its whole message."""

import pytest

from rules.json_text import DUPLICATE_MARK, _too_long_number, read_json

NOT_JSON = "The text is not a valid JSON document: "


@pytest.mark.parametrize(("text", "message"), [
    (b"\xff\xfe", "The text is not readable: save the sheet as UTF-8 and try again."),
    ("  \n ", "The text is empty: paste or type a score sheet."),
    ("", "The text is empty: paste or type a score sheet."),
    ('{"a": 1,\n "b": }', NOT_JSON + "the problem is at line 2, column 7 (look for a missing comma, quote or "
                                     "bracket)."),
    ('{"a": NaN}', NOT_JSON + "it uses NaN, which JSON does not allow; write a number instead."),
    ('{"a": Infinity}', NOT_JSON + "it uses Infinity, which JSON does not allow; write a number instead."),
    ("[-Infinity]", NOT_JSON + "it uses -Infinity, which JSON does not allow; write a number instead."),
    ("[" * 100_000, NOT_JSON + "its brackets nest too deeply."),
    ('{\n  "a": ' + "1" * 5000 + "}",
     "The number at line 2, column 8 is far too long to be a score (5,000 digits); a score has at most 7 "
     "digits."),
    ("[" + "2" * 5000 + "]",
     "The number at line 1, column 2 is far too long to be a score (5,000 digits); a score has at most 7 "
     "digits."),
    # Lines are counted up to the number only, from the very first character; the column from the last
    # line break before it.
    ("[\n\n" + "3" * 5000 + "\n]",
     "The number at line 3, column 1 is far too long to be a score (5,000 digits); a score has at most 7 "
     "digits."),
    ("\n" + "4" * 5000,
     "The number at line 2, column 1 is far too long to be a score (5,000 digits); a score has at most 7 "
     "digits."),
])
def test_each_unreadable_text_gets_one_plain_problem(text, message):
    document, problems = read_json(text)
    assert document is None
    assert [(p.path, p.message) for p in problems] == [("$", message)]


@pytest.mark.parametrize("text", [b'\xef\xbb\xbf{"a": 1}', bytearray(b'{"a": 1}'), '{"a": 1}'])
def test_text_bytes_and_a_byte_order_mark_are_read(text):
    assert read_json(text) == ({"a": 1}, [])


def test_a_repeated_field_name_is_marked_once_in_the_order_written():
    document, problems = read_json('{"a": 1, "a": 2, "b": 1, "b": 3, "a": 4, "c": 5}')
    assert problems == []
    assert document == {"a": 4, "b": 3, "c": 5, DUPLICATE_MARK: ["a", "b"]}


def test_an_object_without_repeats_is_not_marked():
    assert read_json('{"a": {"b": 1}}') == ({"a": {"b": 1}}, [])


def test_a_text_without_a_too_long_run_of_digits_gets_the_general_message():
    # read_json calls this only for an integer too long to convert, which always has such a run; without
    # one the message still says what is wrong, without a place.
    assert _too_long_number('[12, "345"]') == (
        "The text has a number far too long to be a score; a score has at most 7 digits.")
