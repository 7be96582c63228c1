"""The clock's recorded moments in the admin, limited to the events a staff member directs."""

from django.contrib import admin

from tournament.core.admin import DirectedEventsOnly

from .models import ClockEvent


@admin.register(ClockEvent)
class ClockEventAdmin(DirectedEventsOnly, admin.ModelAdmin):
    event_path = "round__event"

    list_display = ("round", "kind", "table", "due_at", "recorded_at")
    list_filter = ("kind",)
    search_fields = ("round__event__name",)
    list_select_related = ("round__event",)
