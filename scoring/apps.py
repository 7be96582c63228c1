from django.apps import AppConfig


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = "Scoring"

    def ready(self):
        from django.utils import translation

        from rules import language, registry
        from tournament.core import questions

        from . import publishing, team_publishing
        from .selectors import games_with_sheets, sheet_counts
        from .standings import standings_entrants

        # The rules speak the language of the request being answered, wherever a page reads their words.
        language.follow(translation.get_language)
        # Load the rule sets at start-up rather than on the first request, so no request pays for it.
        registry.ruleset_names()
        # The knockout asks, through the core, whether a game has a sheet before it re-seats the game.
        questions.GAMES_WITH_SHEETS.answered_by(games_with_sheets)
        # The director's dashboard counts the sheets of the latest game as the board does.
        questions.SHEET_COUNTS.answered_by(sheet_counts)
        # A game paired by the standings (Danish, Swiss) is paired by these standings.
        questions.STANDINGS_ENTRANTS.answered_by(standings_entrants)
        # What players poll is computed once per change (tournament.core.published).
        publishing.register()
        team_publishing.register()
