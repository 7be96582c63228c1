"""The rounds of an event as the seating services take them: a new one, and the latest under its lock;
and whether an entrant plays a given game. Shared by the movement of teams and that of single players."""

from ..models import Event, Round, Team


def new_round(event: Event, number: int, phase: str = Round.Phase.ROTATION, pairing: str = "",
              section=None) -> Round:
    return Round.objects.create(
        event=event, number=number, phase=phase, pairing=pairing, section=section,
        length_seconds=event.game_minutes * 60, warning_seconds=event.warning_minutes * 60,
    )


def lock_latest_round(event: Event, section=None) -> Round | None:
    """The event's latest round under the row lock the clock's controls take (`clock.services._take_control`),
    for every change of who sits where: the go-ahead, a withdrawal, a late team and the next game's seating
    then apply one after the other, each judging the seats as the one before it left them.

    FOR NO KEY UPDATE, as the clock's: scoring holds a game's lock and then logs the result against the round
    (a key-share lock), which this must not block. Taken before any game's lock (round, then game).
    A round waited for may have been finished meanwhile by the seating of the next, which this statement
    does not see: the latest is then read and locked again. In an event with sections, the latest of
    `section`'s rounds (each section plays its own); in one without, `section` is None as every round's."""
    rounds = event.rounds.filter(section=section)
    while True:
        current = rounds.select_for_update(no_key=True).order_by("-number").first()
        if (current is None or current.status != Round.Status.FINISHED
                or not rounds.filter(number__gt=current.number).exists()):
            return current


def plays_in_game(team: Team, game_number: int) -> bool:
    if team.joined_at_game > game_number:
        return False
    return team.withdrawn_after_game is None or game_number <= team.withdrawn_after_game
