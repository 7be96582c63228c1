"""One slip, one message: a slipped base that happens to tie the written totals is the base's error
alone, not also a tie put to the director (a review of issue 12 found both). A real tie is still the
director's: test_checks.py's "tie-for-director"."""

import rules
from rules.registry import example


def test_a_slipped_base_that_ties_the_written_totals_is_only_the_base():
    document = example("crazy_canasta")
    document["hands"][0]["a"]["base"] += 5530  # side a's written bases now tie side b's 18,270
    found = rules.validate(document)["violations"]
    assert [(v["code"], v["side"]) for v in found if v["severity"] != "info"] == [("base-mismatch", "a")]

