"""The nvso options (rules/nvso/options.py): what each accepts, the defaults it fills in, and every refusal
asserted whole, with its path."""

import pytest

from rules.nvso.options import DEFAULTS, NvsoOptions, parse_options

KNOWN = ('its options are "meld_requirement", "target_score", "hands_per_game", "penalties_in" and '
         '"incomplete_wilds_penalty".')
WHOLE_NUMBER = "must be a positive whole number (at most 1,000), or null for no limit, not"
MULTIPLE = "must be a positive multiple of 5, such as 8,500, not"


def _refusal(raw: dict) -> list[tuple[str, str]]:
    problems = []
    assert parse_options(raw, problems) is None
    return [(p.path, p.message) for p in problems]


@pytest.mark.parametrize(("raw", "path", "message"), [
    ({"meld_requirement": "x"}, "$.options.meld_requirement",
     'The option "meld_requirement" must be by_hand or by_score, not the text "x".'),
    ({"penalties_in": None}, "$.options.penalties_in",
     'The option "penalties_in" must be base or count, not empty (null).'),
    ({"incomplete_wilds_penalty": "flat"}, "$.options.incomplete_wilds_penalty",
     'The option "incomplete_wilds_penalty" must be by_jokers or flat_2500, not the text "flat".'),
    ({"target_score": 0}, "$.options.target_score", f'The option "target_score" {MULTIPLE} the number 0.'),
    ({"target_score": -5}, "$.options.target_score", f'The option "target_score" {MULTIPLE} the number -5.'),
    ({"target_score": 8501}, "$.options.target_score", f'The option "target_score" {MULTIPLE} the number 8,501.'),
    ({"target_score": True}, "$.options.target_score", f'The option "target_score" {MULTIPLE} true.'),
    ({"hands_per_game": 0}, "$.options.hands_per_game", f'The option "hands_per_game" {WHOLE_NUMBER} the number 0.'),
    ({"hands_per_game": 1001}, "$.options.hands_per_game",
     f'The option "hands_per_game" {WHOLE_NUMBER} the number 1,001.'),
    ({"hands_per_game": "3"}, "$.options.hands_per_game", f'The option "hands_per_game" {WHOLE_NUMBER} the text "3".'),
    ({"hands_per_game": False}, "$.options.hands_per_game", f'The option "hands_per_game" {WHOLE_NUMBER} false.'),
    ({"nope": 1}, "$.options.nope", f'The nvso rule set has no option "nope"; {KNOWN}'),
    ({"a b": 1}, '$.options["a b"]', f'The nvso rule set has no option "a b"; {KNOWN}'),
    ({1: 2}, "$.options[the number 1]", f"The nvso rule set has no option the number 1; {KNOWN}"),
])
def test_each_bad_option_is_refused_in_plain_words(raw, path, message):
    assert _refusal(raw) == [(path, message)]


def test_every_bad_option_is_reported_not_only_the_first():
    assert [path for path, _ in _refusal({"nope": 1, "target_score": 1, "penalties_in": "x"})] == [
        "$.options.nope", "$.options.target_score", "$.options.penalties_in"]


@pytest.mark.parametrize(("raw", "expected"), [
    ({"hands_per_game": 1000}, NvsoOptions(hands_per_game=1000)),
    ({"hands_per_game": 1}, NvsoOptions(hands_per_game=1)),
    ({"hands_per_game": None}, NvsoOptions(hands_per_game=None)),
    ({"target_score": 5}, NvsoOptions(target_score=5)),
    ({"meld_requirement": "by_score"}, NvsoOptions(meld_requirement="by_score", hands_per_game=None)),
    ({"meld_requirement": "by_score", "hands_per_game": 4}, NvsoOptions(meld_requirement="by_score",
                                                                       hands_per_game=4)),
    ({"meld_requirement": "by_hand"}, NvsoOptions()),
    ({"penalties_in": "count", "incomplete_wilds_penalty": "flat_2500"},
     NvsoOptions(penalties_in="count", incomplete_wilds_penalty="flat_2500")),
])
def test_good_options_fill_in_the_rest(raw, expected):
    problems = []
    assert parse_options(raw, problems) == expected
    assert problems == []


@pytest.mark.parametrize("raw", [None, {}])
def test_no_options_are_the_defaults(raw):
    assert parse_options(raw, []) is DEFAULTS


def test_the_derived_flags():
    assert (DEFAULTS.penalties_in_base, DEFAULTS.flat_wilds_penalty, DEFAULTS.by_hand) == (True, False, True)
    other = NvsoOptions(meld_requirement="by_score", penalties_in="count", incomplete_wilds_penalty="flat_2500")
    assert (other.penalties_in_base, other.flat_wilds_penalty, other.by_hand) == (False, True, False)
    assert DEFAULTS.as_dict() == {"meld_requirement": "by_hand", "target_score": 8500, "hands_per_game": 3,
                                  "penalties_in": "base", "incomplete_wilds_penalty": "by_jokers"}
