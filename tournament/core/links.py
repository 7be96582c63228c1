"""The room's address: every absolute link the app prints or shows is built here, by one rule.

A phone in the room must reach the server at the address the room uses, never at a loopback address
(127.0.0.1 on a phone is the phone itself). SITE_URL names that address when it is set to one that is not
loopback: `python3 dev.py run --lan` sets it, and so does a deployment. While it is loopback (the
demo's default), a page builds its links from the address it was opened at instead, so a director who
opens the cards at http://192.168.1.20:8000 prints cards for that address; only a page opened at a
loopback address itself, or text printed with no request at all (the demo's output), uses SITE_URL as it
stands. The host of a request is one Django has already checked against ALLOWED_HOSTS.

Table cards, team cards, the projector and the demo's output all ask `absolute_url`; their QR codes are
drawn by `qr_svg`.
"""

import ipaddress
from urllib.parse import urlsplit

import segno
from django.conf import settings
from django.http import HttpRequest
from django.utils.safestring import SafeString, mark_safe


def is_loopback(url: str) -> bool:
    """Whether the URL's host is this machine only (localhost, 127.0.0.0/8, ::1): no phone reaches it."""
    host = urlsplit(url).hostname or ""
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def site_url(request: HttpRequest | None = None) -> str:
    """The room's address, with no final slash: SITE_URL, unless it is loopback and the request is not."""
    configured = settings.SITE_URL.rstrip("/")
    if request is None or not is_loopback(configured):
        return configured
    here = request.build_absolute_uri("/").rstrip("/")
    return configured if is_loopback(here) else here


def absolute_url(request: HttpRequest | None, path: str) -> str:
    """The address of a path of this site (`reverse(...)`) as a phone in the room reaches it."""
    return site_url(request) + path


def qr_svg(url: str, *, scale: int, title: str) -> SafeString:
    """The URL as a QR code, an inline SVG on white, named for screen readers by `title`."""
    svg = segno.make(url, error="m").svg_inline(scale=scale, border=2, dark="#000", light="#fff", title=title)
    return mark_safe(svg)  # segno writes the SVG and escapes the title: no unescaped user text in it
