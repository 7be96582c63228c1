"""The score sheets in the admin: read-mostly, since every change must go through the services."""

from django.contrib import admin

from .models import DirectorCall, LateSheet, Penalty, ScoreRuling, SheetDecision, SheetDraft, SheetVersion


class SheetDecisionInline(admin.TabularInline):
    model = SheetDecision
    extra = 0
    can_delete = False
    readonly_fields = ("kind", "reason", "code_checked", "created_at")


@admin.register(SheetVersion)
class SheetVersionAdmin(admin.ModelAdmin):
    list_display = ("game", "number", "status", "source", "ns_total", "ew_total", "table", "submitted_by",
                    "created_at")
    list_filter = ("status", "source", "game__round__event", "game__round__number")
    search_fields = ("client_key", "reason", "game__ns_team__player1", "game__ns_team__player2",
                     "game__ew_team__player1", "game__ew_team__player2")
    list_select_related = ("game__round__event", "game__table", "table", "submitted_by")
    readonly_fields = [f.name for f in SheetVersion._meta.fields]
    inlines = [SheetDecisionInline]
    date_hierarchy = "created_at"

    def has_add_permission(self, request):
        return False  # versions come from the table or the director's correction page

    def has_delete_permission(self, request, obj=None):
        return False  # nothing accepted is ever lost


@admin.register(SheetDraft)
class SheetDraftAdmin(admin.ModelAdmin):
    list_display = ("game", "updated_at")
    list_filter = ("game__round__event",)
    list_select_related = ("game__round__event", "game__table")
    readonly_fields = ("game", "data", "validation", "updated_at")


@admin.register(SheetDecision)
class SheetDecisionAdmin(admin.ModelAdmin):
    list_display = ("version", "kind", "code_checked", "created_at")
    list_filter = ("kind", "version__game__round__event")
    search_fields = ("reason",)
    list_select_related = ("version__game",)
    readonly_fields = ("version", "kind", "reason", "code_checked", "created_at")


@admin.register(LateSheet)
class LateSheetAdmin(admin.ModelAdmin):
    """Read only: a late sheet is settled on the board, or by correcting its game."""

    list_display = ("game", "table", "ns_total", "ew_total", "created_at", "settled_at", "settled_by")
    list_filter = ("game__round__event", "game__round__number")
    list_select_related = ("game__round__event", "game__table", "table", "settled_by")
    readonly_fields = [f.name for f in LateSheet._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(DirectorCall)
class DirectorCallAdmin(admin.ModelAdmin):
    """Read only: a call is made at the table and cleared on the board."""

    list_display = ("table", "game", "reason", "called_at", "cleared_at", "cleared_by")
    list_filter = ("table__event", "reason")
    list_select_related = ("table", "game__round", "cleared_by")
    readonly_fields = [f.name for f in DirectorCall._meta.fields]

    def has_add_permission(self, request):
        return False


@admin.register(Penalty)
class PenaltyAdmin(admin.ModelAdmin):
    """Read only: a penalty is given on the game's page, so that the result is recorded again with it."""

    list_display = ("game", "side", "points", "minutes", "given_by", "created_at", "withdrawn_at")
    list_filter = ("game__round__event",)
    list_select_related = ("game__round", "game__table", "given_by")
    readonly_fields = [f.name for f in Penalty._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(ScoreRuling)
class ScoreRulingAdmin(admin.ModelAdmin):
    """Read only: a ruling is given and withdrawn on the game's page, so that the result follows."""

    list_display = ("game", "kind", "ns_total", "ew_total", "given_by", "created_at", "withdrawn_at")
    list_filter = ("game__round__event", "kind")
    list_select_related = ("game__round", "game__table", "given_by")
    readonly_fields = [f.name for f in ScoreRuling._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
