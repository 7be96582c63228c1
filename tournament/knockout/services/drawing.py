"""Drawing the bracket (seeded by the standings, at random or in the director's order), discarding one
drawn by mistake, and publishing it."""

import random

from django.db import transaction
from django.db.models import ProtectedError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.core.errors import TournamentError
from tournament.core.models import Event, Game, Round, Team
from tournament.core.services import log_action, require_director
from tournament.core.text import checked_reason

from ..models import Bracket, BracketMatch
from ..plan import (
    MAX_TEAMS,
    MIN_TEAMS,
    MIN_TEAMS_THIRD_PLACE,
    BracketPlan,
    plan_bracket,
    random_seed_order,
    seeds_from_order,
)
from .carry import Decided, decide
from .saving import save
from .tree import Tree


@transaction.atomic
def create_bracket(event: Event, user, team_ids: list[int], *, seeded_by: str,
                   rng: random.Random | None = None, end_rotation_early: bool = False,
                   reason: str = "") -> Bracket:
    """Draw the bracket for these teams, best seed first, decide the byes and seat round 1.

    After rotation games, every one of them must be seated and final first; `end_rotation_early` is the
    director's explicit choice to draw the playoff with the games still to play left out (logged).
    """
    require_director(event, user)
    reason = checked_reason(reason)
    list(Event.objects.select_for_update().filter(pk=event.pk).values_list("pk", flat=True))  # one draw at a time
    _require_knockout_to_draw(event, seeded_by)
    team_ids = list(team_ids)
    by_seed, plan = _seeds_and_plan(event, team_ids)
    left_out = _rotation_left_out(event, end_rotation_early)

    bracket = _save_plan(event, plan, by_seed, seeded_by)
    event.rounds.exclude(status=Round.Status.FINISHED).update(status=Round.Status.FINISHED)
    _seat_round_1(bracket, user, rng)
    if left_out:
        log_action(event, user, "end_rotation_early", games_played=event.total_games - len(left_out),
                   games_planned=event.total_games, games_not_played=left_out, reason=reason)
    log_action(event, user, "create_bracket", seeded_by=seeded_by, teams=team_ids)
    return bracket


def require_no_bracket(event: Event) -> None:
    """An event has one bracket: drawing another needs the first one discarded."""
    if Bracket.objects.filter(event=event).exists():
        raise TournamentError(_("The bracket is already drawn."))


def _require_knockout_to_draw(event: Event, seeded_by: str) -> None:
    """What the event and the way of seeding must be before a draw: a knockout, no bracket yet."""
    if event.format == Event.Format.ROTATION:
        raise TournamentError(
            _("This event plays rotation games only: choose a format with a knockout in the event's settings.")
        )
    if refusal := event.knockout_refusal():
        raise TournamentError(refusal)
    require_no_bracket(event)
    if seeded_by not in Bracket.SeededBy.values:
        raise TournamentError(_("Seed the bracket from the standings, a random draw or your own order."))


def _seeds_and_plan(event: Event, team_ids: list[int]) -> tuple[dict[int, Team], BracketPlan]:
    """The teams by seed (each an active team of this event) and the plan of matches for them."""
    teams = {team.pk: team for team in event.teams.filter(pk__in=team_ids)}
    for team_id in team_ids:
        team = teams.get(team_id)
        if team is None:
            raise TournamentError(_("One of the teams given is not a team of this event."))
        if not team.is_active:
            raise TournamentError(_("%(team)s has withdrawn and cannot be seeded.") % {"team": team.name})
    refusal = _plan_refusal(team_ids, event.third_place_game)
    if refusal:
        raise TournamentError(refusal)
    try:
        seeds = seeds_from_order(team_ids)
        plan = plan_bracket(len(team_ids), third_place=event.third_place_game)
    except ValueError as error:  # plan's own words (it imports nothing of Django): a case not foreseen above
        raise TournamentError(str(error)) from None
    return {seed: teams[team_id] for seed, team_id in seeds.items()}, plan


def _plan_refusal(team_ids: list[int], third_place: bool) -> str:
    """Why `plan` would refuse these seeds, in the reader's language (plan's own sentences, which are
    English); "" when it would not."""
    n_teams = len(team_ids)
    if len(set(team_ids)) != n_teams:
        return _("A team appears more than once in the seeding order.")
    if n_teams < MIN_TEAMS:
        return _("A bracket needs at least %(least)s teams, got %(n)s.") % {"least": MIN_TEAMS, "n": n_teams}
    if n_teams > MAX_TEAMS:
        return _("A bracket can hold at most %(most)s teams, got %(n)s.") % {"most": MAX_TEAMS, "n": n_teams}
    if third_place and n_teams < MIN_TEAMS_THIRD_PLACE:
        return (_("A third-place game needs at least %(least)s teams (two semi-finals, each with a loser); with "
                  "%(n)s teams there is none to play.") % {"least": MIN_TEAMS_THIRD_PLACE, "n": n_teams})
    return ""


