"""The Celery app. With REDIS_URL unset, settings make tasks run in-process (eager), so nothing else runs."""

import os

from celery import Celery
from django.conf import settings

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("canasta_td")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# The clock's safety net and scheduler (tournament.clock.tasks): record moments a stopped or late worker missed,
# and publish those due soon. Run the beat with `celery -A config worker -B` (a single worker) or a separate
# `celery -A config beat`. Its period is CLOCK_RECONCILE_SECONDS (config/settings.py).
app.conf.beat_schedule = {
    "reconcile-clocks": {
        "task": "tournament.reconcile_clocks",
        "schedule": settings.CLOCK_RECONCILE_SECONDS,
    },
}
