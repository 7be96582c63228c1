"""Issue 19, item 6: a favicon for every page, and notices announced without hiding the list."""

import pytest
from django.contrib.messages import constants
from django.contrib.messages.storage.fallback import FallbackStorage
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.test import RequestFactory


def test_every_page_names_the_icon_and_favicon_ico_leads_to_it(client):
    assert client.get("/favicon.ico").headers["Location"] == static("img/favicon.svg")
    assert client.get("/favicon.ico").status_code == 302
    page = render_to_string("base.html", {})
    assert f'<link rel="icon" href="{static("img/favicon.svg")}" type="image/svg+xml">' in page


@pytest.mark.django_db
def test_a_notice_is_in_a_live_region_around_the_list_not_a_role_on_the_list():
    request = RequestFactory().get("/")
    request.session = {}
    request._messages = FallbackStorage(request)
    request._messages.add(constants.SUCCESS, "Team 4 is withdrawn.")
    page = render_to_string("base.html", {"messages": request._messages}, request=request)
    region = page[page.index('<div role="status">'):]
    assert region.index('<ul class="messages">') < region.index("Team 4 is withdrawn.") < region.index("</div>")
    assert '<ul class="messages" role=' not in page
