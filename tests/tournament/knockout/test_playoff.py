"""The knockout after the rotation games: it waits for them, may end them early, and logs it."""

import pytest

from tests.factories import make_event
from tests.tournament.knockout.playing import draw, knockout, m, numbers, play, team, team_ids
from tournament.core import services
from tournament.core.errors import TournamentError
from tournament.core.models import Game, Round
from tournament.knockout import services as bracket_services
from tournament.knockout.models import Bracket

pytestmark = pytest.mark.django_db

# --- The playoff after the rotation -----------------------------------------------------------------

def _rotation_game_played(event, director, number):
    for game in event.rounds.get(number=number).games.filter(status=Game.Status.SCHEDULED):
        services.record_game_result(game, ns_total=4000, ew_total=3000, user=director)


def test_the_playoff_waits_for_every_rotation_game(director):
    event = make_event(director, teams=8, format="rotation_then_knockout", games=3, playoff_size=4)
    _rotation_game_played(event, director, 1)
    with pytest.raises(TournamentError) as refused:
        draw(event, director, team_ids(event)[:4])
    assert refused.value.message == (
        "Only 1 of the 3 rotation games has been played: games 2 and 3 are not seated yet. "
        'Play them first, or tick "End the rotation early" to draw the playoff now.'
    )
    assert not Bracket.objects.exists()
    assert event.rounds.get(number=1).status == Round.Status.SEATED, "the rotation is not ended"
    services.advance_to_next_game(event, director)
    _rotation_game_played(event, director, 2)
    with pytest.raises(TournamentError, match="Only 2 of the 3 rotation games have been played: game 3 is not"):
        draw(event, director, team_ids(event)[:4])
    services.advance_to_next_game(event, director)
    with pytest.raises(TournamentError, match="Game 3 has no final result yet"):
        draw(event, director, team_ids(event)[:4])
    _rotation_game_played(event, director, 3)
    draw(event, director, team_ids(event)[:4])
    assert not event.actions.filter(action="end_rotation_early").exists()


def test_the_director_may_end_the_rotation_early_and_it_is_logged(director):
    event = make_event(director, teams=8, format="rotation_then_knockout", games=3, playoff_size=4)
    _rotation_game_played(event, director, 1)
    bracket_services.create_bracket(event, director, team_ids(event)[:4], seeded_by="director",
                                    end_rotation_early=True, reason="  The hall closes at five  ")
    assert Bracket.objects.filter(event=event).exists()
    action = event.actions.get(action="end_rotation_early")
    assert action.user == director
    assert action.details == {"games_played": 1, "games_planned": 3, "games_not_played": [2, 3],
                              "reason": "The hall closes at five"}


@pytest.mark.django_db(transaction=True)
def test_a_decision_that_fails_half_way_changes_nothing(director, monkeypatch):
    """Deciding a tie is one transaction: a failure after the bracket was carried on (here, writing the
    log) leaves the match undecided and the final unseated, as the director found them."""
    from tournament.knockout.services import director as decisions

    event = knockout(director, teams=4)
    draw(event, director)
    services.record_game_result(m(event, 1).game, ns_total=4100, ew_total=4100, user=director)
    play(event, 2, 2, director)

    def log_fails(*args, **kwargs):
        raise RuntimeError("the log could not be written")

    monkeypatch.setattr(decisions, "log_action", log_fails)
    with pytest.raises(RuntimeError):
        bracket_services.decide_match(m(event, 1), director, winner_id=team(event, 4).pk, reason="More canastas")
    assert m(event, 1).winner is None and m(event, 1).decided_by == ""
    assert numbers(m(event, 3)) == (None, 2) and m(event, 3).game is None


def test_no_rotation_game_is_seated_after_a_playoff_drawn_early(director):
    """Drawing the bracket ends the rotation, even with games still planned: the next game is refused."""
    event = make_event(director, teams=8, format="rotation_then_knockout", games=3, playoff_size=4)
    _rotation_game_played(event, director, 1)
    bracket_services.create_bracket(event, director, team_ids(event)[:4], seeded_by="director",
                                    end_rotation_early=True, reason="The hall closes at five")
    with pytest.raises(TournamentError, match="The rotation games are over"):
        services.advance_to_next_game(event, director, force=True)
    assert event.rounds.filter(phase="rotation").count() == 1


def test_ending_early_still_needs_the_seated_games_results(director):
    event = make_event(director, teams=8, format="rotation_then_knockout", games=3, playoff_size=4)
    with pytest.raises(TournamentError, match="Game 1 has no final result yet"):
        bracket_services.create_bracket(event, director, team_ids(event)[:4], seeded_by="director",
                                        end_rotation_early=True)
    assert not Bracket.objects.exists()


@pytest.mark.parametrize("reason", ["half \ud800 an emoji", "a \x00 NUL"])
def test_a_reason_that_cannot_be_stored_is_refused_before_anything_changes(director, reason):
    event = make_event(director, teams=8, format="rotation_then_knockout", playoff_size=4)
    team_ids = list(event.teams.order_by("number").values_list("pk", flat=True)[:4])
    with pytest.raises(TournamentError, match="cannot be stored"):
        bracket_services.create_bracket(event, director, team_ids, seeded_by="director",
                                        end_rotation_early=True, reason=reason)
    assert not Bracket.objects.filter(event=event).exists()


def test_the_log_never_fails_on_unstorable_text(director):
    event = make_event(director, teams=4)
    action = services.log_action(event, director, "note", text="a \x00 b", nested={"k\x00": ["\ud800"]})
    action.refresh_from_db()
    assert action.details == {"text": "a \ufffd b", "nested": {"k\ufffd": ["\ufffd"]}}
