"""The Content-Security-Policy: on every page, scripts only from the site's files, and the templates
write nothing the policy would refuse."""

import re
from pathlib import Path

import pytest
from django.urls import reverse

from tests.factories import make_director, make_event

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def directives(response) -> dict[str, list[str]]:
    policy = response["Content-Security-Policy"]
    return {name: values for name, *values in (part.split() for part in policy.split(";") if part.strip())}


@pytest.mark.django_db
def test_pages_allow_scripts_and_styles_only_from_the_site(client):
    event = make_event(make_director(), teams=4)
    for url in [reverse("login"), reverse("public-event", args=[event.pk]), reverse("sheet-check")]:
        policy = directives(client.get(url))
        assert policy["script-src"] == ["'self'"], url
        assert policy["style-src"] == ["'self'"], url  # no nonce where no page needs one
        assert policy["object-src"] == ["'none'"]
        assert policy["frame-ancestors"] == ["'none'"]
        assert policy["default-src"] == ["'self'"]


@pytest.mark.django_db
def test_the_api_docs_inline_style_carries_the_nonce_of_its_own_answer(client):
    response = client.get(reverse("api-docs"))
    (nonce,) = [value for value in directives(response)["style-src"] if value.startswith("'nonce-")]
    page = response.content.decode()
    assert f'<style nonce="{nonce[7:-1]}">' in page
    assert re.search(r"<script>", page) is None, "the docs page's script comes from its own URL"
    assert client.get(reverse("api-docs"))["Content-Security-Policy"] != response["Content-Security-Policy"]


def test_no_template_writes_an_inline_script_handler_or_style_attribute():
    """The policy would refuse them: scripts go in static/js, styles in static/css."""
    refused = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>|\son[a-z]+=|\sstyle=", re.IGNORECASE)
    found = [f"{path.relative_to(TEMPLATES)}: {match.group(0).strip()}"
             for path in TEMPLATES.rglob("*.html") for match in refused.finditer(path.read_text())]
    assert found == []
