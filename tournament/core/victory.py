"""Victory points: the scale that turns a game's point difference into points for each side.

A game cut off by the clock scores what its table had time to play, so a fast table's totals dwarf a slow
one's. Federations therefore rank by victory points (VP): each game's point difference falls in a band of
a published scale, and the band gives the winner and the loser their VP (burraco: 10-10 for a small
difference, up to 20-0 beyond a threshold). The scale is an event setting (`Event.vp_scale`, chosen from
`PRESETS` or written by the director); the standings add up each team's VP (`scoring.standings`).

Plain Python over plain data, no Django. A scale is a list of `Band`s, best read as the lines a director
writes (`parse`, `lines`): "0-50: 10-10", ..., "1505+: 20-0". `check` refuses, in one plain sentence, a
scale that could rank teams unfairly:

- the first band starts at 0 and gives both sides the same VP (a tie cannot favour one side);
- each band starts just after the one before: at most 5 points on, since every canasta and burraco score
  is a multiple of 5 (a difference that falls between two bands counts in the higher one);
- only the last band is open ("1505+"), and it must be: every difference gets VP;
- the winner's VP never fall and the loser's never rise as the difference grows (monotonic), and the
  winner never gets fewer than the loser;
- every band gives the same total (10+10 = 11+9 = 20+0), so every game shares out the same VP. No
  exception is accepted: a scale whose total varies would weigh some games more than others.

The presets and where each comes from are in docs/victory-points.md.
"""

import re
from dataclasses import dataclass

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

MAX_BANDS = 100
MAX_VP = 1000
MAX_DIFFERENCE = 10_000_000
STEP = 5   # every score is a multiple of 5: a gap narrower than this holds no difference that can occur


class ScaleError(ValueError):
    """What is wrong with a scale, in one plain sentence for the director."""


@dataclass(frozen=True)
class Band:
    """Differences from `low` to `high` (None: and more) give the winner `win` VP and the loser `lose`."""

    low: int
    high: int | None
    win: int
    lose: int

    def reads(self) -> str:
        span = f"{self.low}+" if self.high is None else f"{self.low}-{self.high}"
        return f"{span}: {self.win}-{self.lose}"


@dataclass(frozen=True)
class Preset:
    key: str
    label: str
    source: str
    bands: tuple[Band, ...]


def _bands(*rows) -> tuple[Band, ...]:
    return tuple(Band(*row) for row in rows)


PRESETS: dict[str, Preset] = {preset.key: preset for preset in (
    Preset("canasta", gettext_lazy("Canasta (NVSO games to thousands of points), 0-20"),
           gettext_lazy("Designed for Canasta TD: the burraco bands' shape, widened for canasta's scores; see the "
                        "docs."),
           _bands((0, 100, 10, 10), (105, 300, 11, 9), (305, 600, 12, 8), (605, 1000, 13, 7),
                  (1005, 1500, 14, 6), (1505, 2000, 15, 5), (2005, 2600, 16, 4), (2605, 3300, 17, 3),
                  (3305, 4000, 18, 2), (4005, 5000, 19, 1), (5005, None, 20, 0))),
    Preset("burraco_3", gettext_lazy("Burraco, games of 3 deals (FIBur), 0-20"),
           gettext_lazy("FIBur Codice di Gara, art. 17: the table for games of 3 deals (smazzate)."),
           _bands((0, 50, 10, 10), (55, 150, 11, 9), (155, 250, 12, 8), (255, 350, 13, 7),
                  (355, 500, 14, 6), (505, 650, 15, 5), (655, 800, 16, 4), (805, 1000, 17, 3),
                  (1005, 1250, 18, 2), (1255, 1500, 19, 1), (1505, None, 20, 0))),
    Preset("burraco_4", gettext_lazy("Burraco, games of 4 deals (FIBur), 0-20"),
           gettext_lazy("FIBur Codice di Gara, art. 17: the table for games of 4 deals (smazzate)."),
           _bands((0, 100, 10, 10), (105, 300, 11, 9), (305, 500, 12, 8), (505, 700, 13, 7),
                  (705, 900, 14, 6), (905, 1100, 15, 5), (1105, 1300, 16, 4), (1305, 1500, 17, 3),
                  (1505, 1700, 18, 2), (1705, 2000, 19, 1), (2005, None, 20, 0))),
)}
DEFAULT_PRESET = "canasta"


