"""The knockout's models in the admin, limited like the core's to the events a staff member directs."""

from django.contrib import admin

from tournament.core.admin import DirectedEventsOnly

from .models import Bracket, BracketMatch


class BracketMatchInline(admin.TabularInline):
    model = BracketMatch
    extra = 0
    fields = ("number", "round_index", "is_third_place", "team_a", "team_b", "winner", "decided_by",
              "needs_attention", "pending_correction")
    raw_id_fields = ("team_a", "team_b", "winner", "game", "from_a", "from_b")
    show_change_link = True


@admin.register(Bracket)
class BracketAdmin(DirectedEventsOnly, admin.ModelAdmin):
    list_display = ("event", "size", "team_count", "third_place", "seeded_by", "created_at")
    list_filter = ("seeded_by", "third_place")
    search_fields = ("event__name",)
    list_select_related = ("event",)
    inlines = [BracketMatchInline]


@admin.register(BracketMatch)
class BracketMatchAdmin(DirectedEventsOnly, admin.ModelAdmin):
    event_path = "bracket__event"

    list_display = ("bracket", "number", "round_index", "team_a", "team_b", "winner", "decided_by",
                    "needs_attention")
    list_filter = ("decided_by", "needs_attention", "pending_correction", "is_third_place")
    search_fields = ("team_a__player1", "team_a__player2", "team_b__player1", "team_b__player2")
    list_select_related = ("bracket__event", "team_a", "team_b", "winner")
    raw_id_fields = ("team_a", "team_b", "winner", "game", "from_a", "from_b", "pending_winner")
