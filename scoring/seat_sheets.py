"""The table's sheet at a table of single players: one side per seat, kept by one player, confirmed by another.

A game of single players (five-player, Canasta 21 or Fibonacci 21 without partnerships, the solitaire) has
no North-South and East-West: its sheet (score-sheet@2) lists one side per seat, in seat order, with the ids
`s1`, `s2`, ... (`side_id`), so the rules read the five-player partnerships by their places. Everything a
two-side sheet has stays the same path: `services.submit_sheet` stores the versions (once per client key,
never overwritten), `drafts.save_draft` keeps what is typed. What differs is who answers it:

- the scorekeeper says their seat when they send the sheet (`keeper`, seat 1 unless they say otherwise);
- another player at the table confirms it: with their own player code when the event asks for codes
  (`Event.require_opponent_code`, the code on their card, as the opponents' team code for teams), else by
  naming their seat. The scorekeeper's own code or seat is refused. At a table of one (the solitaire) there
  is no one else: the player confirms with their own code, a second look at the one number before it counts.

On acceptance the sheet's totals per side (each seat's own figure: points, or the solitaire's cards) become
the seats' results through `record_seat_results`, the one path of a single player's result.
"""

import hmac

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournament.core.errors import TournamentError
from tournament.core.game_room import seated_by_seats
from tournament.core.models import Game, Seat
from tournament.core.services import log_action, record_seat_results, require_director
from tournament.core.text import checked_reason

from .models import SheetDecision, SheetStatus, SheetVersion
from .results import locked_game
from .services import (
    TOO_MANY_CODES,
    ScoringError,
    SheetRefused,
    Submission,
    awaiting_decision,
    director_correct,
    submit_sheet,
)
from .services import _latest as latest_of
from .services import _supersede as supersede
from .validation import fingerprint, malformed, validate_for_event

OWN_SHEET = gettext_lazy("The scorekeeper cannot confirm their own sheet: another player at the table confirms "
                         "it with their own code.")


def side_id(position: int) -> str:
    """The id of a seat's side in the sheet: `s1` for seat 1 (the highest card), `s2` on its left, ..."""
    return f"s{position}"


def table_seats(game: Game) -> list[Seat]:
    """The game's seats in seat order, with their players (one query)."""
    return list(Seat.objects.filter(game=game).select_related("team").order_by("position"))


def _sides_refusal(game: Game, document, seats: list[Seat]) -> dict | None:
    """The malformed answer for a sheet whose sides are not this table's seats, in seat order; None when they
    are (or the sheet is not one at all: the rules then say why)."""
    sides = document.get("sides") if isinstance(document, dict) else None
    if not isinstance(sides, list) or not all(isinstance(side, dict) for side in sides):
        return None
    wanted = [side_id(seat.position) for seat in seats]
    if [side.get("id") for side in sides] == wanted:
        return None
    names = ", ".join(f"{seat.team.name} ({side_id(seat.position)})" for seat in seats)
    return malformed("$.sides", ngettext(
        "Table %(table)s seats %(count)s player in this game: the sheet lists one side for each, in seat "
        "order: %(names)s. Reload the page.",
        "Table %(table)s seats %(count)s players in this game: the sheet lists one side for each, in seat "
        "order: %(names)s. Reload the page.",
        len(seats)) % {"table": game.table.number, "count": len(seats), "names": names})


def submit_seat_sheet(game: Game, document, key: str, *, keeper: int | None = None, review: bool = False,
                      reason: str = "") -> Submission:
    """The table's sheet for a game of single players: its sides must be the table's seats, and the
    scorekeeper one of them; then stored as every table's sheet is (`services.submit_sheet`)."""
    seats = table_seats(game)
    positions = [seat.position for seat in seats]
    keeper = positions[0] if keeper is None and positions else keeper
    if keeper not in positions:
        raise ScoringError(_("The scorekeeper must be one of the players at this table: choose your name."),
                           "invalid")
    refusal = _sides_refusal(game, document, seats)
    if refusal is not None:
        raise SheetRefused(refusal)
    return submit_sheet(game, document, key, review=review, reason=reason, keeper=keeper)


