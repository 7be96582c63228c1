"""A director's action on a page, and what the page says after it.

Every director page runs a service and comes back with a message: the service's own sentence when it
refuses (a `TournamentError`, shown as it is), the page's sentence when it is done. Written once here for
the core's, the clock's and the knockout's pages.
"""

from collections.abc import Callable
from typing import TypeVar

from django.contrib import messages

from .errors import TournamentError

T = TypeVar("T")


def run_action(request, action: Callable[[], T], success: str | Callable[[T], str]) -> T | None:
    """`action()`'s result, with `success` shown (a sentence, or one made from the result); None, with the
    service's sentence shown, when it refuses."""
    try:
        result = action()
    except TournamentError as error:
        messages.error(request, error.message)
        return None
    messages.success(request, success(result) if callable(success) else success)
    return result
