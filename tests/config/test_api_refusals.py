"""Under /api/, a refusal is JSON even when no API view gave it (config.middleware): an address that
matches no route, a method or a fault Django answers itself. Pages elsewhere keep Django's HTML."""

import pytest
from django.http import HttpResponseNotAllowed
from django.test import Client
from django.urls import include, path

from config import urls as site_urls


def boom(request):
    raise RuntimeError("a fault")


def get_only(request):
    return HttpResponseNotAllowed(["GET"])


urlpatterns = [
    path("api/boom/", boom),
    path("api/get-only/", get_only),
    path("", include(site_urls)),
]

NO_SUCH_ADDRESS = {"detail": "There is nothing at this address: the API's addresses are listed at /api/schema/.",
                   "code": "not_found"}


@pytest.mark.django_db
@pytest.mark.parametrize("address", ["/api/v1/events/abc/standings/", "/api/v1/tables/x/nothing/",
                                     "/api/v2/", "/api/"])
def test_an_address_that_matches_no_route_is_a_json_404(client, address):
    response = client.get(address)
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == NO_SUCH_ADDRESS


@pytest.mark.django_db
def test_a_non_numeric_id_is_a_json_404_for_a_write_too(client):
    response = client.post("/api/v1/events/abc/clock/start/", data="{}", content_type="application/json")
    assert response.status_code == 404 and response.json()["code"] == "not_found"


@pytest.mark.django_db
def test_a_missing_final_slash_is_still_redirected(client):
    response = client.get("/api/v1/check")
    assert response.status_code == 301 and response["Location"] == "/api/v1/check/"


@pytest.mark.django_db
def test_pages_outside_the_api_keep_django_s_html_404(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404 and not response["Content-Type"].startswith("application/json")


@pytest.mark.django_db
def test_a_fault_under_the_api_is_a_json_500_and_a_django_405_keeps_its_allow(settings):
    settings.ROOT_URLCONF = __name__
    client = Client(raise_request_exception=False)
    fault = client.get("/api/boom/")
    assert fault.status_code == 500 and fault.json()["code"] == "server_error"
    assert fault.json()["detail"].startswith("The server failed to answer")
    refused = client.post("/api/get-only/")
    assert refused.status_code == 405 and refused["Allow"] == "GET"
    assert refused.json() == {"detail": "This address does not take such requests.", "code": "method_not_allowed"}


@pytest.mark.django_db
def test_an_api_refusal_asked_for_as_html_keeps_its_own_sentence(client, event):
    response = client.get(f"/api/v1/events/{event.pk}/board/", HTTP_ACCEPT="text/html")
    assert response.status_code == 403 and response["Content-Type"] == "application/json"
    assert response.json() == {"detail": "Sign in as one of this event's directors first.",
                               "code": "not_authenticated"}
