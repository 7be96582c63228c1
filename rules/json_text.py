"""Reading a score sheet's JSON text: a parsed document, or one problem in plain words with its line and
column, never an exception.

Python's reader is more lenient than JSON in two ways a scorekeeper could trip over unseen: a field name
written twice keeps the last value silently, and NaN or Infinity are read as numbers. The first is marked
(the parser then reports the repeated field), the second refused.
"""

import json
import re
import sys

from rules.language import _
from rules.violations import Problem
from rules.words import points

# A marker key that the reader adds to an object whose text repeats a field name.
DUPLICATE_MARK = "\x00duplicate-fields"


def _pairs_to_object(pairs: list) -> dict:
    """json object hook: a dict, marking field names that the text repeats (the last would silently win)."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen, repeated = set(), []
        for key, _ in pairs:
            if key in seen and key not in repeated:
                repeated.append(key)
            seen.add(key)
        obj[DUPLICATE_MARK] = repeated
    return obj


class _NotJsonConstant(ValueError):
    """NaN, Infinity or -Infinity in the text: Python's reader accepts them, JSON does not."""


def _reject_constant(name: str) -> None:
    raise _NotJsonConstant(name)


# One run of ASCII digits (the only digits JSON has). Matched greedily from where the last run ended, each
# character is looked at once: linear in the text. A pattern such as `\\d{4301,}` is not: it is tried again
# from every digit of every shorter run, so many runs just under the limit cost quadratic time.
_DIGIT_RUN = re.compile(r"[0-9]+")


def _too_long_number(text: str) -> str:
    """The message for a number too long for Python to read (more digits than its conversion limit)."""
    limit = sys.get_int_max_str_digits()
    for run in _DIGIT_RUN.finditer(text):
        start, length = run.start(), run.end() - run.start()
        if length > limit:
            line = text.count("\n", 0, start) + 1
            column = start - (text.rfind("\n", 0, start) + 1) + 1
            return _("The number at line %(line)s, column %(column)s is far too long to be a score (%(digits)s "
                     "digits); a score has at most 7 digits.") % {"line": line, "column": column,
                                                                  "digits": points(length)}
    return _("The text has a number far too long to be a score; a score has at most 7 digits.")


def read_json(text: str | bytes | bytearray) -> tuple[object, list[Problem]]:
    """Parse JSON text; a problem in plain words (with line and column) instead of an exception."""
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError:
            return None, [Problem("$", _("The text is not readable: save the sheet as UTF-8 and try again."))]
    if not text.strip():
        return None, [Problem("$", _("The text is empty: paste or type a score sheet."))]
    try:
        return json.loads(text, object_pairs_hook=_pairs_to_object, parse_constant=_reject_constant), []
    except json.JSONDecodeError as exc:
        message = _("The text is not a valid JSON document: the problem is at line %(line)s, column %(column)s "
                    "(look for a missing comma, quote or bracket).") % {"line": exc.lineno, "column": exc.colno}
        return None, [Problem("$", message)]
    except _NotJsonConstant as exc:
        return None, [Problem("$", _("The text is not a valid JSON document: it uses %(word)s, which JSON does "
                                     "not allow; write a number instead.") % {"word": exc.args[0]})]
    except RecursionError:
        return None, [Problem("$", _("The text is not a valid JSON document: its brackets nest too deeply."))]
    except ValueError:  # the one other ValueError json.loads raises: an integer too long to convert
        return None, [Problem("$", _too_long_number(text))]
