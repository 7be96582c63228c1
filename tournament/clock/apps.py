from django.apps import AppConfig


class ClockConfig(AppConfig):
    name = "tournament.clock"
    label = "clock"
    verbose_name = "Game clock"
