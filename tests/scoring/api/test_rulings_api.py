"""The director's rulings over the API: listed, given and withdrawn by the event's directors, refused in
sentences that change nothing, in a number of queries that does not grow with the event."""

import pytest
from rest_framework.authtoken.models import Token

from scoring import rulings, services
from scoring.models import Penalty, ScoreRuling
from tests.factories import make_event
from tests.scoring.sheets import EW_TOTAL, NS_TOTAL, sheet
from tournament.core import services as tournament_services
from tournament.core.models import DirectorAction, Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def signed_in(api, director):
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=director).key}")
    return api


def games_of(event):
    return list(Game.objects.filter(round__event=event, round__number=1).select_related(
        "round__event", "table", "ns_team", "ew_team").order_by("table__number"))


def test_a_director_gives_a_lateness_penalty_and_reads_it_back(signed_in, event, game, director):
    services.director_correct(game, sheet(), director, reason="Paper sheet")
    answer = signed_in.post(f"/api/v1/events/{event.pk}/games/{game.pk}/rulings/late/",
                            {"side": "ew", "minutes": 7, "reason": "Came back late"}, format="json")
    assert answer.status_code == 201
    body = answer.json()
    assert (body["kind"], body["side"], body["points"], body["minutes"]) == ("late_penalty", "ew", 200, 7)
    assert body["counts"] is True and body["withdrawn"] is None
    assert body["result"] == {"status": "final", "ns_total": NS_TOTAL, "ew_total": EW_TOTAL - 200}
    penalty = Penalty.objects.get()
    assert body["withdraw_url"] == f"/api/v1/events/{event.pk}/rulings/penalties/{penalty.pk}/withdraw/"
    listed = signed_in.get(f"/api/v1/events/{event.pk}/rulings/").json()
    assert listed["event"] == event.pk and [row["id"] for row in listed["rulings"]] == [penalty.pk]


def test_a_director_gives_an_adjusted_and_an_assigned_score(signed_in, event, director):
    first, second, *_ = games_of(event)
    tournament_services.record_game_result(first, ns_total=6000, ew_total=4000, user=director)
    adjusted = signed_in.post(f"/api/v1/events/{event.pk}/games/{second.pk}/rulings/adjusted/",
                              {"ns": "plus", "ew": "minus", "reason": "Fouled deck"}, format="json")
    assert adjusted.status_code == 201
    body = adjusted.json()
    assert (body["kind"], body["ns_total"], body["ew_total"]) == ("adjusted_score", 6000, 4000)
    assert body["details"]["average"] == 5000 and body["counts"] is True
    assigned = signed_in.post(f"/api/v1/events/{event.pk}/games/{second.pk}/rulings/assigned/",
                              {"ns_total": 3000, "ew_total": 3500, "reason": "Recount"}, format="json")
    assert assigned.status_code == 201 and assigned.json()["result"]["ew_total"] == 3500
    rows = signed_in.get(f"/api/v1/events/{event.pk}/rulings/").json()["rulings"]
    assert [(row["kind"], row["counts"]) for row in rows] == [("adjusted_score", False), ("assigned_score", True)]


def test_withdrawing_an_assigned_score_puts_the_result_back_and_keeps_the_ruling(signed_in, event, game, director):
    services.director_correct(game, sheet(), director, reason="Paper sheet")
    given = signed_in.post(f"/api/v1/events/{event.pk}/games/{game.pk}/rulings/assigned/",
                           {"ns_total": 100, "ew_total": 200, "reason": "Wrong table"}, format="json").json()
    answer = signed_in.post(given["withdraw_url"], {"reason": "Meant for table 2"}, format="json")
    assert answer.status_code == 200
    body = answer.json()
    assert body["withdrawn"]["reason"] == "Meant for table 2" and body["withdrawn"]["by"] == director.username
    assert body["counts"] is False and body["withdraw_url"] is None
    assert body["result"] == {"status": "final", "ns_total": NS_TOTAL, "ew_total": EW_TOTAL}
    rows = signed_in.get(f"/api/v1/events/{event.pk}/rulings/").json()["rulings"]
    assert len(rows) == 1 and rows[0]["withdrawn"] is not None
    again = signed_in.post(given["withdraw_url"], {"reason": "Twice"}, format="json")
    assert again.status_code == 409 and again.json()["code"] == "withdrawn"
    assert "already withdrawn" in again.json()["detail"]


