"""The projector clock in headless Chromium: it counts down, shows the warning and time-up banners, and
agrees with the API to within a second."""


import pytest

from tests.browser.conftest import ARTIFACTS as BROWSER_ARTIFACTS
from tests.factories import make_director, make_event
from tournament.clock import services as clock_services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ARTIFACTS = BROWSER_ARTIFACTS
PROJECTOR = {"width": 1920, "height": 1080}


@pytest.fixture
def game(live_server, monkeypatch):
    """Game 1 seated, waiting for the go-ahead."""
    # No worker takes part here: keep the moment tasks off whatever broker the settings name.
    monkeypatch.setattr(clock_services, "schedule_moments", lambda round_id, moments, now=None: None)
    director = make_director()
    return make_event(director, name="Seniors' Games canasta")


def go_ahead(page, event):
    """A practice game of 12 seconds with a warning 6 seconds before the end, started once the page
    is up (so a slow page load cannot eat into it); the page picks it up at its next sync."""
    clock_services.start_clock(event.rounds.get(), event.directors.get(), length_seconds=12, warning_seconds=6)
    page.evaluate("window.CanastaClock.sync()")
    page.wait_for_selector('[data-clock][data-phase="running"]', timeout=5_000)


def seconds_shown(text: str) -> int:
    minutes, seconds = text.strip().split(":")
    return int(minutes) * 60 + int(seconds)


AGREEMENT = """async () => {
  const root = document.querySelector('[data-clock]');
  const shown = root.querySelector('[data-clock-digits]').textContent;
  const precise = parseFloat(root.getAttribute('data-remaining'));
  const response = await fetch(root.getAttribute('data-clock-url'), {cache: 'no-store'});
  const api = await response.json();
  return {shown, precise, api: api.remaining_seconds, phase: api.phase};
}"""


def test_the_projector_counts_down_warns_and_agrees_with_the_api(browser, live_server, game):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport=PROJECTOR)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{live_server.url}/e/{game.pk}/clock/")
    page.wait_for_selector('[data-clock][data-phase="not_started"]', timeout=10_000)
    assert page.text_content("[data-clock-digits]") == "50:00"
    assert page.text_content("[data-clock-phase]") == "Waiting for the go-ahead"
    go_ahead(page, game)
    assert page.text_content("[data-clock-game]") == "Game 1"
    assert page.text_content("[data-clock-phase]") == "Playing"
    assert page.is_hidden("[data-clock-banner]")

    first = seconds_shown(page.text_content("[data-clock-digits]"))
    page.wait_for_timeout(1500)
    second = seconds_shown(page.text_content("[data-clock-digits]"))
    assert 0 < second < first <= 12

    sample = page.evaluate(AGREEMENT)
    assert sample["phase"] == "running"
    assert abs(seconds_shown(sample["shown"]) - sample["api"]) <= 1
    assert abs(sample["precise"] - sample["api"]) <= 1

    page.wait_for_selector('[data-clock][data-phase="warning"]', timeout=10_000)
    banner = page.locator("[data-clock-banner]")
    assert banner.is_visible()
    assert banner.text_content() == "6 seconds left"
    assert "Warning" in page.text_content("[data-clock-phase]")
    sample = page.evaluate(AGREEMENT)
    assert sample["phase"] == "warning"
    assert abs(seconds_shown(sample["shown"]) - sample["api"]) <= 1
    assert abs(sample["precise"] - sample["api"]) <= 1
    page.screenshot(path=str(ARTIFACTS / "projector-clock-warning.png"))

    page.click("[data-clock-sound]")
    page.evaluate("window.scrollTo(0, 0)")
    assert page.text_content("[data-clock-sound]") == "Sound is on"
    assert page.evaluate("window.canastaChime.played") == 1, "the button plays a test tone"

    page.wait_for_selector('[data-clock][data-phase="time_up"]', timeout=12_000)
    assert banner.text_content() == "Time is up"
    assert page.text_content("[data-clock-digits]") == "00:00"
    assert page.evaluate("window.canastaChime.played") == 2, "time up chimes once sound is on"
    page.screenshot(path=str(ARTIFACTS / "projector-clock-time-up.png"))
    assert errors == []


def test_the_projector_shows_a_pause_and_picks_up_the_resume(browser, live_server, game):
    page = browser.new_page(viewport=PROJECTOR)
    page.goto(f"{live_server.url}/e/{game.pk}/clock/")
    page.wait_for_selector("[data-clock][data-phase]", timeout=10_000)
    go_ahead(page, game)
    round_ = game.rounds.get()
    clock_services.pause_clock(round_, game.directors.get())
    # The page learns of it at its next sync (every 30 s, or when it becomes visible again): now.
    page.evaluate("window.CanastaClock.sync()")
    page.wait_for_selector('[data-clock][data-phase="paused"]', timeout=5_000)
    frozen = page.text_content("[data-clock-digits]")
    page.wait_for_timeout(1200)
    assert page.text_content("[data-clock-digits]") == frozen
    assert page.text_content("[data-clock-phase]") == "Paused"
    clock_services.resume_clock(round_, game.directors.get())
    page.evaluate("window.CanastaClock.sync()")
    page.wait_for_selector('[data-clock][data-phase="running"], [data-clock][data-phase="warning"]',
                           timeout=5_000)
    page.wait_for_timeout(1200)
    assert seconds_shown(page.text_content("[data-clock-digits]")) < seconds_shown(frozen)
