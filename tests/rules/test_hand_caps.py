"""Every rule set's `no-hands` and `too-many-hands` cite where their number comes from: the source's own
section where it fixes the number of deals (Crazy Canasta's four; NVSO's 3 hands of B), else the section
of the rule set's page that sets the project's hand cap, which must say the cap the code has (issue 18)."""

import copy
import re
from pathlib import Path

import pytest

import rules
from rules.registry import example, get_ruleset, ruleset_names

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rulesets"
SOURCE_SECTIONS = {"crazy_canasta": "Crazy Canasta, Deal"}  # "One game of Crazy Canasta has four deals."
CONTRACT = re.compile(r"Canasta TD, docs/rulesets/([a-z0-9_]+)\.md, (.+)$")


def _answers(name: str) -> tuple[dict, dict]:
    """The violations of the example sheet with no hands, and with one hand past the cap."""
    sheet = example(name)
    cap = get_ruleset(name).hand_cap(get_ruleset(name).parse_options(sheet.get("options"), []))
    empty = {**copy.deepcopy(sheet), "hands": [], "final": None, "winner": None}
    over = {**copy.deepcopy(sheet), "hands": [sheet["hands"][0]] * (cap + 1), "final": None, "winner": None}
    (none,), (many,) = rules.validate(empty)["violations"], rules.validate(over)["violations"]
    assert (none["code"], many["code"], many["hand"]) == ("no-hands", "too-many-hands", cap + 1)
    return none, many


@pytest.mark.parametrize("name", ruleset_names())
def test_the_hand_codes_cite_the_source_or_the_contracts_section_that_sets_the_cap(name):
    none, many = _answers(name)
    assert none["rule"] == many["rule"]
    rule = many["rule"]
    if name in SOURCE_SECTIONS:
        assert rule == SOURCE_SECTIONS[name]
        return
    found = CONTRACT.search(rule)
    assert found and found.group(1) == name, rule
    page = (DOCS / f"{name}.md").read_text()
    section = re.search(rf"^## {re.escape(found.group(2))}.*?\n(.*?)(?=^## |\Z)", page, re.M | re.S)
    assert section, f"docs/rulesets/{name}.md has no section {found.group(2)!r}"
    words = " ".join(section.group(1).split())
    cap = many["hand"] - 1
    assert f"{cap}" in words or name == "nvso"  # nvso's cap is the game's option; its page gives the 100
    assert "100" in words and "`too-many-hands`" in words and "`no-hands`" in words, words
    assert f'"{rule}"' in words  # the section quotes the citation, so a reader can match one to the other


def test_nvso_cites_b_for_its_three_hands_and_the_contract_for_any_other_limit():
    _, many = _answers("nvso")
    assert many["rule"] == "B, or Canasta TD, docs/rulesets/nvso.md, Caps"
