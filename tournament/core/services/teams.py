"""Teams come and go: the CSV import, one team typed in, a late team taking an empty seat, a withdrawal.

Once game 1 is seated every team has a place in the movement (`Team.start_table`, `start_side`): a late
team takes an empty place, a withdrawal empties one from the next game on. A late team with no place left
in the rotation joins the games paired by the standings (`pairing.join_paired_games`). A withdrawal is announced
(`signals.team_withdrawn`), so the knockout can send the team's opponent through.
"""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count, Max, Q
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..draw import draw_cards
from ..errors import TournamentError, first_message
from ..game_room import plays_alone
from ..models import Event, Game, Round, Side, Team
from ..movement import ew_table_in_game
from ..signals import team_withdrawn
from ..team_import import MAX_TEAMS, PLAYERS, TEAMS, ImportReport, read_team_file, team_key
from ..withdrawal import last_game_kept
from .directors import log_action, require_director
from .pairing import join_paired_games
from .players import sit_out_short_table
from .seating import apply_draw, lock_latest_round, place, places_for_game, seat_status
from .sections import sections_of_letters


@transaction.atomic
def import_teams(event: Event, data: bytes | str, user) -> ImportReport:
    """All or nothing: a file with one bad line imports no team at all. An event of single players imports
    players, one a line (each stored as a team whose second player is blank)."""
    require_director(event, user)
    existing = list(event.teams.all())
    report = read_team_file(
        data,
        existing_names={team_key(t.player1, t.player2) for t in existing},
        existing_seeds={t.seed for t in existing if t.seed is not None},
        existing_teams=len(existing),
        shape=PLAYERS if plays_alone(event) else TEAMS,
    )
    if not report.ok:
        return report
    if event.rounds.exists():
        if plays_alone(event):
            raise TournamentError(str(_NO_LATE_PLAYERS))
        raise TournamentError(
            _("Game 1 is already seated: add late teams one by one, so each takes an empty seat.")
        )
    next_number = _next_team_number(event)
    letters = {row.section for row in report.rows if row.section}
    sections = sections_of_letters(event, letters) if letters else {}
    Team.objects.bulk_create(
        Team(event=event, number=next_number + i, player1=row.player1, player2=row.player2,
             club=row.club, seed=row.seed, section=sections.get(row.section))
        for i, row in enumerate(report.rows)
    )
    log_action(event, user, "import_teams", count=len(report.rows), sections=sorted(letters))
    return report


@transaction.atomic
def add_team(event: Event, user, *, player1: str, player2: str, club: str = "",
             seed: int | None = None) -> Team:
    """Register a team; once game 1 is seated the team arrives late and takes an empty seat."""
    require_director(event, user)
    player1, player2 = player1.strip(), player2.strip()
    alone = plays_alone(event)
    if alone:
        if not player1:
            raise TournamentError(_("Give the player's name."))
        if event.rounds.exists():
            raise TournamentError(str(_NO_LATE_PLAYERS))
        player2 = ""  # a game of single players: the one name is the entrant
    elif not player1 or not player2:
        raise TournamentError(_("A team needs the names of both players."))
    team = Team(event=event, number=_next_team_number(event), player1=player1, player2=player2,
                club=club.strip(), seed=seed)
    try:
        team.full_clean(exclude=["event"])
    except ValidationError as error:
        raise TournamentError(first_message(error)) from None
    others = list(event.teams.all())
    if len(others) >= MAX_TEAMS:
        raise TournamentError(_("This event already has %(teams)s teams, the most an event can hold.")
                              % {"teams": number_format(len(others), force_grouping=True)})
    key = team_key(player1, player2)
    for other in others:
        if team_key(other.player1, other.player2) == key:
            raise TournamentError(
                _("%(player)s is already a player in this event.") % {"player": player1} if alone else
                _("%(player1)s and %(player2)s are already a team in this event.")
                % {"player1": player1, "player2": player2})
        if seed is not None and other.seed == seed:
            raise TournamentError(_("Seed %(seed)s is already given to %(team)s.") % {"seed": seed, "team": other.name})
    if event.rounds.exists():
        _seat_late_in_a_section(event, team) if event.sections.exists() else seat_late_team(event, team)
    else:
        team.section = _smallest_sections(event).first()   # None in an event without sections
        team.save()
    log_action(event, user, "add_team", team=team.pk, late=team.joined_at_game > 1 or event.rounds.exists())
    return team



