"""Director set-up pages and the public seating page. Thin: every change goes through `services`."""

import re

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from . import selectors, services
from .access import director_view, safe_next
from .consolidate_views import suggest_consolidation
from .dashboard import clock_state, next_step
from .dashboard_actions import CLOCK_LABELS, step_action
from .errors import TournamentError
from .forms import DrawForm, EventForm, SeatingForm, TeamForm, TeamImportForm, TeamNamesForm
from .game_room import plays_alone
from .models import Event, Game, Team
from .movement import rematch_warning
from .outcome import run_action
from .questions import round_name
from .withdrawal import withdrawal_preview


def back_to_event(event: Event):
    return redirect(reverse("director-event", args=[event.pk]))


@login_required
def director_home(request):
    events = selectors.events_for(request.user).order_by("-date", "name")
    return render(request, "director/home.html", {"events": events})


@login_required
def event_create(request):
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        event = services.create_event(director=request.user, **form.cleaned_data)
        messages.success(request, _("%(event)s is created. Next: add the teams.") % {"event": event.name})
        return back_to_event(event)
    return render(request, "director/event_form.html", {"form": form})


@director_view
def event_detail(request, event):
    """The director's dashboard: where the day stands and the one next action first (`dashboard`), then
    the clock, the seating, the teams, the set-up and the log, each in its own section."""
    current = event.latest_round()
    day = selectors.day_of(event, current)
    plan = next_step(day)
    teams = list(event.teams.select_related("section").order_by("number"))
    context = {
        "event": event,
        "section_sizes": _section_sizes(teams),
        "day": day,
        "plan": plan,
        "next_action": step_action(event, plan.step, request.get_full_path()),
        "clock_label": CLOCK_LABELS.get(clock_state(day), ""),
        "teams": teams,
        "checked_in": sum(team.is_active and team.is_checked_in for team in teams),
        "active_count": day.active_teams,
        "round": current,
        "rows": selectors.seating_rows(current) if current else [],
        # An event in sections: each section's game, clock and seating (docs/sections.md); its latest round
        # says whether it has them, with no query more for an event in one room.
        "sections": _section_seating(current),
        "players": selectors.players_seating(current) if current and plays_alone(event) else None,
        "alone": plays_alone(event),
        "team_form": TeamForm(),
        "is_knockout": event.format == Event.Format.KNOCKOUT,
        # The controls show exactly when their services would accept (the models hold the rules).
        "can_draw": current is not None and current.takes_seat_draws,
        "can_advance": not day.next_game_refusal,
        "round_name": round_name(current),
        "actions": event.actions.select_related("user")[:15],
        "event_links": _event_links(event, seated=current is not None),
        "rematch_warning": rematch_warning(day.tables, event.games)
        if day.tables and event.format != Event.Format.KNOCKOUT else None,
    }
    return render(request, "director/event.html", context)


def page_links(event: Event, pages) -> list[dict]:
    """Buttons to this event's pages: (route name, label, whether to show it) for each."""
    return [{"url": reverse(name, args=[event.pk]), "label": label} for name, label, shown in pages if shown]


def _event_links(event: Event, seated: bool) -> list[dict]:
    """The director's links to the event's other pages (no bracket for a rotation-only event; the paper
    sheets and guide cards once a game is seated, since they follow its seating, and only for teams at
    two sides: a players table's results are entered per seat from the seating page)."""
    paper = seated and not plays_alone(event)
    return page_links(event, [
        ("director-board", _("Score board"), True),
        ("director-cards", _("Table and team cards"), True),
        ("director-paper-sheets", _("Score sheets on paper"), paper),
        ("director-guide-cards", _("Guide cards"), paper),
        ("public-standings", _("Public standings"), True),
        ("public-clock", _("Projector clock"), True),
        ("director-bracket", _("Bracket"), event.format != Event.Format.ROTATION),
    ])


