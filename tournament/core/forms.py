"""Forms for the director's set-up pages: plain labels, forgiving input, one message per mistake."""

from django import forms

from .models import Event
from .room import PER_ROW_MESSAGE, ROWS
from .team_import import MAX_BYTES, MAX_TEAMS, TOO_BIG


class EventForm(forms.ModelForm):
    class Meta:
        model = Event
        fields = [
            "name", "date", "venue", "format", "games", "game_minutes", "warning_minutes", "target_score",
            "playoff_size", "third_place_game", "require_opponent_code", "standings_order", "sit_out_rule",
            "room_tables_per_row", "room_order", "paired_rounds", "pairing_method", "pairing_avoids_club",
        ]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}
        labels = {
            "games": "Rotation games",
            "game_minutes": "Minutes per game",
            "warning_minutes": "Warning, minutes before the end",
            "playoff_size": "Teams in the knockout (rotation then knockout only)",
            "require_opponent_code": "Opponents type their team code to accept a sheet",
            "sit_out_rule": "A game without an opponent counts as",
            "standings_order": "Order of the standings",
            "room_tables_per_row": "Tables in each row of the room map",
            "room_order": "On the room map, the table numbers run",
            "paired_rounds": "Games paired by the standings, after the rotation games",
            "pairing_method": "How those games are paired",
            "pairing_avoids_club": "In those games, two teams of the same club do not meet while avoidable",
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

    def clean(self):
        cleaned = super().clean()
        minutes, warning = cleaned.get("game_minutes"), cleaned.get("warning_minutes")
        if minutes and warning is not None and warning >= minutes:
            self.add_error("warning_minutes", "The warning must come before the end of the game.")
        if cleaned.get("format") == Event.Format.ROTATION_THEN_KNOCKOUT and not cleaned.get("playoff_size"):
            self.add_error("playoff_size", "Say how many teams play the knockout after the rotation.")
        if cleaned.get("format") == Event.Format.KNOCKOUT and cleaned.get("paired_rounds"):
            self.add_error("paired_rounds", "A knockout pairs its games by the bracket: set the paired games to 0, "
                                            "or choose rotation games.")
        return cleaned


class TeamImportForm(forms.Form):
    file = forms.FileField(
        required=False, label="CSV file",
        help_text=(f"One team a line: player1, player2, club (optional), seed (optional), separated by commas, "
                   f"semicolons or tabs. A header row is allowed. At most {MAX_TEAMS:,} teams an event, and "
                   f"{MAX_BYTES // 1_000_000} MB a file."),
    )
    text = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 8}), label="Or paste the lines here",
    )

    def clean(self):
        cleaned = super().clean()
        upload = cleaned.get("file")
        if upload and upload.size > MAX_BYTES:
            raise forms.ValidationError(TOO_BIG)
        if not upload and not (cleaned.get("text") or "").strip():
            raise forms.ValidationError("Choose a CSV file or paste the team lines.")
        return cleaned

    def data_to_import(self) -> bytes | str:
        upload = self.cleaned_data.get("file")
        return upload.read() if upload else self.cleaned_data["text"]


class TeamForm(forms.Form):
    player1 = forms.CharField(max_length=100, label="First player")
    player2 = forms.CharField(max_length=100, label="Second player")
    club = forms.CharField(max_length=100, required=False)
    seed = forms.IntegerField(min_value=1, required=False)


class SeatingForm(forms.Form):
    method = forms.ChoiceField(
        choices=[
            ("registration", "In registration order"),
            ("random", "At random"),
            ("manual", "By hand (below)"),
        ],
        widget=forms.RadioSelect, initial="registration", label="Place the teams",
    )


class DrawForm(forms.Form):
    winner_chose = forms.ChoiceField(
        choices=[("ns", "North-South"), ("ew", "East-West")], label="The winner of the draw chose",
    )
    card_a = forms.CharField(required=False, max_length=5, label="Card drawn by the first team")
    card_b = forms.CharField(required=False, max_length=5, label="Card drawn by the second team")

    def clean(self):
        cleaned = super().clean()
        if bool(cleaned.get("card_a")) != bool(cleaned.get("card_b")):
            raise forms.ValidationError("Give both cards, or neither to keep the system's draw.")
        return cleaned
