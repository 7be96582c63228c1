"""The public endpoints: the standings (ETag, 304) and the ping."""

import pytest

from scoring import services
from tests.scoring.sheets import EW_TOTAL, NS_TOTAL, sheet
from tournament.core import services as tournament_services

pytestmark = pytest.mark.django_db


def test_standings_are_public_once_published_and_answer_304_when_unchanged(api, event, game, director):
    url = f"/api/v1/events/{event.pk}/standings/"
    assert api.get(url).status_code == 404
    tournament_services.publish(event, director, "standings", True)
    first = api.get(url)
    assert first.status_code == 200 and len(first.json()["rows"]) == 8
    etag = first["ETag"]
    assert api.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    services.submit_sheet(game, sheet(), "k")
    services.accept_sheet(game, code=game.ew_team.code)
    changed = api.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    top = changed.json()["rows"][0]
    assert top["team"]["id"] == game.ns_team_id and top["wins"] == 1 and top["points"] == NS_TOTAL


def test_ping(api):
    assert api.get("/api/v1/ping/").json() == {"ok": True}


def test_the_standings_answer_names_each_team_and_its_counts(api, event, game, director):
    tournament_services.publish(event, director, "standings", True)
    services.submit_sheet(game, sheet(), "k")
    services.accept_sheet(game, code=game.ew_team.code)
    response = api.get(f"/api/v1/events/{event.pk}/standings/")
    assert response["Cache-Control"] == "no-cache" and response["ETag"].startswith('"')
    body = response.json()
    assert (body["event"], body["order"], body["sit_out_rule"]) == (event.pk, event.standings_order,
                                                                    event.sit_out_rule)
    team = game.ns_team
    assert body["rows"][0] == {"rank": 1, "team": {"id": team.pk, "number": team.number, "name": team.name},
                               "played": 1, "wins": 1, "losses": 0, "ties": 0, "points": NS_TOTAL,
                               "difference": NS_TOTAL - EW_TOTAL, "sit_outs": 0,
                               "vp": None, "game_vps": None,   # not ranked by victory points
                               # the event's order (wins, points, difference) uses no tiebreak of the opponents
                               "buchholz": None, "median_buchholz": None, "head_to_head": None}
    assert [row["rank"] for row in body["rows"]] == sorted(row["rank"] for row in body["rows"])


def test_unpublished_standings_are_a_404_that_says_so(api, event, director):
    response = api.get(f"/api/v1/events/{event.pk}/standings/")
    assert response.status_code == 404
    assert response.json() == {"detail": "The standings are not published yet.", "code": "not_published"}
    api.force_authenticate(director)
    before = api.get(f"/api/v1/events/{event.pk}/standings/")
    assert before.status_code == 200 and len(before.json()["rows"]) == 8


def test_the_standings_answer_is_what_its_output_serializer_describes(api, event, game, director):
    """The answer is the selector's data, and the schema's serializer describes it exactly."""
    from scoring.api.public import StandingsOutput
    from scoring.selectors import standings_data

    tournament_services.publish(event, director, "standings", True)
    services.submit_sheet(game, sheet(), "k")
    services.accept_sheet(game, code=game.ew_team.code)
    data = standings_data(event)
    assert api.get(f"/api/v1/events/{event.pk}/standings/").json() == data
    assert StandingsOutput(data).data == data
    tournament_services.update_event(event, director, {"rank_by_vp": True})   # and with victory points
    data = standings_data(event)
    assert data["rows"][0]["game_vps"] == [{"game": 1, "vp": data["rows"][0]["vp"], "sat_out": False}]
    assert api.get(f"/api/v1/events/{event.pk}/standings/").json() == data
    assert StandingsOutput(data).data == data


def test_before_a_game_is_counted_the_api_and_the_csv_say_nothing_is_ranked(api, client, event, game, director):
    """The page says "No game counted yet"; the API says games_counted 0 (its ranks are all 1, the rows in
    team number order) and the director's CSV leaves the Rank column blank, until a result is counted."""
    import csv
    import io

    tournament_services.publish(event, director, "standings", True)
    before = api.get(f"/api/v1/events/{event.pk}/standings/").json()
    assert before["games_counted"] == 0
    assert [row["rank"] for row in before["rows"]] == [1] * 8
    assert [row["team"]["number"] for row in before["rows"]] == list(range(1, 9))
    client.force_login(director)

    def csv_ranks():
        lines = list(csv.reader(io.StringIO(client.get(f"/director/events/{event.pk}/standings.csv")
                                            .content.decode("utf-8-sig"))))
        assert lines[0][0] == "Rank"
        return [line[0] for line in lines[1:]]

    assert csv_ranks() == [""] * 8
    services.submit_sheet(game, sheet(), "k")
    services.accept_sheet(game, code=game.ew_team.code)
    after = api.get(f"/api/v1/events/{event.pk}/standings/").json()
    assert after["games_counted"] == 1 and after["rows"][0]["team"]["id"] == game.ns_team_id
    ranks = csv_ranks()
    assert ranks[0] == "1" and all(rank for rank in ranks)
