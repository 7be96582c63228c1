"""Project configuration: settings from the environment, URL routes, the Celery app."""

from .celery import app as celery_app

__all__ = ("celery_app",)
