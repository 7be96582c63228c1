"""Victory points over a real event: the settings form, the standings, the public page, the CSV and the
API, and their query counts at two sizes."""

import csv
import io

import pytest
from django.urls import reverse

from scoring.standings import compute_standings
from tests.factories import make_event
from tournament.core import services as tournament_services
from tournament.core import victory
from tournament.core.forms import EventForm
from tournament.core.models import Event, Game

pytestmark = pytest.mark.django_db

BURRACO_3 = victory.to_data(victory.PRESETS["burraco_3"].bands)
FORM = {"name": "Cup", "date": "2026-11-21", "format": "rotation", "games": 3, "game_minutes": 50,
        "warning_minutes": 10, "target_score": 8500, "sit_out_rule": "average_win",
        "standings_order": "wins,points,difference"}
OLD_COLUMNS = ["Rank", "Team number", "Team", "Club", "Played", "Wins", "Losses", "Ties", "Points", "Difference",
               "Sit-outs", "Buchholz", "Median-Buchholz", "Opponents", "Had bye"]   # the last 4: the pairing's


def vp_event(director, teams=5, **fields):
    """An event ranked by the 3-deal burraco scale; with 5 teams, table 3's North-South sits out."""
    return make_event(director, teams=teams, rank_by_vp=True, vp_preset="burraco_3", vp_scale=BURRACO_3,
                      standings_published=True, **fields)


def play(event, number, results):
    """Record game `number`'s results, table by table: (North-South total, East-West total)."""
    games = Game.objects.filter(round__event=event, round__number=number, status=Game.Status.SCHEDULED) \
        .select_related("round__event").order_by("table__number")
    for game, (ns, ew) in zip(games, results, strict=False):
        tournament_services.record_game_result(game, ns_total=ns, ew_total=ew, user=event.directors.get())
    return list(games)


# --- the settings form -------------------------------------------------------------------------------------

def test_a_new_event_s_form_offers_the_default_preset_and_its_lines():
    form = EventForm()
    assert form.initial["vp_preset"] == victory.DEFAULT_PRESET
    assert form.initial["vp_scale"] == victory.lines(victory.PRESETS[victory.DEFAULT_PRESET].bands)


def test_the_director_ranks_by_a_preset(client, director):
    event = make_event(director, teams=4)
    client.force_login(director)
    shown = client.get(reverse("director-event-edit", args=[event.pk])).content.decode()
    assert "Rank by victory points" in shown and "0-100: 10-10" in shown
    response = client.post(reverse("director-event-edit", args=[event.pk]), {
        **FORM, "rank_by_vp": "on", "vp_preset": "burraco_4", "vp_scale": victory.lines(
            victory.PRESETS["canasta"].bands)})   # the lines shown before the preset was changed
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.rank_by_vp, event.vp_preset) == (True, "burraco_4")
    assert event.vp_bands == list(victory.PRESETS["burraco_4"].bands)


def test_the_director_writes_an_own_scale(client, director):
    event = make_event(director, teams=4)
    client.force_login(director)
    response = client.post(reverse("director-event-edit", args=[event.pk]), {
        **FORM, "rank_by_vp": "on", "vp_preset": "", "vp_scale": "0 - 200: 5-5\n205 \u2013 1,000: 7-3\n1005+: 10-0"})
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.vp_preset, event.vp_scale) == ("", [[0, 200, 5, 5], [205, 1000, 7, 3], [1005, None, 10, 0]])


@pytest.mark.parametrize("preset, lines, message", [
    ("", "0-50: 10-10\n55-100: 12-9\n105+: 20-0",
     "Line 2 (“55-100: 12-9”) shares out 12 + 9 = 21 victory points, the first line 20"),
    ("", "0-50 10-10", "write the difference, a colon, then the points"),
    ("burraco_3", "0-50: 10-10\n55+: 20-0", "You chose the scale “Burraco, games of 3 deals (FIBur), 0-20” "
                                            "and changed the lines"),
])
def test_a_bad_scale_gets_one_plain_message_and_saves_nothing(client, director, preset, lines, message):
    event = make_event(director, teams=4, name="Before")
    before = Event.objects.values().get(pk=event.pk)
    client.force_login(director)
    response = client.post(reverse("director-event-edit", args=[event.pk]), {
        **FORM, "name": "After", "rank_by_vp": "on", "vp_preset": preset, "vp_scale": lines})
    assert response.status_code == 200
    html = response.content.decode()
    assert message in html and html.count('class="errorlist') == 1
    assert Event.objects.values().get(pk=event.pk) == before


