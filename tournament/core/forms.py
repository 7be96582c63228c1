"""Forms for the director's set-up pages: plain labels, forgiving input, one message per mistake."""

from django import forms
from django.utils.formats import number_format
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules.registry import find_ruleset, get_ruleset, ruleset_names

from . import victory
from .models import Event
from .points import PointsField
from .room import PER_ROW_MESSAGE, ROWS
from .team_import import MAX_BYTES, MAX_TEAMS, too_big

RULINGS = ("adjusted_percent", "late_penalty_points", "late_penalty_minutes")
OWN_SCALE = ""
SCALE_HELP = lazy(lambda: _("One line a band: the point difference, a colon, then the winner's and the loser's "
                             "victory points, like “%(example)s”. The first line starts at 0 with equal points; "
                             "the last is open, like “1505+: 20-0”; every line shares out the same total.")
                  % {"example": victory.EXAMPLE}, str)()


class EventForm(forms.ModelForm):
    vp_preset = forms.ChoiceField(
        required=False, label=gettext_lazy("Victory point scale"),
        choices=[*((key, preset.label) for key, preset in victory.PRESETS.items()),
                 (OWN_SCALE, gettext_lazy("My own scale: the lines below"))],
        help_text=gettext_lazy("A published scale, or your own lines below."))
    vp_scale = forms.CharField(
        required=False, label=gettext_lazy("The scale's lines"), help_text=SCALE_HELP,
        widget=forms.Textarea(attrs={"rows": 12, "spellcheck": "false", "class": "vp-lines"}))

    class Meta:
        model = Event
        fields = [
            "name", "date", "venue", "language", "ruleset", "table_seats", "format", "games", "game_minutes",
            "warning_minutes", "target_score",
            "playoff_size", "third_place_game", "require_opponent_code", "standings_order", "sit_out_rule",
            "rank_by_vp", "vp_preset", "vp_scale", "room_tables_per_row", "room_order", "adjusted_percent",
            "late_penalty_points", "late_penalty_minutes",
            "paired_rounds", "pairing_method", "pairing_avoids_club",
        ]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}
        # Points typed as the page's language writes them (8.500 in Spanish).
        field_classes = {"target_score": PointsField, "late_penalty_points": PointsField}
        labels = {
            # The fields without a label of their own, named as Django would name them, in each language.
            "name": gettext_lazy("Name"),
            "date": gettext_lazy("Date"),
            "venue": gettext_lazy("Venue"),
            "format": gettext_lazy("Format"),
            "third_place_game": gettext_lazy("Third place game"),
            "language": gettext_lazy("Language of the event's pages"),
            "games": gettext_lazy("Rotation games"),
            "target_score": gettext_lazy("Target score of a game (blank: the game's own)"),
            "game_minutes": gettext_lazy("Minutes per game"),
            "warning_minutes": gettext_lazy("Warning, minutes before the end"),
            "playoff_size": gettext_lazy("Teams in the knockout (rotation then knockout only)"),
            "require_opponent_code": gettext_lazy("Opponents type their team code to accept a sheet"),
            "sit_out_rule": gettext_lazy("A game without an opponent counts as"),
            "standings_order": gettext_lazy("Order of the standings"),
            "rank_by_vp": gettext_lazy("Rank by victory points first, then by the order of the standings"),
            "room_tables_per_row": gettext_lazy("Tables in each row of the room map"),
            "room_order": gettext_lazy("On the room map, the table numbers run"),
            "ruleset": gettext_lazy("The game"),
            "table_seats": gettext_lazy("Seats at a table (single players only)"),
            "adjusted_percent": gettext_lazy("Average plus and minus: per cent above and below the average"),
            "late_penalty_points": gettext_lazy("Lateness penalty: points lost"),
            "late_penalty_minutes": gettext_lazy("… for each started period of this many minutes late"),
            "paired_rounds": gettext_lazy("Games paired by the standings, after the rotation games"),
            "pairing_method": gettext_lazy("How those games are paired"),
            "pairing_avoids_club": gettext_lazy("In those games, two teams of the same club do not meet while "
                                                "avoidable"),
        }
        # One plain message for any number out of range, and for what is not a number at all.
        error_messages = {
            "room_tables_per_row": {code: PER_ROW_MESSAGE for code in ("invalid", "min_value", "max_value")},
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The room map's layout and the paired games may be left alone: a form sent without them keeps what
        # the event had (none paired, Danish, for a new event).
        for name in ("room_tables_per_row", "room_order", "paired_rounds", "pairing_method"):
            self.fields[name].required = False
        # The game, from the rules app's list; a form sent without it keeps the event's (NVSO for a new one).
        self.fields["ruleset"] = forms.ChoiceField(
            label=gettext_lazy("The game"), required=False, initial=self.instance.ruleset,
            choices=[(name, get_ruleset(name).title) for name in ruleset_names()],
            help_text=gettext_lazy("It decides who enters (teams of two or single players) and the seats of a table."))
        # The rulings' settings too: a form sent without them keeps the event's (or the defaults).
        for name in RULINGS:
            self.fields[name].required = False
        # The lines shown are the event's scale (the default preset's for a new event): what was shown
        # tells whether the director edited them (`clean`).
        try:
            shown = victory.from_data(self.instance.vp_scale if self.instance.pk else victory.default_scale())
        except victory.ScaleError:   # a scale stored around the checks: shown as the default, to be fixed
            shown = victory.PRESETS[victory.DEFAULT_PRESET].bands
        self.shown_lines = victory.lines(shown)
        self.initial["vp_scale"] = self.shown_lines
        if not self.instance.pk:
            self.initial["vp_preset"] = victory.DEFAULT_PRESET

    def clean_ruleset(self):
        return self.cleaned_data.get("ruleset") or self.instance.ruleset

    def clean_target_score(self):
        """When the game changes, a target that is the previous game's own (NVSO's 8,500, as the form showed
        it) goes with it: the new game's own applies, and a director who picks Crazy Canasta is not asked to
        clear a number they never chose. A target typed for the game chosen is kept and judged (`Event.clean`)."""
        value, ruleset = self.cleaned_data.get("target_score"), self.cleaned_data.get("ruleset")
        if self.instance.pk and ruleset and ruleset != self.instance.ruleset:
            previous = find_ruleset(self.instance.ruleset)
            if previous is not None and value == previous.options.get("target_score"):
                return None
        return value

    def _optional_setting(self, name: str, empty):
        """Left blank: `empty` (for the room map: the map chooses); not sent at all: the event keeps what it
        had."""
        value = self.cleaned_data.get(name)
        if value is None or value == "":
            return empty if name in self.data else getattr(self.instance, name)
        return value

    def clean_room_tables_per_row(self):
        return self._optional_setting("room_tables_per_row", 0)

    def clean_room_order(self):
        return self._optional_setting("room_order", ROWS)

    def clean_paired_rounds(self):
        return self._optional_setting("paired_rounds", 0)

    def clean_pairing_method(self):
        return self._optional_setting("pairing_method", Event.Pairing.DANISH)

    def _ruling_setting(self, name: str):
        value = self.cleaned_data.get(name)
        return getattr(self.instance, name) if value is None else value

    def clean_adjusted_percent(self):
        return self._ruling_setting("adjusted_percent")

    def clean_late_penalty_points(self):
        return self._ruling_setting("late_penalty_points")

    def clean_late_penalty_minutes(self):
        return self._ruling_setting("late_penalty_minutes")

    def clean_vp_preset(self):
        """Not sent at all: the event keeps the scale it had (a form of another page, an older client)."""
        if "vp_preset" not in self.data:
            return self.instance.vp_preset
        return self.cleaned_data.get("vp_preset") or OWN_SCALE

    def clean_vp_scale(self):
        """The scale as stored: the chosen preset's bands, or the director's own lines, checked. A preset
        chosen with edited lines is refused: which of the two was meant cannot be guessed. Lines not sent
        at all keep the event's scale."""
        if "vp_scale" not in self.data and "vp_preset" not in self.data:
            return self.instance.vp_scale
        preset = victory.PRESETS.get(self.cleaned_data.get("vp_preset") or OWN_SCALE)
        text = self.cleaned_data.get("vp_scale", "")
        edited = bool(text.strip()) and _normal(text) != _normal(self.shown_lines)
        if preset is not None and edited and _normal(text) != _normal(victory.lines(preset.bands)):
            raise forms.ValidationError(
                _("You chose the scale “%(scale)s” and changed the lines. To keep your lines, choose “My own "
                  "scale”; to use the preset, leave the lines as they were.") % {"scale": preset.label})
        if preset is not None:
            return victory.to_data(preset.bands)
        try:
            return victory.to_data(victory.read(text))
        except victory.ScaleError as error:
            raise forms.ValidationError(str(error)) from None

    def clean(self):
        cleaned = super().clean()
        minutes, warning = cleaned.get("game_minutes"), cleaned.get("warning_minutes")
        if minutes and warning is not None and warning >= minutes:
            self.add_error("warning_minutes", _("The warning must come before the end of the game."))
        if cleaned.get("format") == Event.Format.ROTATION_THEN_KNOCKOUT and not cleaned.get("playoff_size"):
            self.add_error("playoff_size", _("Say how many teams play the knockout after the rotation."))
        if cleaned.get("format") == Event.Format.KNOCKOUT and cleaned.get("paired_rounds"):
            self.add_error("paired_rounds", _("A knockout pairs its games by the bracket: set the paired games to "
                                              "0, or choose rotation games."))
        return cleaned


def _normal(text: str) -> str:
    """Lines compared as a director sees them: spaces and blank lines do not count."""
    return "\n".join(" ".join(line.split()) for line in text.splitlines() if line.strip())


class TeamImportForm(forms.Form):
    file = forms.FileField(
        required=False, label=gettext_lazy("CSV file"),
        help_text=lazy(lambda: _("One team a line: player1, player2, club (optional), seed (optional), separated by "
                                 "commas, semicolons or tabs. A header row is allowed. At most %(teams)s teams an "
                                 "event, and %(megabytes)s MB a file.")
                       % {"teams": number_format(MAX_TEAMS, force_grouping=True),
                          "megabytes": MAX_BYTES // 1_000_000}, str)(),
    )
    text = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 8}), label=gettext_lazy("Or paste the lines here"),
    )

    def clean(self):
        cleaned = super().clean()
        upload = cleaned.get("file")
        if upload and upload.size > MAX_BYTES:
            raise forms.ValidationError(too_big())
        if not upload and not (cleaned.get("text") or "").strip():
            raise forms.ValidationError(_("Choose a CSV file or paste the team lines."))
        return cleaned

    def data_to_import(self) -> bytes | str:
        upload = self.cleaned_data.get("file")
        return upload.read() if upload else self.cleaned_data["text"]


