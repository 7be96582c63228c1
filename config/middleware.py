"""Under /api/, every refusal is JSON, even one no API view gave.

The API's views answer their refusals through `config.exceptions`. Some answers never reach a view: an
address that matches no route (a table number where an event's id goes, `/api/v1/events/abc/...`), or a
fault Django answers itself. Django writes those as HTML pages, which a device or a tool cannot read; this
middleware rewrites them as the API's `{"detail": sentence, "code": ...}`, with the same status, whether or
not DEBUG is on. It sits below CommonMiddleware, so an address missing only its final slash is still
redirected to the right one.
"""

from django.http import JsonResponse
from django.utils.translation import gettext_lazy as _

API_PREFIX = "/api/"
SENTENCES = {
    400: (_("That request cannot be read."), "bad_request"),
    403: (_("That request is not allowed here."), "permission_denied"),
    404: (_("There is nothing at this address: the API's addresses are listed at /api/schema/."), "not_found"),
    405: (_("This address does not take such requests."), "method_not_allowed"),
    500: (_("The server failed to answer: try again, and tell the director if it happens again."),
          "server_error"),
}
OTHER = (_("That request cannot be carried out."), "error")


class ApiRefusalsInJson:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (response.status_code >= 400 and request.path.startswith(API_PREFIX)
                and not response.get("Content-Type", "").startswith("application/json")):
            refusal = JsonResponse(self.refusal(response), status=response.status_code)
            if response.has_header("Allow"):
                refusal["Allow"] = response["Allow"]
            return refusal
        return response

    @staticmethod
    def refusal(response) -> dict:
        """An API view's own refusal, rendered as HTML for a browser (DRF's browsable API), keeps its
        words; Django's pages get the sentence for their status."""
        data = getattr(response, "data", None)
        if isinstance(data, dict) and {"detail", "code"} <= set(data):
            return data
        detail, code = SENTENCES.get(response.status_code, OTHER)
        return {"detail": str(detail), "code": code}
