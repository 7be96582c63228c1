"""The board's rows written in Python (`scoring.board_html`) are the bytes the template's loop wrote, for
every state of a table's sheet, with names to escape."""

from datetime import UTC, datetime

from django.template import Context, Template

from scoring.board_html import table_rows
from scoring.selectors import BoardRow

# The loop templates/director/board_live.html had, for its table of every table.
TEMPLATE_LOOP = Template("""{% for row in rows %}
    <tr>
      <td class="num">{{ row.table }}</td>
      <td>{{ row.ns }}</td>
      <td>{{ row.ew }}</td>
      <td><span class="badge state-{{ row.state }}">{{ row.state|capfirst }}</span>{% if row.version %} <span class="muted">v{{ row.version }}{% if row.source == "director" %}, director{% endif %}</span>{% endif %}{% if row.needs_director %} <span class="badge state-flagged">Needs you</span>{% elif row.director_called %} <span class="muted">(an earlier version went to the director: see the history)</span>{% endif %}</td>
      <td class="num">{{ row.ns_total|default_if_none:"" }}</td>
      <td class="num">{{ row.ew_total|default_if_none:"" }}</td>
      <td><a href="{% url 'director-sheet' event_id row.game_id %}">{% if row.version %}History / correct{% else %}Enter paper sheet{% endif %}</a></td>
    </tr>
  {% endfor %}""")  # noqa: E501


ROWS = [
    BoardRow(11, 1, "Ann 1 / Bob 1", "Ann 2 / Bob 2", "missing"),
    BoardRow(12, 2, '<Ann & "Co">', "O'Brien / Bob", "draft", draft_at=datetime(2026, 11, 26, 18, tzinfo=UTC)),
    BoardRow(13, 3, "A / B", "C / D", "submitted", version=1, source="table", ns_total=7585, ew_total=-60),
    BoardRow(14, 4, "A / B", "C / D", "flagged", version=1, ns_total=7585, ew_total=4298, reason="the count",
             validation_json='{"valid": false, "violations": [{"severity": "error", "message": "Hand 2: 283"}, '
                             '{"severity": "info", "message": "not itemised"}]}'),
    BoardRow(15, 5, "A / B", "C / D", "accepted", version=3, source="director", ns_total=0, ew_total=5),
    BoardRow(16, 6, "A / B", "C / D", "disputed", version=1, ns_total=1, ew_total=2, disputes=["no", ""],
             validation_json='{"valid": true, "violations": []}'),
    BoardRow(17, 7, "A / B", "C / D", "submitted", version=1, wrong_codes=5, ns_total=1, ew_total=2),
    BoardRow(18, 8, "A / B", "C / D", "submitted", version=2, director_called=True, ns_total=1, ew_total=2),
    BoardRow(19, 9, "A / B", "C / D", "accepted", version=2, director_called=True, ns_total=1, ew_total=2),
    BoardRow(20, 1000, "A / B", "C / D", "superseded", version=4, source="director", ns_total=None,
             ew_total=None),
]


def test_the_rows_are_the_template_s_bytes():
    assert str(table_rows(7, ROWS)) == TEMPLATE_LOOP.render(Context({"rows": ROWS, "event_id": 7}))


def test_no_rows_no_html():
    assert str(table_rows(7, [])) == ""