def _typed(code) -> bytes:
    return (code if isinstance(code, str) else "").strip().encode()


def _seat_of_code(seats: list[Seat], code) -> Seat | None:
    typed = _typed(code)
    found = None
    for seat in seats:  # every seat is compared, so the time taken does not tell which one matched
        if typed and hmac.compare_digest(typed, seat.team.code.encode()):
            found = found or seat
    return found


def _confirmer(game: Game, latest: SheetVersion, seats: list[Seat], code, seat: int | None) -> tuple[Seat | None, bool]:
    """Who confirms, and whether by code: (their seat, True) for a right code, (None, True) for a wrong one.
    The scorekeeper is refused (ScoringError), except at a table of one, where there is no one else."""
    alone = len(seats) == 1
    if game.round.event.require_opponent_code:
        found = _seat_of_code(seats, code)
        if found is not None and found.position == latest.keeper and not alone:
            raise ScoringError(OWN_SHEET, "own_sheet")
        return found, True
    by_position = {s.position: s for s in seats}
    if alone:
        return seats[0], False
    if seat not in by_position:
        raise ScoringError(_("Tap your name first: the player who confirms is not the scorekeeper."), "invalid")
    if seat == latest.keeper:
        raise ScoringError(OWN_SHEET, "own_sheet")
    return by_position[seat], False


def accept_seat_sheet(game: Game, *, code: str = "", seat: int | None = None,
                      version: int | None = None) -> SheetVersion:
    """Another player at the table agrees: the sheet's totals become the seats' results.

    As for teams (`services.accept_sheet`): a retry answers the same, a wrong code is counted on the version
    (and kept), and after too many only the director can settle the sheet."""
    with transaction.atomic():
        game, latest = awaiting_decision(game, version, decided=SheetStatus.ACCEPTED, penalties=False)
        if latest.status == SheetStatus.ACCEPTED:
            return latest
        if latest.is_locked:
            raise ScoringError(TOO_MANY_CODES, "locked")
        if game.status != Game.Status.SCHEDULED:  # the director entered the seats' results meanwhile
            raise ScoringError(_("The director has already entered this game's result: ask the director to "
                                 "correct it."), "no_open_game")
        seats = table_seats(game)
        who, checked = _confirmer(game, latest, seats, code, seat)
        if who is not None:
            return _accept(game, latest, seats, who, checked)
        latest.wrong_codes += 1
        latest.save(update_fields=["wrong_codes"])
    if latest.is_locked:
        raise ScoringError(TOO_MANY_CODES, "locked")
    raise ScoringError(_("That is not the code of a player at this table. It is printed on the player's card."),
                       "bad_code")


def seat_scores(version: SheetVersion, seats: list[Seat]) -> dict[Seat, int | None]:
    """Each seat's own final figure on the sheet (points, or the solitaire's cards), as the rules added it
    up: the five-player game's own points, not the credited ones its standings derive."""
    return _scores_of(version.validation, seats)


def _accept(game: Game, latest: SheetVersion, seats: list[Seat], who: Seat, checked: bool) -> SheetVersion:
    scores = seat_scores(latest, seats)
    if any(score is None for score in scores.values()):
        raise ScoringError(_("This sheet has no totals to accept: ask the director."), "not_acceptable")
    latest.status = SheetStatus.ACCEPTED
    latest.status_changed_at = timezone.now()
    latest.save(update_fields=["status", "status_changed_at"])
    SheetDecision.objects.create(version=latest, kind=SheetDecision.Kind.ACCEPT, code_checked=checked,
                                 seat=who.position)
    try:
        record_seat_results(game, scores, reason=f"Sheet version {latest.number} confirmed at the table by "
                                                 f"{who.team.name}.")
    except ScoringError:
        raise
    except TournamentError as error:  # the whole answer is rolled back: the sheet waits as it was
        raise ScoringError(str(error), "not_acceptable") from None
    return latest


