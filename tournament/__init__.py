"""Events, teams, tables, rounds and games: who sits where, the movement, the clock and the bracket."""
