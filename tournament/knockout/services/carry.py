"""The knockout's rules, applied to a bracket in memory: a winner carried into the slots it feeds, a match
settled from its two slots (to play, a walkover, or waiting), a game under way flagged instead of re-seated.

Nothing here writes: `saving.save` writes what the tree says changed.
"""

import random

from tournament.core.draw import draw_cards
from tournament.core.models import Game, Side, Team
from tournament.core.services import draw_seats

from ..models import BracketMatch
from .tree import Changes, Tree, tree_for

Decided = BracketMatch.DecidedBy


def preview(match: BracketMatch, new_winner: Team | None) -> tuple[Changes, Tree]:
    """What sending `new_winner` through `match` would change, worked out on a tree that is not saved."""
    tree, match = tree_for(match)
    decide(tree, match, new_winner, Decided.PLAYED if new_winner else "")
    return tree.changes, tree



def game_winner(match: BracketMatch) -> Team | None:
    game = match.game
    if game.winner == Game.Winner.NS:
        return game.ns_team
    if game.winner == Game.Winner.EW:
        return game.ew_team
    return None


def decide(tree: Tree, match: BracketMatch, winner: Team | None, decided_by: str) -> None:
    """Set (or clear) a match's winner and carry it into the slots it feeds."""
    match.winner = winner
    match.decided_by = decided_by if winner is not None else ""
    tree.touch(match)
    propagate(tree, match)


def propagate(tree: Tree, match: BracketMatch) -> None:
    for target, slot in tree.feeds.get(match.pk, []):
        team = match.loser if target.is_third_place else match.winner
        if getattr(target, f"team_{slot}_id") != (team.pk if team else None):
            set_slot(tree, target, slot, team, match)


def set_slot(tree: Tree, target: BracketMatch, slot: str, team: Team | None, source: BracketMatch) -> None:
    if tree.in_play(target.game):
        flag_played(tree, target, source, team)
        tree.changes.flagged.append(target)
        return
    setattr(target, f"team_{slot}", team)
    setattr(target, f"seed_{slot}", tree.seeds.get(team.pk) if team else None)
    tree.touch(target)
    settle(tree, target)


def settle(tree: Tree, match: BracketMatch) -> None:
    """What a match not yet decided by its game is, from its two slots: to play, a walkover, or waiting."""
    before = match.winner_id
    a, b = match.team_a, match.team_b
    played = match.game is not None and match.game.status == Game.Status.FINAL
    if a is not None and b is not None:
        out = [team for team in (a, b) if not team.is_active]
        if len(out) == 1:
            match.winner = b if out[0] == a else a
            match.decided_by = Decided.WALKOVER
            clear_attention(match)
            seat_alone(tree, match, match.winner)
            tree.changes.walkovers.append(match)
        elif len(out) == 2:
            match.winner, match.decided_by = None, ""
            match.needs_attention = True
            match.attention_note = "Both teams have withdrawn: decide which one goes through, with a reason."
        else:
            match.winner, match.decided_by = None, ""
            if not played:
                clear_attention(match)
                seat_or_reseat(tree, match)
    else:
        match.winner, match.decided_by = None, ""
        if match.game is not None and not played:
            tree.changes.reseated.append(match)  # seated with a team that no longer belongs here
    tree.touch(match)
    if match.winner_id != before:
        propagate(tree, match)


def flag_played(tree: Tree, target: BracketMatch, source: BracketMatch, team: Team | None) -> None:
    """A game under way or played keeps its teams: the director keeps its result or corrects it."""
    target.needs_attention = True
    who = team.name if team else "no team yet"
    if target.game.status == Game.Status.FINAL:
        target.attention_note = (
            f"{tree.label(source)} was corrected: {who} should have played here, but this game was already "
            "played. Keep its result, or correct it."
        )
    else:
        target.attention_note = (
            f"{tree.label(source)} was corrected: {who} should play here, but this game is already in progress "
            "(its clock has started or a score sheet was entered), so its teams stay. When its result is in, "
            "keep it or correct it."
        )
    tree.touch(target)


def wrong_team(tree: Tree, match: BracketMatch) -> tuple[BracketMatch, Team | None] | None:
    """A slot holding a team other than the one its feeding match now sends (a correction upstream reached
    this game while it was under way): the feeding match and the team that should be there."""
    for slot in "ab":
        source = tree.by_id.get(getattr(match, f"from_{slot}_id"))
        if source is None:
            continue
        team = source.loser if match.is_third_place else source.winner
        if getattr(match, f"team_{slot}_id") != (team.pk if team else None):
            return source, team
    return None


def seat_or_reseat(tree: Tree, match: BracketMatch) -> None:
    game = match.game
    if game is None:
        if tree.round_of(match.round_index) is not None:
            tree.changes.seated.append(match)  # its round is under way: a game is added at a free table
        return
    if game.status == Game.Status.SCHEDULED and {game.ns_team_id, game.ew_team_id} == {
        match.team_a_id, match.team_b_id
    }:
        return
    draw_into(game, match.team_a, match.team_b, tree.rng)
    tree.changes.games[game.pk] = game
    tree.changes.reseated.append(match)


def seat_alone(tree: Tree, match: BracketMatch, team: Team) -> None:
    """A walkover at a seated table: the team that goes through is left alone, so no sheet is taken."""
    game = match.game
    if game is None or game.status == Game.Status.FINAL:
        return
    game.ns_team, game.ew_team, game.status, game.draw = team, None, Game.Status.SIT_OUT, {}
    tree.changes.games[game.pk] = game


def draw_into(game: Game, team_a: Team, team_b: Team, rng: random.Random | None) -> None:
    ns, ew, draw = draw_seats(team_a, team_b, draw_cards(rng), method="system", winner_chose=Side.NS)
    game.ns_team, game.ew_team, game.draw, game.status = ns, ew, draw, Game.Status.SCHEDULED


def flag_tie(tree: Tree, match: BracketMatch) -> None:
    game = match.game
    match.needs_attention = True
    match.attention_note = (
        f"Tied at {game.ns_total}: the director decides which team goes through, with a reason."
    )
    tree.touch(match)


def clear_attention(match: BracketMatch) -> None:
    match.needs_attention, match.attention_note = False, ""


def pending_note(tree: Tree, match: BracketMatch, new: Team | None, preview: Changes) -> str:
    now = f"{new.name} now wins" if new else "the game is now a tie"
    parts = []
    for later in preview.affected:
        state = preview.state_of(later)
        if state == "played":
            parts.append(f"{tree.label(later)}, already played")
        elif state == "in_progress":
            parts.append(f"{tree.label(later)}, in progress at table {later.game.table.number}")
        else:
            table = later.game.table.number if later.game else None
            parts.append(f"{tree.label(later)}" + (f", seated at table {table}" if table else ""))
    what = "confirm to re-seat the games not yet played" if new else "decide which team goes through"
    return (f"Corrected result: {now}. This changes {'; '.join(parts)}. Nothing has moved yet: {what}; "
            "games already played or in progress are flagged for you.")


def summary(changes: Changes) -> dict:
    return {"reseated": [m.number for m in changes.reseated], "flagged": [m.number for m in changes.flagged],
            "walkovers": [m.number for m in changes.walkovers]}
