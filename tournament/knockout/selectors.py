"""Reads of the knockout for the pages and the API, in a fixed number of queries whatever the bracket's size.

`bracket_data` is the one shape every reader uses: the API returns it as JSON, the pages render it, and
the public page's script re-renders it when the API says it changed. It extends `plan_to_json`'s keys
(``size``, ``rounds`` of ``{"match", "a", "b"}``, ``third_place``) with ``from`` (the matches feeding a
later one), the teams, the tables, the scores and the winners.
"""

from collections import Counter

from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from tournament.core.models import Event, Game, Round

from .models import Bracket, BracketMatch
from .plan import round_name


def bracket_for(event: Event) -> Bracket | None:
    return Bracket.objects.filter(event=event).select_related("event").first()


def load_matches(bracket: Bracket) -> list[BracketMatch]:
    """Every match with its teams and game in one query; a bracket has fewer than 2 * size matches."""
    return list(
        bracket.matches.select_related(
            "team_a", "team_b", "winner", "pending_winner", "game", "game__table", "game__round",
        ).order_by("number")
    )


def match_label(match: BracketMatch, matches_per_round: Counter) -> str:
    """What players call the match's round: Final, Semi-finals, ..., or Third place."""
    if match.is_third_place:
        return "Third place"
    return round_name(matches_per_round[match.round_index])


def round_title(matches_in_round: int) -> str:
    """`plan.round_name` in the reader's language (plan imports nothing of Django): for pages, sentences and
    the bracket's JSON (published in each language asked for)."""
    names = {1: gettext("Final"), 2: gettext("Semi-finals"), 4: gettext("Quarter-finals")}
    return names.get(matches_in_round) or gettext("Round of %(teams)s") % {"teams": 2 * matches_in_round}


def match_title(match: BracketMatch, matches_per_round: Counter) -> str:
    """`match_label` in the reader's language, for the sentences a director reads."""
    if match.is_third_place:
        return gettext("Third place")
    return round_title(matches_per_round[match.round_index])


def rounds_count(matches: list[BracketMatch]) -> Counter:
    return Counter(m.round_index for m in matches if not m.is_third_place)


def _team(team, seed) -> dict | None:
    if team is None:
        return None
    return {"id": team.pk, "number": team.number, "name": team.name, "seed": seed,
            "withdrawn": not team.is_active}


def _status(match: BracketMatch) -> str:
    """One word for the page: bye, walkover, decided, final, tie, playing, seated or waiting."""
    game = match.game
    if match.decided_by == BracketMatch.DecidedBy.BYE:
        return "bye"
    if match.decided_by == BracketMatch.DecidedBy.WALKOVER:
        return "walkover"
    if match.decided_by == BracketMatch.DecidedBy.DIRECTOR:
        return "decided"
    if match.winner_id:
        return "final"
    if game is not None and game.status == Game.Status.FINAL:
        return "tie"
    if game is not None:
        return "playing" if game.round.started_at else "seated"
    return "waiting"


def _scores(match: BracketMatch) -> tuple[int | None, int | None]:
    game = match.game
    if game is None or game.status != Game.Status.FINAL:
        return None, None
    by_team = {game.ns_team_id: game.ns_total, game.ew_team_id: game.ew_total}
    return by_team.get(match.team_a_id), by_team.get(match.team_b_id)


STATUS_TEXT = {
    "bye": gettext_lazy("Bye"), "walkover": gettext_lazy("Walkover"),
    "decided": gettext_lazy("Decided by the director"), "final": pgettext_lazy("a match's result", "Final"),
    "tie": gettext_lazy("Tie: waiting for the director"), "playing": gettext_lazy("Playing"),
    "seated": gettext_lazy("Seated"), "waiting": gettext_lazy("Waiting"),
}


def _placeholder(match: BracketMatch, source: BracketMatch | None) -> str:
    """What an empty slot shows: a bye in round 1, else where its team will come from."""
    if source is None:
        return gettext("Bye")
    if match.is_third_place:
        return gettext("Loser of M%(match)s") % {"match": source.number}
    return gettext("Winner of M%(match)s") % {"match": source.number}


