"""Plain words for messages: team names, hand numbers and numbers as a player writes them.

Every sentence the rules app shows goes through these helpers, so a message never leaks a Python repr
(`'ns'`, `True`, `None`) and numbers always carry thousands separators (2,525), as on the paper sheet.

The sides are named by whoever asks for the answer: `rules.validate(document, sides=...)` runs inside
`naming_sides(sides)`, and every message names a side through `team_name`, so the same messages read
"North-South" and "East-West" in the API and "We" and "They" on the table's page. The names live in a
context variable, so two answers built at once in two threads (or tasks) keep their own.
"""

from contextvars import ContextVar

from .language import _, thousands

TEAM_NAMES = {"ns": "North-South", "ew": "East-West"}
if False:  # the names above, for the catalogs: team_name translates them when it names a side
    _("North-South")
    _("East-West")
_SIDES: ContextVar[dict] = ContextVar("sides", default=TEAM_NAMES)


class naming_sides:
    """Messages built inside name each side by `sides[id]` (None: North-South and East-West). An @1 sheet's
    sides are "ns" and "ew", named both or neither; an @2 sheet's are its own ids, and the names the
    parser gives them (`every_side`: one for each side of the sheet) may have an "ns" without an "ew".
    (A class rather than a generator: every @2 sheet enters it twice, tens of thousands of times a second;
    `checked` skips the test and the copy for names that rules.sides.side_names built, which need neither.)"""

    __slots__ = ("_names", "_token")

    def __init__(self, sides: dict | None, every_side: bool = False, checked: bool = False):
        if checked:  # rules.sides.side_names' own answer: built of checked text, used as given
            self._names = sides
            return
        if sides is not None and not (sides and all(type(side) is str and side and type(name) is str and name
                                                    for side, name in sides.items())
                                      and (every_side or ("ns" in sides) == ("ew" in sides))):
            raise ValueError('sides names both sides: {"ns": "...", "ew": "..."}, or every side of an @2 sheet')
        self._names = TEAM_NAMES if sides is None else dict(sides)

    def __enter__(self):
        self._token = _SIDES.set(self._names)

    def __exit__(self, *exc) -> None:
        _SIDES.reset(self._token)


def explicit_names() -> dict | None:
    """The names an enclosing naming_sides gave, or None when the sides have their default names."""
    names = _SIDES.get()
    return None if names is TEAM_NAMES else names


OTHER_TEAM = {"ns": "ew", "ew": "ns"}

_MAX_QUOTED = 40
_LONG_INT = 10**15  # beyond this a number is described by its length, not written out
_INFINITY = float("inf")


def team_name(team: str) -> str:
    """The team's side in words: `ns` -> North-South (or the name the caller gave it, naming_sides). Names
    given for an @2 sheet's own side ids may be asked of a sheet that reads as @1 (its format is wrong):
    its sides keep their default names."""
    names = _SIDES.get()
    if names is TEAM_NAMES or team not in names:
        name = TEAM_NAMES.get(team)
        return _("Side %(side)s") % {"side": team} if name is None else _(name)
    return names[team]


def points(value: int) -> str:
    """A number as written on a score sheet in the language of the message: 2525 -> "2,525" in English,
    "2.525" in Spanish, Portuguese and Italian; -1500 -> "-1,500"."""
    text = f"{value:,}"
    separator = thousands()
    return text if separator == "," else text.replace(",", separator)


def decimal(value: float) -> str:
    """A number with a decimal point as the language of the message writes it: 8,500.5 in English, 8.500,5
    in Spanish, Portuguese and Italian (whose readers would take 8,500.5 for eight and a half)."""
    text = f"{value:,}"
    return text if thousands() == "," else text.translate(_SWAP_MARKS)


_SWAP_MARKS = str.maketrans({",": ".", ".": ","})


def where(hand: int | None, team: str | None = None) -> str:
    """The start of a message: "Hand 2, East-West", "Hand 2" or "" for the sheet as a whole."""
    if hand is None:
        return team_name(team) if team else ""
    if team is None:
        return _("Hand %(hand)s") % {"hand": hand}
    return _("Hand %(hand)s, %(side)s") % {"hand": hand, "side": team_name(team)}


def sentence(hand: int | None, team: str | None, text: str) -> str:
    """One message: the place, a colon, and the text; or the text alone, capitalised, for the sheet. The
    text is a whole clause, marked on its own; the place and the colon are one marked frame, so a language
    may word them its own way."""
    if hand is not None:
        if team is None:
            return _("Hand %(hand)s: %(message)s") % {"hand": hand, "message": text}
        return _("Hand %(hand)s, %(side)s: %(message)s") % {"hand": hand, "side": team_name(team),
                                                            "message": text}
    if team:
        return _("%(side)s: %(message)s") % {"side": team_name(team), "message": text}
    return text[:1].upper() + text[1:]


def either(words: list[str], joiner: str = "or") -> str:
    """["a", "b", "c"] -> "a, b or c": a list the way people say it. `joiner` is "or" or "and", a key, not
    a word: the current language words the whole frame ("%(first)s y %(last)s")."""
    if len(words) <= 1:
        return "".join(words)
    first = ", ".join(words[:-1])
    if joiner == "and":
        return _("%(first)s and %(last)s") % {"first": first, "last": words[-1]}
    return _("%(first)s or %(last)s") % {"first": first, "last": words[-1]}


def quoted(text: str) -> str:
    """User text inside double quotes, shortened, with control characters removed, never a repr."""
    clean = "".join(ch if ch.isprintable() else " " for ch in text)
    if len(clean) > _MAX_QUOTED:
        clean = clean[: _MAX_QUOTED - 1] + "…"
    return f'"{clean}"'


def describe_value(value: object) -> str:
    """What a JSON value is, in words, for "must be a whole number, not ..." messages."""
    if value is None:
        return _("empty (null)")
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, int):
        if abs(value) >= _LONG_INT:
            return _("a number with %(digits)s digits") % {"digits": points(len(str(abs(value))))}
        return _("the number %(number)s") % {"number": points(value)}
    if isinstance(value, float):
        # JSON gives a float for a number written with a decimal point or an exponent: 2.0, 2.5, 1e400.
        if value != value:
            return _("NaN (not a number)")
        if value in (_INFINITY, -_INFINITY):
            return _("a number too large to read, which is not a whole number")
        if not value.is_integer():
            return _("the number %(number)s, which is not a whole number") % {"number": decimal(value)}
        if abs(value) < _LONG_INT:
            return _("the number %(number)s, which is not written as a whole number (write %(whole)s)") % {
                "number": decimal(value), "whole": points(int(value))}
        return _("the number %(number)s, which is not written as a whole number") % {"number": decimal(value)}
    if isinstance(value, str):
        return _("the text %(text)s") % {"text": quoted(value)}
    if isinstance(value, list):
        return _("a list")
    if isinstance(value, dict):
        return _("a group of fields")
    return _("a value of an unknown kind")


def key_text(key: object) -> str:
    """A field name as typed, quoted; a non-text key (possible only from Python callers) in words."""
    if isinstance(key, str):
        return quoted(key)
    return describe_value(key)


def option_words(name: str) -> str:
    """How the rules' messages name an option ('The option "target_score"'), in the current language, for a
    caller that names it in its own words instead (the event's form: "The target score")."""
    return _('The option "%(name)s"') % {"name": name}
