"""Writes to the knockout: drawing the bracket, seating its rounds, advancing winners, walkovers, ties and
corrections. The seeding itself is the pure `tournament.bracket`; this module persists it and plays it.

How a bracket is played, in one place:

* **Seeds** are an ordered list of team ids, best first: the standings (glue in `scoring.playoff`, since
  this app never imports `scoring`), a random draw, or the director's order.
* **Byes** are decided when the bracket is drawn: the seed goes straight into its round-2 slot.
* **Seating.** A bracket round is seated as a whole (one knockout `Round`, numbered after the games
  before it) as soon as every match in it has both teams or is decided, so the director starts the whole
  round with the clock's go-ahead. Its games take tables 1..M in match order (the final at table 1, the
  third-place game at table 2); missing tables are created. North-South is the high-card draw's.
* **Results.** `services.record_game_result` calls `on_game_result`; the winner goes into the next slot at
  once (the loser of a semi-final into the third-place game).
* **Ties** wait for the director: `decide_match` with a reason (logged).
* **Walkovers.** `services.withdraw_team` calls `on_team_withdrawn`: the withdrawn team's opponent goes
  through with no score, now if it is known, or as soon as it arrives. An unplayed game at the table is
  left with the opponent alone, so no sheet can be entered for it.
* **Corrections** never change the games after silently. When a corrected result changes a winner: if no
  later game is seated or played yet, the change is made at once (only an empty slot changes). Otherwise
  the result is recorded (no accepted score is lost), the bracket holds the old winner, and the match is
  marked for the director with the list of affected games (`correction_impact`); `confirm_correction`
  then re-seats the later games not yet played and flags those already played, which the director
  keeps (`keep_played_result`) or corrects in turn.
* **Played** means under way, not only final: a game is never re-seated once its round's clock has
  started or a score sheet was entered for it (`_Tree.in_play`), else the old pair's sheet could be
  accepted and recorded against the new pair. Such a game is flagged like a played one ("in progress");
  its result, when it comes, keeps the flag for the director.
* **Sheets without importing scoring.** Whether a game has a sheet is read through the app registry
  (`apps.get_model("scoring", "SheetVersion")`, only when scoring is installed): tournament never imports
  scoring, and the lookup by name keeps that direction while still seeing a sheet waiting for acceptance.
* **The playoff after the rotation** is drawn only once every rotation game is seated and final, unless
  the director ends the rotation early (`end_rotation_early`, logged with the reason).
"""

import random
from dataclasses import dataclass, field
from functools import cached_property

from django.apps import apps
from django.db import transaction
from django.db.models import Max, ProtectedError

from . import services
from .bracket import plan_bracket, random_seed_order, seeds_from_order
from .bracket_models import Bracket, BracketMatch
from .bracket_selectors import load_matches, match_label, rounds_count
from .draw import draw_cards
from .errors import TournamentError
from .models import Event, Game, Round, Side, Table, Team
from .text import clean_reason

Decided = BracketMatch.DecidedBy


@dataclass
class Changes:
    """What one change did (or, for a preview, would do) to the matches after the one changed."""

    reseated: list[BracketMatch] = field(default_factory=list)
    flagged: list[BracketMatch] = field(default_factory=list)
    seated: list[BracketMatch] = field(default_factory=list)
    walkovers: list[BracketMatch] = field(default_factory=list)
    matches: dict[int, BracketMatch] = field(default_factory=dict)
    games: dict[int, Game] = field(default_factory=dict)

    @property
    def affected(self) -> list[BracketMatch]:
        """Later matches with a game (seated, played or about to be), each once, in match order."""
        seen = {m.pk: m for m in self.reseated + self.flagged + self.seated}
        return sorted(seen.values(), key=lambda m: m.number)

    def state_of(self, match: BracketMatch) -> str:
        """What the change does to one affected match: "played" or "in_progress" (flagged for the director,
        its teams unchanged), "reseated" or "seated"."""
        if any(m.pk == match.pk for m in self.flagged):
            game = match.game
            return "played" if game is not None and game.status == Game.Status.FINAL else "in_progress"
        if any(m.pk == match.pk for m in self.seated):
            return "seated"
        return "reseated"

    def described(self) -> list[dict]:
        """The affected matches with their state, for the director's page."""
        return [{"match": m, "state": self.state_of(m)} for m in self.affected]


