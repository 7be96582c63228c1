"""Writes for score sheets: drafts, submissions, the opponents' answer and the director's corrections.

Every function takes the game's row lock (`select_for_update`) before it reads the sheet's versions, so
two requests for one game run one after the other: version numbers never collide and a retried
submission finds the first one. The unique constraints on (game, number) and (table, client key) stand
behind the lock for databases that cannot lock rows (SQLite serialises writers instead).

A result becomes final only through `results.record_result` (which calls the core's `record_game_result`):
when the opponents accept, when the director enters or corrects a sheet (with a reason, logged), or by a
ruling (`rulings`).
"""

import hmac
from dataclasses import dataclass

from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.core.errors import TournamentError
from tournament.core.models import Game, Table
from tournament.core.services import log_action, require_director
from tournament.core.text import checked_reason

from .models import LateSheet, SheetDecision, SheetStatus, SheetVersion
from .results import locked_game, record_result
from .validation import fingerprint, totals, validate_for_event

TOO_MANY_CODES = gettext_lazy("Too many wrong team codes: call the director.")
DISPUTED = gettext_lazy("The opponents disputed this sheet: the director has been called and will settle it.")


class ScoringError(TournamentError):
    """A request about a score sheet that cannot be carried out; its `code` (no_open_game, stale, locked,
    ...) lets the API pick its status."""


class SheetRefused(Exception):
    """The sheet is malformed or has errors: nothing was stored; `answer` says why."""

    def __init__(self, answer: dict):
        super().__init__("The score sheet was refused.")
        self.answer = answer

    @property
    def malformed(self) -> bool:
        return bool(self.answer.get("malformed"))


@dataclass
class Submission:
    """What a submission stored: a version of the game's sheet, or, for a game whose result was already
    final when the table had moved on, a late sheet for the director (`version` is then None)."""

    version: SheetVersion | None
    replayed: bool = False
    late: LateSheet | None = None


def refuse_replacing(game: Game, replace_result: bool) -> None:
    """A final result is replaced only when the director has said so (the form's tick), under the lock."""
    if game.status == Game.Status.FINAL and not replace_result:
        raise ScoringError(_("Nothing has changed: this game's result is final (N-S %(ns)s, E-W %(ew)s). Tick "
                             "\"Replace the result\" to replace it.") % {"ns": game.ns_total, "ew": game.ew_total},
                           "result_final")


def _latest(game: Game) -> SheetVersion | None:
    return SheetVersion.objects.for_game(game).first()


def _supersede(version: SheetVersion | None) -> None:
    if version is not None and version.status != SheetStatus.SUPERSEDED:
        version.status = SheetStatus.SUPERSEDED
        version.status_changed_at = timezone.now()
        version.save(update_fields=["status", "status_changed_at"])


# --- At the table ----------------------------------------------------------------------------------

def submit_sheet(game: Game, document, key: str, *, review: bool = False, reason: str = "",
                 keeper: int | None = None) -> Submission:
    """Store the table's sheet once per client key: a retry with the key gets the first answer back.

    A valid sheet waits for the opponents (submitted). A sheet with errors is refused (`SheetRefused`),
    unless `review` sends it to the director (flagged) with the scorekeeper's reason. A malformed sheet
    is always refused. A new version replaces an earlier one the opponents have not accepted.

    A sheet for an earlier game of the table (the director has seated the next one) is that game's: a
    version while it has no final result, else a late sheet that never changes the result and waits for
    the director (`Submission.late`). At a table of single players, `keeper` is the scorekeeper's seat
    (`seat_sheets`, which checks it and the sheet's sides before it calls this).

    Once the opponents dispute a version, or a version takes too many wrong team codes, only the director
    settles the sheet: the table's new versions are refused. A flagged version (the scorekeeper called
    the director) may still be corrected at the table, but the new version carries `director_called`,
    so the board keeps the game under "Needs you" until the opponents accept it or the director acts.
    """
    key = _checked_key(key)
    reason = checked_reason(reason, refusal=ScoringError)
    existing = _replay(game.table, key, document)
    if existing is not None:
        return existing
    answer = _judged(game, document, review=review, reason=reason)
    # Exactly once: the unique (table, client key) stands behind the look above. A twin that stored its
    # sheet since then makes this insert fail, and rolls back all this one did; the twin's is the answer.
    # A refusal under the lock (the opponents have since accepted it, say) may also be a twin's doing.
    try:
        with transaction.atomic():
            return _store_table_version(game, document, key, answer, reason, keeper)
    except (IntegrityError, ScoringError):
        replay = _replay(game.table, key, document)
        if replay is None:
            raise
        return replay


