"""The standings page's team picker lists the teams by name, in the order of the page's language."""

import re

import pytest
from django.urls import reverse

from tests.factories import make_director, make_event
from tournament.core.models import Team

pytestmark = pytest.mark.django_db


def picked(client, event, language: str) -> list[str]:
    page = client.get(reverse("public-standings", args=[event.pk]), HTTP_ACCEPT_LANGUAGE=language)
    picker = page.content.decode().split('<select id="my-team">')[1].split("</select>")[0]
    return re.findall(r'<option value="\d+">([^<]*)</option>', picker)


def test_the_picker_lists_names_as_the_language_sorts_them(client):
    event = make_event(make_director(), teams=4, standings_published=True)
    for number, first in ((1, "Zoe"), (2, "Ñandú"), (3, "Nuno"), (4, "Nzinga")):
        Team.objects.filter(event=event, number=number).update(player1=first)
    english = picked(client, event, "en")
    spanish = picked(client, event, "es")
    assert [name.split(" ")[0] for name in english] == ["Ñandú", "Nuno", "Nzinga", "Zoe"]
    assert [name.split(" ")[0] for name in spanish] == ["Nuno", "Nzinga", "Ñandú", "Zoe"]
    assert english[0] == "Ñandú / Bob 2 (2)"
