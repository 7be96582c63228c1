"""`{% clock_broker_notice %}`: a plain notice on the director's pages when the clock's broker cannot be
reached, so a director knows why moments are recorded late. Cheap: `broker.broker_reachable` is cached in
the process for a few seconds and asks with a short timeout."""

from django import template
from django.utils.html import format_html
from django.utils.translation import gettext_lazy

from tournament.clock.broker import broker_reachable

register = template.Library()

NOTICE = gettext_lazy("The clock's task queue (Redis) cannot be reached. The clock still runs and every page "
                      "shows it right; the warning and time up are recorded late, when the queue is back. Check "
                      "Redis.")


@register.simple_tag
def clock_broker_notice() -> str:
    if broker_reachable():
        return ""
    return format_html('<p class="warn-box clock-broker-down" role="status">{}</p>', NOTICE)
