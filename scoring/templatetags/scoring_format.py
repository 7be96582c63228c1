"""Numbers as a score sheet writes them: 7585 -> "7,585", so older eyes read points at a glance."""

from django import template

register = template.Library()


@register.filter
def points(value, signed: bool = False) -> str:
    if not isinstance(value, int):
        return "" if value is None else str(value)
    return f"{value:+,}" if signed and value else f"{value:,}"
