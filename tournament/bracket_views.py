"""The knockout's pages: the director's bracket with its actions, the printable bracket, the public bracket.

Thin: every change goes through `tournament.bracket_services` (or `services.withdraw_team`); "seed from
the standings" posts to `scoring.playoff_views`, because only scoring reads the standings.
"""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse

from . import bracket_services, services
from .bracket import plan_bracket, render_text
from .bracket_forms import SeedOrderForm
from .bracket_models import Bracket, BracketMatch
from .bracket_selectors import attention_matches, bracket_data, bracket_for, load_matches
from .errors import TournamentError
from .models import Event, Game
from .views import director_view

POLL_SECONDS = 15


def _columns(data: dict) -> list[tuple[str, list[dict]]]:
    return list(zip(data["round_names"], data["rounds"], strict=True))


def public_bracket(request, event_id: int):
    event = get_object_or_404(Event, pk=event_id)
    if not event.bracket_published and not event.is_director(request.user):
        return render(request, "public/not_published.html", {"event": event, "what": "bracket"}, status=404)
    data = bracket_data(event)
    return render(request, "public/bracket.html", {
        "event": event, "data": data, "columns": _columns(data), "poll_seconds": POLL_SECONDS,
        "api_url": reverse("api-event-bracket", args=[event.pk]),
    })


@director_view
def bracket_print(request, event: Event):
    data = bracket_data(event)
    return render(request, "director/bracket_print.html", {"event": event, "data": data, "columns": _columns(data)})


ACTIONS = ("random", "order", "decide", "confirm", "keep", "withdraw", "publish", "unpublish", "discard")


@director_view
def director_bracket(request, event: Event):
    bracket = bracket_for(event)
    teams = list(event.teams.active().order_by("number"))
    order_form = SeedOrderForm(teams=teams, initial=_initial_seeds(teams))
    if request.method == "POST":
        action = request.POST.get("action", "")
        if action == "order" and bracket is None:
            order_form = SeedOrderForm(request.POST, teams=teams)
            if not order_form.is_valid():
                messages.error(request, "The seeds need fixing: see the order form below.")
            elif _run(request, lambda: bracket_services.create_bracket(
                event, request.user, order_form.order, seeded_by=Bracket.SeededBy.DIRECTOR
            ), "The bracket is drawn in your order."):
                return redirect("director-bracket", event_id=event.pk)
        elif action in ACTIONS:
            _run_action(request, event, bracket, action)
            return redirect("director-bracket", event_id=event.pk)
        else:
            messages.error(request, "That action is not known: reload the page and try again.")
            return redirect("director-bracket", event_id=event.pk)

    context = {"event": event, "bracket": bracket, "order_form": order_form, "teams": teams}
    if bracket is None:
        context["preview"] = _preview(event, teams)
    else:
        matches = load_matches(bracket)
        data = bracket_data(event, director=True, bracket=bracket, matches=matches)
        context.update({
            "data": data, "columns": _columns(data),
            "attention": [_attention_item(m) for m in attention_matches(matches)],
            "teams_in_play": _teams_in_play(matches),
        })
    return render(request, "director/bracket.html", context)


def _run(request, action, success: str) -> bool:
    try:
        action()
    except TournamentError as error:
        messages.error(request, error.message)
        return False
    messages.success(request, success)
    return True


def _run_action(request, event: Event, bracket: Bracket | None, action: str) -> None:
    user, post = request.user, request.POST
    if action == "publish":
        _run(request, lambda: bracket_services.set_bracket_published(event, user, True),
             "The bracket is public now.")
        return
    if action == "unpublish":
        _run(request, lambda: bracket_services.set_bracket_published(event, user, False),
             "The bracket is hidden from the public.")
        return
    if action == "random":
        _run(request, lambda: bracket_services.create_bracket_random(event, user), "The bracket is drawn at random.")
        return
    if bracket is None:
        messages.error(request, "Draw the bracket first.")
        return
    if action == "discard":
        _run(request, lambda: bracket_services.discard_bracket(event, user), "The bracket is discarded.")
        return
    if action == "withdraw":
        team = event.teams.filter(pk=_int(post.get("team"))).first()
        if team is None:
            messages.error(request, "Choose the team that withdraws.")
            return
        _run(request, lambda: services.withdraw_team(team, user),
             f"{team.name} has withdrawn; its opponent goes through on a walkover.")
        return
    match = BracketMatch.objects.filter(bracket=bracket, pk=_int(post.get("match"))).first()
    if match is None:
        messages.error(request, "That match is not in this bracket: reload the page and try again.")
        return
    if action == "decide":
        winner = _int(post.get("winner"))
        if winner is None:
            messages.error(request, f"Choose the team that goes through M{match.number}.")
            return
        _run(request, lambda: bracket_services.decide_match(
            match, user, winner_id=winner, reason=post.get("reason", "")), f"M{match.number} is decided.")
    elif action == "confirm":
        _run(request, lambda: bracket_services.confirm_correction(match, user),
             f"The correction of M{match.number} is carried through the bracket.")
    elif action == "keep":
        _run(request, lambda: bracket_services.keep_played_result(match, user, reason=post.get("reason", "")),
             f"The result of M{match.number} stands.")


def _int(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _initial_seeds(teams) -> dict:
    """The seeds typed on the team list, if any; otherwise registration order, for the director to adjust."""
    if any(team.seed for team in teams):
        return {f"seed_{team.pk}": team.seed for team in teams if team.seed}
    return {f"seed_{team.pk}": n for n, team in enumerate(teams, start=1)}


def _preview(event: Event, teams) -> str:
    size = len(teams)
    if event.format == Event.Format.ROTATION_THEN_KNOCKOUT:
        size = min(size, event.playoff_size or 8)
    try:
        return render_text(plan_bracket(size, third_place=event.third_place_game))
    except ValueError as error:
        return str(error)


def _attention_item(match: BracketMatch) -> dict:
    """One match waiting for the director, with the choices it offers and what each would change."""
    game = match.game
    tied = game is not None and game.status == Game.Status.FINAL and game.winner == Game.Winner.TIE
    item = {"match": match, "note": match.attention_note, "teams": [t for t in (match.team_a, match.team_b) if t]}
    if match.pending_correction and match.pending_winner_id:
        item["kind"] = "confirm"
        item["impact"] = bracket_services.correction_impact(match, match.pending_winner).affected
    elif tied or (match.winner_id is None and len(item["teams"]) == 2):
        item["kind"] = "decide"
        item["choices"] = [
            {"team": team, "impact": bracket_services.correction_impact(match, team).affected
             if match.winner_id else []}
            for team in item["teams"]
        ]
    else:
        item["kind"] = "keep"
    return item


def _teams_in_play(matches: list[BracketMatch]) -> list:
    """Active teams with a match still to decide: the ones a withdrawal concerns."""
    seen = {}
    for match in matches:
        for team in (match.team_a, match.team_b):
            if match.winner_id is None and team is not None and team.is_active:
                seen[team.pk] = team
    return sorted(seen.values(), key=lambda t: t.number)
