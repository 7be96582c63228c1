from django.apps import AppConfig


class TournamentCoreConfig(AppConfig):
    """Label "tournament": the app's tables, migrations and permissions keep the names they always had."""

    name = "tournament.core"
    label = "tournament"
    verbose_name = "Tournament"
