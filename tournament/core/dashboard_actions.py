"""The dashboard's next action as the page offers it: the address and form of each kind of step
(`dashboard.Step.kind`), named by URL so the core never imports the apps whose pages it links to."""

from django.urls import reverse
from django.utils.translation import gettext_lazy

from .dashboard import Step

# (route name, method, hidden fields): a POST is a form with one big button; a GET is a link.
_ACTIONS = {
    "import_teams": ("director-team-import", "get", {}),
    "number_tables": ("director-tables-number", "post", {}),
    "seat_first": ("director-seat", "get", {}),
    "draw_bracket": ("director-bracket", "get", {}),
    "publish_seating": ("director-publish", "post", {"what": "seating", "value": "1"}),
    "publish_bracket": ("director-publish", "post", {"what": "bracket", "value": "1"}),
    "go_ahead": ("director-clock-action", "post", {}),
    "settle_sheets": ("director-board", "get", {}),
    "watch_sheets": ("director-board", "get", {}),
    "open_bracket": ("director-bracket", "get", {}),
    "seat_next": ("director-advance", "post", {}),
    "publish_standings": ("director-publish-standings", "post", {"publish": "1"}),
    "see_standings": ("public-standings", "get", {}),
}

CLOCK_LABELS = {
    "not_started": gettext_lazy("Not started: waiting for your go-ahead"),
    "unused": gettext_lazy("Not started: the results are coming in without the clock"),
    "running": gettext_lazy("Running"),
    "warning": gettext_lazy("Running: the last minutes"),
    "paused": gettext_lazy("Paused at every table"),
    "time_up": gettext_lazy("Time is up"),
}


def step_action(event, step: Step, here: str) -> dict:
    """The step's button: its label, address, method and hidden fields (a POST comes back to `here`)."""
    name, method, fields = _ACTIONS[step.kind]
    args = [event.pk, "start"] if step.kind == "go_ahead" else [event.pk]
    if method == "post":
        fields = fields | {"next": here}
    return {"label": step.label, "why": step.why, "url": reverse(name, args=args), "method": method,
            "fields": sorted(fields.items())}
