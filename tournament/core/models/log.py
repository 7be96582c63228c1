"""The directors' log."""

from django.conf import settings
from django.db import models

from .event import Event
from .round import Round


class DirectorAction(models.Model):
    """Who did what and when: every change a director makes to a running event is logged here."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="actions")
    round = models.ForeignKey(Round, null=True, blank=True, on_delete=models.CASCADE, related_name="actions")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    action = models.CharField(max_length=40)
    details = models.JSONField(default=dict, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self):
        return f"{self.action} by {self.user} at {self.at:%H:%M:%S}"
