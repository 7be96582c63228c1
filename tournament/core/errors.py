"""The one error a tournament service raises for a director's mistake; its text is shown as it is."""

from django.core.exceptions import NON_FIELD_ERRORS


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
        return f"{field.replace('_', ' ').capitalize()}: {messages[0]}"
    return error.messages[0]
