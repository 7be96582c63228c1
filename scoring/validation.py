"""Running the rules app on a sheet under the event's rules.

The event decides the rules, not the device: the sheet is checked with the event's `ruleset`, and its
options are the sheet's own `options` overridden by the event's `rule_options`, with `target_score` always
the event's `target_score`. A sheet may therefore state an option the event leaves unset (the rules app
still rejects an unknown option as malformed), but it can never change one the event sets. The stored
document is what was submitted; only the copy handed to the rules app is adjusted.
"""

import hashlib
import json

import rules

MAX_DOCUMENT_BYTES = 64 * 1024


def malformed(path: str, message: str) -> dict:
    """The rules app's malformed answer, for documents we refuse before it sees them."""
    return {"valid": False, "malformed": True, "problems": [{"path": path, "message": message}],
            "violations": [], "computed": None}


def effective_document(event, document: dict) -> dict:
    sheet_options = document.get("options")
    options = dict(sheet_options) if isinstance(sheet_options, dict) else {}
    options.update(event.rule_options or {})
    options["target_score"] = event.target_score
    checked = dict(document)
    checked["ruleset"] = event.ruleset
    checked["options"] = options
    return checked


def validate_for_event(event, document) -> dict:
    if not isinstance(document, dict):
        return malformed("$", "A score sheet is a JSON object with its hands.")
    if len(json.dumps(document)) > MAX_DOCUMENT_BYTES:
        return malformed("$", "This score sheet is too large to be a game's sheet.")
    if isinstance(document.get("options"), (list, str, int, float, bool)):
        return malformed("$.options", "The options are a list of names and values, like {\"target_score\": 8500}.")
    answer = rules.validate(effective_document(event, document))
    answer.setdefault("malformed", False)
    return answer


def fingerprint(document) -> str:
    return hashlib.sha256(json.dumps(document, sort_keys=True).encode()).hexdigest()


def totals(answer: dict, document: dict) -> tuple[int | None, int | None]:
    """The game's totals: what the hands add up to (the rules app's computation), else as written."""
    computed = (answer or {}).get("computed") or {}
    final = computed.get("final") or (document.get("final") if isinstance(document, dict) else None) or {}
    ns, ew = final.get("ns"), final.get("ew")
    if isinstance(ns, int) and isinstance(ew, int):
        return ns, ew
    return None, None