def default_scale() -> list[list]:
    """The stored form of the default preset: a new event has a valid scale before anyone chooses one."""
    return to_data(PRESETS[DEFAULT_PRESET].bands)


# --- Reading and writing the director's lines ---------------------------------------------------------

_NUMBER = r"\d{1,3}(?:[.,\u00a0 ]\d{3})+|\d+"
_DASH = r"\s*(?:-|to)\s*"
_SPAN = re.compile(rf"^(?P<low>{_NUMBER}){_DASH}(?P<high>{_NUMBER})$")
_OPEN = re.compile(rf"^(?:(?P<low>{_NUMBER})\s*(?:\+|or more|and more|and over|or over|-)"
                   rf"|(?:over|more than|>)\s*(?P<above>{_NUMBER}))$")
_POINTS = re.compile(r"^(?P<win>\d+)\s*(?:-|/|to)\s*(?P<lose>\d+)$")
_SEPARATOR = re.compile(r"\s*(?::|=|->|→)\s*")
EXAMPLE = "0-50: 10-10"


def _whole(text: str) -> int:
    return int(re.sub(r"[^\d]", "", text))


def parse(text: str) -> list[Band]:
    """The bands of the director's lines ("from-to: winner-loser", the last "from+: winner-loser");
    blank lines and lines starting with # are skipped. Refuses the first line it cannot read."""
    bands = []
    for number, raw in enumerate((text or "").splitlines(), start=1):
        line = raw.strip().lower().replace("\u2013", "-").replace("\u2014", "-").replace("\u2212", "-")
        if not line or line.startswith("#"):
            continue
        parts = _SEPARATOR.split(line, maxsplit=1)
        if len(parts) != 2:
            raise ScaleError(_("Line %(line)s (“%(text)s”): write the difference, a colon, then the points of "
                               "the winner and of the loser, like “%(example)s”.")
                             % {"line": number, "text": raw.strip(), "example": EXAMPLE})
        span, points = parts
        bands.append(Band(*_read_span(number, raw, span), *_read_points(number, raw, points)))
    if not bands:
        raise ScaleError(_("The scale has no lines: write one line a band, like “%(example)s”, and end with an "
                           "open line like “1505+: 20-0”.") % {"example": EXAMPLE})
    return bands


def _read_span(number: int, raw: str, span: str) -> tuple[int, int | None]:
    if match := _SPAN.match(span):
        return _whole(match["low"]), _whole(match["high"])
    if match := _OPEN.match(span):
        return (_whole(match["low"]), None) if match["low"] else (_whole(match["above"]) + 1, None)
    raise ScaleError(_("Line %(line)s (“%(text)s”): the difference “%(span)s” is not like “0-50”, or “1505+” "
                       "for the last line.") % {"line": number, "text": raw.strip(), "span": span})


def _read_points(number: int, raw: str, points: str) -> tuple[int, int]:
    if match := _POINTS.match(points):
        return int(match["win"]), int(match["lose"])
    raise ScaleError(_("Line %(line)s (“%(text)s”): the victory points “%(points)s” are not two whole numbers "
                       "like “11-9” (the winner's first).") % {"line": number, "text": raw.strip(), "points": points})


def lines(bands) -> str:
    """The bands as the lines a director reads and edits (`parse` reads them back)."""
    return "\n".join(band.reads() for band in bands)


def to_data(bands) -> list[list]:
    """The stored form (JSON): a list of [low, high or null, win, lose]."""
    return [[band.low, band.high, band.win, band.lose] for band in bands]


def from_data(data) -> list[Band]:
    """The bands of the stored form; refuses what is not a list of four numbers a band."""
    if not isinstance(data, list):
        raise ScaleError(_("The scale must be a list of bands."))
    bands = []
    for k, row in enumerate(data, start=1):
        if (not isinstance(row, list | tuple) or len(row) != 4
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in (row[0], row[2], row[3]))
                or not (row[1] is None or (isinstance(row[1], int) and not isinstance(row[1], bool)))):
            raise ScaleError(_("Band %(band)s must be four whole numbers: from, to (or nothing for the last), "
                               "the winner's and the loser's victory points.") % {"band": k})
        bands.append(Band(*row))
    return bands


# --- The rules of a fair scale --------------------------------------------------------------------------