def _checked_key(key) -> str:
    """The client key that makes a submission exactly once: present, short, and storable."""
    key = (key or "").strip()
    if not key:
        raise ScoringError(_("Every submission needs a client key (the Idempotency-Key header)."), "invalid")
    if len(key) > 100:
        raise ScoringError(_("The client key is too long: use at most 100 characters."), "invalid")
    if "\x00" in key:
        raise ScoringError(_("The client key contains a NUL character: use letters and digits."), "invalid")
    return key


def _judged(game: Game, document, *, review: bool, reason: str) -> dict:
    """The rules' answer on the sheet, when the table may store it: valid, or with errors sent for review
    with a reason. A malformed sheet is always refused."""
    answer = validate_for_event(game.round.event, document)
    if answer.get("malformed") or (not answer.get("valid") and not review):
        raise SheetRefused(answer)
    if not answer.get("valid") and not reason:
        raise ScoringError(_("Say in a few words why the director should look at this sheet."), "invalid")
    return answer


def _store_table_version(game: Game, document, key: str, answer: dict, reason: str,
                         keeper: int | None = None) -> Submission:
    """Under the game's row lock: the new version, replacing the one the opponents have not decided on; or,
    for a game the table has moved on from, a late sheet."""
    game = locked_game(game, penalties=False)  # a table's sheet never makes the result final
    if game.status == Game.Status.FINAL and _later_game_seated(game):
        # A twin may have stored this key as a version before the result became final: a version and a
        # late sheet do not share a unique constraint, so only a look under the lock tells (rare path).
        replay = _replay(game.table, key, document)
        if replay is not None:
            return replay
        return Submission(None, late=_store_late_sheet(game, document, key, answer, reason))
    latest = _latest(game)
    _require_open_to_the_table(game, latest)
    called = latest is not None and (latest.status == SheetStatus.FLAGGED or latest.director_called)
    ns_total, ew_total = totals(answer, document)
    _supersede(latest)
    version = SheetVersion.objects.create(
        game=game, number=(latest.number + 1) if latest else 1, table=game.table,
        source=SheetVersion.Source.TABLE, document=document, validation=answer,
        status=SheetStatus.SUBMITTED if answer.get("valid") else SheetStatus.FLAGGED,
        ns_total=ns_total, ew_total=ew_total, client_key=key, fingerprint=fingerprint(document),
        reason=reason if not answer.get("valid") else "", director_called=called, keeper=keeper,
        # Wrong team codes count per game at the table: a new version must not reset the count.
        wrong_codes=latest.wrong_codes if latest is not None else 0,
    )
    return Submission(version)


def _later_game_seated(game: Game) -> bool:
    """The table has moved on: the director has seated a later game at it."""
    return Game.objects.filter(table=game.table_id, round__number__gt=game.round.number).exists()


def _store_late_sheet(game: Game, document, key: str, answer: dict, reason: str) -> LateSheet:
    ns_total, ew_total = totals(answer, document)
    return LateSheet.objects.create(
        game=game, table=game.table, document=document, validation=answer, ns_total=ns_total,
        ew_total=ew_total, client_key=key, fingerprint=fingerprint(document),
        reason=reason if not answer.get("valid") else "")


def _require_open_to_the_table(game: Game, latest: SheetVersion | None) -> None:
    """A new version from the table needs the game open, and its last sheet not settled or left to the
    director (accepted, disputed, or locked by wrong codes)."""
    if game.status != Game.Status.SCHEDULED:
        raise ScoringError(_("This game's result is already final. Ask the director to correct it."), "no_open_game")
    if latest is None:
        return
    if latest.status == SheetStatus.ACCEPTED:
        raise ScoringError(
            _("The opponents have accepted this sheet. Ask the director to correct it."), "no_open_game")
    if latest.status == SheetStatus.DISPUTED:
        raise ScoringError(DISPUTED, "disputed")
    if latest.is_locked:
        raise ScoringError(TOO_MANY_CODES, "locked")


