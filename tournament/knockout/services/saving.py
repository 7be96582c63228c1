"""Writing a worked-out change: the games re-seated, the matches, the bracket rounds now ready to seat, and
the event's status once the final is decided."""

from django.db.models import Max

from tournament.core.models import Event, Game, Round, Table
from tournament.core.services import log_action, new_round

from ..models import BracketMatch
from ..selectors import match_label
from .carry import draw_into
from .tree import Tree


def save(tree: Tree, user) -> None:
    changes = tree.changes
    for game in changes.games.values():
        game.save(update_fields=["ns_team", "ew_team", "status", "draw"])
    for match in changes.seated:
        round_ = tree.round_of(match.round_index)
        used = set(round_.games.values_list("table__number", flat=True))
        number = next(n for n in range(1, len(used) + 2) if n not in used)
        game = Game(round=round_, table=tables_numbered(tree.bracket.event, number)[-1])
        draw_into(game, match.team_a, match.team_b, tree.rng)
        game.save()
        match.game = game
        tree.touch(match)
    write_matches(changes.matches.values())
    seat_ready_rounds(tree, user)
    refresh_status(tree)
    tree.bracket.save(update_fields=["updated_at"])


def write_matches(matches) -> None:
    BracketMatch.objects.bulk_update(list(matches), fields=[
        "seed_a", "seed_b", "team_a", "team_b", "game", "winner", "decided_by", "decision_note",
        "needs_attention", "attention_note", "pending_correction", "pending_winner",
    ])


def seat_ready_rounds(tree: Tree, user) -> None:
    """Seat each bracket round, whole, once every match in it has its two teams or is decided."""
    for index in range(1, len(tree.counts) + 1):
        matches = tree.in_round(index)
        if any(m.game_id for m in matches):
            continue
        if not all(m.winner_id or (m.team_a_id and m.team_b_id) for m in matches):
            return
        to_play = [m for m in matches if m.winner_id is None]
        if to_play:
            seat_round(tree, index, to_play, user)


def seat_round(tree: Tree, index: int, matches: list[BracketMatch], user) -> Round:
    event = tree.bracket.event
    number = (event.rounds.aggregate(n=Max("number"))["n"] or 0) + 1
    event.rounds.exclude(status=Round.Status.FINISHED).update(status=Round.Status.FINISHED)
    round_ = new_round(event, number, Round.Phase.KNOCKOUT)
    tables = tables_numbered(event, len(matches))
    games = []
    for match, table in zip(matches, tables, strict=True):
        game = Game(round=round_, table=table)
        draw_into(game, match.team_a, match.team_b, tree.rng)
        games.append(game)
    Game.objects.bulk_create(games)
    for match, game in zip(matches, games, strict=True):
        game.round = round_
        match.game = game
    write_matches(matches)
    log_action(event, user, "bracket_seat_round", round=round_,
               bracket_round=match_label(matches[0], tree.counts), matches=[m.number for m in matches])
    return round_


def tables_numbered(event: Event, count: int) -> list[Table]:
    """Tables 1..count, creating the missing ones (a knockout may need more tables than the rotation)."""
    have = {t.number: t for t in event.tables.filter(number__lte=count)}
    missing = Table.unsaved(event, (n for n in range(1, count + 1) if n not in have))
    if missing:
        Table.objects.bulk_create(missing)
        have.update({t.number: t for t in event.tables.filter(number__lte=count)})
    return [have[n] for n in range(1, count + 1)]


def refresh_status(tree: Tree) -> None:
    """The event is finished when the final (and the third-place game, if any) are decided."""
    event = tree.bracket.event
    last = [m for m in tree.matches if m.round_index == len(tree.counts)]
    done = all(m.winner_id for m in last)
    status = Event.Status.FINISHED if done else Event.Status.RUNNING
    if done:
        event.rounds.exclude(status=Round.Status.FINISHED).update(status=Round.Status.FINISHED)
    if event.status != status:
        event.status = status
        event.save(update_fields=["status"])
