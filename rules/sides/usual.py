"""The answer for the usual sheet, straight from the document, from a rule set that can give one.

Most sheets are well formed and right. Reading every line into a parsed copy and then checking the copy
walks each line twice; a rule set with `usual_answer` reads the document's own lines once, asking the
parser's questions and its checks' together, and answers when there is nothing at all to report. At the
first doubt it says None and the document takes the usual way (rules.validate: parse, then check), which
words every problem. So a sheet gets the same answer either way: the rule set's tests hold its usual
answer equal to the parsed-and-checked one on generated sheets, valid, slipped and malformed.

A sheet with a slip is mostly right up to it: the pass has read and checked the deals before its doubt.
A rule set that can use that (it has `resume(sheet, carried)`) answers `Resume(carried)` instead
of None, `carried` being its own record of those deals; rules.validate then
hands the record back with the sheet, so the checks start at the deal in doubt instead of reading the
clean ones again. Nor does the parser read the document first (`resumed_sheet`): the clean deals' form is
what the usual pass held them to, and `resume` holds each later deal to the parser's form as it comes to
it (a deal its own fast pass finds clean is well formed too). At a doubt about the form it answers None
and the whole document goes to the parser, which alone words a problem of form.
"""

from rules.registry import find_ruleset
from rules.sides.fields import FORMAT2, SidesSheet
from rules.sides.sheet import hand_cap, read_envelope, usual_final, usual_winner


class Resume:
    """What a rule set's usual pass carried past the deals it found clean (the first ones, read and found
    well formed), for its `resume` (`carried`, opaque here); usual_reading adds the envelope it read (rule
    set, options, side ids, labels) for `resumed_sheet`."""

    __slots__ = ("carried", "envelope")

    def __init__(self, carried: object):
        self.carried, self.envelope = carried, None


def usual_answer(document: dict) -> dict | None:
    """The whole answer for a @2 document with nothing to report (usual_reading's answer), else None."""
    reading = usual_reading(document)
    return reading if type(reading) is dict else None


def usual_reading(document: dict) -> dict | Resume | None:
    """The answer for a @2 document with nothing to report, from its rule set's `usual_answer(hands,
    sides, options, final, winner)`; a `Resume` for the rule set's `resume` when the usual pass met its
    doubt after some clean deals; None when the rule set has none, or anything is off or in doubt."""
    name = document.get("ruleset")
    if document.get("format") != FORMAT2 or type(name) is not str:
        return None
    usual = getattr(find_ruleset(name), "usual_answer", None)
    if usual is None:  # asked first: the envelope is worth reading only for a rule set that can answer
        return None
    problems: list = []
    envelope = read_envelope(document, problems)
    if envelope is None or problems:
        return None
    ruleset, options, sides, _ = envelope
    hands, final, winner = document.get("hands"), document.get("final"), document.get("winner")
    if (type(hands) is not list or len(hands) > hand_cap(ruleset, options)
            or not usual_final(final, sides) or not usual_winner(winner, sides)):
        return None
    answer = usual(hands, sides, options, final, winner)
    if type(answer) is Resume:
        if getattr(ruleset, "resume", None) is None:
            return None
        answer.envelope = envelope
    return answer


def resumed_sheet(document: dict, reading: Resume) -> SidesSheet:
    """The sheet a rule set's `resume` takes for a document the usual pass resumed from: its envelope as
    the pass read it, its final and winner (found well formed), and its hands as written. None of them is
    parsed here: the clean deals are well formed, as the pass found them, and the rule set holds each
    later deal to the parser's form (rules.sides.sheet.well_formed_hand) before its checks read it,
    answering None at one that is not, so that `parse` words each problem as for any document."""
    ruleset, options, sides, labels = reading.envelope
    return SidesSheet(ruleset.name, options, sides, labels, document["hands"], document.get("final"),
                      document.get("winner"))
