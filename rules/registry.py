"""Rule sets by name, so a second game's rules are a new module rather than a fork.

A rule set is any object with:

- `name` (the value of a sheet's `ruleset` field) and `title` (words for people);
- `options`: the documented options with their defaults, as a dict;
- `parse_options(raw: dict | None, problems: list[Problem])`: the sheet's `options` resolved against the
  defaults (an object the rule set understands), or None after appending a Problem for each bad option;
- `hand_cap(options) -> int`: the most hands a sheet under these options can list (the game's own limit,
  or a documented ceiling when it has none); the parser reads no further, and `validate` answers a sheet
  with more (its `hands_over_cap`) with one violation and no per-hand checks (without `hand_cap`, a sheet
  over fields.HANDS_LIMIT hands is malformed);
- `validate(sheet) -> Verdict`: the checks, and the totals the answer shows;
- `describe_line() -> list[dict]`: a team's line as plain data (JSON-ready), so a form is built from the
  rules instead of copying them. One entry per field, in the order a form shows them: `base`, `count`,
  then every field of `details` (score-sheet-format.md):

      {"name": "pure_canastas",      # the field's name in the sheet (as JSON)
       "part": "details",            # "line" (base, count) or "details"
       "label": "Pure canastas (500)",   # the words players read
       "kind": "whole_number",       # or "yes_no", or "choice"
       "min": 0, "max": 9,           # whole numbers: the least and most one team can write in one hand
       "choices": [{"value": null, "label": "None"}, ...],   # choices only: every value, none first
       "asked": true}                # whether the table's form asks for it

  The bounds never go beyond what the parser accepts (a described value is always well formed) and are
  narrower where the game's rules say one team cannot show more. `rules.fields.describe_line` builds the
  list from the format's specifications and a game's words and limits (rules/nvso/line.py).
- `meld_guide(options, hands) -> dict` (optional): the initial meld as a printed sheet states it before
  play, {"hands": [minimum or None, one per hand], "rule": "a sentence"}; None where the minimum follows
  the running total (NVSO by score). A game without an initial-meld minimum leaves it out.

For the @2 sheet (`canasta-td/score-sheet@2`, docs/score-sheet-format.md) a rule set also has:

- `formats`: the formats it reads, e.g. `("canasta-td/score-sheet@2",)` (without it: @1 only);
- `side_counts`: how many sides a sheet of its game lists, e.g. `(2,)`, `(2, 3, 4)`, `(5,)` or `(1,)`;
- `entrants`: who enters its events, "teams", "players" or "either";
- `room` (optional, rules/room.py): what the game asks of a tournament's room as plain data: who enters
  (teams of two or single players, and another way the rule options may choose), the seats a table
  holds (fixed or a range) and how a result ranks; without it, two teams and the most points;
- `line_spec(options) -> rules.sides.LineSpec`: the fields of a side's line;
- `seats` (optional): fixed side ids and their names, e.g. NVSO's {"ns": "North-South", "ew": "East-West"};
  a sheet's sides must then have these ids, and a side without a label is named by its seat;
- `example() -> dict`: a valid example sheet of its game, a new dict each call (`python -m rules example`);
- `usual_answer(hands, sides, options, final, winner) -> dict | Resume | None` (optional): the whole answer for a
  sheet with nothing to report, read straight from the document's hands, or None at any doubt; the
  document then takes the usual way, parse and `validate` (rules/sides/usual.py says what it must hold).
  After a doubt it may instead return `rules.sides.usual.Resume(carried)`, its own record of the deals
  it found clean before it, when it also has `resume(sheet, carried) -> Verdict | None`:
  `validate` of the sheet that starts at the deal in doubt. `sheet.hands` are then the document's own, not
  parsed: `resume` may read only base and count of the clean deals, and holds every later deal to the
  parser's form (rules.sides.sheet.well_formed_hand) before its checks read it, answering None at one
  that is not well formed (rules.validate then parses the document, and the parser words the problem).

`summary` and `summaries` describe the rule sets as plain data (`python -m rules list --json`), and
`example(name)` gives one's example by name.

The built-in rule sets are imported on first use (so `import rules` stays cheap); another one is added by
calling `register(ruleset)` or by listing its module in `BUILTIN_MODULES`.
"""

