from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class TournamentCoreConfig(AppConfig):
    """Label "tournament": the app's tables, migrations and permissions keep the names they always had."""

    name = "tournament.core"
    label = "tournament"
    verbose_name = gettext_lazy("Tournament")

    def ready(self):
        """What players poll is marked out of date by every change announced (`published`)."""
        from django.db.models.signals import post_save

        from . import published, publishing, signals
        from .models import Event

        signals.event_changed.connect(published.on_event_changed, dispatch_uid="published.event_changed")
        post_save.connect(published.on_event_saved, sender=Event, dispatch_uid="published.event_saved")
        publishing.register()
