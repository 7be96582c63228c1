"""The bracket's API answer, key by key: what the public page's script and outside tools read.

(Who sees the bracket, its ETag and its query count are in test_pages.py.)"""

import json
import random

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import make_event
from tournament.core import services
from tournament.knockout import services as bracket_services
from tournament.knockout.api import Bracket
from tournament.knockout.models import BracketMatch
from tournament.knockout.selectors import bracket_data

pytestmark = pytest.mark.django_db

MATCH_KEYS = ["match", "a", "b", "team_a", "team_b", "winner", "winner_team", "decided_by", "status", "status_text",
              "label_a", "label_b", "table", "game", "score_a", "score_b", "bye", "needs_director"]
DIRECTOR_KEYS = ["note", "decision_note", "pending_correction"]


def drawn(director, *, published=True):
    event = make_event(director, teams=6, seat=False, format="knockout", third_place_game=True,
                       bracket_published=published)
    ids = list(event.teams.order_by("number").values_list("pk", flat=True))
    bracket_services.create_bracket(event, director, ids, seeded_by="director", rng=random.Random(3))
    return event


def url(event):
    return reverse("api-event-bracket", args=[event.pk])


def test_before_the_draw_the_answer_says_so_with_nulls(director):
    event = make_event(director, teams=6, seat=False, format="knockout", bracket_published=True)
    assert APIClient().get(url(event)).json() == {
        "event": event.pk, "drawn": False, "size": None, "rounds": [], "round_names": [], "third_place": None,
        "champion": None, "runner_up": None, "third": None,
    }


def test_a_drawn_bracket_s_keys_and_a_played_match_in_full(director):
    event = drawn(director)
    played = next(m for m in BracketMatch.objects.select_related("game__table", "team_a", "team_b")
                  .filter(bracket__event=event).order_by("number") if m.game and m.team_a and m.team_b)
    ns_is_a = played.game.ns_team_id == played.team_a_id
    services.record_game_result(played.game, ns_total=5000 if ns_is_a else 3000,
                                ew_total=3000 if ns_is_a else 5000, user=director)
    body = APIClient().get(url(event)).json()
    assert list(body) == ["event", "drawn", "size", "teams", "seeded_by", "rounds", "round_names", "third_place",
                          "champion", "runner_up", "third"]
    assert (body["size"], body["teams"], body["seeded_by"]) == (8, 6, "director")
    first_round = body["rounds"][0]
    assert all(list(m) == MATCH_KEYS for m in first_round), "round 1 has no matches feeding it: no `from`"
    later = body["rounds"][1][0]
    assert list(later) == [*MATCH_KEYS[:3], "from", *MATCH_KEYS[3:]]
    answer = next(m for m in first_round if m["match"] == played.number)
    team_a, team_b = played.team_a, played.team_b
    assert answer == {
        "match": played.number, "a": played.seed_a, "b": played.seed_b,
        "team_a": {"id": team_a.pk, "number": team_a.number, "name": team_a.name, "seed": played.seed_a,
                   "withdrawn": False},
        "team_b": {"id": team_b.pk, "number": team_b.number, "name": team_b.name, "seed": played.seed_b,
                   "withdrawn": False},
        "winner": "a", "winner_team": team_a.pk, "decided_by": "played", "status": "final", "status_text": "Final",
        "label_a": "Bye", "label_b": "Bye", "table": played.game.table.number, "game": 1, "score_a": 5000,
        "score_b": 3000, "bye": False, "needs_director": False,
    }


def test_the_director_s_answer_adds_the_notes(director):
    event = drawn(director, published=False)
    client = APIClient()
    client.force_authenticate(director)
    body = client.get(url(event)).json()
    first = body["rounds"][0][0]
    assert list(first) == [*MATCH_KEYS, *DIRECTOR_KEYS]
    assert (first["note"], first["decision_note"], first["pending_correction"]) == ("", "", False)
    assert list(body["third_place"]) == [*MATCH_KEYS[:3], "from", *MATCH_KEYS[3:], *DIRECTOR_KEYS]


def test_refusals_are_sentences_with_a_code(director):
    unknown = APIClient().get("/api/v1/events/999999/bracket/")
    assert unknown.status_code == 404
    assert unknown.json() == {"detail": "There is no such event.", "code": "not_found"}
    event = drawn(director, published=False)
    assert APIClient().get(url(event)).json() == {"detail": "The bracket is not published yet.", "code": "not_found"}
    wrong = APIClient().get(url(event), HTTP_AUTHORIZATION="Token not-a-token")
    assert wrong.status_code == 403
    assert wrong.json() == {"detail": "That sign-in is not known: sign in again as one of this event's directors.",
                            "code": "authentication_failed"}
    refused = APIClient().post(url(event))
    assert refused.status_code == 405
    assert refused.json() == {"detail": "This address does not take POST requests.", "code": "method_not_allowed"}


def test_the_answer_is_the_selectors_bracket_key_for_key(director):
    """The answer is the selector's bracket, and the output serializer (the schema's) describes it exactly."""
    event = drawn(director, published=True)
    game = next(m.game for m in BracketMatch.objects.select_related("game").filter(bracket__event=event)
                if m.game and m.game.ns_team_id and m.game.ew_team_id)
    services.record_game_result(game, ns_total=4000, ew_total=4000, user=director)  # a tie: needs the director
    assert APIClient().get(url(event)).json() == bracket_data(event)
    client = APIClient()
    client.force_authenticate(director)
    assert client.get(url(event)).json() == bracket_data(event, director=True)
    undrawn = make_event(director, teams=4, seat=False, format="knockout")
    for data in (bracket_data(event), bracket_data(event, director=True), bracket_data(undrawn)):
        assert json.loads(json.dumps(Bracket(data).data)) == data


def test_the_schema_describes_the_bracket(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    answer = schema["paths"]["/api/v1/events/{event_id}/bracket/"]["get"]["responses"]["200"]
    assert answer["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Bracket"}
    match = schema["components"]["schemas"]["BracketMatch"]
    assert {"match", "a", "b", "from", "team_a", "winner", "status", "score_a", "note"} <= set(match["properties"])
    assert "from" not in match.get("required", []) and "note" not in match.get("required", [])
