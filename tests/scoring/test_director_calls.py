"""Whatever the director was called for stays on the board until the director (or, for a flagged sheet
the scorekeeper corrected, the opponents' acceptance) settles it: a dispute, a flagged sheet, and a
version that took too many wrong team codes."""

import json

import pytest

from scoring import selectors, services
from scoring.api.director import BoardOutput
from scoring.models import MAX_WRONG_CODES, SheetVersion
from scoring.selectors import event_board
from tests.scoring.conftest import post_sheet
from tests.scoring.sheets import NS_TOTAL, sheet, with_bad_count

pytestmark = pytest.mark.django_db

ONE_HAND = sheet(hands=[((2200, 325), (1800, 275))])


def board_row(event, game):
    """The game's row as the board's API answers it."""
    return next(row for row in BoardOutput(event_board(event)).data["tables"] if row["game"] == game.pk)


def attention_html(client, event, director):
    client.force_login(director)
    html = client.get(f"/director/events/{event.pk}/board/").content.decode()
    return html.split("<h2>All tables</h2>")[0]


# --- A dispute: only the director settles it ----------------------------------------------------------

def test_a_disputed_sheet_cannot_be_replaced_at_the_table(api, client, event, game, director):
    post_sheet(api, game.table.token, sheet(), key="first")
    services.dispute_sheet(game, reason="Hand 3 count was 400")
    response = post_sheet(api, game.table.token, ONE_HAND, key="second")
    assert response.status_code == 409
    assert response.json() == {
        "detail": "The opponents disputed this sheet: the director has been called and will settle it.",
        "code": "disputed"}
    assert list(SheetVersion.objects.filter(game=game).values_list("number", "status")) == [(1, "disputed")]
    row = board_row(event, game)
    assert row["state"] == "disputed" and row["needs_director"] and row["disputes"] == ["Hand 3 count was 400"]
    assert "Hand 3 count was 400" in attention_html(client, event, director)
    # The director settles it: a new version, and the board no longer calls.
    services.director_correct(game, ONE_HAND, director, reason="Hand 3 was not played")
    assert not board_row(event, game)["needs_director"]


# --- A flagged sheet: the scorekeeper may correct it, the call stays until accepted ------------------

def test_a_flagged_sheet_corrected_at_the_table_stays_on_the_board_until_accepted(api, client, event, game,
                                                                                  director):
    post_sheet(api, game.table.token, with_bad_count(), key="first", query="?review=1&reason=We%20agree%20283")
    assert board_row(event, game)["needs_director"]
    response = post_sheet(api, game.table.token, sheet(), key="second")
    assert response.status_code == 201 and response.json()["status"] == "submitted"
    assert SheetVersion.objects.get(game=game, number=2).director_called
    row = board_row(event, game)
    assert row["state"] == "submitted" and row["needs_director"]
    assert "corrected at the table" in row["why"]
    html = attention_html(client, event, director)
    assert "Needs you" in html and "Table 1: Sent to the director, then corrected at the table" in html
    # East-West accept the corrected sheet: the result is final and the call is settled, kept in the history.
    services.accept_sheet(game, code=game.ew_team.code, version=2)
    row = board_row(event, game)
    assert row["state"] == "accepted" and not row["needs_director"]
    assert "Needs you" not in attention_html(client, event, director)
    entries = selectors.history(game)
    assert [e.version.reason for e in entries] == ["", "We agree 283"]


def test_a_flag_carries_over_every_later_table_version(api, event, game):
    post_sheet(api, game.table.token, with_bad_count(), key="a", query="?review=1&reason=check")
    post_sheet(api, game.table.token, sheet(), key="b")
    post_sheet(api, game.table.token, ONE_HAND, key="c")  # corrected again before East-West looked
    assert SheetVersion.objects.get(game=game, number=3).director_called
    assert board_row(event, game)["needs_director"]