_NO_LATE_PLAYERS = gettext_lazy("Game 1 is already seated, and the day's seating plan of single players is made "
                                "for the players it had: a late player cannot join it now.")


def _next_team_number(event: Event) -> int:
    return (event.teams.aggregate(n=Max("number"))["n"] or 0) + 1



@transaction.atomic
def withdraw_team(team: Team, user) -> Team:
    """The team's seat is empty from the next game on (from this game, if it has not started).

    A game that has started, or has its result or a score sheet (scored before the go-ahead, in an event run
    without the clock), stays the team's game: a withdrawal changes the games to come, never a result
    recorded nor a sheet waiting for the opponents.
    """
    event = team.event
    require_director(event, user)
    if not team.is_active:
        raise TournamentError(_("%(team)s has already withdrawn.") % {"team": team.name})
    # The round under the clock's row lock, so a go-ahead given at the same instant comes wholly before this
    # withdrawal (which then sees the game started) or after it, and so does the next game's seating (which
    # then leaves the team out, or whose new game this withdrawal then empties). Round, then game. In an
    # event with sections, the round of the team's own section.
    current = lock_latest_round(event, team.section)
    # Locked, as scoring locks it to store or accept a sheet: a sheet or result sent meanwhile is seen here.
    alone = plays_alone(event)
    where = Q(seats__team=team) if alone else Q(ns_team=team) | Q(ew_team=team)
    game = current.games.select_for_update(of=("self",)).filter(where).first() if current is not None else None
    team.status = Team.Status.WITHDRAWN
    team.withdrawn_after_game = last_game_kept(current, game)
    if game is not None and team.withdrawn_after_game < current.number:
        _empty_seat(game, team)
    if alone and current is not None and team.withdrawn_after_game < current.number:
        current.seats.filter(team=team, game=None).delete()  # a single player sitting out this game
    team.save(update_fields=["status", "withdrawn_after_game"])
    log_action(event, user, "withdraw_team", round=current, team=team.pk)
    team_withdrawn.send(sender=Team, team=team, user=user)
    return team


def _empty_seat(game: Game, team: Team) -> None:
    if team.is_single_player:  # their seat goes; the table plays without them, or sits out if too few
        game.seats.filter(team=team).delete()
        sit_out_short_table(game)
        return
    if game.ns_team_id == team.pk:
        game.ns_team = None
    if game.ew_team_id == team.pk:
        game.ew_team = None
    game.status = seat_status(game.ns_team_id, game.ew_team_id)
    game.draw = {}
    game.save(update_fields=["ns_team", "ew_team", "status", "draw"])


def _smallest_sections(event: Event):
    """The event's sections, the one with the fewest active teams first (a team added joins it)."""
    active = Count("teams", filter=Q(teams__status=Team.Status.ACTIVE))
    return event.sections.annotate(active=active).order_by("active", "order")


def _seat_late_in_a_section(event: Event, team: Team) -> None:
    """A late team in an event with sections takes an empty place in the smallest section that has one."""
    refusal = None
    for section in _smallest_sections(event):
        team.section = section
        try:
            return seat_late_team(event, team)
        except TournamentError as error:   # refused before any change: try the next section
            refusal = error
    team.section = None
    raise refusal