_HELD_KEY = (f"SELECT id, 0 FROM {SheetVersion._meta.db_table} WHERE table_id = %s AND client_key = %s "
             f"UNION ALL SELECT id, 1 FROM {LateSheet._meta.db_table} WHERE table_id = %s AND client_key = %s")


def _replay(table: Table, key: str, document) -> Submission | None:
    """The first answer again for a client key this table already used, in one query when it has not (the
    usual case): a version or a late sheet, whichever holds the key."""
    with connection.cursor() as cursor:  # plain SQL: the ORM's union costs more to build than to run
        cursor.execute(_HELD_KEY, [table.pk, key, table.pk, key])
        found = cursor.fetchone()
    if found is None:
        return None
    pk, late_sheet = found
    version = None if late_sheet else SheetVersion.objects.get(pk=pk)
    late = LateSheet.objects.get(pk=pk) if late_sheet else None
    stored = version or late
    if stored.fingerprint != fingerprint(document):
        raise ScoringError(
            _("This client key was already used for a different sheet: send a new key with a new sheet."),
            "key_reused")
    return Submission(version, replayed=True, late=late)


def awaiting_decision(game: Game, number: int | None, *, decided: str,
                      penalties: bool = True) -> tuple[Game, SheetVersion]:
    """The opening of the opponents' answer: the game under its row lock, and the version they answer (the
    one they read, still the latest), waiting for them or already `decided` their way (a retry).
    `penalties`: read with the lock, for the answer that makes the two sides' result final (the accept);
    False for a dispute, which never does, and at a table of single players, which has none (`rulings`
    gives them to two teams only)."""
    game = locked_game(game, penalties=penalties)
    latest = _latest(game)
    if latest is None:
        raise ScoringError(_("No sheet has been submitted at this table yet."), "no_sheet")
    if number is not None and number != latest.number:
        raise ScoringError(
            _("The sheet has changed since you read it (now version %(version)s): read it again.")
            % {"version": latest.number}, "stale")
    if latest.status not in (SheetStatus.SUBMITTED, decided):
        raise ScoringError(_why_not_acceptable(latest), "not_acceptable")
    return game, latest


def accept_sheet(game: Game, *, code: str = "", version: int | None = None) -> SheetVersion:
    """The opponents agree: the sheet's totals become the game's final result.

    Accepting the same version twice answers the same (a retry on weak Wi-Fi is harmless). A wrong team
    code is counted on the version (and kept: the refusal is raised after the count is committed);
    after MAX_WRONG_CODES of them the version cannot be accepted at the table any more.
    """
    with transaction.atomic():
        game, latest = awaiting_decision(game, version, decided=SheetStatus.ACCEPTED)
        if latest.status == SheetStatus.ACCEPTED:
            return latest
        if latest.is_locked:
            raise ScoringError(TOO_MANY_CODES, "locked")
        checked = _check_code(game, code)
        if checked is None:
            latest.wrong_codes += 1
            latest.save(update_fields=["wrong_codes"])
        else:
            return _accept(game, latest, checked)
    # Raised outside the transaction, so the count above is kept.
    if latest.is_locked:
        raise ScoringError(TOO_MANY_CODES, "locked")
    raise ScoringError(_("That is not East-West's team code. It is printed on their team card."), "bad_code")


def _accept(game: Game, latest: SheetVersion, checked: bool) -> SheetVersion:
    if latest.ns_total is None or latest.ew_total is None:
        raise ScoringError(_("This sheet has no totals to accept: ask the director."), "not_acceptable")
    latest.status = SheetStatus.ACCEPTED
    latest.status_changed_at = timezone.now()
    latest.save(update_fields=["status", "status_changed_at"])
    SheetDecision.objects.create(version=latest, kind=SheetDecision.Kind.ACCEPT, code_checked=checked)
    record_result(game, ns_total=latest.ns_total, ew_total=latest.ew_total,
                  reason=f"Sheet version {latest.number} accepted by the opponents at the table.")
    return latest


def dispute_sheet(game: Game, *, reason: str = "", code: str = "", version: int | None = None) -> SheetVersion:
    """The opponents do not agree: the director is called (the board shows the dispute)."""
    reason = checked_reason(reason, refusal=ScoringError)
    with transaction.atomic():
        game, latest = awaiting_decision(game, version, decided=SheetStatus.DISPUTED, penalties=False)
        if latest.status == SheetStatus.DISPUTED:
            return latest
        # A dispute only calls the director, so it does not need the team code: opponents who left
        # their card at home can still stop a wrong sheet.
        checked = _code_matches(game, code)
        latest.status = SheetStatus.DISPUTED
        latest.status_changed_at = timezone.now()
        latest.save(update_fields=["status", "status_changed_at"])
        SheetDecision.objects.create(version=latest, kind=SheetDecision.Kind.DISPUTE, reason=reason,
                                     code_checked=checked)
        return latest


