"""The games' rules as plain Python (no Django): parse a score sheet, check it, explain every error.

    import rules
    answer = rules.validate(document)      # a dict, or JSON text (str or bytes)

The answer for a well-formed sheet is exactly the one in score-sheet-format.md:

    {"valid": bool,
     "violations": [{"severity": "error" | "warning" | "info", "hand": int | None, "team": "ns" | "ew" | None,
                     "field": str, "code": str, "rule": str, "message": str}, ...],
     "computed": {"hands": [{"ns": {"total": int, "cumulative": int}, "ew": {...}}, ...],
                  "final": {"ns": int, "ew": int}, "winner": "ns" | "ew" | "tie" | None}}

An @2 sheet (`canasta-td/score-sheet@2`, rules/sides/) is answered the same way, with the side's id under
"side" instead of "team" and `computed` keyed by the sheet's side ids (docs/score-sheet-format.md).

`valid` is false when any violation is an `error`; `warning`s (a tie for the director) and `info` notes
(a hand recording only base and count, so less could be checked) do not block.

For a document that is not a sheet at all (not JSON, a missing or unknown field, a wrong type, a value out
of range, an unknown rule set or option), no checks run and the answer is

    {"valid": false, "malformed": true,
     "problems": [{"path": "$.hands[1].ns.count", "message": "Hand 2, North-South: ..."}, ...],
     "violations": [], "computed": null}

Use `rules.is_malformed(answer)` rather than looking at the keys. `rules.exit_code(answer)` gives 0 (valid),
1 (errors) or 2 (malformed). Rule sets are found by name in `rules.registry`; the table form's calculator
is `rules.calculator`.
"""

from rules.answer import EXIT_ERRORS, EXIT_MALFORMED, EXIT_VALID, exit_code, is_malformed, malformed_answer
from rules.language import speaking
from rules.registry import get_ruleset
from rules.sheet import FORMAT
from rules.sides import FORMAT2, SidesSheet
from rules.sides.sheet import parse, side_names
from rules.sides.usual import Resume, resumed_sheet, usual_reading
from rules.words import naming_sides

__all__ = ["EXIT_ERRORS", "EXIT_MALFORMED", "EXIT_VALID", "FORMAT", "FORMAT2", "exit_code", "is_malformed",
           "parse", "validate"]


def validate(document: dict | str | bytes, sides: dict | None = None, language: str | None = None) -> dict:
    """Check one score sheet and answer as score-sheet-format.md says (see the module docstring). `sides`
    names the sides in the messages, e.g. {"ns": "We", "ew": "They"} for the table's page; by default
    North-South and East-West (or the names of an enclosing rules.words.naming_sides). An @2 sheet's sides
    are named by `sides`, else by their labels, else by their seats (the rule set's `seats`, NVSO's
    North-South and East-West) or as "Side <id>"; its answer names a violation's side under "side".
    `language` is the messages' language (a code such as "es", "pt-br", "it"; None or "en": English),
    rules.language.speaking: a valid sheet's answer is the same in every language."""
    if language is not None:  # English needs no context, and the hot path no second call
        with speaking(language):
            return validate(document, sides)
    if sides is not None:  # the default names need no context, and the hot path no second call
        with naming_sides(sides):
            return validate(document)
    if type(document) is dict and document.get("format") == FORMAT2:
        reading = usual_reading(document)  # the usual sheet, answered without a parsed copy where its rule set can
        if type(reading) is dict:
            return reading
        if reading is not None:  # a Resume: the checks start where the usual pass met its doubt
            answer = _resumed(document, reading)
            if answer is not None:
                return answer
    sheet, problems = parse(document)
    if problems:
        return malformed_answer(problems)
    ruleset = get_ruleset(sheet.ruleset)
    if type(sheet) is SidesSheet:
        with naming_sides(side_names(sheet.sides, sheet.labels, getattr(ruleset, "seats", None)), checked=True):
            return ruleset.validate(sheet).as_answer("side")
    return ruleset.validate(sheet).as_answer()


def _resumed(document: dict, reading: Resume) -> dict | None:
    """The answer of the rule set's `resume` on the document as written (rules.sides.usual), or None when
    it found a deal not well formed: the parser then words the problem."""
    sheet = resumed_sheet(document, reading)
    ruleset = reading.envelope[0]
    with naming_sides(side_names(sheet.sides, sheet.labels, getattr(ruleset, "seats", None)), checked=True):
        verdict = ruleset.resume(sheet, reading.carried)
        return None if verdict is None else verdict.as_answer("side")
