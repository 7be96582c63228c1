"""An event in the state of a real day, for the browser tests that visit many pages: teams with long names,
numbered tables, game 1 started with a sheet accepted at table 1 and one sent to the director at table 2,
the seating and standings published; a knockout with its bracket drawn and a result in; and an event at
game 2, so the board has a game to go back to (its standings ranked by victory points). Table 4 has called
the director (for a ruling), and one table seats the team that sits out game 1."""

import random

from scoring import calls
from scoring import services as scoring
from tests.factories import make_director, make_event
from tests.scoring.sheets import sheet, with_bad_count
from tournament.clock import services as clock
from tournament.core import services
from tournament.knockout import services as bracket_services


def build_day() -> dict:
    """The ids the page addresses need: {"event", "knockout", "later" (game 2 under way), "game", "flagged",
    "team", "table_token", "called_token" (a table that called the director), "sit_out_token"}."""
    director = make_director()
    event = make_event(director, teams=9, name="Autumn canasta cup at the Riverside community hall",
                       venue="Riverside hall", seating_published=True, standings_published=True)
    event.teams.filter(number=1).update(player1="Margaret Featherstonehaugh-Smythe",
                                        player2="Bartholomew Cholmondeley-Warburton", club="Riverside")
    round_ = event.latest_round()
    clock.start_clock(round_, director)
    games = list(round_.games.select_related("table", "ns_team", "ew_team").order_by("table__number"))
    scored, flagged = games[0], games[1]
    scoring.submit_sheet(scored, sheet(), "day-accepted")
    scoring.accept_sheet(scored, code=scored.ew_team.code)
    scoring.submit_sheet(flagged, with_bad_count(), "day-flagged", review=True, reason="We are not sure of hand 2")
    called = next(game for game in games[3:] if game.ns_team_id and game.ew_team_id)
    calls.call_director(called.table, reason="ruling")
    sit_out = next(game for game in games if game.is_sit_out)

    knockout = make_event(director, teams=6, seat=False, format="knockout", bracket_published=True,
                          name="Winter knockout")
    ids = list(knockout.teams.order_by("number").values_list("pk", flat=True))
    bracket_services.create_bracket(knockout, director, ids, seeded_by="director", rng=random.Random(2))
    first = knockout.latest_round().games.exclude(ns_team=None).exclude(ew_team=None).first()
    services.record_game_result(first, ns_total=5120, ew_total=3870, user=director)
    later = make_event(director, teams=6, name="Club night", seating_published=True, standings_published=True,
                       rank_by_vp=True)   # its standings show victory points
    for game in later.latest_round().games.all():
        services.record_game_result(game, ns_total=5000, ew_total=4000, user=director)
    clock.start_clock(services.advance_to_next_game(later, director), director)
    return {"event": event.pk, "knockout": knockout.pk, "later": later.pk, "game": scored.pk, "flagged": flagged.pk,
            "team": scored.ns_team_id, "table_token": games[2].table.token,
            "called_token": called.table.token, "sit_out_token": sit_out.table.token}
