"""Headless Chromium for the browser tests: Debian's /usr/bin/chromium driven by Playwright for Python.

Playwright never downloads a browser here; the flags keep Chromium from reaching for the network. Every
page a test opens is watched for Content-Security-Policy violations (a script, style or request the
policy refused), and a test whose pages logged any fails at its end: a page that works only because
something was refused, or that stopped working because of it, is caught by every browser test.
"""

import os
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop in this thread; the live server's database calls are fine.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# CI runs two passes at once and gives the second a folder of its own (.ci/run).
ARTIFACTS = Path(os.environ.get("CANASTA_TEST_ARTIFACTS") or Path(__file__).resolve().parents[2] / "test-artifacts")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


# Chromium logs a refusal on the console ("... violates the following Content Security Policy directive");
# the event listener also reports refusals the console does not name, such as a blocked style attribute.
REPORT_VIOLATIONS = """document.addEventListener("securitypolicyviolation", (e) => {
  console.error("CSP violation: " + e.violatedDirective + " blocked " + (e.blockedURI || "inline") +
                " at " + e.sourceFile + ":" + e.lineNumber);
});"""


def screenshot(page, name: str) -> None:
    """A picture of the whole page in test-artifacts/ (kept by CI, read by people checking a layout)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)


def is_csp_violation(text: str) -> bool:
    return "Content Security Policy" in text or text.startswith("CSP violation")


class WatchedBrowser:
    """Chromium whose pages record every CSP violation in `csp_violations`."""

    def __init__(self, chromium):
        self.chromium = chromium
        self.csp_violations: list[str] = []

    # Playwright's routes do not see the requests a service worker makes, so a test that holds or drops
    # answers with a route would race the tables' worker taking control: no worker unless a test asks for
    # one (`service_workers="allow"`, the offline tests).
    def new_page(self, **options):
        options.setdefault("service_workers", "block")
        page = self.chromium.new_page(**options)
        self.watch(page)
        return page

    def new_context(self, **options):
        options.setdefault("service_workers", "block")
        context = self.chromium.new_context(**options)
        context.add_init_script(REPORT_VIOLATIONS)
        context.on("console", self.record)
        return context

    def watch(self, page):
        page.add_init_script(REPORT_VIOLATIONS)
        page.on("console", self.record)

    def record(self, message):
        if is_csp_violation(message.text):
            self.csp_violations.append(message.text)

    def __getattr__(self, name):
        return getattr(self.chromium, name)


@pytest.fixture
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"), args=CHROMIUM_ARGS,
        )
        watched = WatchedBrowser(chromium)
        yield watched
        chromium.close()
        assert watched.csp_violations == [], "the Content-Security-Policy refused something on a page"