def match_data(match: BracketMatch, by_id: dict, *, director: bool) -> dict:
    score_a, score_b = _scores(match)
    status = _status(match)
    winner = None
    if match.winner_id is not None:
        winner = "a" if match.winner_id == match.team_a_id else "b"
    data: dict = {"match": match.number, "a": match.seed_a, "b": match.seed_b}
    if match.from_a_id is not None:
        data["from"] = [by_id[match.from_a_id].number, by_id[match.from_b_id].number]
    data.update({
        "team_a": _team(match.team_a, match.seed_a),
        "team_b": _team(match.team_b, match.seed_b),
        "winner": winner,
        "winner_team": match.winner_id,
        "decided_by": match.decided_by or None,
        "status": status,
        "status_text": str(STATUS_TEXT[status]),
        "label_a": _placeholder(match, by_id.get(match.from_a_id)),
        "label_b": _placeholder(match, by_id.get(match.from_b_id)),
        "table": match.game.table.number if match.game else None,
        "game": match.game.round.number if match.game else None,
        "score_a": score_a,
        "score_b": score_b,
        "bye": match.decided_by == BracketMatch.DecidedBy.BYE,
        "needs_director": match.needs_attention,
    })
    if director:
        data["note"] = match.attention_note
        data["decision_note"] = match.decision_note
        data["pending_correction"] = match.pending_correction
    return data


def bracket_data(event: Event, *, director: bool = False, bracket: Bracket | None = None,
                 matches: list[BracketMatch] | None = None) -> dict:
    """The bracket as plain data: the API's JSON and the pages' context. Two queries."""
    bracket = bracket if bracket is not None else bracket_for(event)
    if bracket is None:
        return {"event": event.pk, "drawn": False, "size": None, "rounds": [], "round_names": [],
                "third_place": None, "champion": None, "runner_up": None, "third": None}
    matches = matches if matches is not None else load_matches(bracket)
    by_id = {m.pk: m for m in matches}
    counts = rounds_count(matches)
    rounds: list[list[dict]] = [[] for _ in counts]
    third = None
    final = None
    for match in matches:
        data = match_data(match, by_id, director=director)
        if match.is_third_place:
            third = match
            third_data = data
        else:
            rounds[match.round_index - 1].append(data)
            if match.round_index == len(counts):
                final = match
    return {
        "event": event.pk,
        "drawn": True,
        "size": bracket.size,
        "teams": bracket.team_count,
        "seeded_by": bracket.seeded_by,
        "rounds": rounds,
        "round_names": [round_title(counts[r]) for r in range(1, len(counts) + 1)],
        "third_place": third_data if third else None,
        "champion": _team(final.winner, _seed_in(final, final.winner_id)) if final and final.winner else None,
        "runner_up": _team(final.loser, _seed_in(final, final.loser.pk)) if final and final.loser else None,
        "third": _team(third.winner, _seed_in(third, third.winner_id)) if third and third.winner else None,
    }


def _seed_in(match: BracketMatch, team_id) -> int | None:
    return match.seed_a if team_id == match.team_a_id else match.seed_b


def attention_matches(matches: list[BracketMatch]) -> list[BracketMatch]:
    """The matches waiting for the director: ties, corrections to confirm, games played by the wrong team."""
    return [m for m in matches if m.needs_attention or m.pending_correction]


def round_name_for(round_: Round | None) -> str:
    """What players call a knockout round (game): "Quarter-finals", "Semi-finals", "Final", "Final and
    third place", "Third place", "Round of 16"; "" for a rotation round. One query."""
    if round_ is None or round_.phase != Round.Phase.KNOCKOUT:
        return ""
    rows = list(BracketMatch.objects.filter(bracket__event_id=round_.event_id)
                .values_list("round_index", "is_third_place", "game__round_id"))
    counts = Counter(index for index, third, _ in rows if not third)
    here = [(index, third) for index, third, round_id in rows if round_id == round_.pk]
    if not here:
        return ""
    names = [round_title(counts[index]) for index in sorted({index for index, third in here if not third})]
    third_place = any(third for _, third in here)
    if not names:
        return gettext("Third place") if third_place else ""
    rounds = names[0]
    for name in names[1:]:
        rounds = gettext("%(first)s and %(then)s") % {"first": rounds, "then": name}
    return gettext("%(round)s and third place") % {"round": rounds} if third_place else rounds


def knockout_round_to_start(event: Event) -> Round | None:
    """The event's latest game when it is a knockout round seated and waiting for the go-ahead."""
    round_ = event.latest_round()
    if round_ is None or round_.phase != Round.Phase.KNOCKOUT or not round_.awaits_go_ahead:
        return None
    return round_
