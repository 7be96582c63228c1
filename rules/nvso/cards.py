"""The NVSO deck as the card ledger sees it (rules/ledger.py), and what each detail of a team's line takes
from it at the least (nvso-ruleset.md, "Across both teams in one hand").

108 cards: 8 of each natural rank, 4 red and 4 black threes, 8 deuces and 4 jokers (12 wild cards). The
least each detail needs: a sevens canasta 7 sevens (always pure); an aces canasta 5 aces (the contract's
figure); an unfinished sevens meld 3 sevens; an unfinished aces meld 2 aces (aces may take wilds in the
first meld); each stuck player 3 of the rank they are stuck with; a mixed canasta 1 wild card; a wild
canasta 7 wild cards (all deuces: 7 deuces; four jokers: 4 jokers and 3 deuces; jokers with deuces: at
least 1 joker and 4 deuces); an unfinished wild meld 3 wild cards, or the 4 jokers when it holds them all;
threes by colour. So one team's wild canasta beside the other's unfinished wild meld fits (7 + 3 <= 12),
and a sevens canasta beside an unfinished sevens meld does not (7 + 3 > 8).
"""

from functools import lru_cache

from rules.fields import Details
from rules.ledger import Pool, Take, pack, packed_deck, tally
from rules.nvso.deck import DECKS_CARDS_PER_RANK, THREES_PER_COLOUR, WILD_CARDS

RED, BLACK, SEVENS, ACES, WILDS, JOKERS, DEUCES = range(7)
POOLS = (
    Pool("red_threes", THREES_PER_COLOUR, "red threes"),
    Pool("black_threes", THREES_PER_COLOUR, "black threes"),
    Pool("sevens", DECKS_CARDS_PER_RANK, "sevens"),
    Pool("aces", DECKS_CARDS_PER_RANK, "aces"),
    Pool("wilds", WILD_CARDS, "wild cards"),
    Pool("jokers", 4, "jokers"),
    Pool("deuces", 8, "deuces"),
)
PACKED = packed_deck(POOLS)

SEVENS_IN_CANASTA, ACES_IN_CANASTA = 7, 5
SEVENS_IN_UNFINISHED, ACES_IN_UNFINISHED = 3, 2
HELD_BY_STUCK_PLAYER = 3  # G, L: stuck means holding more than two
# (what, {pool: cards}) for each kind of wild canasta and unfinished wild meld.
WILD_CANASTA_TAKES = {
    "all_deuces": ("a wild canasta of all deuces", {WILDS: 7, DEUCES: 7}),
    "four_jokers": ("a wild canasta with the four jokers", {WILDS: 7, JOKERS: 4, DEUCES: 3}),
    "mixed": ("a wild canasta of jokers and deuces", {WILDS: 7, JOKERS: 1, DEUCES: 4}),
}
UNFINISHED_WILDS_TAKES = {
    "other": ("an unfinished wild meld", {WILDS: 3}),
    "four_jokers": ("an unfinished wild meld with the four jokers", {WILDS: 4, JOKERS: 4}),
}


def _from(pools: dict[int, int]) -> tuple[int, ...]:
    cards = [0] * len(POOLS)
    for index, count in pools.items():
        cards[index] = count
    return tuple(cards)


def _several(count: int, one: str, many: str) -> str:
    return one if count == 1 else f"{count} {many}"


def _stuck(count: int, rank: str) -> str:
    return f"{_several(count, 'a player', 'players')} stuck with {rank}"


@lru_cache(maxsize=4096)
def _takes(team: str, red: int, black: int, mixed: int, sevens: bool, aces: bool, wild: str | None,
           unfinished_sevens: bool, unfinished_aces: bool, unfinished_wilds: str | None, stuck_aces: int,
           stuck_sevens: int) -> tuple[tuple[Take, ...], int]:
    takes = []
    if red:
        takes.append(Take(team, "details.red_threes", _several(red, "a red three", "red threes"),
                          _from({RED: red})))
    if black:
        takes.append(Take(team, "details.black_threes", _several(black, "a black three", "black threes"),
                          _from({BLACK: black})))
    if sevens:
        takes.append(Take(team, "details.sevens_canasta", "a sevens canasta", _from({SEVENS: SEVENS_IN_CANASTA})))
    if unfinished_sevens:
        takes.append(Take(team, "details.incomplete_sevens", "an unfinished sevens meld",
                          _from({SEVENS: SEVENS_IN_UNFINISHED})))
    if stuck_sevens:
        takes.append(Take(team, "details.stuck_sevens", _stuck(stuck_sevens, "sevens"),
                          _from({SEVENS: HELD_BY_STUCK_PLAYER * stuck_sevens})))
    if aces:
        takes.append(Take(team, "details.aces_canasta", "an aces canasta", _from({ACES: ACES_IN_CANASTA})))
    if unfinished_aces:
        takes.append(Take(team, "details.incomplete_aces", "an unfinished aces meld",
                          _from({ACES: ACES_IN_UNFINISHED})))
    if stuck_aces:
        takes.append(Take(team, "details.stuck_aces", _stuck(stuck_aces, "aces"),
                          _from({ACES: HELD_BY_STUCK_PLAYER * stuck_aces})))
    if wild is not None:
        what, pools = WILD_CANASTA_TAKES[wild]
        takes.append(Take(team, "details.wild_canasta", what, _from(pools)))
    if unfinished_wilds is not None:
        what, pools = UNFINISHED_WILDS_TAKES[unfinished_wilds]
        takes.append(Take(team, "details.incomplete_wilds", what, _from(pools)))
    if mixed:
        takes.append(Take(team, "details.mixed_canastas", _several(mixed, "a mixed canasta", "mixed canastas"),
                          _from({WILDS: mixed})))
    takes = tuple(takes)
    return takes, pack(tally(POOLS, takes))


def team_takes(team: str, d: Details) -> tuple[tuple[Take, ...], int]:
    """What this team's details take from the deck at the least, and their tally per pool packed for
    ledger.overflowing (cached: most hands repeat a few shapes)."""
    return _takes(team, d.red_threes, d.black_threes, d.mixed_canastas, d.sevens_canasta, d.aces_canasta,
                  d.wild_canasta, d.incomplete_sevens, d.incomplete_aces, d.incomplete_wilds, d.stuck_aces,
                  d.stuck_sevens)
