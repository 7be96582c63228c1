"""The tournament: who plays whom, at which table, and when.

Three packages, each a Django app of its own, with dependencies pointing one way:

    core/      events, teams, tables, rounds and games; the movement, the draw, seating, team import
    clock/     the game clock: go-ahead, pause, resume, extra time, and its moments (warning, time up)
    knockout/  single elimination: the bracket, its games, walkovers, ties and corrections

`clock` and `knockout` build on `core` and never on each other; `core` imports neither. When the core
changes something a sub-system cares about (a result becomes final, a team withdraws) it announces it in
`core.signals`, and the sub-system subscribes in its `apps.py`.
"""