def seat_late_team(event: Event, team: Team) -> None:
    """The first empty place from the game not started yet, else from the next game: a team that withdrew
    after playing the current game (scored before the go-ahead) empties its place only from the next one.
    With no place left in the rotation games, a team joins the paired games (`pairing.join_paired_games`)."""
    # Locked, as a withdrawal, the go-ahead and the next game's seating lock it: each sees this team placed.
    current = lock_latest_round(event, team.section)  # a section's own, in an event with sections
    if current is None:
        raise TournamentError(_("%(team)s has no section: a late team joins a section's empty place.")
                              % {"team": team.name})
    if current.phase != Round.Phase.ROTATION:
        raise TournamentError(_("The knockout has begun: a late team can no longer join. Its games are drawn from "
                                "the standings of the teams that played the rotation."))
    first = current.number if current.awaits_go_ahead else current.number + 1
    numbers = [n for n in range(first, current.number + 2) if n <= event.games]
    # The movement's places: a section's are its tables' numbers (from `low`); the room's are positions among
    # the tables still open (a consolidated room, docs/consolidation.md), from 1.
    open_numbers = list(event.tables.open().filter(section=team.section).order_by("number")
                        .values_list("number", flat=True))
    tables, low = len(open_numbers), (open_numbers[0] if team.section_id and open_numbers else 1)
    teams = list(event.teams.exclude(start_table=None).filter(section=team.section))
    empty = []
    for game_number in numbers:
        ns, ew = places_for_game(teams, tables, game_number, low)
        empty = [(t + low, Side.EW) for t, occupant in enumerate(ew) if occupant is None]
        empty += [(t + low, Side.NS) for t, occupant in enumerate(ns) if occupant is None]
        if empty:
            break
    if not empty:
        if join_paired_games(event, team, current):
            return
        if numbers:
            raise TournamentError(
                _("Every seat is taken: a late team can join an odd number of teams, or take the seat of a "
                  "team that withdrew.")
            )
        raise TournamentError(_("The games are over: the event has no game left for a late team to join."))
    not_started = game_number == current.number
    table, side = empty[0]
    place(team, table, side)
    team.joined_at_game = game_number
    team.save()
    if not_started:
        at = table if side == Side.NS else ew_table_in_game(table - low + 1, game_number, tables) + low - 1
        # Locked, as a withdrawal locks it, and as scoring does to store a sheet (round, then game).
        game = current.games.select_for_update(of=("self",)).get(table__number=open_numbers[at - low])
        if side == Side.NS:
            game.ns_team = team
        else:
            game.ew_team = team
        game.status = seat_status(game.ns_team_id, game.ew_team_id)
        if current.takes_seat_draws and game.ns_team_id and game.ew_team_id:
            # Game 1's seats are drawn at every table: the late team draws against its opponent now.
            apply_draw(game, game.ns_team, game.ew_team, draw_cards(), method="system", winner_chose=Side.NS)
            Team.objects.bulk_update([game.ns_team, game.ew_team], ["start_table", "start_side"])
        game.save(update_fields=["ns_team", "ew_team", "status", "draw"])


NAME_LENGTH = Team._meta.get_field("player1").max_length


@transaction.atomic
def rename_team(team: Team, user, *, player1: str, player2: str, club: str = "") -> Team:
    """Mend a misspelt name or club, at any time of the day: results, seats and the team's code stay as they
    are. Logged and announced, so every page players follow shows the new names at once."""
    event = team.event
    require_director(event, user)
    player1, player2, club = player1.strip(), player2.strip(), club.strip()
    alone = plays_alone(event)
    if alone:
        player2 = ""  # a game of single players: the one name is the entrant
        if not player1:
            raise TournamentError(_("Give the player's name."))
    elif not player1 or not player2:
        raise TournamentError(_("A team needs the names of both players."))
    too_long = next((text for text in (player1, player2, club) if len(text) > NAME_LENGTH), None)
    if too_long is not None:
        raise TournamentError(_("A name or club has at most %(most)s characters; “%(text)s…” has %(length)s.")
                              % {"most": NAME_LENGTH, "text": too_long[:20], "length": len(too_long)})
    before = (team.player1, team.player2, team.club)
    if (player1, player2, club) == before:
        raise TournamentError(_("Nothing has changed: the names are the same as before (%(team)s).")
                              % {"team": team.name})
    key = team_key(player1, player2)
    clash = next((other for other in event.teams.exclude(pk=team.pk)
                  if team_key(other.player1, other.player2) == key), None)
    if clash is not None:
        raise TournamentError(
            _("%(player)s is already a player in this event (number %(number)s).")
            % {"player": player1, "number": clash.number} if alone else
            _("%(player1)s and %(player2)s are already a team in this event (team %(number)s).")
            % {"player1": player1, "player2": player2, "number": clash.number})
    old_name = team.name
    team.player1, team.player2, team.club = player1, player2, club
    try:
        team.full_clean(exclude=["event"])
    except ValidationError as error:
        team.player1, team.player2, team.club = before
        raise TournamentError(first_message(error)) from None
    team.save(update_fields=["player1", "player2", "club"])
    log_action(event, user, "rename_team", team=team.pk, before=old_name, after=team.name)
    return team