@director_view
def event_edit(request, event):
    form = EventForm(request.POST or None, instance=Event.objects.get(pk=event.pk))
    if request.method == "POST" and form.is_valid():
        done = run_action(request, lambda: services.update_event(event, request.user, form.cleaned_data),
                          _("The event's settings are saved."))
        if done:
            return back_to_event(event)
    return render(request, "director/event_form.html", {"form": form, "event": event})


@director_view
def team_import(request, event):
    form = TeamImportForm(request.POST or None, request.FILES or None)
    report = None
    if request.method == "POST" and form.is_valid():
        try:
            report = services.import_teams(event, form.data_to_import(), request.user)
        except TournamentError as error:
            messages.error(request, error.message)
        else:
            if report.ok:
                imported = (_("%(count)s players imported.") if plays_alone(event) else
                            _("%(count)s teams imported."))
                messages.success(request, imported % {"count": len(report.rows)})
                return back_to_event(event)
    return render(request, "director/team_import.html", {"event": event, "form": form, "report": report,
                                                         "alone": plays_alone(event)})


@require_POST
@director_view
def team_add(request, event):
    form = TeamForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give the names of both players (and a seed of 1 or more, if any)."))
        return back_to_event(event)
    team = run_action(request, lambda: services.add_team(event, request.user, **form.cleaned_data),
                      _("The team is added."))
    if team and team.start_table:
        side = _("North-South") if team.start_side == "ns" else _("East-West")
        table = services.table_in_game(team, team.joined_at_game)
        messages.info(request, _("%(team)s joins at game %(game)s, %(side)s at table %(table)s.")
                      % {"team": team.name, "game": team.joined_at_game, "side": side, "table": table})
    elif team and event.pairing_of(team.joined_at_game):
        messages.info(request, paired_join_words(team))
    return back_to_event(event)


def paired_join_words(team: Team) -> str:
    """What the director is told of a late team that joins the paired games (docs/pairing.md)."""
    game = Game.objects.filter(round__event_id=team.event_id, round__number=team.joined_at_game,
                               ew_team=team).select_related("table", "ns_team").first()
    if game is not None:
        return (_("%(team)s joins game %(game)s at table %(table)s, East-West, against %(opponent)s, who had "
                  "the bye.") % {"team": team.name, "game": team.joined_at_game, "table": game.table.number,
                                 "opponent": game.ns_team.name})
    return (_("%(team)s joins at game %(game)s, paired by the standings: its table is given when the game is "
              "paired. The games it missed count as nothing (no win, no points).")
            % {"team": team.name, "game": team.joined_at_game})


@director_view
def team_edit(request, event, team_id):
    """Mend a team's names or club; a refused change keeps the form as typed and changes nothing."""
    team = get_object_or_404(Team, pk=team_id, event=event)
    form = TeamNamesForm(request.POST or None, alone=plays_alone(event),
                         initial={"player1": team.player1, "player2": team.player2, "club": team.club})
    if request.method == "POST" and form.is_valid():
        old_name = team.name
        try:
            services.rename_team(team, request.user, **{"player2": "", **form.cleaned_data})
        except TournamentError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("%(old)s is now %(new)s; every page shows the new names.")
                             % {"old": old_name, "new": team.name})
            return redirect(reverse("director-event", args=[event.pk]) + "#teams")
    return render(request, "director/team_edit.html", {"event": event, "team": team, "form": form})


@director_view
def team_withdraw(request, event, team_id):
    """A confirmation page that says what the withdrawal will do; only its own form (`confirmed`) withdraws,
    so a stray or repeated post changes nothing."""
    team = get_object_or_404(Team, pk=team_id, event=event)
    if request.method == "POST" and request.POST.get("confirmed") == "1":
        table_now = withdrawal_preview(team).get("table_now", "") if team.is_single_player else ""
        if run_action(request, lambda: services.withdraw_team(team, request.user),
                      _("%(team)s has withdrawn; their seat is empty in every game not started yet, and the "
                        "games they played keep their results.") % {"team": team.name}
                      + (f" {table_now}" if table_now else "")):
            suggest_consolidation(request, event)
        return back_to_event(event)
    if request.method == "POST":
        messages.warning(request, _("Nothing has changed: %(team)s are still playing. Confirm below to "
                                    "withdraw them.") % {"team": team.name})
        return redirect(reverse("director-team-withdraw", args=[event.pk, team.pk]))
    return render(request, "director/confirm_withdraw.html", {
        "event": event, "team": team, "preview": withdrawal_preview(team) if team.is_active else None,
    })