def test_a_ruling_with_no_result_before_it_is_refused_with_what_to_do(signed_in, event, game):
    given = signed_in.post(f"/api/v1/events/{event.pk}/games/{game.pk}/rulings/assigned/",
                           {"ns_total": 100, "ew_total": 200, "reason": "Wrong table"}, format="json").json()
    refused = signed_in.post(given["withdraw_url"], {"reason": "Error"}, format="json")
    assert refused.status_code == 409 and refused.json()["code"] == "no_result_before"
    assert "Enter the table's sheet as the result" in refused.json()["detail"]
    assert not ScoreRuling.objects.get().is_withdrawn


@pytest.mark.parametrize(("kind", "body", "words"), [
    ("late", {"side": "north", "minutes": 5}, "Say which team was late"),
    ("late", {"side": "ns", "minutes": "5"}, "Minutes late is a whole number"),
    ("assigned", {"ns_total": 1002, "ew_total": 1000, "reason": "x"}, "whole multiple of 5"),
    ("assigned", {"ns_total": 1000, "ew_total": 1000}, "Give a reason for the ruling"),
    ("adjusted", {"ns": "more", "ew": "plus", "reason": "x"}, "average plus, average, or average minus"),
    ("assigned", {"ns_total": 1000, "ew_total": 1000, "reason": "x", "replace_result": "maybe"},
     "replace_result is true or false"),
])
def test_a_ruling_refused_says_why_and_changes_nothing(signed_in, event, game, kind, body, words):
    answer = signed_in.post(f"/api/v1/events/{event.pk}/games/{game.pk}/rulings/{kind}/", body, format="json")
    assert answer.status_code == 400 and words in answer.json()["detail"]
    assert answer.json()["code"] == "invalid"
    game.refresh_from_db()
    assert game.status == "scheduled"
    assert not Penalty.objects.exists() and not ScoreRuling.objects.exists()
    assert not DirectorAction.objects.filter(action__in=["late_penalty", "assigned_score",
                                                         "adjusted_score"]).exists()


def test_replacing_a_final_result_needs_the_director_to_say_so(signed_in, event, game, director):
    services.director_correct(game, sheet(), director, reason="Paper sheet")
    refused = signed_in.post(f"/api/v1/events/{event.pk}/games/{game.pk}/rulings/assigned/",
                             {"ns_total": 100, "ew_total": 200, "reason": "x", "replace_result": False},
                             format="json")
    assert refused.status_code == 400 and "Replace the result" in refused.json()["detail"]
    game.refresh_from_db()
    assert game.ns_total == NS_TOTAL


def test_a_withdrawal_needs_a_reason(signed_in, event, game, director):
    penalty = rulings.give_late_penalty(game, director, side="ns", minutes=3)
    refused = signed_in.post(f"/api/v1/events/{event.pk}/rulings/penalties/{penalty.pk}/withdraw/", {},
                             format="json")
    assert refused.status_code == 400 and "Give a reason for withdrawing" in refused.json()["detail"]
    assert not Penalty.objects.get().is_withdrawn


def test_only_the_event_s_directors_reach_its_rulings(api, event, game, director, other_user):
    penalty = rulings.give_late_penalty(game, director, side="ns", minutes=3)
    urls = [("get", f"/api/v1/events/{event.pk}/rulings/", None),
            ("post", f"/api/v1/events/{event.pk}/games/{game.pk}/rulings/late/", {"side": "ns", "minutes": 3}),
            ("post", f"/api/v1/events/{event.pk}/rulings/penalties/{penalty.pk}/withdraw/", {"reason": "x"})]
    stranger = Token.objects.create(user=other_user).key
    for method, url, body in urls:
        answer = getattr(api, method)(url, body, format="json", HTTP_AUTHORIZATION=f"Token {stranger}")
        assert answer.status_code == 403 and "Only this event's directors" in answer.json()["detail"]
        api.credentials()
        anonymous = getattr(api, method)(url, body, format="json")
        assert anonymous.status_code in (401, 403) and anonymous.json()["detail"].startswith("Sign in")
    assert Penalty.objects.count() == 1 and not Penalty.objects.get().is_withdrawn


