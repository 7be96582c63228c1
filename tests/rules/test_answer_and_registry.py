"""The answer's shape and meaning (rules/answer.py, rules/violations.py) and the registry of rule sets
(rules/registry.py)."""

from types import SimpleNamespace

import pytest

from rules import registry
from rules.answer import Verdict, exit_code, is_malformed, malformed_answer
from rules.totals import Totals
from rules.violations import Problem, Violation, violation_for


class _NoHands:
    hands = []


def _violation(severity: str) -> Violation:
    return Violation(severity, 2, "ew", "count", "some-code", "K", "Hand 2, East-West: a text.")


def test_a_violation_and_a_problem_as_the_answer_shows_them():
    assert _violation("error").as_dict() == {"severity": "error", "hand": 2, "team": "ew", "field": "count",
                                             "code": "some-code", "rule": "K", "message": "Hand 2, East-West: a text."}
    assert Problem("$.hands", "A text.").as_dict() == {"path": "$.hands", "message": "A text."}
    assert repr(_violation("info")) == "Violation(some-code hand=2 team=ew field=count)"
    assert repr(Problem("$", "A text.")) == "Problem($: A text.)"


@pytest.mark.parametrize(("severities", "valid"), [
    ([], True), (["info"], True), (["warning"], True), (["warning", "info"], True), (["info", "error"], False),
    (["error"], False),
])
def test_only_an_error_makes_a_sheet_invalid(severities, valid):
    verdict = Verdict([_violation(s) for s in severities], Totals(_NoHands()))
    assert verdict.valid is valid
    answer = verdict.as_answer()
    assert answer["valid"] is valid
    assert [v["severity"] for v in answer["violations"]] == severities
    assert answer["computed"] == {"hands": [], "final": {"ns": 0, "ew": 0}, "winner": None}
    assert exit_code(answer) == (0 if valid else 1)
    assert is_malformed(answer) is False


def test_a_malformed_answer():
    answer = malformed_answer([Problem("$.hands", "A text.")])
    assert answer == {"valid": False, "malformed": True, "problems": [{"path": "$.hands", "message": "A text."}],
                      "violations": [], "computed": None}
    assert is_malformed(answer) is True
    assert exit_code(answer) == 2
    assert is_malformed({"malformed": 1}) is False


class _Game:
    name = "test-game"

    def describe_line(self):
        return [{"name": "base"}]


def test_a_registered_rule_set_is_found_by_name_and_replaced_by_a_later_one(monkeypatch):
    monkeypatch.setattr(registry, "_RULESETS", dict(registry._RULESETS))
    built_in = registry.ruleset_names()
    first, second = _Game(), _Game()
    assert registry.register(first) is first
    assert registry.get_ruleset("test-game") is first
    registry.register(second)
    assert registry.find_ruleset("test-game") is second
    assert registry.ruleset_names() == sorted([*built_in, "test-game"])
    assert registry.line_description("test-game") == [{"name": "base"}]


def test_an_unknown_rule_set():
    assert registry.find_ruleset("bridge") is None
    assert registry.line_description("bridge") is None
    with pytest.raises(registry.UnknownRuleset) as raised:
        registry.get_ruleset("bridge")
    assert raised.value.args == ("bridge",)



def test_the_built_in_rule_sets_are_imported_on_first_use_and_only_then(monkeypatch):
    game, imported = _Game(), []

    def import_module(name):
        imported.append(name)
        registry.register(game)

    monkeypatch.setattr(registry, "_RULESETS", {})
    monkeypatch.setattr(registry, "_loaded", False)
    monkeypatch.setattr(registry, "BUILTIN_MODULES", ("tests.a_game",))
    monkeypatch.setattr(registry, "importlib", SimpleNamespace(import_module=import_module))
    assert imported == []
    assert registry.find_ruleset("test-game") is game
    assert imported == ["tests.a_game"]
    assert registry.get_ruleset("test-game") is game
    assert registry.ruleset_names() == ["test-game"]
    assert imported == ["tests.a_game"]  # once, however often the registry is asked


def test_a_rule_set_s_summary_carries_its_own_side_counts_and_entrants():
    assert registry.summary(registry.get_ruleset("five_player")) == {
        "name": "five_player", "title": "Five-player partnership canasta (five players, set partnerships, to 4,000)",
        "formats": ["canasta-td/score-sheet@2"], "side_counts": [5], "entrants": "players",
        "options": {"game_end_counts": "credited", "target_score": 4000, "super_canasta_bonus": "alone",
                    "play_to_target": False},
        "room": {"entrants": "players", "seats": {"min": 5, "max": 5}, "ranking": "credited_points",
                 "alternatives": []}}


CODES = {"count-odd": ("K", "error", "the count"), "a-note": ("B", "info", "a note")}


def test_a_violation_built_from_a_codes_table_cites_the_code_s_section_and_severity():
    violation = violation_for(CODES)
    assert violation("count-odd", 2, "ew", "count", "Hand 2, East-West: a text.").as_dict("side") == {
        "severity": "error", "hand": 2, "side": "ew", "field": "count", "code": "count-odd", "rule": "K",
        "message": "Hand 2, East-West: a text."}
    assert violation("a-note", None, None, "hands", "A note.").as_dict() == {
        "severity": "info", "hand": None, "team": None, "field": "hands", "code": "a-note", "rule": "B",
        "message": "A note."}


def test_a_game_that_words_its_citations_apart_cites_its_own():
    violation = violation_for(CODES, {"count-odd": "Scoring, the count", "a-note": "Play"})
    assert violation("count-odd", 1, "ns", "count", "A text.").as_dict() == {
        "severity": "error", "hand": 1, "team": "ns", "field": "count", "code": "count-odd",
        "rule": "Scoring, the count", "message": "A text."}
    assert violation("a-note", 3, "ew", "base", "A note.").rule == "Play"
