"""The language switch on every page, and the scripts' catalog of one language (docs/languages.md)."""

from django.conf import settings
from django.http import Http404, HttpResponseRedirect
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.i18n import JavaScriptCatalog

from tournament.core.language import is_ours


def choose_language(request, language: str):
    """Remember the reader's language (Django's language cookie, a year) and go back to the page. A link,
    not a form: one tap for a player, and no form token on pages that are otherwise the same for all."""
    if not is_ours(language):
        raise Http404("No such language.")
    target = request.GET.get("next") or "/"
    if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure()):
        target = "/"
    response = HttpResponseRedirect(target)
    response.set_cookie(settings.LANGUAGE_COOKIE_NAME, language, max_age=settings.LANGUAGE_COOKIE_AGE,
                        samesite="Lax", secure=request.is_secure())
    return response


def script_catalog(request, language: str):
    """The scripts' strings in the language of the address, whatever the request's own: a page asks for
    its own language's catalog, so a script speaks as its page does (an event's language included)."""
    if not is_ours(language):
        raise Http404("No such language.")
    with translation.override(language):
        return JavaScriptCatalog.as_view()(request)
