"""A Deck 21 game's line described for forms (the rule-set protocol's `describe_line`, registry.py), from
the same LineSpec the parser enforces, so a form never offers a value the parser refuses.
"""

from rules.fields import CHOICE, WHOLE_NUMBER


def describe(spec, labels: dict, choice_labels: dict | None = None, not_asked: frozenset = frozenset()) -> list:
    """One entry per field of the line, then per field of its details, in the spec's order. Every field
    needs its words in `labels` (a KeyError otherwise: a form never shows a field by its code name)."""
    entries = [_entry(name, "line", field, labels, choice_labels or {}, not_asked)
               for name, field in spec.fields.items()]
    entries += [_entry(name, "details", field, labels, choice_labels or {}, not_asked)
                for name, field in spec.details.items()]
    return entries


def _entry(name: str, part: str, field: tuple, labels: dict, choice_labels: dict, not_asked: frozenset) -> dict:
    kind = field[0]
    entry = {"name": name, "part": part, "label": labels[name], "kind": kind, "asked": name not in not_asked}
    if kind == WHOLE_NUMBER:
        entry["min"], entry["max"] = field[1], field[2]
    elif kind == CHOICE:
        words = choice_labels[name]
        entry["choices"] = [{"value": value, "label": words[value]} for value in (None, *field[1])]
    return entry
