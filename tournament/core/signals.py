"""What the core announces to the apps built on it (the knockout today; other formats tomorrow).

The core never imports those apps: a change they care about is announced here, and each subscribes in
its `AppConfig.ready`. The signals are sent inside the transaction that makes the change, with `send`
(not `send_robust`): a receiver's writes commit or roll back with the change, and a receiver that
refuses (raises) stops it.

    game_result_final   a game's result was recorded, first or corrected:
                        game=Game, previous=(ns_total, ew_total, winner) or None, user=User or None
    team_withdrawn      a team withdrew: team=Team, user=User
    event_changed       something players may see changed (a result, a seating, a team, the bracket, a
                        setting), logged as a director's action or saved on the event: event_id=int,
                        action=str. The published answers (`published`) are marked out of date by it.
"""

from django.dispatch import Signal

game_result_final = Signal()
team_withdrawn = Signal()
event_changed = Signal()
