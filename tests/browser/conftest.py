"""Headless Chromium for the browser tests: Debian's /usr/bin/chromium driven by Playwright for Python.

Playwright never downloads a browser here; the flags keep Chromium from reaching for the network.
"""

import os
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop in this thread; the live server's database calls are fine.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"), args=CHROMIUM_ARGS,
        )
        yield chromium
        chromium.close()
