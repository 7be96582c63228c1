"""What the event's game asks of the room, read from its rule set (rules.room): teams of two or single
players, and the seats of a table.

Teams of two sit two sides to a table and move by the NVSO Mitchell movement (`movement`), exactly as
before; single players are seated by the players' movement (`players_movement`) at tables of the seats
the event sets (`Event.table_seats`, within the game's own range; blank: the game's own). One place says
which, and the services, the import and the pages ask it.

The score a game is played to is the rule set's too: the event may set its own (`Event.target_score`) where
the game has one (NVSO's 8,500, the five-player game's 4,000, Canasta 21's 5,000), and the rule set judges it.
"""

from django.utils.translation import gettext as _

from rules.registry import find_ruleset
from rules.room import PLAYERS, TWO_TEAMS, Room, room_of
from rules.words import option_words

from .players_movement import SeatRange, parse_seats


def room_for(ruleset: str, rule_options: dict | None) -> Room:
    """The room of the rule set called `ruleset` as the event's options choose it (Canasta 21 in
    partnerships is two teams); an unknown name is the NVSO table's, two teams."""
    found = find_ruleset(ruleset)
    return TWO_TEAMS if found is None else room_of(found).chosen(rule_options)


def event_room(event) -> Room:
    return room_for(event.ruleset, event.rule_options)


def plays_alone(event) -> bool:
    """Whether the event's entrants are single players (else teams of two, at two sides)."""
    return event_room(event).entrants == PLAYERS


def fewest_players(event) -> int:
    """The fewest players a table of this game can play with: the game's own, whatever the event's seats
    (Canasta 21 planned at 3-4 still plays at 2, when a player withdraws)."""
    return event_room(event).seats[0]


def seated_by_seats(game) -> bool:
    """Whether this game's players sit in seats (`Seat` rows) rather than as North-South and East-West: the
    games of single players' own movement. A knockout of single players two to a table seats them as two
    sides, so its games have North-South and East-West, and their sheets and results are two sides'."""
    return plays_alone(game.round.event) and game.ns_team_id is None and game.ew_team_id is None


def seat_range(event) -> SeatRange:
    """The seats of a table for the players' movement: the event's setting, else the game's own range."""
    return parse_seats(event.table_seats or event_room(event).seats_text)


def table_seats_refusal(ruleset: str, rule_options: dict | None, text: str) -> str:
    """Why `text` cannot be the seats of a table for this game ("" when it can, or is blank)."""
    if not text:
        return ""
    room = room_for(ruleset, rule_options)
    if room.entrants != PLAYERS:
        return _("Teams of two sit two to a table; the seats of a table are set only for a game of single "
                 "players.")
    try:
        seats = parse_seats(text)
    except ValueError as error:
        return str(error)
    low, high = room.seats
    if seats.low < low or seats.high > high:
        return (_("This game seats %(seats)s players at a table, so %(text)s is not possible.")
                % {"seats": room.seats_text, "text": text})
    return ""


TARGET = "target_score"


def target_score_refusal(ruleset: str, value: int | None) -> str:
    """Why `value` cannot be the score this game is played to ("" when it can, or is blank for the game's
    own): a game without a target (Crazy Canasta's four deals, the solitaire) takes none, and the rule set
    says which numbers its target may be (NVSO's and the five-player game's: a multiple of 5)."""
    found = find_ruleset(ruleset)
    if value is None or found is None:
        return ""
    if TARGET not in getattr(found, "options", {}):
        game = found.title.split(" (", 1)[0]  # "Crazy Canasta", without the title's particulars
        return _("%(game)s is not played to a score: leave the target score blank.") % {"game": game}
    problems: list = []
    found.parse_options({TARGET: value}, problems)
    # The rule set names its option ('The option "target_score"'), the form its field, in the page's language.
    return problems[0].message.replace(option_words(TARGET), _("The target score")) if problems else ""


def game_target_score(event) -> int | None:
    """The score a game of this event is played to: the event's own target, else one its rule options set,
    else the game's (None: the game has none). Every sheet of the event is held to it, whatever the sheet says."""
    found = find_ruleset(event.ruleset)
    own = getattr(found, "options", {})  # a rule set that only describes its line has no options
    if TARGET not in own:
        return None
    if event.target_score is not None:
        return event.target_score
    return (event.rule_options or {}).get(TARGET, own[TARGET])


def knockout_refusal(ruleset: str, rule_options: dict | None, text: str) -> str:
    """Why this game cannot have a knockout ("" when it can): a bracket's match is two sides at one table,
    teams of two or two single players, never three, four or five players round a table, or one alone."""
    room = room_for(ruleset, rule_options)
    if room.entrants != PLAYERS:
        return ""
    try:
        seats = parse_seats(text or room.seats_text)
    except ValueError:
        return ""  # the seats' own refusal says why
    if seats.low == seats.high == 2:
        return ""
    return (_("A knockout is played by two sides at each table, and this game seats single players %(seats)s to "
              "a table: choose rotation games, with no knockout.") % {"seats": seats})
