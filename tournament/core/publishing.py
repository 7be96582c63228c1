"""The answers the core publishes (`published`): the public seating and the room map (`room`), the live
part of their pages rendered once per change, so a room of phones polling them costs no query and no
template. A game of single players shows each table's players in their seats (seat 1 the highest card of
the draw, each next on the left) and who sits out, where a game of teams shows North-South and East-West.

Its version where no shared cache carries one is the event's last logged action (every seating, draw,
late team and withdrawal is logged) with its name and whether the seating is public.
"""

from django.db.models import Max
from django.template.loader import render_to_string

from . import published
from .collation import by_name
from .game_room import plays_alone
from .models import Event, Round
from .room import room_map
from .selectors import games_with_teams, players_seating

SEATING = "seating"
ROOM = "room"


def _latest_seating(event: Event) -> tuple[Round | None, list[dict], list[dict] | None]:
    """The latest game and its tables as rows, which the seating lists and the room map draws, and (for a
    game of single players, else None) who sits out: a row of players has their `seats` in seat order. In an
    event with sections, each section's latest game, every row saying its section (docs/sections.md)."""
    current = event.latest_round()
    if current is None or not plays_alone(event):
        rounds = event.section_rounds() if current is not None and current.section_id else [current] if current else []
        # "closes": the director consolidated the room for the next game and this table closes then.
        return current, [{"table": game.table.number, "ns": game.ns_team, "ew": game.ew_team,
                          "sit_out": game.is_sit_out, "closes": game.table.closed_from_game is not None,
                          "section": round_.section.letter if round_.section_id else "", "game": round_.number}
                         for round_ in rounds for game in games_with_teams(round_)], None
    seating = players_seating(current)
    seats = {table["table"]: table["seats"] for table in seating["tables"]}
    return current, [{"table": game.table.number, "ns": None, "ew": None, "sit_out": False, "closes": False,
                      "section": "", "game": current.number, "seats": seats.get(game.table.number, [])}
                     for game in games_with_teams(current)], seating["sitting_out"]


def _names(rows: list[dict]) -> list[dict]:
    """Everyone seated, by name in the order of the page's language, with their table: the page's index
    for a player who looks for a name rather than a table."""
    seated = [{"name": seat["name"], "table": row["table"], "section": row["section"]}
              for row in rows for seat in row.get("seats", [])]
    seated += [{"name": team.name, "table": row["table"], "section": row["section"]}
               for row in rows for team in (row["ns"], row["ew"]) if team is not None]
    return by_name(seated, lambda entry: entry["name"])


def seating_answer(event_id: int) -> tuple[dict, dict] | None:
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        return None
    current, rows, sitting_out = _latest_seating(event)
    live = render_to_string("public/seating_live.html", {"event": event, "round": current, "rows": rows,
                                                         "players": sitting_out is not None,
                                                         "sitting_out": sitting_out, "names": _names(rows)})
    return {"live": live.encode()}, {"published": event.seating_published, "players": sitting_out is not None,
                                     "language": event.language}


def room_answer(event_id: int) -> tuple[dict, dict] | None:
    """The latest game drawn as the room's map, with where East-West moves after it (if anyone moves)."""
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        return None
    current, rows, sitting_out = _latest_seating(event)
    # East-West moves by the movement only between two rotation games: a game paired by the standings (and
    # the last rotation game before one) has no arrows, since the pairing decides the next seats. Nor after
    # the director has consolidated the room for the next game (`services.consolidate`): some teams then move
    # elsewhere, which the next game's seating shows. Single players move by the day's plan, table by table,
    # which no arrow can draw.
    moves = bool(current and current.phase == Round.Phase.ROTATION and not current.pairing
                 and current.number < event.games and not any(row["closes"] for row in rows)
                 and sitting_out is None)
    grid = room_map(rows, event.room_tables_per_row, event.room_order, moves=moves)
    live = render_to_string("public/room_live.html", {
        "event": event, "round": current, "grid": grid, "moves": moves, "players": sitting_out is not None,
        "sitting_out": sitting_out,
        "sit_outs": [cell for row in grid for cell in row if cell and cell.sit_out],
    })
    return {"live": live.encode()}, {"published": event.seating_published, "language": event.language}


def logged_fingerprint(event_id: int, published_field: str) -> str:
    """The version of an answer that changes only with what a director's service logs: the event's last
    logged action, its name and whether the answer is public. One query."""
    facts = Event.objects.filter(pk=event_id).annotate(last=Max("actions__pk")).values_list(
        "created_at", "name", "language", published_field, "last").first()
    return repr(facts) if facts else ""


def seating_fingerprint(event_id: int) -> str:
    return logged_fingerprint(event_id, "seating_published")


def read_seating(event_id: int) -> published.Answer | None:
    """The seating's current answer; None when there is no such event."""
    return published.read(event_id, SEATING)


def read_room(event_id: int) -> published.Answer | None:
    """The room map's current answer; None when there is no such event."""
    return published.read(event_id, ROOM)


# A result, a sheet and the clock never move a seat: in a room accepting results every fraction of a second,
# they would keep the seating's answer out of date for nothing.
UNCHANGED_BY = {"record_result", "correct_sheet", "paper_sheet", "settle_late_sheet", *published.CLOCK_ACTIONS}


def register() -> None:
    published.register(SEATING, compute=seating_answer, fingerprint=seating_fingerprint, unchanged_by=UNCHANGED_BY)
    # The map moves with the seats and the event's settings (its rows), which the seating's version follows.
    published.register(ROOM, compute=room_answer, fingerprint=seating_fingerprint, unchanged_by=UNCHANGED_BY)
