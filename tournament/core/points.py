"""Points as a reader types them in the page's language (docs/languages.md): 8.500 in Spanish, Portuguese
and Italian, 8,500 in English, 8500 in all. A mark that cannot group thousands there ("8,5" in Spanish,
"85.00" in English) is refused in plain words, not guessed. The scripts' reader (static/js/numbers.js)
reads the table's inputs the same way; this one reads the director's forms."""

import re

from django import forms
from django.contrib.humanize.templatetags.humanize import intcomma
from django.core.exceptions import ValidationError
from django.utils.formats import get_format
from django.utils.translation import gettext as _

_PLAIN = re.compile(r"-?[0-9]+")


def read_points(text: str) -> int | None:
    """The whole number typed, its thousands grouped as the active language groups them or not at all;
    None when it is no such number. Spaces and a true minus sign (U+2212) are read too."""
    typed = "".join(str(text).split()).replace("\u2212", "-")
    if _PLAIN.fullmatch(typed):
        return int(typed)
    mark = get_format("THOUSAND_SEPARATOR")
    if mark and re.fullmatch(r"-?[1-9][0-9]{0,2}(?:" + re.escape(mark) + r"[0-9]{3})+", typed):  # not "0.500"
        return int(typed.replace(mark, ""))
    return None


class PointsField(forms.IntegerField):
    """A form's field of points: a text box with the phone's number keys, read by `read_points`."""

    widget = forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"})

    def to_python(self, value):
        if value in self.empty_values:
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        number = read_points(value)
        if number is None:
            raise ValidationError(
                _("Type the points as a whole number, such as %(example)s or %(plain)s.")
                % {"example": intcomma(8500), "plain": "8500"}, code="invalid")
        return number

    def widget_attrs(self, widget):
        # IntegerField would add min, max and step: attributes of a number box, not of this text box.
        return {key: value for key, value in super().widget_attrs(widget).items()
                if key not in ("min", "max", "step")}
