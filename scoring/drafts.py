"""What a table types, kept as it types: the draft of a game's sheet, one per game, shared by the devices at
the table. Each save is checked against the revision the device started from, so two phones at one table
never overwrite each other without a word (the page merges field by field and saves again)."""

import json

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.core.models import Game

from .models import SheetDraft
from .results import locked_game
from .services import ScoringError
from .validation import MAX_DOCUMENT_BYTES, json_problem, validate_for_event


class DraftChanged(ScoringError):
    """Another device at the table saved the draft after the revision this one started from; `draft` is
    the newer one, which the device merges with what it typed and saves again."""

    def __init__(self, draft: SheetDraft):
        super().__init__(_("Another device at this table changed the sheet since this one last saw it: "
                           "merge its draft and save again."), "draft_changed")
        self.draft = draft


def save_draft(game: Game, data, sheet=None, *, sides: dict | None = None,
               revision: int | None = None) -> SheetDraft:
    """Keep what is typed, and check the complete hands so the messages show while they type, naming the
    sides as the device that types does (`sides`, validation.page_sides() for the table's page).

    `revision` is the draft's revision the device started from: when another device has saved since, the
    draft is not overwritten (`DraftChanged` carries the newer one, for the device to merge). Without it,
    the last save wins, as it did before drafts had revisions."""
    if not isinstance(data, dict):
        raise ScoringError(_("A draft is the form's fields and values."))
    problem = json_problem(data)
    if problem:
        raise ScoringError(problem)
    if len(json.dumps(data)) > MAX_DOCUMENT_BYTES:
        raise ScoringError(_("This draft is too large to be a game's sheet."))
    event = game.round.event
    validation = validate_for_event(event, sheet, sides) if sheet is not None else None
    with transaction.atomic():
        # Two devices saving at once: one after the other, each against the other's revision.
        locked_game(game, penalties=False)
        draft = SheetDraft.objects.filter(game=game).first() or SheetDraft(game=game)
        if draft.pk is not None and revision is not None and revision != draft.revision:
            raise DraftChanged(draft)  # nothing was written: the device merges and saves again
        draft.data, draft.validation, draft.revision = data, validation, draft.revision + 1
        draft.save()
    return draft