def test_a_form_without_the_scale_keeps_the_event_s_scale(director):
    event = make_event(director, teams=4, vp_preset="", vp_scale=[[0, 5, 1, 1], [10, None, 2, 0]])
    form = EventForm(FORM, instance=event)
    assert form.is_valid(), form.errors
    assert (form.cleaned_data["vp_preset"], form.cleaned_data["vp_scale"]) == ("", event.vp_scale)


def test_the_model_refuses_an_unfair_stored_scale(director):
    with pytest.raises(Exception, match="every line must share out the same total"):
        make_event(director, teams=4, vp_scale=[[0, 50, 10, 10], [55, None, 21, 0]])


# --- the standings over the event's games ---------------------------------------------------------------

def test_the_standings_rank_by_victory_points_then_the_configured_order(director):
    event = vp_event(director)
    wide, close = play(event, 1, [(3000, 1000), (1100, 1000)])   # 20-0 and 11-9; table 3 sits out
    sitting = Game.objects.get(round__event=event, status=Game.Status.SIT_OUT).ns_team_id
    rows = compute_standings(event)
    vps = {row.team.pk: row.vp for row in rows}
    assert vps == {wide.ns_team_id: 20, wide.ew_team_id: 0, close.ns_team_id: 11, close.ew_team_id: 9,
                   sitting: 10}   # nothing played yet: a tie's VP
    assert [row.team.pk for row in rows] == [wide.ns_team_id, close.ns_team_id, sitting, close.ew_team_id,
                                             wide.ew_team_id]
    assert [(g.round, g.vp, g.sat_out) for g in rows[2].games] == [(1, 10, True)]


def test_a_change_of_scale_changes_the_published_standings(client, director):
    event = vp_event(director)
    play(event, 1, [(3000, 1000), (1100, 1000)])
    first = client.get(f"/api/v1/events/{event.pk}/standings/").json()
    assert [row["vp"] for row in first["rows"]] == [20, 11, 10, 9, 0]
    tournament_services.update_event(event, director, {"vp_scale": [[0, 1000, 1, 1], [1005, None, 2, 0]]})
    second = client.get(f"/api/v1/events/{event.pk}/standings/").json()
    assert [row["vp"] for row in second["rows"]] == [2, 1, 1, 1, 0]


# --- the page, the CSV and the API ------------------------------------------------------------------------

def test_the_public_page_shows_each_team_s_total_and_each_game_s_victory_points(client, director):
    event = vp_event(director)
    play(event, 1, [(3000, 1000), (1100, 1000)])
    tournament_services.advance_to_next_game(event, director)
    play(event, 2, [(1000, 1060), (2000, 2000)])
    html = client.get(f"/e/{event.pk}/standings/").content.decode()
    rows = compute_standings(event)
    assert '<span class="head-long">Victory points</span>' in html
    for row in rows:
        cells = html.split(f'<tr data-team="{row.team.pk}"', 1)[1].split("</tr>", 1)[0]
        assert f'<td class="num vp">{row.vp}</td>' in cells
        shown = [part.split("</span>", 1)[0] for part in cells.split('<span class="game-vp">')[1:]]
        assert shown == [
            f"{'sat out ' if game.sat_out else ''}{game.vp}" for game in row.games]
    assert "Teams are ranked by Victory points, then Wins" in html
    assert "1505+: 20-0" in html


def test_the_page_without_victory_points_is_unchanged(client, director):
    event = make_event(director, teams=4, standings_published=True)
    play(event, 1, [(3000, 1000)])
    html = client.get(f"/e/{event.pk}/standings/").content.decode()
    assert "Victory points" not in html and "game-vp" not in html


def test_the_csv_keeps_its_columns_and_adds_the_victory_points_at_the_end(client, director):
    event = vp_event(director)
    play(event, 1, [(3000, 1000), (1100, 1000)])
    client.force_login(director)
    content = client.get(f"/director/events/{event.pk}/standings.csv").content.decode("utf-8-sig")
    header, *lines = list(csv.reader(io.StringIO(content)))
    assert header == [*OLD_COLUMNS, "Victory points", "VP game 1", "VP game 2", "VP game 3"]
    for line, row in zip(lines, compute_standings(event), strict=True):
        assert line[:2] == [str(row.rank), str(row.team.number)]
        assert line[len(OLD_COLUMNS):] == [str(row.vp), str(row.games[0].vp), "", ""]


