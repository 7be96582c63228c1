"""The one error a tournament service raises for a director's mistake; its text is shown as it is."""


class TournamentError(Exception):
    """A change that cannot be made, with one plain sentence that says why and what to do instead."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message
