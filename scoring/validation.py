"""Running the rules app on a sheet under the event's rules.

The event decides the rules, not the device: the sheet is checked with the event's `ruleset`, and its
options are the sheet's own `options` overridden by the event's `rule_options`, and `target_score` is the
event's for a game played to a score (`Event.target`: its own, else its game's: NVSO's 8,500, the five-player
game's 4,000; a game without a target takes none, `Event.clean`). A sheet may therefore state an
option the event leaves unset (the rules app still rejects an unknown option as malformed), but it can
never change one the event sets. The stored document is what was submitted; only the copy handed to the
rules app is adjusted.
"""

import hashlib
import json
import math
import re

from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

import rules
from rules.registry import find_ruleset
from tournament.core import text

MAX_DOCUMENT_BYTES = 64 * 1024
# A sheet is five levels deep and a draft seven; anything much deeper is not one, and parsing or storing
# it could exhaust the stack (Python's or PostgreSQL's).
MAX_JSON_DEPTH = 20
MAX_REASON_CHARS = text.MAX_REASON_CHARS
# Text a database cannot store: NUL, and half of a UTF-16 pair ("\\ud800" is valid JSON, not valid text).
UNSTORABLE = text.UNSTORABLE
UNSTORABLE_TEXT = gettext_lazy("Some text contains an invisible character that cannot be stored (a NUL, \\u0000, "
                               "or half of an emoji): remove it.")
NOT_A_NUMBER = gettext_lazy("Every number must be an ordinary number (not NaN or Infinity).")
# The rules' messages name the sides as their reader does: the API (and the director, and what is stored
# of a submitted sheet) says North-South and East-West; the table's page says We and They, as its
# headings do. One set of messages, named per audience (rules.words.naming_sides).
def page_sides() -> dict:
    """The table page's names of the sides, in the reader's language: We and They, as its headings say."""
    return {"ns": _("We"), "ew": _("They")}


SIDES_BY_AUDIENCE = {"page": page_sides}
TOO_DEEP = gettext_lazy("This is not a score sheet: it is nested far too deeply.")


def malformed(path: str, message: str) -> dict:
    """The rules app's malformed answer, for documents we refuse before it sees them."""
    return {"valid": False, "malformed": True, "problems": [{"path": path, "message": message}],
            "violations": [], "computed": None}


def json_problem(value) -> str | None:
    """Why a parsed JSON value cannot be kept, in a sentence; None when it can.

    PostgreSQL refuses a NUL character in text and JSON, and NaN or Infinity in JSON; a document nested
    far deeper than a sheet is not a sheet. Walked without recursion, so depth itself cannot break it.
    """
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_JSON_DEPTH:
            return str(TOO_DEEP)
        if isinstance(item, str):
            if UNSTORABLE.search(item):
                return str(UNSTORABLE_TEXT)
        elif isinstance(item, float):
            if not math.isfinite(item):
                return str(NOT_A_NUMBER)
        elif isinstance(item, dict):
            for key, child in item.items():
                if UNSTORABLE.search(str(key)):
                    return str(UNSTORABLE_TEXT)
                stack.append((child, depth + 1))
        elif isinstance(item, list):
            stack.extend((child, depth + 1) for child in item)
    return None


def effective_document(event, document: dict) -> dict:
    sheet_options = document.get("options")
    options = dict(sheet_options) if isinstance(sheet_options, dict) else {}
    options.update(event.rule_options or {})
    if (target := event.target) is not None:  # a game played to a score: the event's, or its game's own
        options["target_score"] = target
    checked = dict(document)
    checked["ruleset"] = event.ruleset
    checked["options"] = options
    return checked


# A rule set whose game sets no number of hands reads a sheet up to a documented ceiling of 100 (or the
# format's 1,000): a cap that high is a reading limit, not hands the game asks for.
NO_FIXED_HANDS = 100


def hands_asked(event) -> int | None:
    """The hands a game of this event has when its rules fix their number (NVSO's 3, by hand; four deals
    of Crazy Canasta), so the table's page can ask before sending a shorter sheet; None when a game ends
    at a score instead, or the event's rules are unknown. A gentle question, never a refusal: a game may
    end early (a team past the target score, the director's call)."""
    ruleset = find_ruleset(event.ruleset)
    parse, cap_of = getattr(ruleset, "parse_options", None), getattr(ruleset, "hand_cap", None)
    if parse is None or cap_of is None:  # no such rule set, or one that only describes its line
        return None
    options = parse(effective_document(event, {})["options"], [])
    cap = cap_of(options) if options is not None else None
    return cap if isinstance(cap, int) and cap < NO_FIXED_HANDS else None


