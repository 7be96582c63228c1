"""Consolidating the room after withdrawals: the director closes the tables the withdrawals emptied, and the
movement goes on over the tables left open (`consolidation` plans it; this applies it).

It applies to the coming game: the one seated and not started yet, or, while a game is played, the next
one to be seated. Game 1 is not consolidated: its seats come from the draw at each table, and the teams that
never came are withdrawn before it is seated (`checkin`). A paired game seats its teams at the first tables
by itself, so it has nothing to close.

Tables keep their physical numbers (the number on the table, its card and QR code, the guide cards): a
closed table is marked `Table.closed_from_game` and seats nobody again. Every team's place in the movement
(`Team.start_table`, `start_side`) is then given again over the open tables' positions (1 for the lowest
open number), as if the movement of the open tables had been played from game 1: North-South keeps its
table, East-West moves up to the next open table, from the highest open table to the lowest. The seating of
the next games (`seating`), a late team (`teams.seat_late_team`) and the guide cards (`guide`) all read the
open tables, so the day goes on from there as it would have.
"""

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from ..consolidation import EW, NS, Plan, open_positions, plan_consolidation
from ..errors import TournamentError
from ..game_room import plays_alone
from ..models import Event, Game, Round, Side, Table, Team
from ..movement import ew_start_table_at, ew_table_in_game, seat_game
from ..questions import games_with_sheets
from .directors import log_action, require_director
from .rounds import lock_latest_round
from .seating import places_for_game, seat_status

SIDE_WORDS = {NS: gettext_lazy("North-South"), EW: gettext_lazy("East-West")}


@dataclass(frozen=True)
class Consolidation:
    """What consolidating now would do: for game `game`, seated already (`round_`) or not (None)."""

    game: int
    plan: Plan
    round_: Round | None
    teams: dict[int, Team]

    def sentences(self) -> list[str]:
        """Each move as the director reads it out: "Team X moves from table 7 East-West to table 3 East-West"."""
        said = []
        for move in self.plan.moves:
            team = self.teams[move.team]
            said.append(_("%(team)s (team %(number)s) moves from table %(from_table)s %(from_side)s to table "
                          "%(to_table)s %(to_side)s.") % {
                "team": team.name, "number": team.number, "from_table": move.from_table,
                "from_side": SIDE_WORDS[move.from_side], "to_table": move.to_table,
                "to_side": SIDE_WORDS[move.to_side]})
        return said

    @property
    def fingerprint(self) -> str:
        """The plan in a few characters, sent back by the confirmation page: a plan that changed since the
        director read it (a team withdrew or arrived meanwhile) is refused rather than applied unseen."""
        moves = ";".join(f"{m.team}:{m.from_table}{m.from_side}-{m.to_table}{m.to_side}" for m in self.plan.moves)
        return f"{self.game}|{','.join(map(str, self.plan.closed))}|{moves}"

    @property
    def closed_sentence(self) -> str:
        closed = self.plan.closed
        tables = ", ".join(str(number) for number in closed)
        return ngettext("From game %(game)s, table %(tables)s closes; %(open)s tables stay open.",
                        "From game %(game)s, tables %(tables)s close; %(open)s tables stay open.",
                        len(closed)) % {"game": self.game, "tables": tables, "open": len(self.plan.tables)}


def table_in_game(team: Team, game: int) -> int | None:
    """The physical number of the table where `team` plays `game` by the movement (None: no place): its
    place is a position among the open tables, which after a consolidation is not the table's number, or in
    an event with sections a table of its own section's run."""
    if not team.start_table:
        return None
    numbers = list(team.event.tables.open().filter(section=team.section_id).order_by("number")
                   .values_list("number", flat=True))
    # A section's places are its tables' numbers, the room's positions among its open tables (from 1).
    place = team.start_table - (numbers[0] if team.section_id and numbers else 1) + 1
    position = place if team.start_side == Side.NS else ew_table_in_game(place, game, len(numbers))
    return numbers[position - 1] if 0 < position <= len(numbers) else None


def consolidation_preview(event: Event) -> tuple[Consolidation | None, str]:
    """What the confirmation page shows: the plan, or the sentence saying why nothing can be consolidated.
    One rule with the service, which plans the same way under the round's lock."""
    try:
        return _plan(event, event.latest_round()), ""
    except TournamentError as refusal:
        return None, str(refusal)


