"""Submissions, the opponents' answer and the director's corrections, through the services."""

import pytest
from django.core.exceptions import PermissionDenied

from scoring import drafts, selectors, services
from scoring.models import SheetDecision, SheetStatus, SheetVersion
from tests.scoring.sheets import EW_TOTAL, NS_TOTAL, sheet, with_bad_count
from tournament.core import services as tournament_services
from tournament.core.errors import TournamentError
from tournament.core.models import DirectorAction, Game

pytestmark = pytest.mark.django_db


def test_a_valid_sheet_is_stored_as_version_1_waiting_for_the_opponents(game):
    submission = services.submit_sheet(game, sheet(), "k1")
    version = submission.version
    assert (version.number, version.status, version.source) == (1, SheetStatus.SUBMITTED, "table")
    assert (version.ns_total, version.ew_total, version.table_id) == (NS_TOTAL, EW_TOTAL, game.table_id)
    assert version.validation["valid"] is True
    assert not submission.replayed
    game.refresh_from_db()
    assert game.status == Game.Status.SCHEDULED  # not final until the opponents accept


def test_a_retry_with_the_same_key_is_stored_once_and_answered_the_same(game):
    first = services.submit_sheet(game, sheet(), "same-key")
    again = services.submit_sheet(game, sheet(), "same-key")
    assert again.replayed and again.version.pk == first.version.pk
    assert SheetVersion.objects.filter(game=game).count() == 1


def test_the_same_key_with_another_sheet_is_refused_and_changes_nothing(game):
    services.submit_sheet(game, sheet(), "k1")
    other = sheet(hands=[((2200, 325), (1800, 275))])
    with pytest.raises(services.ScoringError) as raised:
        services.submit_sheet(game, other, "k1")
    assert raised.value.code == "key_reused"
    assert list(SheetVersion.objects.filter(game=game).values_list("number", "status")) == [(1, "submitted")]


def test_a_sheet_with_errors_is_refused_without_storing_anything(game):
    services.submit_sheet(game, sheet(), "k1")
    with pytest.raises(services.SheetRefused) as raised:
        services.submit_sheet(game, with_bad_count(), "k2")
    codes = [v["code"] for v in raised.value.answer["violations"] if v["severity"] == "error"]
    assert codes == ["count-not-multiple-of-five"]
    assert list(SheetVersion.objects.filter(game=game).values_list("number", "status")) == [(1, "submitted")]


def test_a_malformed_sheet_is_refused_without_storing_anything(game):
    services.submit_sheet(game, sheet(), "k1")
    broken = sheet()
    broken["hands"][0]["ns"]["base"] = "lots"
    with pytest.raises(services.SheetRefused) as raised:
        services.submit_sheet(game, broken, "k2")
    assert raised.value.malformed
    assert raised.value.answer["problems"][0]["path"].startswith("$.hands[0].ns.base")
    assert SheetVersion.objects.filter(game=game).count() == 1


def test_a_sheet_with_errors_goes_to_the_director_with_the_reason(game):
    version = services.submit_sheet(game, with_bad_count(), "k1", review=True,
                                    reason="The count was really 283").version
    assert version.status == SheetStatus.FLAGGED
    assert version.reason == "The count was really 283"
    rows, counts = selectors.board(game.round)
    assert counts["flagged"] == 1
    row = next(r for r in rows if r.game_id == game.pk)
    assert "a count of 283 is impossible" in " ".join(row.messages)


def test_sending_to_the_director_needs_a_reason(game):
    with pytest.raises(services.ScoringError):
        services.submit_sheet(game, with_bad_count(), "k1", review=True, reason="  ")
    assert not SheetVersion.objects.exists()


