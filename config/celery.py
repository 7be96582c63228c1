"""The Celery app. With REDIS_URL unset, settings make tasks run in-process (eager), so nothing else runs."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("canasta_td")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# The clock's safety net (tournament.clock.tasks): record moments a stopped or late worker missed. Run the beat
# with `celery -A config worker -B` (a single worker) or a separate `celery -A config beat`.
app.conf.beat_schedule = {
    "reconcile-clocks": {
        "task": "tournament.reconcile_clocks",
        "schedule": float(os.environ.get("CLOCK_RECONCILE_SECONDS", "30")),
    },
}