@transaction.atomic
def consolidate_tables(event: Event, user, *, seen: str | None = None) -> Consolidation:
    """Close the tables withdrawals emptied, move the fewest teams to the empty seats left, and seat the rest
    of the day by the movement over the open tables. `seen`: the plan's `fingerprint` as the director read
    it on the confirmation page; a different plan now is refused."""
    require_director(event, user)
    # Under the round's lock, as a withdrawal, a late team, the go-ahead and the next game's seating: each
    # sees the room this leaves, or this sees the room each leaves.
    current = lock_latest_round(event)
    done = _plan(event, current, lock=True)
    if seen is not None and seen != done.fingerprint:
        raise TournamentError(_("The room has changed since you read the moves (a team withdrew, arrived or a "
                                "game was seated): nothing is changed. Read the new moves, then confirm again."))
    plan, game = done.plan, done.game
    positions = open_positions(number for number, _, _ in plan.tables)
    placed = []
    for number, ns, ew in plan.tables:
        for team_id, side in ((ns, Side.NS), (ew, Side.EW)):
            if team_id is None:
                continue
            team = done.teams[team_id]
            position = positions[number]
            team.start_side = side
            team.start_table = position if side == Side.NS else ew_start_table_at(position, game, len(positions))
            placed.append(team)
    Team.objects.bulk_update(placed, ["start_table", "start_side"])
    Table.objects.filter(event=event, number__in=plan.closed).update(closed_from_game=game)
    if done.round_ is not None:
        _reseat(done.round_, plan)
    log_action(event, user, "consolidate_tables", round=done.round_ or current, game=game,
               closed=list(plan.closed), moves=[
                   {"team": m.team, "from": [m.from_table, m.from_side], "to": [m.to_table, m.to_side]}
                   for m in plan.moves])
    return done


def _reseat(round_: Round, plan: Plan) -> None:
    """The seated game: its closed tables' games go, the open tables take the plan's teams."""
    round_.games.filter(table__number__in=plan.closed).delete()
    seats = {number: (ns, ew) for number, ns, ew in plan.tables}
    changed = []
    for game in round_.games.select_related("table"):
        ns, ew = seats[game.table.number]
        if (game.ns_team_id, game.ew_team_id) != (ns, ew):
            game.ns_team_id, game.ew_team_id = ns, ew
            game.status, game.draw = seat_status(ns, ew), {}
            changed.append(game)
    Game.objects.bulk_update(changed, ["ns_team", "ew_team", "status", "draw"])


def _plan(event: Event, current: Round | None, *, lock: bool = False) -> Consolidation:
    """The coming game's seating and its plan, or the refusal as the director's sentence."""
    if plays_alone(event):
        raise TournamentError(_("An event of single players is seated by the day's plan, which seats the players "
                                "left at full tables by itself: there is nothing to consolidate."))
    if refusal := event.rotation_refusal():
        raise TournamentError(refusal)
    if event.sections.exists():
        raise TournamentError(_("This event is played in sections, each moving over its own run of tables: "
                                "consolidating one section's tables is not offered yet. The empty seats stay "
                                "empty, and their opponents sit out."))
    if current is None:
        raise TournamentError(_("Game 1 is not seated yet: withdraw the teams that did not come from the check-in "
                                "list, and the tables are numbered for the teams here."))
    if current.phase != Round.Phase.ROTATION:
        raise TournamentError(_("The rotation games are over: the knockout seats its own games."))
    seated = current.awaits_go_ahead
    game = current.number if seated else current.number + 1
    if seated and game == 1:
        raise TournamentError(_("Game 1's seats come from the draw at each table: start game 1, and consolidate "
                                "the room for game 2."))
    if game > event.total_games:
        raise TournamentError(_("All %(games)s games are seated and game %(game)s has started: there is no game "
                                "left to consolidate.") % {"games": event.total_games, "game": current.number})
    if event.pairing_of(game):
        raise TournamentError(_("Game %(game)s is paired by the standings, which seats every team at the first "
                                "tables: there is no empty seat to close.") % {"game": game})
    teams = {team.pk: team for team in event.teams.all()}
    if seated:
        games = current.games.select_related("table").order_by("table__number")
        # Locked, as scoring locks a game to store a sheet: a sheet sent meanwhile is seen here.
        games = list(games.select_for_update(of=("self",)) if lock else games)
        sheets = games_with_sheets([g.pk for g in games])
        started = [g.table.number for g in games if g.status == Game.Status.FINAL or g.pk in sheets]
        if started:
            raise TournamentError(_("Game %(game)s has a result or a score sheet at table %(table)s: it has "
                                    "started. Consolidate before the next game is seated.")
                                  % {"game": game, "table": min(started)})
        tables = [(g.table.number, g.ns_team_id, g.ew_team_id) for g in games]
    else:
        numbers = list(event.tables.open().values_list("number", flat=True))
        ns, ew = places_for_game([t for t in teams.values() if t.start_table], len(numbers), game)
        seating = seat_game(ns, ew, game).tables
        tables = [(number, seat.ns.pk if seat.ns else None, seat.ew.pk if seat.ew else None)
                  for number, seat in zip(numbers, seating, strict=True)]
    met = Game.objects.filter(round__event=event, ns_team__isnull=False, ew_team__isnull=False)
    met = met.exclude(Q(round__number__gte=game)).values_list("ns_team_id", "ew_team_id")
    plan = plan_consolidation(tables, met=[frozenset(pair) for pair in met],
                              games_left=event.games - game + 1)
    if not plan.changes_anything:
        raise TournamentError(_("Nothing to consolidate in game %(game)s: every table has two teams, but for at "
                                "most one team sitting out.") % {"game": game})
    return Consolidation(game, plan, current if seated else None, teams)