def test_the_scorekeeper_corrects_before_the_opponents_accept(game):
    services.submit_sheet(game, sheet(), "k1")
    fixed = sheet(hands=[((2200, 325), (1800, 275)), ((1500, 250), (900, 130))])
    second = services.submit_sheet(game, fixed, "k2").version
    assert second.number == 2
    statuses = dict(SheetVersion.objects.filter(game=game).values_list("number", "status"))
    assert statuses == {1: "superseded", 2: "submitted"}


def test_accepting_makes_the_result_final_through_the_tournament(game):
    services.submit_sheet(game, sheet(), "k1")
    version = services.accept_sheet(game, code=game.ew_team.code)
    game.refresh_from_db()
    assert version.status == SheetStatus.ACCEPTED
    assert (game.status, game.ns_total, game.ew_total, game.winner) == ("final", NS_TOTAL, EW_TOTAL, "ns")
    assert SheetDecision.objects.get(version=version).kind == "accept"
    assert DirectorAction.objects.filter(action="record_result", details__table=game.table.number).exists()


def test_accepting_twice_answers_the_same(game):
    services.submit_sheet(game, sheet(), "k1")
    services.accept_sheet(game, code=game.ew_team.code)
    services.accept_sheet(game, code=game.ew_team.code, version=1)
    assert SheetDecision.objects.count() == 1


def test_after_acceptance_the_table_cannot_change_the_sheet(game):
    services.submit_sheet(game, sheet(), "k1")
    services.accept_sheet(game, code=game.ew_team.code)
    with pytest.raises(services.ScoringError) as raised:
        services.submit_sheet(game, sheet(hands=[((2200, 325), (1800, 275))]), "k2")
    assert raised.value.code == "no_open_game"
    assert SheetVersion.objects.filter(game=game).count() == 1


def test_a_new_event_asks_for_east_west_s_team_code(game):
    assert game.round.event.require_opponent_code, "the default, not set by the test"
    services.submit_sheet(game, sheet(), "k1")
    for code in ("", game.ns_team.code):  # the scorekeeper alone, or North's own code, does not do
        with pytest.raises(services.ScoringError) as raised:
            services.accept_sheet(game, code=code)
        assert raised.value.code == "bad_code"
    game.refresh_from_db()
    assert game.status == Game.Status.SCHEDULED and not SheetDecision.objects.exists()
    version = services.accept_sheet(game, code=game.ew_team.code)
    assert version.decisions.get().code_checked is True


def test_the_director_can_stop_asking_for_the_team_code(game, director):
    tournament_services.update_event(game.round.event, director, {"require_opponent_code": False})
    game.refresh_from_db()
    services.submit_sheet(game, sheet(), "k1")
    version = services.accept_sheet(game)
    assert version.status == SheetStatus.ACCEPTED and version.decisions.get().code_checked is False


def test_accepting_an_old_version_is_refused(game):
    services.submit_sheet(game, sheet(), "k1")
    services.submit_sheet(game, sheet(hands=[((2200, 325), (1800, 275))]), "k2")
    with pytest.raises(services.ScoringError) as raised:
        services.accept_sheet(game, version=1)
    assert raised.value.code == "stale"


def test_a_dispute_calls_the_director_and_blocks_acceptance(game):
    services.submit_sheet(game, sheet(), "k1")
    services.dispute_sheet(game, reason="Hand 3 count was 350")
    with pytest.raises(services.ScoringError):
        services.accept_sheet(game)
    _, counts = selectors.board(game.round)
    assert counts["disputed"] == 1
    assert SheetDecision.objects.get().reason == "Hand 3 count was 350"