class _Tree:
    """A bracket's matches in memory (one query): every rule below walks it, then `_save` writes."""

    def __init__(self, bracket: Bracket, rng: random.Random | None = None):
        self.bracket = bracket
        self.rng = rng
        self.matches = load_matches(bracket)
        self.by_id = {m.pk: m for m in self.matches}
        self.counts = rounds_count(self.matches)
        self.seeds: dict[int, int] = {}
        self.feeds: dict[int, list[tuple[BracketMatch, str]]] = {}
        for match in self.matches:
            if match.round_index == 1 and not match.is_third_place:
                for slot in "ab":
                    if getattr(match, f"team_{slot}_id"):
                        self.seeds[getattr(match, f"team_{slot}_id")] = getattr(match, f"seed_{slot}")
            for slot in "ab":
                source = getattr(match, f"from_{slot}_id")
                if source is not None:
                    self.feeds.setdefault(source, []).append((match, slot))
        self.changes = Changes()

    def touch(self, match: BracketMatch) -> None:
        self.changes.matches[match.pk] = match

    def in_round(self, index: int) -> list[BracketMatch]:
        return [m for m in self.matches if m.round_index == index]

    def round_of(self, index: int) -> Round | None:
        """The knockout Round a bracket round was seated in, if it was."""
        for match in self.in_round(index):
            if match.game is not None:
                return match.game.round
        return None

    def label(self, match: BracketMatch) -> str:
        return f"M{match.number} ({match_label(match, self.counts)})"

    @cached_property
    def games_with_sheets(self) -> set[int]:
        """The bracket's games with a score sheet entered (one query, only when a rule asks)."""
        return games_with_sheets([m.game_id for m in self.matches if m.game_id])

    def in_play(self, game: Game | None) -> bool:
        """A game whose pair must not change any more: final, its round's clock started, or a sheet entered."""
        if game is None:
            return False
        if game.status == Game.Status.FINAL or game.round.started_at is not None:
            return True
        return game.pk in self.games_with_sheets


def games_with_sheets(game_ids: list[int]) -> set[int]:
    """Which of these games have a score sheet (any version, even one waiting for the opponents).

    Looked up by name through the app registry: `tournament` never imports `scoring` (scoring depends on
    tournament), yet a sheet entered for the old pair must stop a re-seat. Without scoring installed there
    are no sheets.
    """
    if not game_ids or not apps.is_installed("scoring"):
        return set()
    sheet_version = apps.get_model("scoring", "SheetVersion")
    return set(sheet_version.objects.filter(game_id__in=game_ids).values_list("game_id", flat=True).distinct())


def _tree_for(match: BracketMatch, *, lock: str = "") -> tuple[_Tree, BracketMatch]:
    tree = _locked_tree(match.bracket_id, lock=lock)
    return tree, tree.by_id[match.pk]


def _locked_tree(bracket_id: int, *, lock: str = "", rng: random.Random | None = None) -> _Tree:
    """Load the bracket, locked for the rest of the transaction, so that two results arriving together
    are carried one after the other (each sees the other's slot) and never both miss the round's end.

    lock "bracket": the caller already holds its game (a result being recorded). lock "games": a
    director's action or a withdrawal, which may write any of the bracket's games; those are locked first,
    in one order, as the scoring app locks a game before its result reaches the bracket. "" for a preview.
    """
    if lock == "games":
        list(Game.objects.select_for_update(of=("self",)).filter(bracket_match__bracket_id=bracket_id)
             .order_by("pk").values_list("pk", flat=True))
    brackets = Bracket.objects.select_related("event")
    if lock:
        brackets = brackets.select_for_update(of=("self",))
    return _Tree(brackets.get(pk=bracket_id), rng)


# --- Drawing the bracket --------------------------------------------------------------------------