def test_a_ruling_of_another_event_or_an_unknown_kind_is_not_found(signed_in, event, game, director):
    other = make_event(director, teams=4, name="Another event")
    penalty = rulings.give_late_penalty(game, director, side="ns", minutes=3)
    for url in (f"/api/v1/events/{other.pk}/rulings/penalties/{penalty.pk}/withdraw/",
                f"/api/v1/events/{event.pk}/rulings/scores/{penalty.pk}/withdraw/",
                f"/api/v1/events/{event.pk}/rulings/cards/{penalty.pk}/withdraw/"):
        answer = signed_in.post(url, {"reason": "x"}, format="json")
        assert answer.status_code == 404 and answer.json()["code"] == "not_found"
    assert not Penalty.objects.get().is_withdrawn


def _rule_every_game(event, director):
    for game in Game.objects.filter(round__event=event).select_related("round__event", "table", "ns_team",
                                                                       "ew_team"):
        if game.ew_team_id is None:
            continue
        rulings.give_assigned_score(game, director, ns_total=1000, ew_total=900, reason="Timed out")
        rulings.give_late_penalty(game, director, side="ns", minutes=2)


@pytest.mark.parametrize("teams", [6, 40])
def test_the_list_costs_the_same_queries_whatever_the_event_s_size(signed_in, director, teams,
                                                                   django_assert_max_num_queries):
    event = make_event(director, teams=teams)
    _rule_every_game(event, director)
    with django_assert_max_num_queries(6):
        rows = signed_in.get(f"/api/v1/events/{event.pk}/rulings/").json()["rulings"]
    assert len(rows) == teams   # one score ruling and one penalty at each of teams / 2 tables


def test_the_schema_documents_the_rulings_answers(signed_in, client, event, game, director):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    listed = schema["paths"]["/api/v1/events/{event_id}/rulings/"]["get"]["responses"]["200"]
    component = listed["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
    assert "rulings" in schema["components"]["schemas"][component]["properties"]
    rows = schema["components"]["schemas"]["RulingOutput"]["properties"]
    rulings.give_late_penalty(game, director, side="ns", minutes=3)
    answer = signed_in.get(f"/api/v1/events/{event.pk}/rulings/").json()["rulings"][0]
    assert set(answer) == set(rows)
    withdraw = schema["paths"]["/api/v1/events/{event_id}/rulings/{family}/{ruling_id}/withdraw/"]["post"]
    assert {"200", "400", "403", "404", "409"} <= set(withdraw["responses"])


def _queries_to_give_and_withdraw(api, director, teams) -> tuple[int, int]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    event = make_event(director, teams=teams)
    game = games_of(event)[0]
    services.director_correct(game, sheet(), director, reason="Paper sheet")
    with CaptureQueriesContext(connection) as giving:
        given = api.post(f"/api/v1/events/{event.pk}/games/{game.pk}/rulings/late/",
                         {"side": "ns", "minutes": 3}, format="json").json()
    with CaptureQueriesContext(connection) as withdrawing:
        answer = api.post(given["withdraw_url"], {"reason": "Error"}, format="json")
    assert answer.status_code == 200 and answer.json()["result"]["ns_total"] == NS_TOTAL
    return len(giving), len(withdrawing)


def test_giving_and_withdrawing_cost_the_same_queries_whatever_the_event_s_size(signed_in, director):
    assert _queries_to_give_and_withdraw(signed_in, director, 6) == \
        _queries_to_give_and_withdraw(signed_in, director, 40)
