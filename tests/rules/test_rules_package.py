"""The package itself: no Django, the registry, the calculator, the table of achievable bases."""

import subprocess
import sys
from pathlib import Path

import pytest

import rules
from rules.calculator import (
    CalculatorInputError,
    base_from_details,
    count_from_details,
    count_from_points,
    option_defaults,
)
from rules.document import parse
from rules.examples import EXAMPLE_SHEET
from rules.nvso.bases import achievable_bases, base_range
from rules.registry import UnknownRuleset, get_ruleset, register, ruleset_names

ROOT = Path(__file__).resolve().parents[2]


def test_importing_rules_does_not_import_django():
    code = ("import sys, rules, rules.calculator, rules.cli, rules.examples, rules.registry;"
            "rules.validate(rules.examples.example_text());"
            "print('django' in sys.modules or any(m.startswith('django.') for m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


def test_no_module_under_rules_mentions_django():
    for path in (ROOT / "rules").rglob("*.py"):
        text = path.read_text()
        assert "import django" not in text and "from django" not in text, path


def test_registry_by_name():
    nvso = get_ruleset("nvso")
    assert nvso.name == "nvso"
    assert nvso.options == {"meld_requirement": "by_hand", "target_score": 8500, "hands_per_game": 3,
                            "penalties_in": "base", "incomplete_wilds_penalty": "by_jokers"}
    assert "nvso" in ruleset_names()
    with pytest.raises(UnknownRuleset):
        get_ruleset("bridge")


def test_a_second_rule_set_is_a_registration_not_a_fork(monkeypatch):
    from rules import registry
    from rules.answer import Verdict
    from rules.totals import Totals

    class Lenient:
        name = "lenient-test"
        title = "Accepts everything"
        options = {}

        def parse_options(self, raw, problems):
            return raw or {}

        def validate(self, sheet):
            return Verdict([], Totals(sheet))

    monkeypatch.setattr(registry, "_RULESETS", dict(registry._RULESETS))  # undone after the test
    register(Lenient())
    document = {"format": rules.FORMAT, "ruleset": "lenient-test", "hands": [
        {"ns": {"base": 1, "count": 2}, "ew": {"base": 3, "count": 4}}]}
    answer = rules.validate(document)
    assert answer == {"valid": True, "violations": [], "computed": {
        "hands": [{"ns": {"total": 3, "cumulative": 3}, "ew": {"total": 7, "cumulative": 7}}],
        "final": {"ns": 3, "ew": 7}, "winner": "ew"}}


def test_ruleset_validate_takes_a_parsed_sheet():
    sheet, _ = parse(EXAMPLE_SHEET)
    verdict = get_ruleset("nvso").validate(sheet)
    assert verdict.valid


def test_calculator():
    assert base_from_details({}) == 0
    assert base_from_details({"red_threes": 4, "black_threes": 4}) == -2000
    assert base_from_details({"stuck_aces": 2}, {"penalties_in": "count"}) == 0
    assert count_from_points(300, 20, True) == 280
    assert count_from_points(300, 20, False) == -320
    assert count_from_details({"pure_canastas": 1, "table_points": 100, "hand_points": 5}) == 95
    assert count_from_details({"pure_canastas": 1}) is None
    assert count_from_details({"special_hand": "pairs"}) == 0
    assert option_defaults()["target_score"] == 8500


def test_calculator_rejects_bad_input_in_plain_words():
    with pytest.raises(CalculatorInputError) as caught:
        base_from_details({"red_threes": 9, "reds": 1})
    assert len(caught.value.problems) == 2
    with pytest.raises(CalculatorInputError):
        base_from_details({}, {"penalties_in": "nowhere"})


def test_achievable_bases_are_computed_and_match_the_contract():
    bases = achievable_bases()
    assert base_range() == (-15_500, 14_600)
    assert all(value % 100 == 0 for value in bases)
    assert {2200, 1800, 0, -100, 2000, 2500, 3000, 14_600, -15_500} <= bases
    assert 2250 not in bases and 14_700 not in bases and -15_600 not in bases
    assert achievable_bases() is bases  # computed once
    # With the stuck-card penalties in the count, the base never goes that low.
    assert base_range(penalties_in_base=False)[0] == -9_500


def test_every_layout_behind_the_achievable_bases_fits_the_deck():
    """The table is built only from one-team layouts the deck checks accept (one canasta per rank: at
    most 9 pure, 10 pure and mixed, 11 natural canastas; the wild cards)."""
    from rules.nvso.bases import _canasta_layouts
    from rules.nvso.checks_deck import check_hand_deck
    from rules.sheet import Hand, TeamLine

    layouts = list(_canasta_layouts())
    assert max(d.pure_canastas for d in layouts) == 9
    assert max(d.pure_canastas + d.mixed_canastas for d in layouts) == 10
    for details in layouts:
        found = []
        check_hand_deck(1, Hand(TeamLine(0, 0, details=details), TeamLine(0, 0)), found)
        assert found == [], (details, found)


def test_exit_codes_and_is_malformed():
    assert rules.exit_code({"valid": True, "violations": [], "computed": {}}) == 0
    assert rules.exit_code({"valid": False, "violations": [], "computed": {}}) == 1
    assert rules.exit_code(rules.validate("nonsense")) == 2
    assert rules.is_malformed(rules.validate("nonsense"))
    assert not rules.is_malformed({"valid": False, "violations": [], "computed": {}})


def test_registry_loads_once_under_concurrent_first_use():
    """Threads arriving together on a fresh registry must all find nvso (no half-loaded registry)."""
    import subprocess
    import sys

    code = (
        "import threading; from rules import registry\n"
        "found = []\n"
        "def look(): found.append(registry.find_ruleset('nvso') is not None)\n"
        "threads = [threading.Thread(target=look) for _ in range(16)]\n"
        "[t.start() for t in threads]; [t.join() for t in threads]\n"
        "print(all(found) and len(found) == 16)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "True"
