"""What every @2 rule set declares alike (the protocol of rules/registry.py): the format it reads, its
options (their defaults, their reader, the ceiling on hands they set), its line (what the parser accepts,
what a form shows) and its example sheet, each taken from the game's module that holds it. A game's class
then says only what is its own: its name and title, who sits at its sheet, and `validate`.
"""

import copy

from rules.sides.fields import FORMAT2


class SidesRuleset:
    """A rule set of the @2 sheet, built from its game's modules."""

    formats = (FORMAT2,)

    def __init__(self, *, options, line, codes: dict, example: dict):
        """`options` is the game's options module (DEFAULTS, parse_options, hand_cap), `line` its line
        module (line_spec, describe_line), `codes` its CODES and `example` a valid sheet of the game."""
        self.options = options.DEFAULTS.as_dict()
        self.parse_options = options.parse_options
        self.hand_cap = options.hand_cap
        self.line_spec = line.line_spec
        self.describe_line = line.describe_line
        self.codes = codes
        self._example = example

    def example(self) -> dict:
        """A valid example sheet of the game: a fresh copy, so a caller may change it."""
        return copy.deepcopy(self._example)