def dispute_seat_sheet(game: Game, *, reason: str = "", code: str = "", seat: int | None = None,
                       version: int | None = None) -> SheetVersion:
    """A player at the table does not agree: the director is called. Like the opponents' dispute, it needs
    no code (a player who left their card at home can still stop a wrong sheet); a right one is noted."""
    reason = checked_reason(reason, refusal=ScoringError)
    with transaction.atomic():
        game, latest = awaiting_decision(game, version, decided=SheetStatus.DISPUTED, penalties=False)
        if latest.status == SheetStatus.DISPUTED:
            return latest
        seats = table_seats(game)
        found = _seat_of_code(seats, code)
        latest.status = SheetStatus.DISPUTED
        latest.status_changed_at = timezone.now()
        latest.save(update_fields=["status", "status_changed_at"])
        SheetDecision.objects.create(version=latest, kind=SheetDecision.Kind.DISPUTE, reason=reason,
                                     code_checked=found is not None,
                                     seat=found.position if found is not None else seat)
        return latest


def director_correct_any(game: Game, document, user, *, reason: str, allow_errors: bool = False,
                         replace_result: bool = True) -> SheetVersion:
    """The director's sheet of any game becomes its result at once: the seats' results at a table of single
    players (`director_correct_seats`), else the two sides' (`services.director_correct`)."""
    correct = director_correct_seats if seated_by_seats(game) else director_correct
    return correct(game, document, user, reason=reason, allow_errors=allow_errors, replace_result=replace_result)


def director_correct_seats(game: Game, document, user, *, reason: str, allow_errors: bool = False,
                           replace_result: bool = True) -> SheetVersion:
    """A sheet of single players typed by the director (from paper, or correcting the table's): a new
    version, accepted at once, whose totals per seat become the seats' results through
    `record_seat_results`, as `services.director_correct` does for two sides (the same reason, refusals,
    question before replacing a final result, and late sheets settled with it)."""
    event = game.round.event
    require_director(event, user)
    reason = checked_reason(reason, refusal=ScoringError)
    if not reason:
        raise ScoringError(_("Give a reason for the correction: it is kept with the sheet."), "invalid")
    seats = table_seats(game)
    if not seats:
        raise ScoringError(_("No one sits at table %(table)s in this game: it has no sheet.")
                           % {"table": game.table.number}, "invalid")
    answer = validate_for_event(event, document)
    refusal = _sides_refusal(game, document, seats)
    if refusal is not None:
        raise SheetRefused(refusal)
    if answer.get("malformed") or (not answer.get("valid") and not allow_errors):
        raise SheetRefused(answer)
    scores = _scores_of(answer, seats)
    if any(score is None for score in scores.values()):
        raise ScoringError(_("This sheet has no total for every player: it cannot be made final."), "invalid")
    with transaction.atomic():
        game = locked_game(game, penalties=False)  # a table of single players has none
        if game.status == Game.Status.FINAL and not replace_result:
            results = ", ".join(f"{seat.team.name} {seat.score}" for seat in seats)
            raise ScoringError(_("Nothing has changed: this game's results are final (%(results)s). Tick "
                                 "\"Replace the result\" to replace them.") % {"results": results},
                               "result_final")
        latest = latest_of(game)
        supersede(latest)
        version = SheetVersion.objects.create(
            game=game, number=(latest.number + 1) if latest else 1, table=game.table,
            source=SheetVersion.Source.DIRECTOR, submitted_by=user, document=document, validation=answer,
            status=SheetStatus.ACCEPTED, fingerprint=fingerprint(document), reason=reason,
            status_changed_at=timezone.now(),
        )
        was_final = game.status == Game.Status.FINAL
        game.late_sheets.filter(settled_at=None).update(settled_at=timezone.now(), settled_by=user)
        try:
            record_seat_results(game, scores, user, reason=f"Sheet version {version.number} by the director: "
                                                           f"{reason}")
        except TournamentError as error:
            raise ScoringError(str(error), "invalid") from None
        log_action(event, user, "correct_sheet" if latest else "paper_sheet", round=game.round,
                   table=game.table.number, version=version.number, reason=reason, was_final=was_final,
                   replaced=latest.number if latest else None)
        return version


def _scores_of(answer: dict, seats: list[Seat]) -> dict[Seat, int | None]:
    computed = (answer or {}).get("computed") or {}
    final = computed.get("own_final") or computed.get("final") or {}
    return {seat: final.get(side_id(seat.position)) for seat in seats}