@transaction.atomic
def create_bracket(event: Event, user, team_ids: list[int], *, seeded_by: str,
                   rng: random.Random | None = None, end_rotation_early: bool = False,
                   reason: str = "") -> Bracket:
    """Draw the bracket for these teams, best seed first, decide the byes and seat round 1.

    After rotation games, every one of them must be seated and final first; `end_rotation_early` is the
    director's explicit choice to draw the playoff with the games still to play left out (logged).
    """
    services.require_director(event, user)
    reason = _reason(reason)
    list(Event.objects.select_for_update().filter(pk=event.pk).values_list("pk", flat=True))  # one draw at a time
    if event.format == Event.Format.ROTATION:
        raise TournamentError(
            "This event plays rotation games only: choose a format with a knockout in the event's settings."
        )
    if Bracket.objects.filter(event=event).exists():
        raise TournamentError("The bracket is already drawn.")
    if seeded_by not in Bracket.SeededBy.values:
        raise TournamentError("Seed the bracket from the standings, a random draw or your own order.")
    team_ids = list(team_ids)
    teams = {team.pk: team for team in event.teams.filter(pk__in=team_ids)}
    for team_id in team_ids:
        team = teams.get(team_id)
        if team is None:
            raise TournamentError("One of the teams given is not a team of this event.")
        if not team.is_active:
            raise TournamentError(f"{team.name} has withdrawn and cannot be seeded.")
    try:
        seeds = seeds_from_order(team_ids)
        plan = plan_bracket(len(team_ids), third_place=event.third_place_game)
    except ValueError as error:
        raise TournamentError(str(error)) from None
    _require_no_open_games(event)
    short = _rotation_games_missing(event)
    if short and not end_rotation_early:
        raise TournamentError(_rotation_short_sentence(event, short))

    bracket = Bracket.objects.create(event=event, size=plan.size, team_count=len(team_ids),
                                     third_place=event.third_place_game, seeded_by=seeded_by)
    created: dict[int, BracketMatch] = {}
    rounds = [list(matches) for matches in plan.rounds]
    if plan.third_place is not None:
        rounds.append([plan.third_place])
    for matches in rounds:
        batch = []
        for planned in matches:
            match = BracketMatch(bracket=bracket, number=planned.number, round_index=planned.round,
                                 is_third_place=planned is plan.third_place)
            if planned.from_matches is None:
                match.seed_a, match.seed_b = planned.a, planned.b
                match.team_a = teams[seeds[planned.a]] if planned.a else None
                match.team_b = teams[seeds[planned.b]] if planned.b else None
            else:
                match.from_a, match.from_b = (created[n] for n in planned.from_matches)
            batch.append(match)
        for match in BracketMatch.objects.bulk_create(batch):
            created[match.number] = match
    event.rounds.exclude(status=Round.Status.FINISHED).update(status=Round.Status.FINISHED)

    tree = _Tree(bracket, rng)
    for match in tree.in_round(1):
        if match.team_a_id is None or match.team_b_id is None:
            _decide(tree, match, match.team_a or match.team_b, Decided.BYE)
    _save(tree, user)
    if short:
        services.log_action(event, user, "end_rotation_early", games_played=event.games - len(short),
                            games_planned=event.games, games_not_played=short,
                            reason=reason)
    services.log_action(event, user, "create_bracket", seeded_by=seeded_by, teams=team_ids)
    return bracket


def create_bracket_random(event: Event, user, *, team_ids: list[int] | None = None,
                          rng: random.Random | None = None, end_rotation_early: bool = False,
                          reason: str = "") -> Bracket:
    """A random draw of the given teams (all active teams when none are given)."""
    if team_ids is None:
        team_ids = list(event.teams.active().order_by("number").values_list("pk", flat=True))
    order = random_seed_order(team_ids, rng or random.SystemRandom())
    return create_bracket(event, user, order, seeded_by=Bracket.SeededBy.RANDOM, rng=rng,
                          end_rotation_early=end_rotation_early, reason=reason)


def rotation_games_missing(event: Event) -> list[int]:
    """The rotation games not seated yet, for an event that plays them before its knockout ([] otherwise)."""
    return _rotation_games_missing(event)


def _rotation_games_missing(event: Event) -> list[int]:
    if event.format != Event.Format.ROTATION_THEN_KNOCKOUT:
        return []
    seated = event.rounds.filter(phase=Round.Phase.ROTATION).count()
    return list(range(seated + 1, event.games + 1))