class TeamNamesForm(forms.Form):
    """The names and club of a team already entered: a misspelling mended, at any time of the day. A single
    player (`alone`) has one name."""

    player1 = forms.CharField(max_length=100, label=gettext_lazy("First player"))
    player2 = forms.CharField(max_length=100, label=gettext_lazy("Second player"))
    club = forms.CharField(max_length=100, required=False, label=gettext_lazy("Club"))

    def __init__(self, *args, alone: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if alone:
            self.fields["player1"].label = _("Name")
            del self.fields["player2"]


class TeamForm(TeamNamesForm):
    """A team typed in: its names and club, and a seed."""

    # Not asked of a single player (a game of single players); the service asks it of a team.
    player2 = forms.CharField(max_length=100, label=gettext_lazy("Second player"), required=False)
    seed = forms.IntegerField(min_value=1, required=False, label=gettext_lazy("Seed"))


class SeatingForm(forms.Form):
    method = forms.ChoiceField(
        choices=[
            ("registration", gettext_lazy("In registration order")),
            ("random", gettext_lazy("At random")),
            ("manual", gettext_lazy("By hand (below)")),
        ],
        widget=forms.RadioSelect, initial="registration", label=gettext_lazy("Place the teams"),
    )


class DrawForm(forms.Form):
    winner_chose = forms.ChoiceField(
        choices=[("ns", gettext_lazy("North-South")), ("ew", gettext_lazy("East-West"))],
        label=gettext_lazy("The winner of the draw chose"),
    )
    card_a = forms.CharField(required=False, max_length=5, label=gettext_lazy("Card drawn by the first team"))
    card_b = forms.CharField(required=False, max_length=5, label=gettext_lazy("Card drawn by the second team"))

    def clean(self):
        cleaned = super().clean()
        if bool(cleaned.get("card_a")) != bool(cleaned.get("card_b")):
            raise forms.ValidationError(_("Give both cards, or neither to keep the system's draw."))
        return cleaned
