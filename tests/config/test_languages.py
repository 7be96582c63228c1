"""Which language a reader gets (docs/languages.md): the switch, the event's language, the browser's."""

import pytest
from django.conf import settings
from django.contrib.humanize.templatetags.humanize import intcomma
from django.urls import reverse
from django.utils import translation

from rules import language, words
from tests.factories import make_director, make_event
from tournament.core import publishing, services

pytestmark = pytest.mark.django_db


def lang_of(response) -> str:
    text = response.content.decode()
    start = text.index('<html lang="') + len('<html lang="')
    return text[start:text.index('"', start)]


def test_the_switch_remembers_the_language_and_goes_back_to_the_page(client):
    response = client.get(reverse("choose-language", args=["pt-br"]) + "?next=/check/")
    assert response.status_code == 302 and response["Location"] == "/check/"
    cookie = response.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "pt-br" and int(cookie["max-age"]) == 365 * 24 * 3600
    assert lang_of(client.get("/check/", HTTP_ACCEPT_LANGUAGE="it")) == "pt-br"


def test_the_switch_refuses_a_language_we_do_not_have_and_never_sends_to_another_site(client):
    assert client.get(reverse("choose-language", args=["fr"])).status_code == 404
    response = client.get(reverse("choose-language", args=["es"]) + "?next=https://evil.example/")
    assert response["Location"] == "/"


def test_every_page_carries_the_switch_with_each_language_named_in_itself(client):
    text = client.get("/check/").content.decode()
    for code, name in settings.LANGUAGES:
        assert f'lang="{code}" hreflang="{code}"' in text and f">{name}</a>" in text


def test_without_a_choice_the_browser_decides_and_english_is_the_default(client):
    assert lang_of(client.get("/check/", HTTP_ACCEPT_LANGUAGE="es-AR,es;q=0.9")) == "es"
    assert lang_of(client.get("/check/", HTTP_ACCEPT_LANGUAGE="pt-BR")) == "pt-br"
    assert lang_of(client.get("/check/", HTTP_ACCEPT_LANGUAGE="fr")) == "en"
    assert lang_of(client.get("/check/")) == "en"


def test_an_events_pages_speak_its_language_unless_the_reader_chose_one(client):
    event = make_event(make_director(), teams=4, language="es", seating_published=True)
    for url in (reverse("public-event", args=[event.pk]), reverse("public-seating", args=[event.pk])):
        assert lang_of(client.get(url, HTTP_ACCEPT_LANGUAGE="en")) == "es", url
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    assert lang_of(client.get(reverse("public-seating", args=[event.pk]), HTTP_ACCEPT_LANGUAGE="en")) == "it"


def test_an_event_without_a_language_follows_the_browser(client):
    event = make_event(make_director(), teams=4, seating_published=True)
    assert lang_of(client.get(reverse("public-seating", args=[event.pk]), HTTP_ACCEPT_LANGUAGE="it")) == "it"


def test_a_published_answer_is_computed_and_kept_in_each_language_asked_for():
    event = make_event(make_director(), teams=4, language="es", seating_published=True)
    with translation.override("it"):
        italian = publishing.read_seating(event.pk)
    with translation.override("es"):
        spanish = publishing.read_seating(event.pk)
    assert (italian.language, spanish.language) == ("it", "es")
    assert italian.meta["language"] == spanish.meta["language"] == "es"


def test_the_scripts_catalog_is_the_one_of_the_address_and_only_ours(client):
    response = client.get(reverse("javascript-catalog", args=["it"]), HTTP_ACCEPT_LANGUAGE="es")
    assert response.status_code == 200 and "javascript" in response["Content-Type"]
    assert "django.gettext" in response.content.decode() or "gettext" in response.content.decode()
    assert client.get(reverse("javascript-catalog", args=["xx"])).status_code == 404


def test_the_rules_language_understands_the_codes_callers_hold():
    assert [language.language_code(code) for code in ("es-AR", "pt_BR", "PT-br", "pt", "it-IT", "fr", None)] == [
        "es", "pt-br", "pt-br", "pt-br", "it", "en", "en"]


def test_points_in_a_rules_message_follow_the_language():
    assert words.points(-8500) == "-8,500"
    for code in ("es", "pt-br", "it"):
        with language.speaking(code):
            assert words.points(-8500) == "-8.500"
    assert words.points(12_345_678) == "12,345,678"


def test_points_on_the_pages_follow_the_language():
    written = {"en": ("8,500", "-1,500"), "es": ("8.500", "-1.500"), "pt-br": ("8.500", "-1.500"),
               "it": ("8.500", "-1.500")}
    for code, (positive, negative) in written.items():
        with translation.override(code):
            assert (intcomma(8500), intcomma(-1500)) == (positive, negative), code


def test_the_rules_speak_the_language_of_the_request_being_answered():
    from rules.registry import get_ruleset

    english = get_ruleset("crazy_canasta").title
    with translation.override("es"):
        spanish = get_ruleset("crazy_canasta").title
        assert words.points(8500) == "8.500"
        with language.speaking("it"):  # a caller's own choice still wins
            assert words.points(8500) == "8.500" and language.current() == "it"
    assert spanish != english and spanish.startswith("Crazy Canasta (") and words.points(8500) == "8,500"


def test_pages_follow_the_event_s_language_after_the_director_changes_it(client):
    director = make_director()
    event = make_event(director, teams=4, language="es", seating_published=True, standings_published=True)
    pages = [reverse(name, args=[event.pk]) for name in ("public-seating", "public-standings", "public-room")]
    assert [lang_of(client.get(url)) for url in pages] == ["es", "es", "es"]
    services.update_event(event, director, {"language": "it"})
    assert [lang_of(client.get(url)) for url in pages] == ["it", "it", "it"]


def test_a_cookie_naming_no_language_of_ours_is_no_choice(client):
    event = make_event(make_director(), teams=4, language="es", seating_published=True)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    assert lang_of(client.get(reverse("public-seating", args=[event.pk]), HTTP_ACCEPT_LANGUAGE="en")) == "es"


def test_finding_a_team_from_an_event_s_page_answers_in_the_event_s_language(client):
    event = make_event(make_director(), teams=4, language="es")
    page = client.get(reverse("home"), {"event": event.pk, "team": "Nobody"}, HTTP_ACCEPT_LANGUAGE="en")
    assert lang_of(page) == "es"


def test_a_number_with_a_decimal_point_is_written_as_the_message_s_language_writes_it():
    with language.speaking("en"):
        assert words.describe_value(8500.5) == "the number 8,500.5, which is not a whole number"
    with language.speaking("es"):
        assert "8.500,5" in words.describe_value(8500.5)


def test_an_event_whose_language_is_taken_away_follows_the_browser_again(client):
    director = make_director()
    event = make_event(director, teams=4, language="es", seating_published=True)
    url = reverse("public-seating", args=[event.pk])
    assert lang_of(client.get(url, HTTP_ACCEPT_LANGUAGE="it")) == "es"
    services.update_event(event, director, {"language": ""})
    assert lang_of(client.get(url, HTTP_ACCEPT_LANGUAGE="it")) == "it"