def _rotation_short_sentence(event: Event, missing: list[int]) -> str:
    played = event.games - len(missing)
    games = _and_list([str(n) for n in missing])
    if played == 0:
        done = f"None of the {event.games} rotation games has been played"
    else:
        done = f"Only {played} of the {event.games} rotation games {'has' if played == 1 else 'have'} been played"
    several = len(missing) > 1
    return (
        f"{done}: game{'s' if several else ''} {games} {'are' if several else 'is'} not seated yet. "
        f"Play {'them' if several else 'it'} first, or tick \"End the rotation early\" to draw the playoff now."
    )


def _and_list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _require_no_open_games(event: Event) -> None:
    open_tables = list(
        Game.objects.filter(round__event=event, status=Game.Status.SCHEDULED)
        .order_by("round__number", "table__number").values_list("round__number", "table__number")
    )
    if open_tables:
        game = open_tables[0][0]
        tables = ", ".join(str(t) for g, t in open_tables if g == game)
        raise TournamentError(
            f"Game {game} has no final result yet at table {tables}: enter the results before drawing the bracket."
        )


@transaction.atomic
def discard_bracket(event: Event, user) -> None:
    """Undo a bracket drawn by mistake, as long as none of its games has started or has a result."""
    services.require_director(event, user)
    bracket = Bracket.objects.filter(event=event).first()
    if bracket is None:
        raise TournamentError("There is no bracket to discard.")
    rounds = Round.objects.filter(games__bracket_match__bracket=bracket).distinct()
    if rounds.filter(started_at__isnull=False).exists() or Game.objects.filter(
        bracket_match__bracket=bracket, status=Game.Status.FINAL
    ).exists():
        raise TournamentError("The knockout has started: the bracket can no longer be discarded.")
    try:
        Round.objects.filter(pk__in=list(rounds.values_list("pk", flat=True))).delete()
    except ProtectedError:
        raise TournamentError(
            "A score sheet was already entered for a knockout game: the bracket can no longer be discarded."
        ) from None
    bracket.delete()
    services.log_action(event, user, "discard_bracket")


@transaction.atomic
def set_bracket_published(event: Event, user, published: bool) -> Event:
    services.require_director(event, user)
    event.bracket_published = published
    event.save(update_fields=["bracket_published"])
    services.log_action(event, user, "publish_bracket" if published else "unpublish_bracket")
    return event


# --- Results, walkovers and the director's decisions ----------------------------------------------

@transaction.atomic
def on_game_result(game: Game, *, previous=None, user=None) -> Changes | None:
    """Called by `record_game_result` (first result or correction) for every game; knockout games only."""
    found = BracketMatch.objects.filter(game_id=game.pk).only("pk", "bracket_id").first()
    if found is None:
        return None
    tree, match = _tree_for(found, lock="bracket")
    new = _game_winner(match)
    if match.decided_by in (Decided.WALKOVER, Decided.BYE):
        return tree.changes  # a withdrawn team does not come back through a score sheet
    if match.winner_id is None:
        if new is None:
            _flag_tie(tree, match)
        else:
            wrong = _wrong_team(tree, match)
            if wrong is not None:
                _flag_played(tree, match, *wrong)  # played by the pair seated before a correction upstream
            else:
                _clear_attention(match)
            _decide(tree, match, new, Decided.PLAYED)
    elif new is None and match.decided_by == Decided.DIRECTOR:
        pass  # still a tie: the director's decision stands
    elif new is not None and new.pk == match.winner_id:
        match.decided_by = Decided.PLAYED
        if match.pending_correction:
            match.pending_correction, match.pending_winner = False, None
            _clear_attention(match)
        tree.touch(match)
    else:
        preview, _ = _preview(match, new)
        if not preview.affected:
            if new is None:
                _decide(tree, match, None, "")
                _flag_tie(tree, match)
            else:
                _decide(tree, match, new, Decided.PLAYED)
            services.log_action(tree.bracket.event, user, "bracket_correction", round=game.round,
                                match=match.number, winner=new.pk if new else None, previous=previous)
        else:
            match.pending_correction, match.pending_winner = True, new
            match.needs_attention = True
            match.attention_note = _pending_note(tree, match, new, preview)
            tree.touch(match)
            services.log_action(tree.bracket.event, user, "bracket_correction_pending", round=game.round,
                                match=match.number, winner=new.pk if new else None, previous=previous,
                                affected=[m.number for m in preview.affected])
    _save(tree, user)
    return tree.changes


