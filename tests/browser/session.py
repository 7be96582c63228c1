"""Signing the demo director in from a browser page, for the browser tests that need the director's pages."""


def log_in(page, live_server, next_url: str) -> None:
    """Through the login form as a person would, then on to `next_url`."""
    page.goto(f"{live_server.url}/accounts/login/?next={next_url}")
    page.fill("input[name=username]", "director")
    page.fill("input[name=password]", "director-pass-1")
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(f"{live_server.url}{next_url}")
