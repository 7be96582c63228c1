"""The tables' service worker, served by Django so that its scope covers every table's page. What it keeps
in the browser is checked in tests/browser/test_table_offline.py; here, how it is served."""

import json

import pytest
from django.urls import reverse

from tests.config.test_content_security_policy import directives

pytestmark = pytest.mark.django_db


def test_the_worker_is_served_as_javascript_never_cached_from_the_tables_folder(client):
    response = client.get(reverse("table-worker"))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/javascript; charset=utf-8"
    assert response["Cache-Control"] == "no-cache"
    # A worker's default scope is its own folder: /t/ holds every table's page, /t/<token>/.
    assert reverse("table-worker").rsplit("/", 1)[0] + "/" == reverse("table-page", args=["abc"])[:3]


def test_the_policy_lets_the_site_register_its_own_worker(client, game):
    policy = directives(client.get(reverse("table-page", args=[game.table.token])))
    assert policy["worker-src"] == ["'self'"]


def test_the_worker_keeps_the_site_s_static_files_and_names_the_api_as_never_kept(client, settings):
    settings.STATIC_URL = "/assets/"
    script = client.get(reverse("table-worker")).content.decode()
    assert 'const STATIC = "/assets/";' in script
    assert 'const API = "/api/";' in script and 'url.pathname.indexOf(API) !== 0' in script


def test_the_table_page_tells_its_script_where_the_worker_is(client, game):
    html = client.get(reverse("table-page", args=[game.table.token])).content.decode()
    config = json.loads(html.split('id="sheet-config" type="application/json">')[1].split("</script>")[0])
    assert config["urls"]["worker"] == reverse("table-worker")
