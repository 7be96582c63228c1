"""The board's counts: neutral at zero, in the state's colour only above, and N-S / E-W headers that do not
wrap on a phone."""

import pytest

from scoring import services
from tests.scoring.sheets import sheet, with_bad_count

pytestmark = pytest.mark.django_db


def counts_html(client, event, director) -> str:
    client.force_login(director)
    html = client.get(f"/director/events/{event.pk}/board/").content.decode()
    return html.split('<ul class="board-counts"')[1].split("</ul>")[0]


def test_a_count_of_zero_is_neutral_and_a_flag_is_not(client, event, game, director):
    html = counts_html(client, event, director)
    assert '<li class="state-flagged zero"><strong>0</strong>' in html
    assert '<li class="state-disputed zero"><strong>0</strong>' in html
    services.submit_sheet(game, with_bad_count(sheet()), "k1", review=True, reason="Not sure")
    html = counts_html(client, event, director)
    assert '<li class="state-flagged"><strong>1</strong>' in html


def test_the_side_headers_do_not_wrap(client, event, director):
    client.force_login(director)
    html = client.get(f"/director/events/{event.pk}/board/").content.decode()
    assert '<th class="num nowrap">N-S</th><th class="num nowrap">E-W</th>' in html
