from django.apps import AppConfig


class ClockConfig(AppConfig):
    name = "tournament.clock"
    label = "clock"
    verbose_name = "Game clock"

    def ready(self):
        """Answer what the core asks: the director's dashboard shows the clock's phase."""
        from tournament.core import questions

        from .selectors import phase_now

        questions.CLOCK_PHASE.answered_by(phase_now)
