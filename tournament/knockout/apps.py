from django.apps import AppConfig


class KnockoutConfig(AppConfig):
    name = "tournament.knockout"
    label = "knockout"
    verbose_name = "Knockout"

    def ready(self):
        """Subscribe to what the core announces, and answer what it asks: the core never imports this app."""
        from tournament.core import questions, signals

        from . import publishing
        from .selectors import round_name_for
        from .services.results import when_result_final, when_team_withdrawn

        signals.game_result_final.connect(when_result_final, dispatch_uid="knockout.when_result_final")
        signals.team_withdrawn.connect(when_team_withdrawn, dispatch_uid="knockout.when_team_withdrawn")
        questions.ROUND_NAME.answered_by(round_name_for)
        publishing.register()  # the public bracket, computed once per change (tournament.core.published)