def check(bands) -> list[Band]:
    """The bands, if they make a fair scale (see the module's story); else a ScaleError on the first
    fault, naming the line."""
    bands = list(bands)
    if not bands:
        raise ScaleError(_("The scale has no lines: write one line a band, like “%(example)s”.")
                         % {"example": EXAMPLE})
    if len(bands) > MAX_BANDS:
        raise ScaleError(_("A scale has at most %(most)s lines; this one has %(lines)s.")
                         % {"most": MAX_BANDS, "lines": len(bands)})
    total = bands[0].win + bands[0].lose
    for k, band in enumerate(bands, start=1):
        where = {"line": k, "band": band.reads(), "low": band.low, "high": band.high, "win": band.win,
                 "lose": band.lose}
        _check_band(where, band, k == len(bands))
        if k == 1:
            if band.low != 0:
                raise ScaleError(_("Line %(line)s (“%(band)s”): the first line must start at 0, so that a tie "
                                   "gets victory points.") % where)
            if band.win != band.lose:
                raise ScaleError(_("Line %(line)s (“%(band)s”): the first line holds a tie (a difference of 0), "
                                   "so both sides must get the same points, like “%(low)s-%(high)s: 10-10”.")
                                 % where)
            continue
        before = bands[k - 2]
        where |= {"before": before.reads(), "end": before.high, "next": before.high + STEP}
        if band.low <= before.high:
            raise ScaleError(_("Line %(line)s (“%(band)s”) starts at %(low)s, inside the line before "
                               "(%(before)s): start it at %(next)s.") % where)
        if band.low - before.high > STEP:
            raise ScaleError(_("Line %(line)s (“%(band)s”) starts at %(low)s, but the line before ends at "
                               "%(end)s: a difference of %(next)s would get no victory points. Start it at "
                               "%(next)s.") % where)
        if band.win < before.win or band.lose > before.lose:
            raise ScaleError(_("Line %(line)s (“%(band)s”): a bigger difference must not give the winner fewer "
                               "points, nor the loser more, than the line before (%(before)s).") % where)
        if band.win + band.lose != total:
            raise ScaleError(_("Line %(line)s (“%(band)s”) shares out %(win)s + %(lose)s = %(shared)s victory "
                               "points, the first line %(total)s: every line must share out the same total.")
                             % (where | {"shared": band.win + band.lose, "total": total}))
    return bands


def _check_band(where: dict, band: Band, last: bool) -> None:
    if band.high is None and not last:
        raise ScaleError(_("Line %(line)s (“%(band)s”): only the last line may be open (“%(low)s+”); give this "
                           "one an end.") % where)
    if band.high is not None and last:
        raise ScaleError(_("Line %(line)s (“%(band)s”): the last line must be open, so that every difference "
                           "gets victory points: write “%(low)s+: %(win)s-%(lose)s”.") % where)
    if band.high is not None and band.high < band.low:
        raise ScaleError(_("Line %(line)s (“%(band)s”): the difference runs backwards; write the smaller number "
                           "first.") % where)
    if max(band.low, band.high or 0) > MAX_DIFFERENCE:
        raise ScaleError(_("Line %(line)s (“%(band)s”): a difference of more than %(most)s points cannot occur.")
                         % (where | {"most": number_format(MAX_DIFFERENCE, force_grouping=True)}))
    if band.win > MAX_VP or band.lose > MAX_VP:
        raise ScaleError(_("Line %(line)s (“%(band)s”): at most %(most)s victory points a side.")
                         % (where | {"most": MAX_VP}))
    if band.win < band.lose:
        raise ScaleError(_("Line %(line)s (“%(band)s”): the winner's points come first and must not be fewer "
                           "than the loser's.") % where)


def read(text: str) -> list[Band]:
    """The director's lines as a checked scale: what the settings form saves."""
    return check(parse(text))


def checked_data(data) -> list[Band]:
    """The stored form as a checked scale: what the event's validation asks."""
    return check(from_data(data))


# --- Using a scale ----------------------------------------------------------------------------------------

def band_of(bands, difference: int) -> Band:
    """The band of a difference (its size, whoever won): the first whose end is not below it."""
    size = abs(difference)
    for band in bands:
        if band.high is None or size <= band.high:
            return band
    return bands[-1]


def victory_points(bands, mine: int, theirs: int) -> tuple[int, int]:
    """(my VP, their VP) for a game that ended `mine` to `theirs`."""
    band = band_of(bands, mine - theirs)
    return (band.win, band.lose) if mine >= theirs else (band.lose, band.win)


def tie_points(bands) -> int:
    """What each side of a tie gets: the first band's (equal) points."""
    return bands[0].win
