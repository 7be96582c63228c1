"""The answer for the usual sheet, straight from the document, from a rule set that can give one.

Most sheets are well formed and right. Reading every line into a parsed copy and then checking the copy
walks each line twice; a rule set with `usual_answer` reads the document's own lines once, asking the
parser's questions and its checks' together, and answers when there is nothing at all to report. At the
first doubt it says None and the document takes the usual way (rules.validate: parse, then check), which
words every problem. So a sheet gets the same answer either way: the rule set's tests hold its usual
answer equal to the parsed-and-checked one on generated sheets, valid, slipped and malformed.

A sheet with a slip is mostly right up to it: the pass has read and checked the deals before its doubt.
A rule set that can use that (it has `resume(sheet, carried)`) answers `Resume(carried, clean)` instead
of None, `carried` being its own record of those deals and `clean` how many they are; rules.validate then
hands the record back with the sheet, so the checks start at the deal in doubt instead of reading the
clean ones again. Nor does the parser read those deals again (`resumed_sheet`): their form is what the
usual pass held them to, so only the deals from the doubt on are parsed, and at a doubt about their form
the whole document goes to the parser, which alone words a problem of form.
"""

from rules.registry import find_ruleset
from rules.sides.fields import FORMAT2, SidesSheet
from rules.sides.lines import FastSpec
from rules.sides.sheet import hand_cap, read_envelope, usual_final, usual_winner, well_formed_hand


class Resume:
    """What a rule set's usual pass carried past the deals it found clean, for its `resume` (`carried`,
    opaque here), and how many deals those are (`clean`: the first ones, read and found well formed);
    usual_reading adds the envelope it read (rule set, options, side ids, labels) for `resumed_sheet`."""

    __slots__ = ("carried", "clean", "envelope")

    def __init__(self, carried: object, clean: int):
        self.carried, self.clean, self.envelope = carried, clean, None


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


def resumed_sheet(document: dict, reading: Resume) -> SidesSheet | None:
    """The sheet `parse` would make of a document the usual pass resumed from, without reading its clean
    deals again: they stay the document's own hands (well formed, as the pass found them; a rule set's
    `resume` reads no more of them than base and count, which are written), the later ones parsed. None
    when a later deal is not well formed: `parse` then words each problem, as for any document."""
    ruleset, options, sides, labels = reading.envelope
    hands, start = document["hands"], reading.clean
    line = FastSpec.of(ruleset.line_spec(options))
    parsed = hands[:start]
    for hand in hands[start:]:
        hand = well_formed_hand(hand, sides, line)
        if hand is None:
            return None
        parsed.append(hand)
    return SidesSheet(ruleset.name, options, sides, labels, parsed, document.get("final"), document.get("winner"))
