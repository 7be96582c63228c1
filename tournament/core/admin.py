"""The admin of the core's models; staff who are not superusers see only the events they direct."""

from django.contrib import admin

from .models import DirectorAction, Event, Game, Round, Table, Team


class DirectedEventsOnly:
    """Staff who are not superusers see and change only the events they direct.

    `event_path` is the lookup from the admin's model to its event."""

    event_path = "event"

    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        if request.user.is_superuser:
            return queryset
        return queryset.filter(**{f"{self.event_path}__directors": request.user}).distinct()


class TeamInline(admin.TabularInline):
    model = Team
    extra = 0
    fields = ("number", "player1", "player2", "club", "seed", "status", "start_table", "start_side")


class TableInline(admin.TabularInline):
    model = Table
    extra = 0
    fields = ("number", "token")
    readonly_fields = ("token",)


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        return queryset if request.user.is_superuser else queryset.filter(directors=request.user).distinct()

    list_display = ("name", "date", "venue", "format", "games", "status", "standings_published")
    list_filter = ("status", "format", "ruleset", "date")
    search_fields = ("name", "venue", "directors__username")
    filter_horizontal = ("directors",)
    date_hierarchy = "date"
    inlines = [TeamInline, TableInline]


@admin.register(Team)
class TeamAdmin(DirectedEventsOnly, admin.ModelAdmin):
    list_display = ("number", "player1", "player2", "club", "seed", "status", "event", "start_table", "start_side")
    list_filter = ("status", "event")
    search_fields = ("player1", "player2", "club")
    list_select_related = ("event",)


@admin.register(Table)
class TableAdmin(DirectedEventsOnly, admin.ModelAdmin):
    list_display = ("number", "event")
    list_filter = ("event",)
    search_fields = ("event__name",)
    readonly_fields = ("token",)
    list_select_related = ("event",)


class GameInline(admin.TabularInline):
    model = Game
    extra = 0
    fields = ("table", "ns_team", "ew_team", "status", "ns_total", "ew_total", "winner")
    raw_id_fields = ("ns_team", "ew_team", "table")


@admin.register(Round)
class RoundAdmin(DirectedEventsOnly, admin.ModelAdmin):
    list_display = ("event", "number", "phase", "status", "started_at")
    list_filter = ("phase", "status", "event")
    search_fields = ("event__name",)
    inlines = [GameInline]
    list_select_related = ("event",)


@admin.register(Game)
class GameAdmin(DirectedEventsOnly, admin.ModelAdmin):
    event_path = "round__event"

    list_display = ("round", "table", "ns_team", "ew_team", "status", "ns_total", "ew_total", "winner")
    list_filter = ("status", "winner", "round__event")
    search_fields = ("ns_team__player1", "ns_team__player2", "ew_team__player1", "ew_team__player2")
    list_select_related = ("round__event", "table", "ns_team", "ew_team")
    raw_id_fields = ("ns_team", "ew_team", "table", "round")


@admin.register(DirectorAction)
class DirectorActionAdmin(DirectedEventsOnly, admin.ModelAdmin):
    list_display = ("at", "event", "round", "user", "action")
    list_filter = ("action", "event")
    search_fields = ("user__username", "action")
    list_select_related = ("event", "round", "user")
