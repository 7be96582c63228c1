"""The words of every message (rules/words.py), each helper on its edges."""

import copy

import pytest

import rules
from rules import words
from rules.examples import example_sheet
from rules.language import speaking


def test_sides_and_places():
    assert words.team_name("ns") == "North-South"
    assert words.team_name("ew") == "East-West"
    assert words.where(2, "ew") == "Hand 2, East-West"
    assert words.where(2) == "Hand 2"
    assert words.where(None, "ns") == "North-South"
    assert words.where(None) == ""


def test_a_sentence_starts_with_its_place_or_a_capital():
    assert words.sentence(3, "ns", "a text.") == "Hand 3, North-South: a text."
    assert words.sentence(3, None, "a text.") == "Hand 3: a text."
    assert words.sentence(None, "ew", "a text.") == "East-West: a text."
    assert words.sentence(None, None, "the winner.") == "The winner."
    assert words.sentence(None, None, "") == ""


@pytest.mark.parametrize(("value", "text"), [(2525, "2,525"), (-1500, "-1,500"), (0, "0"), (999, "999")])
def test_points_carry_thousands_separators(value, text):
    assert words.points(value) == text


@pytest.mark.parametrize(("items", "joiner", "text"), [
    ([], "or", ""), (["a"], "or", "a"), (["a", "b"], "or", "a or b"), (["a", "b", "c"], "and", "a, b and c"),
])
def test_either_lists_the_way_people_say_it(items, joiner, text):
    assert words.either(items, joiner) == text


def test_either_says_or_by_default():
    assert words.either(["x", "y"]) == "x or y"


@pytest.mark.parametrize(("text", "shown"), [
    ("abc", '"abc"'),
    ("a\nb\tc", '"a b c"'),
    ("x" * 40, '"' + "x" * 40 + '"'),
    ("x" * 41, '"' + "x" * 39 + '…"'),
])
def test_quoted_text_is_clean_and_short(text, shown):
    assert words.quoted(text) == shown


@pytest.mark.parametrize(("value", "text"), [
    (None, "empty (null)"),
    (True, "true"),
    (False, "false"),
    (5, "the number 5"),
    (-2500, "the number -2,500"),
    (10**15 - 1, "the number 999,999,999,999,999"),
    (10**15, "a number with 16 digits"),
    (-(10**15), "a number with 16 digits"),
    (float("nan"), "NaN (not a number)"),
    (float("inf"), "a number too large to read, which is not a whole number"),
    (float("-inf"), "a number too large to read, which is not a whole number"),
    (2.5, "the number 2.5, which is not a whole number"),
    (2000.0, "the number 2,000.0, which is not written as a whole number (write 2,000)"),
    (1e15, "the number 1,000,000,000,000,000.0, which is not written as a whole number"),
    (-1e15, "the number -1,000,000,000,000,000.0, which is not written as a whole number"),
    ("abc", 'the text "abc"'),
    ([1], "a list"),
    ({"a": 1}, "a group of fields"),
    (object(), "a value of an unknown kind"),
])
def test_describe_value_in_words(value, text):
    assert words.describe_value(value) == text


def test_a_key_is_quoted_or_described():
    assert words.key_text("base") == '"base"'
    assert words.key_text(3) == "the number 3"


def test_names_given_for_an_at2_sheet_s_sides_leave_a_sheet_read_as_at1_answered_malformed():
    """The five-player example with its format wrong reads as @1, whose lines are "ns" and "ew": the names
    given for its own side ids do not name those, and the answer says what is malformed (it used to raise)."""
    document = copy.deepcopy(example_sheet("five_player"))
    document["format"] = 5
    names = {side["id"]: side["id"].upper() for side in document["sides"]}
    answer = rules.validate(document, names)
    assert answer["malformed"] is True and answer["valid"] is False
    assert {
        "path": "$.format",
        "message": 'The field "format" must be "canasta-td/score-sheet@1" or "canasta-td/score-sheet@2", '
                   'not the number 5.'} in answer["problems"]
    assert any('the line for North-South ("ns") is missing.' in p["message"] for p in answer["problems"])


NOT_NAMES = 'sides names both sides: {"ns": "...", "ew": "..."}, or every side of an @2 sheet'


@pytest.mark.parametrize("sides", [
    {"ns": 1, "ew": 2},      # names that are not text
    {"": "A", "b": "B"},     # a side id that is empty
    {"ns": "", "ew": ""},    # names that are empty
    {"ns": "We"},            # an @1 sheet's "ns" without "ew"
    {},
])
def test_names_that_do_not_name_the_sides_are_refused(sides):
    with pytest.raises(ValueError) as refused:
        words.naming_sides(sides, every_side=sides.keys() != {"ns"})
    assert str(refused.value) == NOT_NAMES


def test_no_names_given_are_the_default_names():
    with words.naming_sides(None):
        assert words.explicit_names() is None
        assert (words.team_name("ns"), words.team_name("ew")) == ("North-South", "East-West")
    with words.naming_sides({"ns": "We", "ew": "They"}):
        assert words.explicit_names() == {"ns": "We", "ew": "They"}
        assert words.team_name("ew") == "They"


def test_a_side_with_no_name_of_its_own_is_named_by_its_id():
    assert words.team_name("north") == "Side north"
    with speaking("es"):
        assert words.team_name("north") == "Lado north"


def test_spanish_numbers_lists_and_option_names():
    with speaking("es"):
        assert (words.points(2525), words.decimal(8500.5)) == ("2.525", "8.500,5")
        assert (words.either(["a", "b"]), words.either(["a", "b", "c"], "and")) == ("a o b", "a, b y c")
        assert words.option_words("target_score") == 'La opción "target_score"'
    assert words.decimal(8500.5) == "8,500.5"
    assert words.option_words("target_score") == 'The option "target_score"'