def test_a_sheet_never_sent_to_the_director_does_not_call_the_director(api, event, game):
    post_sheet(api, game.table.token, sheet(), key="a")
    post_sheet(api, game.table.token, ONE_HAND, key="b")
    assert not board_row(event, game)["needs_director"]


# --- Team codes: a limit per version ---------------------------------------------------------------

@pytest.fixture
def coded(event):
    event.require_opponent_code = True
    event.save()
    return event


def accept(api, game, code, version=1):
    return api.post(f"/api/v1/tables/{game.table.token}/sheet/accept/",
                    data=json.dumps({"code": code, "version": version}), content_type="application/json")


def wrong_code(game):
    return "0000" if game.ew_team.code != "0000" else "9999"


def test_five_wrong_codes_lock_the_version_and_call_the_director(api, client, coded, game, director):
    post_sheet(api, game.table.token, sheet())
    answers = [accept(api, game, wrong_code(game)) for _ in range(MAX_WRONG_CODES)]
    assert [a.status_code for a in answers] == [403] * (MAX_WRONG_CODES - 1) + [409]
    assert answers[0].json()["code"] == "bad_code"
    assert answers[-1].json() == {"detail": "Too many wrong team codes: call the director.", "code": "locked"}
    # Even the right code is refused now, for this version.
    right = accept(api, game, game.ew_team.code)
    assert right.status_code == 409 and right.json()["detail"] == "Too many wrong team codes: call the director."
    game.refresh_from_db()
    assert game.status == "scheduled"
    version = SheetVersion.objects.get(game=game)
    assert (version.wrong_codes, version.status) == (MAX_WRONG_CODES, "submitted")
    # The board calls the director, and the table reads the lock.
    row = board_row(coded, game)
    assert row["needs_director"] and row["locked"] and row["why"] == "Too many wrong team codes"
    assert "Table 1: Too many wrong team codes" in attention_html(client, coded, director)
    assert api.get(f"/api/v1/tables/{game.table.token}/sheet/").json()["locked"] is True
    assert selectors.board_rounds(coded) == [(1, 1)]
    # A new version at the table would start the count again: refused, only the director settles it.
    resubmit = post_sheet(api, game.table.token, ONE_HAND, key="again")
    assert resubmit.status_code == 409 and resubmit.json()["code"] == "locked"
    services.director_correct(game, sheet(), director, reason="Codes checked on the team cards")
    assert not board_row(coded, game)["needs_director"]


def test_wrong_codes_are_counted_even_though_the_accept_is_refused(api, coded, game):
    post_sheet(api, game.table.token, sheet())
    accept(api, game, wrong_code(game))
    accept(api, game, "")
    assert SheetVersion.objects.get(game=game).wrong_codes == 2
    right = accept(api, game, game.ew_team.code)
    assert right.status_code == 200
    game.refresh_from_db()
    assert (game.status, game.ns_total) == ("final", NS_TOTAL)


def test_the_table_page_knows_a_locked_version(client, coded, game):
    services.submit_sheet(game, sheet(), "k")
    SheetVersion.objects.filter(game=game).update(wrong_codes=MAX_WRONG_CODES)
    html = client.get(f"/t/{game.table.token}/").content.decode()
    assert '"locked": true' in html


def test_a_new_version_from_the_table_does_not_reset_the_wrong_code_count(api, coded, game):
    """Four guesses, a resubmission, one more guess: locked, so guessing cannot go on version by version."""
    post_sheet(api, game.table.token, sheet())
    for _ in range(MAX_WRONG_CODES - 1):
        assert accept(api, game, wrong_code(game)).status_code == 403
    assert post_sheet(api, game.table.token, ONE_HAND, key="second").status_code == 201
    last = accept(api, game, wrong_code(game), version=2)
    assert last.status_code == 409 and last.json()["code"] == "locked"
    assert SheetVersion.objects.get(game=game, number=2).wrong_codes == MAX_WRONG_CODES
