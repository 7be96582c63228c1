"""The Celery app. With REDIS_URL unset, settings make tasks run in-process (eager), so nothing else runs."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("canasta_td")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
