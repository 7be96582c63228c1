"""The one error a tournament service raises for a director's mistake; its text is shown as it is."""

from django.core.exceptions import NON_FIELD_ERRORS
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

# The fields a model's rule may name, as the sentence names them (in English: the field's name, capitalized).
FIELD_NAMES = {
    "name": gettext_noop("Name"),
    "date": gettext_noop("Date"),
    "venue": gettext_noop("Venue"),
    "language": gettext_noop("Language"),
    "ruleset": gettext_noop("Ruleset"),
    "rule_options": gettext_noop("Rule options"),
    "format": gettext_noop("Format"),
    "games": gettext_noop("Games"),
    "game_minutes": gettext_noop("Game minutes"),
    "warning_minutes": gettext_noop("Warning minutes"),
    "target_score": gettext_noop("Target score"),
    "playoff_size": gettext_noop("Playoff size"),
    "standings_order": gettext_noop("Standings order"),
    "sit_out_rule": gettext_noop("Sit out rule"),
    "table_seats": gettext_noop("Table seats"),
    "adjusted_percent": gettext_noop("Adjusted percent"),
    "late_penalty_points": gettext_noop("Late penalty points"),
    "late_penalty_minutes": gettext_noop("Late penalty minutes"),
    "vp_preset": gettext_noop("Vp preset"),
    "vp_scale": gettext_noop("Vp scale"),
    "paired_rounds": gettext_noop("Paired rounds"),
    "pairing_method": gettext_noop("Pairing method"),
    "room_tables_per_row": gettext_noop("Room tables per row"),
    "room_order": gettext_noop("Room order"),
    "player1": gettext_noop("Player1"),
    "player2": gettext_noop("Player2"),
    "club": gettext_noop("Club"),
    "seed": gettext_noop("Seed"),
}


class TournamentError(Exception):
    """A change that cannot be made, with one plain sentence that says why and what to do instead.

    `message` is for people, shown as it is; `code` names the kind of refusal for programs (the API answers
    it, and picks its status by it, in config.exceptions). A subclass sets its own code.
    """

    code = "invalid"

    def __init__(self, message: str, code: str | None = None):
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code


def first_message(error) -> str:
    """A model's `ValidationError` as the one sentence a director reads: the first field's first message."""
    if hasattr(error, "message_dict"):
        field, messages = next(iter(error.message_dict.items()))
        if field == NON_FIELD_ERRORS:  # a rule of the whole record: its sentence alone
            return messages[0]
        name = FIELD_NAMES.get(field)
        shown = _(name) if name else field.replace("_", " ").capitalize()
        return _("%(field)s: %(message)s") % {"field": shown, "message": messages[0]}
    return error.messages[0]