import importlib
import threading
from typing import Protocol

from rules.fields import FORMAT
from rules.language import speaking
from rules.room import room_of

BUILTIN_MODULES = ("rules.nvso", "rules.crazy_canasta", "rules.five_player", "rules.canasta21", "rules.fibonacci21",
                   "rules.fibonacci21_solitaire")

_RULESETS: dict = {}
_loaded = False
_load_lock = threading.Lock()


class Ruleset(Protocol):
    name: str
    title: str
    options: dict

    def parse_options(self, raw: dict | None, problems: list) -> object | None: ...

    def hand_cap(self, options) -> int: ...

    def validate(self, sheet) -> object: ...

    def describe_line(self) -> list[dict]: ...

    # @2 (above): formats, side_counts, entrants, line_spec(options), example(); seats is optional.


class UnknownRuleset(KeyError):
    """Raised by get_ruleset for a name no rule set has."""


def register(ruleset: Ruleset) -> Ruleset:
    """Make a rule set available under its name (a later registration of the same name replaces it)."""
    _RULESETS[ruleset.name] = ruleset
    return ruleset


def _load_builtins() -> None:
    """Import the built-in rule sets once; the flag is set only after they are in, so a second thread
    arriving meanwhile waits for the lock instead of seeing an empty registry."""
    global _loaded
    if _loaded:
        return
    with _load_lock:
        if not _loaded:
            for module in BUILTIN_MODULES:
                importlib.import_module(module)
            _loaded = True


def find_ruleset(name: str) -> Ruleset | None:
    """The rule set called `name`, or None."""
    if not _loaded:
        _load_builtins()
    return _RULESETS.get(name)


def get_ruleset(name: str) -> Ruleset:
    """The rule set called `name`; UnknownRuleset when there is none."""
    ruleset = find_ruleset(name)
    if ruleset is None:
        raise UnknownRuleset(name)
    return ruleset


def ruleset_names() -> list[str]:
    """The names of every registered rule set, sorted."""
    _load_builtins()
    return sorted(_RULESETS)


def line_description(name: str, language: str | None = None) -> list[dict] | None:
    """The description of a team's line (see above) by the rule set called `name`, or None when no rule
    set has that name: what a page hands its form so the form is built from the rules. Its words are in
    `language` (rules.language.speaking; None: English)."""
    ruleset = find_ruleset(name)
    if ruleset is None:
        return None
    with speaking(language):
        return ruleset.describe_line()


def example(name: str) -> dict | None:
    """A valid example sheet of the rule set called `name`, or None when no rule set has that name or it
    gives no example."""
    ruleset = find_ruleset(name)
    give = getattr(ruleset, "example", None)
    return None if give is None else give()


def summary(ruleset: Ruleset) -> dict:
    """What `python -m rules list --json` says of one rule set: {"name", "title", "formats",
    "side_counts", "entrants", "options", "room"}, options being each option's default and room the
    declared room (rules.room.Room.as_dict). A rule set that reads @1 only and does not say more is the
    NVSO table's shape: two teams, the most points."""
    return {
        "name": ruleset.name,
        "title": ruleset.title,
        "formats": list(getattr(ruleset, "formats", (FORMAT,))),
        "side_counts": list(getattr(ruleset, "side_counts", (2,))),
        "entrants": getattr(ruleset, "entrants", "teams"),
        "options": dict(ruleset.options),
        "room": room_of(ruleset).as_dict(),
    }


def summaries() -> list[dict]:
    """Every registered rule set's summary, by name."""
    return [summary(_RULESETS[name]) for name in ruleset_names()]
