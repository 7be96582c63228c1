"""The OpenAPI schema says every refusal an operation can really give (REST_FRAMEWORK["DEFAULT_SCHEMA_CLASS"]).

A view documents what is its own: its answer, and the refusals of its services (a 409 when the game does
not allow it, a 422 with the rules' answer). What comes from the machinery every view shares is added
here, from the view itself, so no view has to remember it and none can forget it:

* a body (POST, PUT, PATCH): 400 not JSON or refused input, 413 too large, 415 not JSON (config.parsers);
* a path with an id or a token: 404;
* authentication: a sign-in that is not known is a 401 when the first authenticator asks for one (Token),
  a 403 otherwise (DRF's rule); a view that needs a signed-in user adds the same for none, and 403 for
  someone who may not, as does a session's missing CSRF token on a write;
* a throttle: 429; any request: 406 for an Accept header that excludes JSON.

Each is the one refusal body, `Refusal` ({"detail", "code"}), unless the view documented that status.
"""

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse
from rest_framework.authentication import SessionAuthentication
from rest_framework.permissions import AllowAny

from tournament.core.api import Refusal

WHY = {
    "400": "The body is not JSON, is nested too deeply, or an input is refused: the sentence says which.",
    "401": "Not signed in, or the token is not known.",
    "403": "Not one of this event's directors (or, signed in by session, no CSRF token).",
    "404": "No such event, game or table.",
    "406": "This address answers in JSON only.",
    "413": "The body is larger than the API takes (API_MAX_BODY_KB).",
    "415": "The body is not sent as application/json.",
    "429": "Too many requests: the sentence says how long to wait.",
}
WRITES = {"POST", "PUT", "PATCH"}


class ApiSchema(AutoSchema):
    # `_get_response_bodies`, not `get_response_serializers`: @extend_schema replaces the latter, and
    # every view here declares its responses with it.
    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        for code in self.refusals():
            if code not in responses:
                refusal = OpenApiResponse(Refusal, description=WHY[code])
                responses[code] = self._get_response_for_code(refusal, code, direction=direction)
        return dict(sorted(responses.items()))

    def refusals(self) -> list[str]:
        """The statuses the shared machinery can answer this operation with."""
        view, codes = self.view, ["406"]
        if self.method in WRITES:
            codes += ["400", "413", "415"]
        if "{" in self.path:
            codes.append("404")
        authenticators = view.get_authenticators()
        if authenticators:
            codes.append("401" if authenticators[0].authenticate_header(None) else "403")
        if any(not isinstance(permission, AllowAny) for permission in view.get_permissions()):
            codes.append("403")
        if self.method in WRITES and any(isinstance(a, SessionAuthentication) for a in authenticators):
            codes.append("403")  # CSRF
        if view.get_throttles():
            codes.append("429")
        return codes
