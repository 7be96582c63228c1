"""What django-axes needs from the project: the client's address, and the page a locked-out login gets.

Axes counts wrong passwords per username and address (settings: AXES_*). Behind a proxy every request
comes from the proxy's address, so the address is read the way the API's rate limits read it
(NUM_PROXIES), or one locked director would lock every director out. The lock-out page says how long to
wait, counted from the failure that locked the pair, since trying again while locked does not restart it.
"""

import math

from axes.helpers import get_client_username, get_cool_off
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Max
from django.shortcuts import render
from django.utils import timezone


def client_address(request) -> str | None:
    """The client's address: REMOTE_ADDR, or the one the NUM_PROXIES-th proxy saw (as DRF's throttles do)."""
    proxies = settings.REST_FRAMEWORK.get("NUM_PROXIES")
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR")
    if proxies and forwarded:
        addresses = [address.strip() for address in forwarded.split(",")]
        return addresses[-min(proxies, len(addresses))]
    return request.META.get("REMOTE_ADDR")


def lockout_response(request, original_response=None, credentials=None):
    """The login page's lock-out: who is locked, from where, and for how many more minutes."""
    username = get_client_username(request, credentials) or ""
    cool_off = get_cool_off(request)
    last_failure = AccessAttempt.objects.filter(
        username=username, ip_address=getattr(request, "axes_ip_address", None)
    ).aggregate(last=Max("attempt_time"))["last"]
    until = (last_failure or timezone.now()) + cool_off
    seconds = max((until - timezone.now()).total_seconds(), 1)
    minutes = math.ceil(seconds / 60)
    response = render(
        request,
        "registration/lockout.html",
        {"username": username, "minutes": minutes, "until": until, "failure_limit": settings.AXES_FAILURE_LIMIT},
        status=settings.AXES_HTTP_RESPONSE_CODE,
    )
    response["Retry-After"] = str(math.ceil(seconds))
    return response
