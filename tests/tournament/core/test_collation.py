"""Names in the order of the reader's language (tournament.core.collation)."""

import pytest
from django.urls import reverse
from django.utils import translation

from tests.factories import make_director, make_event
from tournament.core.collation import by_name
from tournament.core.models import Game, Team

NAMES = ["Zoe", "Ñandú", "Nuño", "Nuno", "Álvaro", "alba", "Óscar", "Olga", "Émile", "Eva", "Nzinga", "Чехов"]


def test_accents_and_case_do_not_send_a_name_to_the_end():
    assert by_name(NAMES, language="en") == [
        "alba", "Álvaro", "Émile", "Eva", "Ñandú", "Nuno", "Nuño", "Nzinga", "Olga", "Óscar", "Zoe", "Чехов"]


def test_spanish_puts_n_with_tilde_after_every_n():
    assert by_name(NAMES, language="es") == [
        "alba", "Álvaro", "Émile", "Eva", "Nuno", "Nuño", "Nzinga", "Ñandú", "Olga", "Óscar", "Zoe", "Чехов"]


def test_portuguese_and_italian_sort_as_the_default_order():
    assert by_name(NAMES, language="pt-br") == by_name(NAMES, language="it") == by_name(NAMES, language="en")


def test_the_active_language_decides_and_items_are_sorted_by_their_name():
    teams = [{"name": "Ñandú"}, {"name": "Nzinga"}]
    with translation.override("es"):
        assert [t["name"] for t in by_name(teams, lambda team: team["name"])] == ["Nzinga", "Ñandú"]
    with translation.override("en"):
        assert [t["name"] for t in by_name(teams, lambda team: team["name"])] == ["Ñandú", "Nzinga"]


@pytest.mark.django_db
def test_the_seating_page_lists_everyone_by_name_with_their_table(client):
    event = make_event(make_director(), teams=4, seating_published=True)
    for number, first in ((1, "Zoe"), (2, "Ñandú"), (3, "Nuno"), (4, "Nzinga")):
        Team.objects.filter(event=event, number=number).update(player1=first)
    tables = {game.ns_team.player1: game.table.number for game in Game.objects.filter(round__event=event)}
    tables |= {game.ew_team.player1: game.table.number for game in Game.objects.filter(round__event=event)}
    page = client.get(reverse("public-seating", args=[event.pk]), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    index = page.split('<details class="seating-names">')[1].split("</details>")[0]
    listed = [line.split('<span class="team">')[1] for line in index.split("<li>")[1:]]
    assert [entry.split(" ")[0] for entry in listed] == ["Nuno", "Nzinga", "Ñandú", "Zoe"]
    assert f"</span>: mesa {tables['Zoe']}</li>" in index


def test_a_name_typed_with_a_combining_tilde_sorts_as_one_typed_with_n_tilde():
    decomposed = "N\u0303andu"  # N and a combining tilde, as some keyboards type Ñ
    assert by_name([decomposed, "Nzinga", "Nuno"], language="es") == ["Nuno", "Nzinga", decomposed]