@transaction.atomic
def on_team_withdrawn(team: Team, user) -> Changes | None:
    """Called by `services.withdraw_team`: the opponent in the team's next match goes through."""
    bracket_id = Bracket.objects.filter(event_id=team.event_id).values_list("pk", flat=True).first()
    if bracket_id is None:
        return None
    tree = _locked_tree(bracket_id, lock="games")
    bracket = tree.bracket
    for match in tree.matches:
        if match.winner_id is None and team.pk in (match.team_a_id, match.team_b_id):
            _settle(tree, match)
    _save(tree, user)
    if tree.changes.walkovers:
        services.log_action(bracket.event, user, "bracket_walkover", team=team.pk,
                            matches=[m.number for m in tree.changes.walkovers])
    return tree.changes


@transaction.atomic
def _reason(reason) -> str:
    try:
        return clean_reason(reason)
    except ValueError as error:
        raise TournamentError(str(error)) from None


def decide_match(match: BracketMatch, user, *, winner_id: int, reason: str) -> Changes:
    """The director sends one team through a tied match (or one whose two teams both withdrew)."""
    tree, match = _tree_for(match, lock="games")
    event = tree.bracket.event
    services.require_director(event, user)
    reason = _reason(reason)
    if not reason:
        raise TournamentError("Give a reason for the decision: it is kept in the event's log.")
    game = match.game
    tied = game is not None and game.status == Game.Status.FINAL and game.winner == Game.Winner.TIE
    both_out = (match.team_a is not None and match.team_b is not None
                and not match.team_a.is_active and not match.team_b.is_active)
    if not (tied or both_out):
        raise TournamentError(
            f"{tree.label(match)} is not waiting for a decision: only a tie, or a match whose two teams both "
            "withdrew, is decided by the director. Enter or correct the game's score sheet instead."
        )
    if winner_id not in (match.team_a_id, match.team_b_id):
        raise TournamentError(f"Choose one of the two teams of {tree.label(match)}.")
    winner = match.team_a if winner_id == match.team_a_id else match.team_b
    match.decision_note = reason
    match.pending_correction, match.pending_winner = False, None
    _clear_attention(match)
    if match.winner_id != winner.pk:
        _decide(tree, match, winner, Decided.DIRECTOR)
    else:
        match.decided_by = Decided.DIRECTOR
        tree.touch(match)
    _save(tree, user)
    services.log_action(event, user, "bracket_decide", round=game.round if game else None, match=match.number,
                        winner=winner.pk, reason=reason, **_summary(tree.changes))
    return tree.changes


@transaction.atomic
def confirm_correction(match: BracketMatch, user) -> Changes:
    """Carry a corrected winner downstream: re-seat the games not yet played, flag those played."""
    tree, match = _tree_for(match, lock="games")
    event = tree.bracket.event
    services.require_director(event, user)
    if not match.pending_correction:
        raise TournamentError(f"There is no correction of {tree.label(match)} waiting to be confirmed.")
    if match.pending_winner_id is None:
        raise TournamentError(
            f"The corrected result of {tree.label(match)} is a tie: choose the team that goes through, with a "
            "reason."
        )
    winner = match.pending_winner
    match.pending_correction, match.pending_winner = False, None
    _clear_attention(match)
    _decide(tree, match, winner, Decided.PLAYED)
    _save(tree, user)
    services.log_action(event, user, "bracket_confirm_correction", match=match.number, winner=winner.pk,
                        **_summary(tree.changes))
    return tree.changes


@transaction.atomic
def keep_played_result(match: BracketMatch, user, *, reason: str) -> BracketMatch:
    """The director keeps a game played before a correction upstream changed who should have played it."""
    tree, match = _tree_for(match, lock="games")
    event = tree.bracket.event
    services.require_director(event, user)
    if match.pending_correction or match.winner_id is None or not match.needs_attention:
        raise TournamentError(
            f"{tree.label(match)} has no played result waiting for you to keep: confirm its correction or "
            "decide it instead."
        )
    reason = _reason(reason)
    if not reason:
        raise TournamentError("Give a reason for keeping the result: it is kept in the event's log.")
    note = match.attention_note
    _clear_attention(match)
    tree.touch(match)
    _save(tree, user)
    services.log_action(event, user, "bracket_keep_result", match=match.number, reason=reason, note=note)
    return match