def test_the_pairing_command_still_reads_the_csv_with_its_victory_point_columns(client, director):
    from tournament.core.standings_file import read_standings

    event = vp_event(director)
    play(event, 1, [(3000, 1000), (1100, 1000)])
    client.force_login(director)
    content = client.get(f"/director/events/{event.pk}/standings.csv").content.decode("utf-8")
    entrants, kind = read_standings(content)
    assert kind == "csv"
    assert [(e.number, e.wins, e.difference) for e in entrants] == [
        (row.team.number, row.wins, row.difference) for row in compute_standings(event)]


def test_the_csv_of_an_event_without_victory_points_has_the_old_columns(client, director):
    event = make_event(director, teams=4)
    client.force_login(director)
    content = client.get(f"/director/events/{event.pk}/standings.csv").content.decode("utf-8-sig")
    assert next(csv.reader(io.StringIO(content))) == OLD_COLUMNS


def test_the_api_adds_victory_point_fields(client, director):
    event = vp_event(director)
    play(event, 1, [(3000, 1000), (1100, 1000)])
    data = client.get(f"/api/v1/events/{event.pk}/standings/").json()
    assert (data["rank_by_vp"], data["vp_scale"]) == (True, BURRACO_3)
    top = data["rows"][0]
    assert (top["vp"], top["game_vps"]) == (20, [{"game": 1, "vp": 20, "sat_out": False}])
    assert {"rank", "team", "played", "wins", "losses", "ties", "points", "difference", "sit_outs"} < set(top)
    plain = make_event(director, teams=4, standings_published=True, seating_published=True, name="Plain")
    data = client.get(f"/api/v1/events/{plain.pk}/standings/").json()
    assert (data["rank_by_vp"], data["vp_scale"], data["rows"][0]["vp"], data["rows"][0]["game_vps"]) == (
        False, None, None, None)


# --- query counts at two sizes ---------------------------------------------------------------------------

@pytest.mark.parametrize("teams", [5, 41])
def test_the_queries_do_not_grow_with_the_event(client, director, teams, django_assert_max_num_queries):
    event = vp_event(director, teams=teams)
    play(event, 1, [(3000 + 5 * k, 1000) for k in range(teams // 2)])
    tournament_services.advance_to_next_game(event, director)
    play(event, 2, [(1000, 1000 + 5 * k) for k in range(teams // 2)])
    with django_assert_max_num_queries(8):
        page = client.get(f"/e/{event.pk}/standings/")
    assert page.content.count(b'<td class="num vp">') == teams
    with django_assert_max_num_queries(8):
        assert len(client.get(f"/api/v1/events/{event.pk}/standings/").json()["rows"]) == teams
    client.force_login(director)
    with django_assert_max_num_queries(8):
        content = client.get(f"/director/events/{event.pk}/standings.csv").content
    assert content.count(b"\n") == teams + 1


def test_the_team_page_shows_the_team_s_victory_points_and_each_game_s(client, director):
    event = vp_event(director, seating_published=True)
    wide, _ = play(event, 1, [(3000, 1000), (1100, 1000)])
    tournament_services.advance_to_next_game(event, director)
    html = client.get(f"/e/{event.pk}/team/{wide.ns_team_id}/").content.decode()
    assert '<p class="team-vp"><strong>20</strong> victory points</p>' in html
    assert "3,000 for you, 1,000 for them: 20 victory points" in html
    loser = client.get(f"/e/{event.pk}/team/{wide.ew_team_id}/").content.decode()
    assert '<strong>0</strong> victory points' in loser and "for them: 0 victory points" in loser
    plain = make_event(director, teams=4, standings_published=True, seating_published=True, name="Plain")
    game = play(plain, 1, [(3000, 1000)])[0]
    assert "victory points" not in client.get(f"/e/{plain.pk}/team/{game.ns_team_id}/").content.decode()


def test_the_csv_has_a_vp_column_for_each_paired_game_too(client, director):
    """Paired games count for the standings as rotation games do: their VP are in the total, so each has
    its column (the total is the sum of the columns)."""
    event = vp_event(director, teams=4, games=1, paired_rounds=1)
    play(event, 1, [(3000, 1000), (1100, 1000)])
    tournament_services.advance_to_next_game(event, director)
    play(event, 2, [(2000, 1900), (1500, 2500)])
    client.force_login(director)
    content = client.get(f"/director/events/{event.pk}/standings.csv").content.decode("utf-8-sig")
    header, *lines = list(csv.reader(io.StringIO(content)))
    assert header[len(OLD_COLUMNS):] == ["Victory points", "VP game 1", "VP game 2"]
    for line in lines:
        total, first, second = (int(cell) for cell in line[len(OLD_COLUMNS):])
        assert total == first + second
