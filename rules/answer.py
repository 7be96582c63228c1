"""The validator's answer, exactly as score-sheet-format.md shows it, and what it means for callers.

A checked sheet:

    {"valid": bool, "violations": [{"severity", "hand", "team", "field", "code", "rule", "message"}, ...],
     "computed": {"hands": [{"ns": {"total", "cumulative"}, "ew": {...}}, ...],
                  "final": {"ns": int, "ew": int}, "winner": "ns" | "ew" | "tie" | None}}

A malformed document (not JSON, a missing or unknown field, a wrong type, a value out of range, an unknown
rule set or option); no checks ran:

    {"valid": false, "malformed": true, "problems": [{"path": "$.hands[1].ns.count", "message": "..."}],
     "violations": [], "computed": null}

An answer lists at most LISTED_AT_MOST violations (or problems), in their usual order, so its size is
bounded whatever the sheet. When more were found, one more entry follows them and says how many were left
out: a violation with code `more-violations` (hand, team null; field "hands"; rule ""; the severity of the
most serious one left out), or a problem with path "$". `valid` is still decided by every violation found.
"""

from rules.language import ngettext
from rules.violations import ERROR, SEVERITIES, Problem, Violation
from rules.words import points

LISTED_AT_MOST = 100
MORE_CODE = "more-violations"


def _more(left_out: int) -> str:
    return ngettext("And %(count)s more mistake, not listed here; correct the ones above and check again.",
                    "And %(count)s more mistakes, not listed here; correct the ones above and check again.",
                    left_out) % {"count": points(left_out)}


def _listed(violations: list[Violation]) -> list[Violation]:
    """The violations an answer lists: all of them, or the first LISTED_AT_MOST and one that counts the rest."""
    if len(violations) <= LISTED_AT_MOST:
        return violations
    rest = violations[LISTED_AT_MOST:]  # never empty: there are more than LISTED_AT_MOST
    worst = min((v.severity for v in rest), key=SEVERITIES.index)
    return [*violations[:LISTED_AT_MOST], Violation(worst, None, None, "hands", MORE_CODE, "", _more(len(rest)))]


EXIT_VALID = 0
EXIT_ERRORS = 1
EXIT_MALFORMED = 2


class Verdict:
    """What a rule set found: the violations, in the order found, and the computed totals."""

    __slots__ = ("totals", "violations")

    def __init__(self, violations: list[Violation], totals):
        self.violations = violations
        self.totals = totals

    @property
    def valid(self) -> bool:
        return not any(v.severity == ERROR for v in self.violations)

    def as_answer(self, side_key: str = "team") -> dict:
        violations = self.violations
        if not violations:  # most sheets: nothing to look through or list
            return {"valid": True, "violations": [], "computed": self.totals.as_dict()}
        return {
            "valid": not any(v.severity == ERROR for v in violations),
            "violations": [v.as_dict(side_key) for v in _listed(violations)],
            "computed": self.totals.as_dict(),
        }


def malformed_answer(problems: list[Problem]) -> dict:
    """The answer for a document that is not a sheet: every problem with its JSON path."""
    return {
        "valid": False,
        "malformed": True,
        "problems": [p.as_dict() for p in problems[:LISTED_AT_MOST]] + (
            [{"path": "$", "message": _more(len(problems) - LISTED_AT_MOST)}]
            if len(problems) > LISTED_AT_MOST else []),
        "violations": [],
        "computed": None,
    }


def is_malformed(answer: dict) -> bool:
    """True when the answer says the document was not a sheet at all (no checks ran)."""
    return answer.get("malformed") is True


def exit_code(answer: dict) -> int:
    """0 valid, 1 errors, 2 malformed: the exit status of `validate_sheet` and `python -m rules validate`."""
    if is_malformed(answer):
        return EXIT_MALFORMED
    return EXIT_VALID if answer["valid"] else EXIT_ERRORS
