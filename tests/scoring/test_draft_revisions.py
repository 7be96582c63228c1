"""Two devices at one table share the game's draft: each saves with the revision it started from, and the
one that is behind gets the newer draft back to merge, instead of overwriting what the other typed."""

import pytest

from scoring import drafts
from scoring.drafts import DraftChanged
from scoring.models import SheetDraft
from tests.scoring.conftest import post_sheet
from tests.scoring.sheets import sheet

pytestmark = pytest.mark.django_db

A = {"hands": [{"ns": {"base": "2200", "count": "", "details": None}}]}
B = {"hands": [{"ns": {"base": "2200", "count": "325", "details": None}}]}


def test_each_save_moves_the_draft_s_revision_on(game):
    assert drafts.save_draft(game, A, revision=0).revision == 1
    assert drafts.save_draft(game, B, revision=1).revision == 2
    assert SheetDraft.objects.get(game=game).data == B


def test_a_save_from_a_revision_another_device_replaced_is_refused_with_the_newer_draft(game):
    drafts.save_draft(game, A, revision=0)
    drafts.save_draft(game, B, revision=1)  # the other phone
    with pytest.raises(DraftChanged) as behind:
        drafts.save_draft(game, {"hands": []}, revision=1)
    assert behind.value.code == "draft_changed"
    assert (behind.value.draft.revision, behind.value.draft.data) == (2, B)
    draft = SheetDraft.objects.get(game=game)
    assert (draft.revision, draft.data) == (2, B)


def test_a_save_without_a_revision_still_overwrites_as_before(game):
    drafts.save_draft(game, A, revision=0)
    drafts.save_draft(game, B, revision=1)
    assert drafts.save_draft(game, A).revision == 3
    assert SheetDraft.objects.get(game=game).data == A


def test_the_api_answers_the_revision_and_a_409_with_the_newer_draft(api, game):
    url = f"/api/v1/tables/{game.table.token}/draft/?game={game.pk}"
    first = api.put(url, {"form": A, "sheet": None, "revision": 0}, format="json")
    assert first.status_code == 200 and first.json()["revision"] == 1
    assert api.put(url, {"form": B, "revision": 1}, format="json").json()["revision"] == 2
    behind = api.put(url, {"form": {"hands": []}, "revision": 1}, format="json")
    assert behind.status_code == 409
    body = behind.json()
    assert body["code"] == "draft_changed" and body["detail"]
    assert body["draft"]["revision"] == 2 and body["draft"]["form"] == B and body["draft"]["game"] == game.pk
    assert SheetDraft.objects.get(game=game).data == B


def test_a_revision_that_is_not_a_number_is_refused_in_a_sentence(api, game):
    url = f"/api/v1/tables/{game.table.token}/draft/"
    refused = api.put(url, {"form": A, "revision": "two"}, format="json")
    assert refused.status_code == 400
    assert refused.json()["fields"] == {"revision": "The revision is the number the draft's last answer gave "
                                                    "(0, 1, 2, ...)."}
    assert not SheetDraft.objects.exists()


def test_the_draft_read_names_the_latest_submitted_version(api, game):
    url = f"/api/v1/tables/{game.table.token}/draft/"
    api.put(url, {"form": A, "revision": 0}, format="json")
    assert api.get(url).json()["latest_version"] is None
    post_sheet(api, game.table.token, sheet())
    read = api.get(url).json()
    assert (read["latest_version"], read["revision"], read["form"]) == (1, 1, A)