def _section_sizes(teams) -> list[tuple[str, int]]:
    """(letter, active teams) of each section, from the teams already read (no query); [] in one room."""
    sizes: dict = {}
    for team in teams:
        if team.is_active and team.section is not None:
            sizes[team.section] = sizes.get(team.section, 0) + 1
    return [(section.letter, size) for section, size in sorted(sizes.items(), key=lambda item: item[0].order)]


@require_POST
@director_view
def sections_divide(request, event):
    """Split the teams into sections (rooms), dealt by seed and registration; 0 makes one room again."""
    count = request.POST.get("count", "").strip()
    if not count.isdigit():
        messages.error(request, _("Nothing has changed: give the number of sections (0 for one room)."))
        return back_to_event(event)
    run_action(request, lambda: services.divide_into_sections(event, request.user, count=int(count)),
               _("The teams are in one room.") if int(count) < 2 else
               _("The teams are divided into %(count)s sections, and the tables numbered section by section.")
               % {"count": count})
    return back_to_event(event)


@require_POST
@director_view
def tables_number(request, event):
    run_action(request, lambda: services.number_tables(event, request.user), _("The tables are numbered."))
    return back_to_event(event)


@director_view
def seat_first_game(request, event):
    teams = list(event.teams.active().order_by("number"))
    table_numbers = list(event.tables.order_by("number").values_list("number", flat=True))
    form = SeatingForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        method = form.cleaned_data["method"]
        try:
            pairs = _manual_pairs(request.POST, table_numbers) if method == "manual" else None
        except ValueError as error:
            messages.error(request, str(error))
        else:
            done = run_action(
                request,
                lambda: services.seat_first_game(event, request.user, method=method, pairs=pairs),
                _("Game 1 is seated and the draw for North-South is made at every table."),
            )
            if done:
                return back_to_event(event)
    return render(request, "director/seat_first_game.html", {
        "event": event, "form": form, "teams": teams, "table_numbers": table_numbers,
    })


def _manual_pairs(post, table_numbers) -> list[tuple[int | None, int | None]]:
    pairs = []
    for number in table_numbers:
        ids = []
        for slot in ("a", "b"):
            value = post.get(f"table-{number}-{slot}", "").strip()
            if value and not re.fullmatch(r"[0-9]{1,12}", value):
                raise ValueError(_("Table %(table)s: choose a team from the list.") % {"table": number})
            ids.append(int(value) if value else None)
        pairs.append(tuple(ids))
    return pairs


@require_POST
@director_view
def game_draw(request, event, game_id):
    game = get_object_or_404(Game.objects.select_related("round", "table", "ns_team", "ew_team"),
                             pk=game_id, round__event=event)
    form = DrawForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(e for errors in form.errors.values() for e in errors))
        return back_to_event(event)
    cards = None
    if form.cleaned_data["card_a"]:
        cards = {game.ns_team_id: form.cleaned_data["card_a"], game.ew_team_id: form.cleaned_data["card_b"]}
    run_action(
        request,
        lambda: services.record_draw(game, request.user, winner_chose=form.cleaned_data["winner_chose"],
                                     cards=cards),
        _("Table %(table)s: the draw is recorded.") % {"table": game.table.number},
    )
    return back_to_event(event)