def base_for_event(event, details: dict) -> int:
    """The Base a team's details add up to under the event's rules (the table form's calculator); ValueError
    with a sentence when they cannot be added up."""
    from rules import calculator  # imported here: a fault in the calculator must not stop scoring from loading

    options = effective_document(event, {})["options"]
    try:
        return calculator.base_from_details(details, options=options)
    except (TypeError, KeyError):
        raise ValueError(_("Those details cannot be added up.")) from None


def validate_for_event(event, document, sides: dict | None = None) -> dict:
    """The rules' answer for a sheet under the event's rules; `sides` names the sides in the messages
    (page_sides() for the table's page; by default North-South and East-West)."""
    refused = _refused(document)
    if refused is not None:
        return refused
    answer = rules.validate(effective_document(event, document), sides=sides, language=get_language())
    answer.setdefault("malformed", False)
    return answer


def validate_as_sent(document, sides: dict | None = None) -> dict:
    """The rules' answer for a sheet under the rule set and options it names itself, of any game and in
    either format (@1 or @2): a practice sheet of a game no event imposes rules on. The same bounds as a
    table's sheet (size, depth, storable text) come first."""
    refused = _refused(document)
    if refused is not None:
        return refused
    answer = rules.validate(document, sides=sides, language=get_language())
    answer.setdefault("malformed", False)
    return answer


def _refused(document) -> dict | None:
    """The malformed answer for a document refused before the rules app sees it, or None."""
    if not isinstance(document, dict):
        return malformed("$", _("A score sheet is a JSON object with its hands."))
    # The size first, in C: a document of 256 KB is refused in milliseconds, before the walk in Python
    # that would look at each of its thousands of values (issue 18: bounded work on any body).
    try:
        too_large = len(json.dumps(document)) > MAX_DOCUMENT_BYTES
    except (RecursionError, ValueError, TypeError):
        too_large = False  # nested too deeply (or not JSON at all): json_problem says so in words
    if too_large:
        return malformed("$", _("This score sheet is too large to be a game's sheet."))
    problem = json_problem(document)
    if problem:
        return malformed("$", problem)
    if isinstance(document.get("options"), (list, str, int, float, bool)):
        return malformed("$.options",
                         _("The options are a list of names and values, like {\"target_score\": 8500}."))
    return None


def _findings(answer: dict) -> tuple:
    """What an answer found, without its words: whether it is valid, and where each finding is."""
    return (answer.get("valid"),
            [(v.get("code"), v.get("hand"), v.get("team"), v.get("field")) for v in answer.get("violations") or []],
            [p.get("path") for p in answer.get("problems") or []])


def has_messages(answer: dict | None) -> bool:
    """Whether an answer has words to show (a violation or a problem): a clean answer reads the same to
    every reader, so nothing needs asking again."""
    return bool(answer) and bool(answer.get("violations") or answer.get("problems"))


def phrased_for(event, document, answer: dict | None, sides: dict | None) -> dict | None:
    """A stored answer in the words of its reader: the table's page reads We and They where the stored
    answer (kept for the API and the director) says North-South and East-West. The rules are asked again
    with the reader's names; should they find anything else than what was stored (the rules changed since
    the sheet was sent), the stored answer is kept as it is: what was decided is never restated."""
    if sides is None or not has_messages(answer) or not isinstance(document, dict):
        return answer
    again = validate_for_event(event, document, sides=sides)
    return again if _findings(again) == _findings(answer) else answer


def fingerprint(document) -> str:
    return hashlib.sha256(json.dumps(document, sort_keys=True).encode()).hexdigest()


def two_sides(document) -> tuple[str | None, str | None]:
    """The ids of a two-side sheet's sides in order, read as North-South then East-West: a partnership game's
    sheet (Crazy Canasta's own example names them `a` and `b`) need not call them `ns` and `ew`. (None, None)
    unless the sheet lists exactly two sides, or when they are seats of single players (`s1`, `s2`), whose
    results are per seat (`seat_sheets`)."""
    sides = document.get("sides") if isinstance(document, dict) else None
    if not isinstance(sides, list) or len(sides) != 2 or not all(isinstance(side, dict) for side in sides):
        return None, None
    ids = [side.get("id") for side in sides]
    if not all(isinstance(i, str) for i in ids) or all(re.fullmatch(r"s[0-9]+", i) for i in ids):
        return None, None
    return ids[0], ids[1]


def totals(answer: dict, document: dict) -> tuple[int | None, int | None]:
    """The game's totals: what the hands add up to (the rules app's computation), else as written."""
    computed = (answer or {}).get("computed") or {}
    final = computed.get("final") or (document.get("final") if isinstance(document, dict) else None) or {}
    ns, ew = final.get("ns"), final.get("ew")
    if ns is None and ew is None:
        ns, ew = (final.get(side) for side in two_sides(document))
    if all(isinstance(n, int) and not isinstance(n, bool) and abs(n) < 2**31 for n in (ns, ew)):
        return ns, ew
    return None, None