def _rotation_left_out(event: Event, end_rotation_early: bool) -> list[int]:
    """The rotation games the playoff leaves out: none unless the director ends the rotation early; every
    game seated must have its result either way."""
    _require_no_open_games(event)
    missing = rotation_games_missing(event)
    if missing and not end_rotation_early:
        raise TournamentError(_rotation_short_sentence(event, missing))
    return missing


def _save_plan(event: Event, plan: BracketPlan, by_seed: dict[int, Team], seeded_by: str) -> Bracket:
    """The bracket and every match of the plan, round by round (a later match points at the two before it);
    round 1 gets its seeds' teams, an empty slot where a seed has a bye."""
    bracket = Bracket.objects.create(event=event, size=plan.size, team_count=len(by_seed),
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
                match.team_a = by_seed[planned.a] if planned.a else None
                match.team_b = by_seed[planned.b] if planned.b else None
            else:
                match.from_a, match.from_b = (created[n] for n in planned.from_matches)
            batch.append(match)
        for match in BracketMatch.objects.bulk_create(batch):
            created[match.number] = match
    return bracket


def _seat_round_1(bracket: Bracket, user, rng: random.Random | None) -> None:
    """Send every seed with a bye through, then seat the bracket rounds now ready (round 1, at least)."""
    tree = Tree(bracket, rng)
    for match in tree.in_round(1):
        if match.team_a_id is None or match.team_b_id is None:
            decide(tree, match, match.team_a or match.team_b, Decided.BYE)
    save(tree, user)


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
    """The games not seated yet (rotation, then paired), for an event that plays them before its knockout
    ([] otherwise)."""
    if event.format != Event.Format.ROTATION_THEN_KNOCKOUT:
        return []
    seated = event.rounds.filter(phase=Round.Phase.ROTATION).count()
    return list(range(seated + 1, event.total_games + 1))


def _rotation_short_sentence(event: Event, missing: list[int]) -> str:
    played = event.total_games - len(missing)
    games = _and_list([str(n) for n in missing])
    values = {"played": played, "total": event.total_games, "games": games}
    if played == 0:
        return ngettext(
            "None of the %(total)s rotation games has been played: game %(games)s is not seated yet. Play it "
            "first, or tick \"End the rotation early\" to draw the playoff now.",
            "None of the %(total)s rotation games has been played: games %(games)s are not seated yet. Play "
            "them first, or tick \"End the rotation early\" to draw the playoff now.",
            len(missing)) % values
    if len(missing) == 1:
        return ngettext(
            "Only %(played)s of the %(total)s rotation games has been played: game %(games)s is not seated yet. "
            "Play it first, or tick \"End the rotation early\" to draw the playoff now.",
            "Only %(played)s of the %(total)s rotation games have been played: game %(games)s is not seated "
            "yet. Play it first, or tick \"End the rotation early\" to draw the playoff now.",
            played) % values
    return ngettext(
        "Only %(played)s of the %(total)s rotation games has been played: games %(games)s are not seated yet. "
        "Play them first, or tick \"End the rotation early\" to draw the playoff now.",
        "Only %(played)s of the %(total)s rotation games have been played: games %(games)s are not seated "
        "yet. Play them first, or tick \"End the rotation early\" to draw the playoff now.",
        played) % values


def _and_list(items: list[str]) -> str:
    if len(items) == 1:
        return items[0]
    return _("%(first)s and %(last)s") % {"first": ", ".join(items[:-1]), "last": items[-1]}


def _require_no_open_games(event: Event) -> None:
    open_tables = list(
        Game.objects.filter(round__event=event, status=Game.Status.SCHEDULED)
        .order_by("round__number", "table__number").values_list("round__number", "table__number")
    )
    if open_tables:
        game = open_tables[0][0]
        tables = ", ".join(str(t) for g, t in open_tables if g == game)
        raise TournamentError(
            _("Game %(game)s has no final result yet at table %(tables)s: enter the results before drawing the "
              "bracket.") % {"game": game, "tables": tables}
        )


@transaction.atomic
def discard_bracket(event: Event, user) -> None:
    """Undo a bracket drawn by mistake, as long as none of its games has started or has a result."""
    require_director(event, user)
    bracket = Bracket.objects.filter(event=event).first()
    if bracket is None:
        raise TournamentError(_("There is no bracket to discard."))
    rounds = Round.objects.filter(games__bracket_match__bracket=bracket).distinct()
    if rounds.filter(started_at__isnull=False).exists() or Game.objects.filter(
        bracket_match__bracket=bracket, status=Game.Status.FINAL
    ).exists():
        raise TournamentError(_("The knockout has started: the bracket can no longer be discarded."))
    try:
        Round.objects.filter(pk__in=list(rounds.values_list("pk", flat=True))).delete()
    except ProtectedError:
        raise TournamentError(
            _("A score sheet was already entered for a knockout game: the bracket can no longer be discarded.")
        ) from None
    bracket.delete()
    log_action(event, user, "discard_bracket")


@transaction.atomic
def set_bracket_published(event: Event, user, published: bool) -> Event:
    require_director(event, user)
    event.bracket_published = published
    event.save(update_fields=["bracket_published"])
    log_action(event, user, "publish_bracket" if published else "unpublish_bracket")
    return event
