"""Writes to the knockout: drawing the bracket, seating its rounds, advancing winners, walkovers, ties and
corrections. The seeding itself is the pure `plan`; this package persists it and plays it.

How a bracket is played, in one place:

* **Seeds** are an ordered list of team ids, best first: the standings (glue in `scoring.playoff`, since
  this app never imports `scoring`), a random draw, or the director's order.
* **Byes** are decided when the bracket is drawn: the seed goes straight into its round-2 slot.
* **Seating.** A bracket round is seated as a whole (one knockout `Round`, numbered after the games
  before it) as soon as every match in it has both teams or is decided, so the director starts the whole
  round with the clock's go-ahead. Its games take tables 1..M in match order (the final at table 1, the
  third-place game at table 2); missing tables are created. North-South is the high-card draw's.
* **Results.** The core announces every final result (`signals.game_result_final`) and `on_game_result`
  receives it; the winner goes into the next slot at once (the loser of a semi-final into the
  third-place game).
* **Ties** wait for the director: `decide_match` with a reason (logged).
* **Walkovers.** The core announces a withdrawal (`signals.team_withdrawn`) and `on_team_withdrawn`
  receives it: the withdrawn team's opponent goes through with no score, now if it is known, or as soon
  as it arrives. An unplayed game at the table is left with the opponent alone, so no sheet can be
  entered for it.
* **Corrections** never change the games after silently. When a corrected result changes a winner: if no
  later game is seated or played yet, the change is made at once (only an empty slot changes). Otherwise
  the result is recorded (no accepted score is lost), the bracket holds the old winner, and the match is
  marked for the director with the list of affected games (`correction_impact`); `confirm_correction`
  then re-seats the later games not yet played and flags those already played, which the director
  keeps (`keep_played_result`) or corrects in turn.
* **Played** means under way, not only final: a game is never re-seated once its round's clock has
  started or a score sheet was entered for it (`Tree.in_play`), else the old pair's sheet could be
  accepted and recorded against the new pair. Such a game is flagged like a played one ("in progress");
  its result, when it comes, keeps the flag for the director.
* **Sheets without importing scoring.** Whether a game has a sheet is asked through the core
  (`tournament.core.questions.games_with_sheets`), which scoring answers: the knockout never imports
  scoring, yet sees a sheet waiting for acceptance.
* **The playoff after the rotation** is drawn only once every rotation game is seated and final, unless
  the director ends the rotation early (`end_rotation_early`, logged with the reason).

By what they hold:

    tree.py      the bracket in memory while a change is worked out, and what the change did
    carry.py     the rules: winners carried on, matches settled, games under way flagged
    saving.py    writing a change: games, matches, the rounds now ready, the event's status
    drawing.py   drawing the bracket, discarding it, publishing it
    director.py  the director's decisions: ties, corrections, results kept, withdrawals
    results.py   the receivers of the core's announcements: a final result, a withdrawal
"""

from .director import (
    confirm_correction,
    correction_impact,
    decide_match,
    drawn_bracket,
    keep_played_result,
    match_in_bracket,
    withdraw_from_bracket,
)
from .drawing import (
    create_bracket,
    create_bracket_random,
    discard_bracket,
    require_no_bracket,
    rotation_games_missing,
    set_bracket_published,
)
from .results import on_game_result, on_team_withdrawn
from .tree import Changes

__all__ = [
    "Changes", "confirm_correction", "correction_impact", "create_bracket", "create_bracket_random",
    "decide_match", "discard_bracket", "drawn_bracket", "keep_played_result", "match_in_bracket",
    "on_game_result", "on_team_withdrawn", "require_no_bracket", "rotation_games_missing",
    "set_bracket_published", "withdraw_from_bracket",
]
