"""The validator's answer, exactly as score-sheet-format.md shows it, and what it means for callers.

A checked sheet:

    {"valid": bool, "violations": [{"severity", "hand", "team", "field", "code", "rule", "message"}, ...],
     "computed": {"hands": [{"ns": {"total", "cumulative"}, "ew": {...}}, ...],
                  "final": {"ns": int, "ew": int}, "winner": "ns" | "ew" | "tie" | None}}

A malformed document (not JSON, a missing or unknown field, a wrong type, a value out of range, an unknown
rule set or option); no checks ran:

    {"valid": false, "malformed": true, "problems": [{"path": "$.hands[1].ns.count", "message": "..."}],
     "violations": [], "computed": null}
"""

from rules.violations import ERROR, Problem, Violation

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

    def as_answer(self) -> dict:
        violations = self.violations
        return {
            "valid": not any(v.severity == ERROR for v in violations),
            "violations": [v.as_dict() for v in violations],
            "computed": self.totals.as_dict(),
        }


def malformed_answer(problems: list[Problem]) -> dict:
    """The answer for a document that is not a sheet: every problem with its JSON path."""
    return {
        "valid": False,
        "malformed": True,
        "problems": [p.as_dict() for p in problems],
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