def test_the_director_corrects_an_accepted_result_with_history(game, director):
    services.submit_sheet(game, sheet(), "k1")
    services.accept_sheet(game, code=game.ew_team.code)
    corrected = sheet(hands=[((2200, 325), (1800, 275)), ((1500, 250), (900, 130)), ((2900, 410), (1100, -40))])
    version = services.director_correct(game, corrected, director, reason="Hand 3 E-W count was -40")
    game.refresh_from_db()
    assert (version.number, version.source, version.submitted_by) == (2, "director", director)
    assert (game.ns_total, game.ew_total) == (NS_TOTAL, EW_TOTAL + 20)
    entries = selectors.history(game)
    assert [(e.version.number, e.version.status) for e in entries] == [(2, "accepted"), (1, "superseded")]
    changes = {(c.where, c.before, c.after) for c in entries[0].changes}
    assert ("Hand 3, East-West, count", -60, -40) in changes
    assert ("Final, East-West", EW_TOTAL, EW_TOTAL + 20) in changes
    logged = DirectorAction.objects.filter(action="record_result").order_by("-id").first()
    assert "Hand 3 E-W count was -40" in logged.details["reason"]
    assert logged.details["previous"] == [NS_TOTAL, EW_TOTAL, "ns"]
    assert DirectorAction.objects.filter(action="correct_sheet", user=director).exists()


def test_a_correction_needs_a_reason_and_a_director(game, director, other_user):
    with pytest.raises(PermissionDenied):
        services.director_correct(game, sheet(), other_user, reason="because")
    with pytest.raises(services.ScoringError):
        services.director_correct(game, sheet(), director, reason=" ")
    assert not SheetVersion.objects.exists()


def test_the_director_may_override_errors_only_when_asked(game, director):
    with pytest.raises(services.SheetRefused):
        services.director_correct(game, with_bad_count(), director, reason="paper sheet")
    version = services.director_correct(game, with_bad_count(), director, reason="as played", allow_errors=True)
    assert version.status == "accepted" and version.validation["valid"] is False


def test_a_paper_sheet_entered_by_the_director_is_the_result(game, director):
    version = services.director_enter_paper_sheet(game, sheet(), director)
    game.refresh_from_db()
    assert version.number == 1 and game.status == "final" and game.ns_total == NS_TOTAL
    assert DirectorAction.objects.filter(action="paper_sheet").exists()


def test_drafts_keep_what_is_typed_and_check_the_complete_hands(game):
    draft = drafts.save_draft(game, {"hands": [{"ns": {"base": "22"}}]}, with_bad_count())
    assert draft.data == {"hands": [{"ns": {"base": "22"}}]}
    assert [v["code"] for v in draft.validation["violations"] if v["severity"] == "error"] == [
        "count-not-multiple-of-five"]
    drafts.save_draft(game, {"hands": []}, None)
    draft.refresh_from_db()
    assert draft.data == {"hands": []} and draft.validation is None
    assert not SheetVersion.objects.exists()


def test_the_event_s_rules_override_the_sheet_s_options(game):
    event = game.round.event
    event.target_score = 5000
    event.save()
    game.round.event.target_score = 5000
    # Hand 2 starts after North-South passed 5,000: allowed by the sheet's own option, not by the event's.
    document = sheet(hands=[((4900, 400), (100, 50)), ((100, 50), (100, 50))])
    document["options"] = {"target_score": 8500}
    with pytest.raises(services.SheetRefused) as raised:
        services.submit_sheet(game, document, "k1")
    assert [v["code"] for v in raised.value.answer["violations"] if v["severity"] == "error"] == [
        "hand-after-target"]
    assert services.submit_sheet(game, sheet(hands=[((4900, 400), (100, 50))]), "k2").version.number == 1


def refusal(call) -> tuple[str, str]:
    with pytest.raises(services.ScoringError) as raised:
        call()
    return raised.value.code, raised.value.message