def correction_impact(match: BracketMatch, new_winner: Team | None) -> Changes:
    """What sending `new_winner` through `match` would change after it, computed without writing."""
    return _preview(match, new_winner)[0]


def _preview(match: BracketMatch, new_winner: Team | None) -> tuple[Changes, _Tree]:
    tree, match = _tree_for(match)
    _decide(tree, match, new_winner, Decided.PLAYED if new_winner else "")
    return tree.changes, tree


# --- The rules, over the tree in memory ------------------------------------------------------------

def _game_winner(match: BracketMatch) -> Team | None:
    game = match.game
    if game.winner == Game.Winner.NS:
        return game.ns_team
    if game.winner == Game.Winner.EW:
        return game.ew_team
    return None


def _decide(tree: _Tree, match: BracketMatch, winner: Team | None, decided_by: str) -> None:
    """Set (or clear) a match's winner and carry it into the slots it feeds."""
    match.winner = winner
    match.decided_by = decided_by if winner is not None else ""
    tree.touch(match)
    _propagate(tree, match)


def _propagate(tree: _Tree, match: BracketMatch) -> None:
    for target, slot in tree.feeds.get(match.pk, []):
        team = match.loser if target.is_third_place else match.winner
        if getattr(target, f"team_{slot}_id") != (team.pk if team else None):
            _set_slot(tree, target, slot, team, match)


def _set_slot(tree: _Tree, target: BracketMatch, slot: str, team: Team | None, source: BracketMatch) -> None:
    if tree.in_play(target.game):
        _flag_played(tree, target, source, team)
        tree.changes.flagged.append(target)
        return
    setattr(target, f"team_{slot}", team)
    setattr(target, f"seed_{slot}", tree.seeds.get(team.pk) if team else None)
    tree.touch(target)
    _settle(tree, target)


def _settle(tree: _Tree, match: BracketMatch) -> None:
    """What a match not yet decided by its game is, from its two slots: to play, a walkover, or waiting."""
    before = match.winner_id
    a, b = match.team_a, match.team_b
    played = match.game is not None and match.game.status == Game.Status.FINAL
    if a is not None and b is not None:
        out = [team for team in (a, b) if not team.is_active]
        if len(out) == 1:
            match.winner = b if out[0] == a else a
            match.decided_by = Decided.WALKOVER
            _clear_attention(match)
            _seat_alone(tree, match, match.winner)
            tree.changes.walkovers.append(match)
        elif len(out) == 2:
            match.winner, match.decided_by = None, ""
            match.needs_attention = True
            match.attention_note = "Both teams have withdrawn: decide which one goes through, with a reason."
        else:
            match.winner, match.decided_by = None, ""
            if not played:
                _clear_attention(match)
                _seat_or_reseat(tree, match)
    else:
        match.winner, match.decided_by = None, ""
        if match.game is not None and not played:
            tree.changes.reseated.append(match)  # seated with a team that no longer belongs here
    tree.touch(match)
    if match.winner_id != before:
        _propagate(tree, match)


def _flag_played(tree: _Tree, target: BracketMatch, source: BracketMatch, team: Team | None) -> None:
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


def _wrong_team(tree: _Tree, match: BracketMatch) -> tuple[BracketMatch, Team | None] | None:
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


def _seat_or_reseat(tree: _Tree, match: BracketMatch) -> None:
    game = match.game
    if game is None:
        if tree.round_of(match.round_index) is not None:
            tree.changes.seated.append(match)  # its round is under way: a game is added at a free table
        return
    if game.status == Game.Status.SCHEDULED and {game.ns_team_id, game.ew_team_id} == {
        match.team_a_id, match.team_b_id
    }:
        return
    _draw_into(game, match.team_a, match.team_b, tree.rng)
    tree.changes.games[game.pk] = game
    tree.changes.reseated.append(match)


def _seat_alone(tree: _Tree, match: BracketMatch, team: Team) -> None:
    """A walkover at a seated table: the team that goes through is left alone, so no sheet is taken."""
    game = match.game
    if game is None or game.status == Game.Status.FINAL:
        return
    game.ns_team, game.ew_team, game.status, game.draw = team, None, Game.Status.SIT_OUT, {}
    tree.changes.games[game.pk] = game


