"""The core speaks the reader's language (docs/languages.md): a service's refusal, a model's rule and a
form's message read in Spanish when Spanish is active, English stays word for word what it was, points
are grouped the reader's way, and the event's form keeps the language its director chose."""

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from rules.registry import get_ruleset
from rules.room import room_of
from rules.seat_results import score_refusal
from tests.factories import make_event
from tournament.core import services
from tournament.core.errors import TournamentError
from tournament.core.forms import EventForm
from tournament.core.game_room import target_score_refusal
from tournament.core.models import Event, validate_multiple_of_five

pytestmark = pytest.mark.django_db

EVENT_FIELDS = {
    "name": "Copa Rosario", "date": "2026-11-21", "format": "rotation", "games": 3, "game_minutes": 50,
    "warning_minutes": 10, "target_score": 8500, "sit_out_rule": "average_win",
    "standings_order": "wins,points,difference",
}


def refusal(action) -> str:
    with pytest.raises(TournamentError) as caught:
        action()
    return caught.value.message


def test_a_refusal_of_a_service_reads_in_spanish_and_in_english_as_before(director):
    event = make_event(director, teams=4)
    add_half_a_team = lambda: services.add_team(event, director, player1="Ana", player2="")  # noqa: E731
    with translation.override("es"):
        assert refusal(add_half_a_team) == "Una pareja necesita los nombres de los dos jugadores."
    with translation.override("en"):
        assert refusal(add_half_a_team) == "A team needs the names of both players."


def test_a_refusal_with_a_name_in_it_keeps_the_name_in_every_language(director):
    event = make_event(director, teams=4)
    team = event.teams.get(number=1)
    services.withdraw_team(team, director)
    team.refresh_from_db()
    withdraw_again = lambda: services.withdraw_team(team, director)  # noqa: E731
    with translation.override("es"):
        assert refusal(withdraw_again) == "Ann 1 / Bob 1 ya se ha retirado."
    with translation.override("it"):
        assert refusal(withdraw_again) == "Ann 1 / Bob 1 ha già lasciato il torneo."
    with translation.override("en"):
        assert refusal(withdraw_again) == "Ann 1 / Bob 1 has already withdrawn."


def test_points_in_a_model_rule_are_grouped_the_readers_way():
    with translation.override("it"), pytest.raises(ValidationError) as caught:
        validate_multiple_of_five(8502)
    assert caught.value.messages == ["8.502 non è un multiplo di 5; nella canasta ogni punteggio lo è."]
    with translation.override("en"), pytest.raises(ValidationError) as caught:
        validate_multiple_of_five(8502)
    assert caught.value.messages == ["8,502 is not a multiple of 5; every score in canasta is."]


def test_the_event_form_accepts_the_language_of_the_events_pages(director):
    form = EventForm({**EVENT_FIELDS, "language": "es"})
    assert form.is_valid(), form.errors
    event = services.create_event(director=director, **form.cleaned_data)
    assert Event.objects.get(pk=event.pk).language == "es"
    again = EventForm({**EVENT_FIELDS, "language": ""}, instance=event)
    assert again.is_valid(), again.errors
    assert again.cleaned_data["language"] == ""


def test_the_event_form_refuses_a_language_the_product_does_not_speak():
    form = EventForm({**EVENT_FIELDS, "language": "fr"})
    assert not form.is_valid()
    assert "language" in form.errors


def test_the_event_form_labels_and_messages_read_in_spanish():
    with translation.override("es"):
        form = EventForm({**EVENT_FIELDS, "warning_minutes": 60})
        assert form.fields["language"].label == "Idioma de las páginas del torneo"
        assert not form.is_valid()
        assert form.errors["warning_minutes"] == ["El aviso debe llegar antes del final de la partida."]


def test_a_models_rule_names_its_field_in_the_readers_language():
    from tournament.core.errors import first_message

    error = ValidationError({"target_score": ["8502 is not possible."]})
    with translation.override("es"):
        assert first_message(error) == "Puntuación objetivo: 8502 is not possible."
    with translation.override("en"):
        assert first_message(error) == "Target score: 8502 is not possible."
    assert first_message(ValidationError({"some_new_field": ["Wrong."]})) == "Some new field: Wrong."


@pytest.mark.parametrize("code", ["en", "es", "pt-br", "it"])
def test_a_target_score_the_rules_refuse_is_named_as_the_form_names_it(code):
    with translation.override(code):
        refusal = target_score_refusal("nvso", 8502)
        assert refusal.startswith(translation.gettext("The target score")) and "target_score" not in refusal


def test_a_seat_s_score_is_refused_in_one_sentence_of_the_reader_s_language():
    five = room_of(get_ruleset("five_player"))
    with translation.override("es"):
        assert score_refusal(five, 1234, "Ana", "1.234") == (
            "La puntuación de Ana, 1.234, no es múltiplo de 5, como lo es toda puntuación de este juego.")
    assert score_refusal(five, 1234, "Ana") == (
        "Ana's score 1234 is not a multiple of 5, as every score of this game is.")