def test_a_submission_s_refusals_come_in_their_order(game, director):
    """The key, then the reason, then the sheet, then (under the game's lock) the game and its last sheet."""
    bad_reason = "x\x00"
    assert refusal(lambda: services.submit_sheet(game, with_bad_count(), " ", reason=bad_reason))[0] == "invalid"
    assert "client key" in refusal(lambda: services.submit_sheet(game, sheet(), "k" * 101, reason=bad_reason))[1]
    assert "invisible character" in refusal(lambda: services.submit_sheet(game, sheet(), "k1", reason=bad_reason))[1]
    with pytest.raises(services.SheetRefused):
        services.submit_sheet(game, with_bad_count(), "k1")
    services.submit_sheet(game, sheet(), "k1")
    services.dispute_sheet(game, reason="wrong count")
    assert services.submit_sheet(game, sheet(), "k1").replayed  # a retry gets its answer before any refusal
    assert refusal(lambda: services.submit_sheet(game, sheet(hands=[((2200, 325), (1800, 275))]), "k2")) == (
        "disputed", services.DISPUTED)
    services.director_correct(game, sheet(), director, reason="settled")
    assert refusal(lambda: services.submit_sheet(game, sheet(), "k3"))[1].startswith(
        "This game's result is already final")
    assert SheetVersion.objects.filter(game=game).count() == 2


def test_disputing_twice_answers_the_same_and_the_dispute_stops_the_table(game):
    services.submit_sheet(game, sheet(), "k1")
    first = services.dispute_sheet(game, reason="Hand 2", version=1)
    again = services.dispute_sheet(game, reason="Hand 2 again", version=1)
    assert again.pk == first.pk and SheetDecision.objects.count() == 1
    assert refusal(lambda: services.accept_sheet(game, version=1)) == (
        "not_acceptable", "This sheet is disputed: the director has been called.")
    # only the director settles a disputed sheet: the table's new version is refused
    assert refusal(lambda: services.submit_sheet(game, with_bad_count(), "k2", review=True,
                                                 reason="count was 283"))[0] == "disputed"
    assert SheetVersion.objects.filter(game=game).count() == 1


def test_the_opponents_answer_only_the_latest_version_waiting_for_them(game):
    assert refusal(lambda: services.dispute_sheet(game, reason="?"))[0] == "no_sheet"
    services.submit_sheet(game, with_bad_count(), "k1", review=True, reason="count was 283")
    for answer in (services.accept_sheet, services.dispute_sheet):
        assert refusal(lambda answer=answer: answer(game, version=1)) == (
            "not_acceptable", "This sheet went to the director: wait for the director.")
    services.submit_sheet(game, sheet(), "k2")
    for answer in (services.accept_sheet, services.dispute_sheet):
        assert refusal(lambda answer=answer: answer(game, version=1))[0] == "stale"
    assert not SheetDecision.objects.exists()
    assert SheetVersion.objects.get(game=game, number=2).status == SheetStatus.SUBMITTED


# --- A sheet makes the game played, before the go-ahead too ------------------------------------------

def test_a_disputed_sheet_keeps_both_teams_when_one_withdraws_so_the_director_can_settle_it(game, director):
    services.submit_sheet(game, sheet(), "k1")
    services.dispute_sheet(game, reason="Hand 3 count was 350")
    assert game.round.awaits_go_ahead
    tournament_services.withdraw_team(game.ew_team, director)
    kept = Game.objects.get(pk=game.pk)
    assert (kept.ns_team_id, kept.ew_team_id, kept.status) == (game.ns_team_id, game.ew_team_id, "scheduled")
    services.director_correct(kept, sheet(), director, reason="Checked with both teams")
    kept.refresh_from_db()
    assert (kept.status, kept.ns_total, kept.ew_total) == ("final", NS_TOTAL, EW_TOTAL)


def test_a_game_with_a_sheet_waiting_for_the_opponents_keeps_its_seats_against_a_new_draw(game, director):
    """Swapping North-South and East-West under a sheet would credit each team with the other's score."""
    services.submit_sheet(game, sheet(), "k1")
    with pytest.raises(TournamentError, match="Table 1 has a score sheet: its seats can no longer be drawn"):
        tournament_services.record_draw(Game.objects.get(pk=game.pk), director, winner_chose="ew")
    assert Game.objects.filter(pk=game.pk, ns_team=game.ns_team, ew_team=game.ew_team).exists()
