"""The director's board's table of every table of the game, as HTML written in plain Python.

At 500 tables, Django's template engine took about 40 ms to render this loop (seven cells, a dozen
variables and a `{% url %}` per row), most of what a changed board cost; this writes the same bytes,
escaped the same way, in about 2 ms. The rest of the board stays in templates/director/board_live.html,
which puts these rows in its table's body.
"""

from html import escape  # what django.utils.html.escape does, without its wrapper's cost on each call

from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, pgettext

from .selectors import BoardRow

_ANY_GAME = 987654321   # a game's id in the sheet's address, replaced by each row's own

CALLED_BEFORE = ' <span class="muted">{}</span>'


def _words() -> dict:
    """The rows' words in the reader's language, looked up once per board (not once per row), escaped."""
    return {key: escape(text) for key, text in {
        "history": gettext("History / correct"), "paper": gettext("Enter paper sheet"),
        "needs": gettext("Needs you"), "director": gettext(", director"),
        "called": gettext("(an earlier version went to the director: see the history)"),
        "missing": pgettext("a sheet's badge", "Missing"), "draft": pgettext("a sheet's badge", "Draft"),
        "submitted": pgettext("a sheet's badge", "Submitted"), "flagged": pgettext("a sheet's badge", "Flagged"),
        "accepted": pgettext("a sheet's badge", "Accepted"), "disputed": pgettext("a sheet's badge", "Disputed"),
        "superseded": pgettext("a sheet's badge", "Superseded"),
    }.items()}


def table_rows(event_id: int, rows: list[BoardRow]) -> SafeString:
    """Every row's <tr>, as the template's loop wrote them (its whitespace included)."""
    head, tail = reverse("director-sheet", args=[event_id, _ANY_GAME]).rsplit(str(_ANY_GAME), 1)
    words = _words()
    return mark_safe("".join(
        f'\n    <tr>\n      <td class="num">{row.table}</td>\n      <td>{escape(row.ns)}</td>\n'
        f'      <td>{escape(row.ew)}</td>\n      <td>{sheet_cell(row, words)}</td>\n'
        f'      <td class="num">{_number(row.ns_total)}</td>\n      <td class="num">{_number(row.ew_total)}</td>\n'
        f'      <td><a href="{head}{row.game_id}{tail}">'
        f'{words["history"] if row.version else words["paper"]}</a></td>\n    </tr>\n  '
        for row in rows
    ))


def seat_rows(event_id: int, rows: list[BoardRow]) -> SafeString:
    """Every row's <tr> at tables of single players: the players in seat order (seat 1 the highest card),
    the sheet, each seat's result once final, and the link that settles the sheet."""
    head, tail = reverse("director-sheet", args=[event_id, _ANY_GAME]).rsplit(str(_ANY_GAME), 1)
    words = _words()
    return mark_safe("".join(
        f'\n    <tr>\n      <td class="num">{row.table}</td>\n      <td>{escape(row.seating)}</td>\n'
        f'      <td>{sheet_cell(row, words)}</td>\n      <td class="nowrap">{_results(row.scores)}</td>\n'
        f'      <td><a href="{head}{row.game_id}{tail}">'
        f'{words["history"] if row.version else words["paper"]}</a></td>\n    </tr>\n  '
        for row in rows
    ))


def _results(scores: list[int | None] | None) -> str:
    if not scores or all(score is None for score in scores):
        return ""
    return " · ".join("\N{EN DASH}" if score is None else str(score) for score in scores)


def sheet_cell(row: BoardRow, words: dict | None = None) -> str:
    """The sheet's state, its latest version, and whether the director is needed (`words`: `_words()`)."""
    words = words or _words()
    state = escape(row.state)
    badge = words.get(row.state) or f"{state[:1].upper()}{state[1:]}"
    cell = f'<span class="badge state-{state}">{badge}</span>'
    if row.version:
        cell += f' <span class="muted">v{row.version}{words["director"] if row.source == "director" else ""}</span>'
    if row.needs_director:
        cell += f' <span class="badge state-flagged">{words["needs"]}</span>'
    elif row.director_called:
        cell += CALLED_BEFORE.format(words["called"])
    return cell


def _number(value: int | None) -> str:
    return "" if value is None else str(value)