@require_POST
@director_view
def advance(request, event):
    """Seat the next game. With results missing (`force`), only from the confirmation page's own form: the
    dashboard's button never skips them."""
    force = request.POST.get("force") == "1"
    if force and request.POST.get("confirmed") != "1":
        messages.warning(request, _("Nothing has changed. Tick the box to seat the next game without the "
                                    "missing results."))
        return redirect(reverse("director-advance-missing", args=[event.pk]))
    round_ = run_action(request, lambda: services.advance_to_next_game(event, request.user, force=force),
                        _seated_sentence)
    if round_ and round_.pairing:
        _warn_paired_rematches(request, round_)
        return back_to_event(event)
    tables = event.tables.open().count()
    if round_ and round_.number > tables:
        messages.warning(request, _("Game %(game)s repeats the pairings of game %(earlier)s: with %(tables)s "
                                    "tables each team has only %(tables)s different opponents.")
                         % {"game": round_.number, "earlier": round_.number - tables, "tables": tables})
    return back_to_event(event)


def _seated_sentence(round_) -> str:
    if round_.pairing:
        method = {"danish": _("Danish"), "swiss": _("Swiss")}.get(round_.pairing, round_.pairing.capitalize())
        return (_("Game %(game)s is paired by the standings (%(method)s): the higher-ranked team of each pair "
                  "sits North-South, the top pair at table 1.") % {"game": round_.number, "method": method})
    return _("The next game is seated: North-South stays, East-West moves up one table.")


def _warn_paired_rematches(request, round_) -> None:
    """A paired game repeats a meeting only when no pairing without one exists: say so, with how many."""
    details = round_.actions.filter(action="advance").values_list("details", flat=True).first() or {}
    rematches = details.get("rematches", 0)
    if rematches:
        messages.warning(request, ngettext(
            "Game %(game)s has %(count)s pair who met before: with these teams no pairing avoids it.",
            "Game %(game)s has %(count)s pairs who met before: with these teams no pairing avoids it.",
            rematches) % {"game": round_.number, "count": rematches})


@director_view
def advance_missing(request, event):
    """The separate, explained step to seat the next game while some results are still missing."""
    current = event.latest_round()
    day = selectors.day_of(event, current)
    if not next_step(day).may_force_next_game:
        messages.info(request, day.next_game_refusal
                      or _("Every result is in: seat the next game from the event page."))
        return back_to_event(event)
    return render(request, "director/confirm_advance.html", {"event": event, "day": day})


@require_POST
@director_view
def publish(request, event):
    what, value = request.POST.get("what", ""), request.POST.get("value") == "1"
    run_action(request, lambda: services.publish(event, request.user, what, value), _published_sentence(what, value))
    return redirect(safe_next(request, reverse("director-event", args=[event.pk])))



def _published_sentence(what: str, value: bool) -> str:
    """What the director is told once a public page is published or hidden."""
    sentences = {
        ("seating", True): _("The seating is published."),
        ("seating", False): _("The seating is hidden from the public."),
        ("standings", True): _("The standings is published."),
        ("standings", False): _("The standings is hidden from the public."),
        ("bracket", True): _("The bracket is published."),
        ("bracket", False): _("The bracket is hidden from the public."),
    }
    return sentences.get((what, value)) or f"The {what} is {'published' if value else 'hidden from the public'}."


def _section_seating(current) -> list:
    """(round, seating rows) of each section's latest game; [] for an event in one room (or not seated)."""
    if current is None or current.section_id is None:
        return []
    return [(r, selectors.seating_rows(r)) for r in current.event.section_rounds()]


@director_view
def seating(request, event):
    """The director's printable seating of the current game; for single players, each table's link to
    enter its results."""
    current = event.latest_round()
    alone = bool(current) and plays_alone(event)
    return render(request, "director/seating.html", {
        "event": event, "round": current, "rows": selectors.seating_rows(current) if current else [],
        "sections": _section_seating(current),
        "players": selectors.players_seating(current) if alone else None,
        "result_tables": selectors.players_result_tables(current) if alone else [],
        "closed_tables": event.tables.exclude(closed_from_game=None).order_by("number"),
    })

