"""The API's refusals read in the language a program asks for with Accept-Language (docs/languages.md):
a service's sentence, DRF's own refusals in the project's words, and a sentence with a number in it.
English stays the answer without the header, and the codes never change."""

import pytest

UNKNOWN_TABLE = {
    "en": "This table link is not known. Scan the QR code on the table card again.",
    "es": "No se reconoce este enlace de mesa. Vuelva a escanear el código QR de la tarjeta de la mesa.",
    "it": "Questo link del tavolo non è riconosciuto. Scansioni di nuovo il codice QR sul cartoncino del tavolo.",
}
SIGN_IN = {
    "en": "Sign in as one of this event's directors first.",
    "es": "Inicie sesión primero como uno de los directores de este torneo.",
    "it": "Acceda prima come uno dei direttori di gara di questo torneo.",
}
NO_SUCH_GAME = {
    "en": "This event has no game 7.",
    "es": "Este torneo no tiene partida 7.",
    "it": "Questo torneo non ha la partita 7.",
}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["es", "it"])
def test_a_service_refusal_reads_in_the_language_asked_for(client, language):
    response = client.get("/api/v1/tables/no-such-token/sheet/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 404
    assert response.json() == {"detail": UNKNOWN_TABLE[language], "code": "not_found"}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["es", "it"])
def test_drf_s_own_refusal_reads_in_the_language_asked_for(client, event, language):
    response = client.get(f"/api/v1/events/{event.pk}/board/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code in (401, 403)
    assert response.json()["detail"] == SIGN_IN[language]
    assert response.json()["code"] == "not_authenticated"


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_a_refusal_with_a_number_reads_in_the_language_asked_for(client, event, director, language):
    client.force_login(director)
    response = client.get(f"/api/v1/events/{event.pk}/board/?round=7", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 404
    assert response.json() == {"detail": NO_SUCH_GAME[language], "code": "not_found"}


@pytest.mark.django_db
def test_without_accept_language_the_refusal_is_english(client):
    response = client.get("/api/v1/tables/no-such-token/sheet/")
    assert response.json()["detail"] == UNKNOWN_TABLE["en"]