def _draw_into(game: Game, team_a: Team, team_b: Team, rng: random.Random | None) -> None:
    ns, ew, draw = services.draw_seats(team_a, team_b, draw_cards(rng), method="system", winner_chose=Side.NS)
    game.ns_team, game.ew_team, game.draw, game.status = ns, ew, draw, Game.Status.SCHEDULED


def _flag_tie(tree: _Tree, match: BracketMatch) -> None:
    game = match.game
    match.needs_attention = True
    match.attention_note = (
        f"Tied at {game.ns_total}: the director decides which team goes through, with a reason."
    )
    tree.touch(match)


def _clear_attention(match: BracketMatch) -> None:
    match.needs_attention, match.attention_note = False, ""


def _pending_note(tree: _Tree, match: BracketMatch, new: Team | None, preview: Changes) -> str:
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


def _summary(changes: Changes) -> dict:
    return {"reseated": [m.number for m in changes.reseated], "flagged": [m.number for m in changes.flagged],
            "walkovers": [m.number for m in changes.walkovers]}


# --- Writing it -----------------------------------------------------------------------------------

def _save(tree: _Tree, user) -> None:
    changes = tree.changes
    for game in changes.games.values():
        game.save(update_fields=["ns_team", "ew_team", "status", "draw"])
    for match in changes.seated:
        round_ = tree.round_of(match.round_index)
        used = set(round_.games.values_list("table__number", flat=True))
        number = next(n for n in range(1, len(used) + 2) if n not in used)
        game = Game(round=round_, table=_tables(tree.bracket.event, number)[-1])
        _draw_into(game, match.team_a, match.team_b, tree.rng)
        game.save()
        match.game = game
        tree.touch(match)
    _write_matches(changes.matches.values())
    _seat_ready_rounds(tree, user)
    _refresh_status(tree)
    tree.bracket.save(update_fields=["updated_at"])


def _write_matches(matches) -> None:
    BracketMatch.objects.bulk_update(list(matches), fields=[
        "seed_a", "seed_b", "team_a", "team_b", "game", "winner", "decided_by", "decision_note",
        "needs_attention", "attention_note", "pending_correction", "pending_winner",
    ])


def _seat_ready_rounds(tree: _Tree, user) -> None:
    """Seat each bracket round, whole, once every match in it has its two teams or is decided."""
    for index in range(1, len(tree.counts) + 1):
        matches = tree.in_round(index)
        if any(m.game_id for m in matches):
            continue
        if not all(m.winner_id or (m.team_a_id and m.team_b_id) for m in matches):
            return
        to_play = [m for m in matches if m.winner_id is None]
        if to_play:
            _seat_round(tree, index, to_play, user)


def _seat_round(tree: _Tree, index: int, matches: list[BracketMatch], user) -> Round:
    event = tree.bracket.event
    number = (event.rounds.aggregate(n=Max("number"))["n"] or 0) + 1
    event.rounds.exclude(status=Round.Status.FINISHED).update(status=Round.Status.FINISHED)
    round_ = services._new_round(event, number, Round.Phase.KNOCKOUT)
    tables = _tables(event, len(matches))
    games = []
    for match, table in zip(matches, tables, strict=True):
        game = Game(round=round_, table=table)
        _draw_into(game, match.team_a, match.team_b, tree.rng)
        games.append(game)
    Game.objects.bulk_create(games)
    for match, game in zip(matches, games, strict=True):
        game.round = round_
        match.game = game
    _write_matches(matches)
    services.log_action(event, user, "bracket_seat_round", round=round_,
                        bracket_round=match_label(matches[0], tree.counts), matches=[m.number for m in matches])
    return round_


def _tables(event: Event, count: int) -> list[Table]:
    """Tables 1..count, creating the missing ones (a knockout may need more tables than the rotation)."""
    have = {t.number: t for t in event.tables.filter(number__lte=count)}
    missing = [Table(event=event, number=n) for n in range(1, count + 1) if n not in have]
    if missing:
        Table.objects.bulk_create(missing)
        have.update({t.number: t for t in event.tables.filter(number__lte=count)})
    return [have[n] for n in range(1, count + 1)]


def _refresh_status(tree: _Tree) -> None:
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
