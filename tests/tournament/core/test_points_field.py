"""Points typed in the director's forms as the page's language writes them (tournament.core.points)."""

import pytest
from django.utils import translation

from tournament.core.forms import EventForm
from tournament.core.points import PointsField, read_points


@pytest.mark.parametrize(("code", "typed", "read"), [
    ("en", "8,500", 8500), ("en", "8500", 8500), ("en", "-1,500", -1500), ("en", "\u22121,500", -1500),
    ("es", "8.500", 8500), ("es", "1.234.560", 1234560), ("pt-br", "-1.500", -1500), ("it", " 8 500 ", 8500),
    ("en", "8.500", None), ("es", "8,500", None), ("es", "8,5", None), ("es", "85.00", None), ("en", "8,50", None),
    ("en", "", None), ("en", "eight", None),
])
def test_points_read_as_the_language_writes_them(code, typed, read):
    with translation.override(code):
        assert read_points(typed) == read


def test_a_mark_that_cannot_group_thousands_is_refused_in_plain_words():
    field = PointsField(label="Total")
    with translation.override("es"):
        with pytest.raises(Exception) as refused:
            field.clean("8,5")
        assert refused.value.messages == ["Escriba los puntos como un número entero, por ejemplo 8.500 u 8500."]
        assert field.clean("8.500") == 8500
    with translation.override("en"):
        with pytest.raises(Exception) as refused:
            field.clean("8.5")
        assert refused.value.messages == ["Type the points as a whole number, such as 8,500 or 8500."]


def test_the_event_form_takes_a_target_score_typed_in_spanish():
    with translation.override("es"):
        form = EventForm(data={"target_score": "8.500", "late_penalty_points": "1.000"})
        form.is_valid()
        assert "target_score" not in form.errors and "late_penalty_points" not in form.errors
        assert form.cleaned_data["target_score"] == 8500 and form.cleaned_data["late_penalty_points"] == 1000
        assert 'inputmode="numeric"' in str(form["target_score"]) and 'type="number"' not in str(form["target_score"])
