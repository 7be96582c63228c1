from django.apps import AppConfig


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = "Scoring"

    def ready(self):
        # Load the rule sets at start-up rather than on the first request, so no request pays for it.
        from rules import registry

        registry.ruleset_names()
