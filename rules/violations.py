"""Violations (what a rule set finds wrong with a well-formed sheet) and problems (why a document is not a
sheet at all).

A violation names where the trouble is (hand, team, field), a stable `code` that programs can rely on,
the `rule` section of the rules text it enforces, and one plain sentence for the players. Severities:

- `error`: the sheet is wrong; `valid` is false.
- `warning`: shown to the director but does not block (a tie the director must resolve).
- `info`: a note about what could not be checked, e.g. a hand that records only base and count. The
  ruleset page asks us to "say so in the answer rather than inventing a check"; `info` is that note.
"""

ERROR = "error"
WARNING = "warning"
INFO = "info"
SEVERITIES = (ERROR, WARNING, INFO)


class Violation:
    """One finding about a sheet. Plain attributes, built only when something is found."""

    __slots__ = ("code", "field", "hand", "message", "rule", "severity", "team")

    def __init__(self, severity: str, hand: int | None, team: str | None, field: str, code: str, rule: str,
                 message: str):
        self.severity = severity
        self.hand = hand
        self.team = team
        self.field = field
        self.code = code
        self.rule = rule
        self.message = message

    def as_dict(self, side_key: str = "team") -> dict:
        """The violation as it appears in the validator's answer (score-sheet-format.md): the side under
        "team" for an @1 sheet, under "side" for an @2 sheet."""
        return {
            "severity": self.severity,
            "hand": self.hand,
            side_key: self.team,
            "field": self.field,
            "code": self.code,
            "rule": self.rule,
            "message": self.message,
        }

    def __repr__(self) -> str:  # for test failure output only; never shown to players
        return f"Violation({self.code} hand={self.hand} team={self.team} field={self.field})"


def violation_for(codes: dict, rules: dict | None = None):
    """A rule set's `violation(code, hand, side, field, message)` from its CODES table (code: (section,
    severity, what it checks)), citing as the rule the code's section, or `rules[code]` when a game words
    its citations apart. Every rule set builds its violations so: its table stays the one place a code's
    section and severity are set."""
    found = {code: (severity, section if rules is None else rules[code])
             for code, (section, severity, _) in codes.items()}

    def violation(code: str, hand: int | None, side: str | None, field: str, message: str) -> Violation:
        severity, rule = found[code]
        return Violation(severity, hand, side, field, code, rule, message)

    return violation


class Problem:
    """Why a document is not a sheet: a JSON path (`$.hands[1].ns.count`) and a plain sentence."""

    __slots__ = ("message", "path")

    def __init__(self, path: str, message: str):
        self.path = path
        self.message = message

    def as_dict(self) -> dict:
        return {"path": self.path, "message": self.message}

    def __repr__(self) -> str:  # for test failure output only
        return f"Problem({self.path}: {self.message})"
