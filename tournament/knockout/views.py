"""The knockout's pages: the director's bracket with its actions, the printable bracket, the public bracket.

Thin: every change goes through the knockout's `services`, which decide whether it fits (a bracket drawn
or not yet, a match of this bracket) and say why not; the page shows their sentence. "Seed from the
standings" posts to `scoring.playoff_views`, because only scoring reads the standings.
"""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from tournament.core.access import director_view
from tournament.core.errors import TournamentError
from tournament.core.language import speak_event_language
from tournament.core.models import Event, Game
from tournament.core.outcome import run_action

from . import services
from .forms import SeedOrderForm
from .models import Bracket, BracketMatch
from .plan import plan_bracket, render_text
from .selectors import (
    attention_matches,
    bracket_data,
    bracket_for,
    knockout_round_to_start,
    load_matches,
    round_name_for,
)

POLL_SECONDS = 15


def _columns(data: dict) -> list[tuple[str, list[dict]]]:
    return list(zip(data["round_names"], data["rounds"], strict=True))


def public_bracket(request, event_id: int):
    event = get_object_or_404(Event, pk=event_id)
    speak_event_language(request, event)
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


@director_view
def director_bracket(request, event: Event):
    teams = list(event.teams.active().order_by("number"))
    order_form = SeedOrderForm(teams=teams, initial=_initial_seeds(teams))
    if request.method == "POST":
        action = request.POST.get("action", "")
        if action != "order":
            _run_action(request, event, action)
            return redirect("director-bracket", event_id=event.pk)
        order_form = SeedOrderForm(request.POST, teams=teams)
        if _draw_in_order(request, event, order_form):
            return redirect("director-bracket", event_id=event.pk)

    bracket = bracket_for(event)
    context = {"event": event, "bracket": bracket, "order_form": order_form, "teams": teams}
    if bracket is None:
        context["preview"] = _preview(event, teams)
        missing = services.rotation_games_missing(event)
        if missing:
            context["rotation_short"] = {"played": event.total_games - len(missing), "planned": event.total_games}
    else:
        to_start = knockout_round_to_start(event)
        if to_start is not None:
            context["to_start"] = to_start
            context["to_start_name"] = round_name_for(to_start)
        matches = load_matches(bracket)
        data = bracket_data(event, director=True, bracket=bracket, matches=matches)
        context.update({
            "data": data, "columns": _columns(data),
            "attention": [_attention_item(m) for m in attention_matches(matches)],
            "teams_in_play": _teams_in_play(matches),
        })
    return render(request, "director/bracket.html", context)


def end_early_choice(post) -> dict:
    """The "end the rotation early" checkbox and its reason, as `create_bracket`'s keyword arguments."""
    return {"end_rotation_early": post.get("end_rotation_early") in ("1", "on", "yes", "true"),
            "reason": post.get("end_rotation_reason", "")}


def drawn_message(event: Event) -> str:
    """After a draw: which knockout round is seated, as which game, waiting for the go-ahead."""
    round_ = knockout_round_to_start(event)
    if round_ is None:
        return ""
    return _("%(round)s seated as game %(game)s: give the go-ahead when ready.") % {
        "round": round_name_for(round_) or _("Round 1"), "game": round_.number}


def _draw_in_order(request, event: Event, form: SeedOrderForm) -> bool:
    """The director's own order. True: back to the bracket (drawn, or there is one already); False: the
    page shows the order form again, with what to fix."""
    try:
        services.require_no_bracket(event)  # asked first: once drawn, the page has no order form
    except TournamentError as error:
        messages.error(request, error.message)
        return True
    if not form.is_valid():
        messages.error(request, _("The seeds need fixing: see the order form below."))
        return False

    def draw() -> str:
        services.create_bracket(event, request.user, form.order, seeded_by=Bracket.SeededBy.DIRECTOR,
                                        **end_early_choice(request.POST))
        drawn = _("The bracket is drawn in your order.")
        return f"{drawn} {drawn_message(event)}".strip()

    return run_action(request, draw, str) is not None


# --- The other actions: one function each, run by name; each returns its success or raises the refusal ---

def _publish(event: Event, user, post) -> str:
    services.set_bracket_published(event, user, True)
    return _("The bracket is public now.")


def _unpublish(event: Event, user, post) -> str:
    services.set_bracket_published(event, user, False)
    return _("The bracket is hidden from the public.")


def _draw_at_random(event: Event, user, post) -> str:
    services.create_bracket_random(event, user, **end_early_choice(post))
    drawn = _("The bracket is drawn at random.")
    return f"{drawn} {drawn_message(event)}".strip()


def _discard(event: Event, user, post) -> str:
    services.discard_bracket(event, user)
    return _("The bracket is discarded.")


def _withdraw(event: Event, user, post) -> str:
    team = services.withdraw_from_bracket(event, user, team_id=_int(post.get("team")))
    return _("%(team)s has withdrawn; its opponent goes through on a walkover.") % {"team": team.name}


def _decide(event: Event, user, post) -> str:
    match = services.match_in_bracket(event, _int(post.get("match")))
    services.decide_match(match, user, winner_id=_int(post.get("winner")), reason=post.get("reason", ""))
    return _("M%(match)s is decided.") % {"match": match.number}


def _confirm(event: Event, user, post) -> str:
    match = services.match_in_bracket(event, _int(post.get("match")))
    services.confirm_correction(match, user)
    return _("The correction of M%(match)s is carried through the bracket.") % {"match": match.number}


def _keep(event: Event, user, post) -> str:
    match = services.match_in_bracket(event, _int(post.get("match")))
    services.keep_played_result(match, user, reason=post.get("reason", ""))
    return _("The result of M%(match)s stands.") % {"match": match.number}


ACTIONS = {
    "publish": _publish, "unpublish": _unpublish, "random": _draw_at_random, "discard": _discard,
    "withdraw": _withdraw, "decide": _decide, "confirm": _confirm, "keep": _keep,
}


def _run_action(request, event: Event, action: str) -> None:
    run = ACTIONS.get(action)
    if run is None:
        messages.error(request, _("That action is not known: reload the page and try again."))
        return
    run_action(request, lambda: run(event, request.user, request.POST), str)


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
    both_out = len(item["teams"]) == 2 and not any(t.is_active for t in item["teams"])
    if match.pending_correction and match.pending_winner_id:
        item["kind"] = "confirm"
        item["impact"] = services.correction_impact(match, match.pending_winner).described()
    elif (match.winner_id is None and not tied and not both_out and game is not None
          and game.status != Game.Status.FINAL):
        item["kind"] = "wait"  # flagged while in progress: nothing to decide until its result is in
    elif tied or (match.winner_id is None and len(item["teams"]) == 2):
        item["kind"] = "decide"
        item["choices"] = [
            {"team": team, "impact": services.correction_impact(match, team).affected
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