def _why_not_acceptable(version: SheetVersion) -> str:
    return {
        SheetStatus.FLAGGED: _("This sheet went to the director: wait for the director."),
        SheetStatus.DISPUTED: _("This sheet is disputed: the director has been called."),
        SheetStatus.ACCEPTED: _("This sheet is already accepted."),
    }.get(version.status, _("This sheet cannot be accepted now."))


def _code_matches(game: Game, code) -> bool:
    typed = (code if isinstance(code, str) else "").strip().encode()
    return bool(typed) and hmac.compare_digest(typed, game.ew_team.code.encode())


def _check_code(game: Game, code) -> bool | None:
    """True: the right code; False: the event does not ask for one; None: a wrong code."""
    if not game.round.event.require_opponent_code:
        return False
    return True if _code_matches(game, code) else None


# --- The director ----------------------------------------------------------------------------------

def director_correct(game: Game, document, user, *, reason: str, allow_errors: bool = False,
                     replace_result: bool = True) -> SheetVersion:
    """The director's sheet becomes the game's result at once: a new version, logged with the reason.

    A sheet with errors is refused unless `allow_errors` (the director has the final word, and says why);
    a malformed one always is. The director's page asks before it replaces a final result: it sends
    `replace_result` only once the director has ticked it, and the check is made under the game's lock.
    """
    event = game.round.event
    require_director(event, user)
    reason = checked_reason(reason, refusal=ScoringError)
    if not reason:
        raise ScoringError(_("Give a reason for the correction: it is kept with the sheet."), "invalid")
    if game.ns_team_id is None or game.ew_team_id is None:
        raise ScoringError(_("A table with one team has no sheet."), "invalid")
    answer = validate_for_event(event, document)
    if answer.get("malformed") or (not answer.get("valid") and not allow_errors):
        raise SheetRefused(answer)
    ns_total, ew_total = totals(answer, document)
    if ns_total is None:
        raise ScoringError(_("This sheet has no totals the director could make final."), "invalid")
    with transaction.atomic():
        game = locked_game(game)
        refuse_replacing(game, replace_result)
        latest = _latest(game)
        _supersede(latest)
        version = SheetVersion.objects.create(
            game=game, number=(latest.number + 1) if latest else 1, table=game.table,
            source=SheetVersion.Source.DIRECTOR, submitted_by=user, document=document, validation=answer,
            status=SheetStatus.ACCEPTED, ns_total=ns_total, ew_total=ew_total,
            fingerprint=fingerprint(document), reason=reason, status_changed_at=timezone.now(),
        )
        was_final = game.status == Game.Status.FINAL
        # The director has decided the game's result: the late sheets it had are settled with it.
        game.late_sheets.filter(settled_at=None).update(settled_at=timezone.now(), settled_by=user)
        record_result(game, ns_total=ns_total, ew_total=ew_total, user=user,
                      reason=f"Sheet version {version.number} by the director: {reason}")
        log_action(event, user, "correct_sheet" if latest else "paper_sheet", round=game.round,
                   table=game.table.number, version=version.number, reason=reason, was_final=was_final,
                   replaced=latest.number if latest else None)
        return version


def director_enter_paper_sheet(game: Game, document, user, *, reason: str = "") -> SheetVersion:
    """A sheet written on paper, typed by the director: the table's device was not used."""
    return director_correct(game, document, user, reason=reason or "Paper sheet entered by the director.")


def settle_late_sheet(late: LateSheet, user) -> LateSheet:
    """The director has compared a late sheet with the game's result and keeps the result: the board stops
    showing it. (To make the late sheet the result instead, the director corrects the game.)"""
    require_director(late.game.round.event, user)
    if late.settled_at is None:
        late.settled_at = timezone.now()
        late.settled_by = user
        late.save(update_fields=["settled_at", "settled_by"])
        log_action(late.game.round.event, user, "settle_late_sheet", round=late.game.round,
                   table=late.table.number, late_sheet=late.pk)
    return late
