"""The tournament's core: events, teams, tables, rounds and games, and who sits where.

The app keeps the label "tournament" (its tables are `tournament_event`, `tournament_team`, ...), so the
move into this package changed no table and no migration record.
"""
