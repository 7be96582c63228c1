"""The crazy_canasta rule set's options (docs/rulesets/crazy_canasta.md, "Options"): where the source text
is silent, ambiguous or contradicts itself, the reading we chose is the default and the others are options.
"""

from dataclasses import dataclass, field

from rules.crazy_canasta.deck import Deck, deck_for
from rules.violations import Problem
from rules.words import describe_value, either, key_text

DEALS = 4  # Going Out: "Four hands have been played, so the game is over."
DECKS_AT_MOST = 20


@dataclass(frozen=True, slots=True)
class CrazyOptions:
    red_three_points: str = "bonus"          # or "bonus_and_card": also 100 in the count
    black_three_points: str = "penalty"      # or "card_value_subtracted": -(-100) = +100 each
    books: str = "grouped"                   # or "as_written": no check that canastas were grouped
    jokers: str = "per_deck"                 # or "two": two jokers in all
    aces: str = "meldable"                   # or "not_meldable" (Meld's list leaves them out)
    decks: int = 7
    # Derived once, read in the hot path.
    red_in_count: bool = field(init=False, repr=False, compare=False)
    black_sign: int = field(init=False, repr=False, compare=False)
    grouped_books: bool = field(init=False, repr=False, compare=False)
    cards: Deck = field(init=False, repr=False, compare=False)  # what the decks hold (deck.py)

    def __post_init__(self):
        object.__setattr__(self, "red_in_count", self.red_three_points == "bonus_and_card")
        object.__setattr__(self, "black_sign", -1 if self.black_three_points == "penalty" else 1)
        object.__setattr__(self, "grouped_books", self.books == "grouped")
        object.__setattr__(self, "cards", deck_for(self.decks, self.jokers, self.aces))

    def as_dict(self) -> dict:
        return {name: getattr(self, name) for name in NAMES}


DEFAULTS = CrazyOptions()
CHOICES = {
    "red_three_points": ("bonus", "bonus_and_card"),
    "black_three_points": ("penalty", "card_value_subtracted"),
    "books": ("grouped", "as_written"),
    "jokers": ("per_deck", "two"),
    "aces": ("meldable", "not_meldable"),
}
NAMES = (*CHOICES, "decks")


def _problem(name: str, text: str, problems: list[Problem]) -> None:
    problems.append(Problem(f"$.options.{name}", f'The option "{name}" {text}'))


def _check(name: str, value: object, problems: list[Problem]) -> bool:
    """Whether one option's value is allowed; a Problem in plain words when it is not."""
    if name in CHOICES:
        if type(value) is str and value in CHOICES[name]:
            return True
        _problem(name, f"must be {either(list(CHOICES[name]))}, not {describe_value(value)}.", problems)
        return False
    if type(value) is int and 1 <= value <= DECKS_AT_MOST:
        return True
    _problem(name, f"must be a whole number of decks from 1 to {DECKS_AT_MOST}, not {describe_value(value)}.",
             problems)
    return False


def hand_cap(options: CrazyOptions) -> int:
    """A game has four deals, so a sheet lists at most four hands."""
    return DEALS


def parse_options(raw: dict | None, problems: list[Problem]) -> CrazyOptions | None:
    """The options a sheet chose, with the defaults filled in; None after reporting each bad one."""
    if not raw:
        return DEFAULTS
    ok = True
    for name, value in raw.items():
        if name not in NAMES:
            known = either([f'"{known}"' for known in NAMES], "and")
            path = f"$.options.{name}" if str(name).isidentifier() else f"$.options[{key_text(name)}]"
            problems.append(Problem(
                path, f"The crazy_canasta rule set has no option {key_text(name)}; its options are {known}."))
            ok = False
        elif not _check(name, value, problems):
            ok = False
    return CrazyOptions(**raw) if ok else None
