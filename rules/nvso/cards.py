"""The NVSO deck as the card ledger sees it (rules/ledger.py), and what each detail of a team's line takes
from it at the least (nvso-ruleset.md, "Across both teams in one hand").

108 cards: 8 of each natural rank, 4 red and 4 black threes, 8 deuces and 4 jokers (12 wild cards). The
least each detail needs: a sevens canasta 7 sevens (always pure); an aces canasta 7 aces (the format's
`aces_canasta` is a pure canasta of aces, G; the contract's 5 is the least of any aces canasta, and a
mixed one is recorded among the mixed canastas, whose rank the sheet does not say); an unfinished sevens
meld 3 sevens; an unfinished aces meld 2 aces (aces may take wilds in the first meld); each stuck player 3
of the rank they are stuck with; a mixed canasta 1 wild card; a wild canasta 7 wild cards (all deuces: 7
deuces; four jokers: 4 jokers and 3 deuces; jokers with deuces: at least 1 joker and 4 deuces); an
unfinished wild meld 3 wild cards, or the 4 jokers when it holds them all; threes by colour. So one team's
wild canasta beside the other's unfinished wild meld fits (7 + 3 <= 12), a sevens canasta beside an
unfinished sevens meld does not (7 + 3 > 8), nor a pure aces canasta beside a player stuck with aces
(7 + 3 > 8).
"""

from functools import lru_cache

from rules.fields import Details
from rules.language import _, current, ngettext
from rules.ledger import Pool, Take, pack, packed_deck, tally
from rules.nvso.deck import DECKS_CARDS_PER_RANK, THREES_PER_COLOUR, WILD_CARDS
from rules.words import points

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

SEVENS_IN_CANASTA, ACES_IN_CANASTA = 7, 7  # both always pure (E, G)
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


# The cards (wilds, jokers, deuces) each kind of wild canasta and unfinished wild meld takes, None for none:
# the same figures as the takes above, for `fits`.
_WILD_CANASTA_CARDS = {None: (0, 0, 0)} | {
    kind: (pools.get(WILDS, 0), pools.get(JOKERS, 0), pools.get(DEUCES, 0))
    for kind, (_, pools) in WILD_CANASTA_TAKES.items()}
_UNFINISHED_WILDS_CARDS = {None: (0, 0, 0)} | {
    kind: (pools.get(WILDS, 0), pools.get(JOKERS, 0), pools.get(DEUCES, 0))
    for kind, (_, pools) in UNFINISHED_WILDS_TAKES.items()}
_RED, _BLACK, _SEVENS, _ACES = POOLS[RED].size, POOLS[BLACK].size, POOLS[SEVENS].size, POOLS[ACES].size
_WILDS, _JOKERS, _DEUCES = POOLS[WILDS].size, POOLS[JOKERS].size, POOLS[DEUCES].size
NOTHING = Details()  # the other team, when only one team recorded details


def fits(ns: Details, ew: Details) -> bool:
    """Whether both teams' details fit every pool of the deck: exactly ledger.fits on their tallies, summed
    here from the same figures without building a take, because nearly every hand fits and the takes, with
    their words, are wanted only to say what overflows. (`NOTHING` stands for a team without details.)"""
    if ns.red_threes + ew.red_threes > _RED or ns.black_threes + ew.black_threes > _BLACK:
        return False
    # The sevens and the aces are added up only when some detail takes them (most hands: none), the sums
    # of yes/no details being CPython's slow path.
    if ((ns.sevens_canasta or ew.sevens_canasta or ns.incomplete_sevens or ew.incomplete_sevens
         or ns.stuck_sevens or ew.stuck_sevens)
            and SEVENS_IN_CANASTA * (ns.sevens_canasta + ew.sevens_canasta)
            + SEVENS_IN_UNFINISHED * (ns.incomplete_sevens + ew.incomplete_sevens)
            + HELD_BY_STUCK_PLAYER * (ns.stuck_sevens + ew.stuck_sevens) > _SEVENS):
        return False
    if ((ns.aces_canasta or ew.aces_canasta or ns.incomplete_aces or ew.incomplete_aces
         or ns.stuck_aces or ew.stuck_aces)
            and ACES_IN_CANASTA * (ns.aces_canasta + ew.aces_canasta)
            + ACES_IN_UNFINISHED * (ns.incomplete_aces + ew.incomplete_aces)
            + HELD_BY_STUCK_PLAYER * (ns.stuck_aces + ew.stuck_aces) > _ACES):
        return False
    mixed = ns.mixed_canastas + ew.mixed_canastas
    if (ns.wild_canasta is None and ew.wild_canasta is None and ns.incomplete_wilds is None
            and ew.incomplete_wilds is None):
        return mixed <= _WILDS
    wilds, jokers, deuces = mixed, 0, 0
    for cards in (_WILD_CANASTA_CARDS[ns.wild_canasta], _WILD_CANASTA_CARDS[ew.wild_canasta],
                  _UNFINISHED_WILDS_CARDS[ns.incomplete_wilds], _UNFINISHED_WILDS_CARDS[ew.incomplete_wilds]):
        wilds += cards[0]
        jokers += cards[1]
        deuces += cards[2]
    return wilds <= _WILDS and jokers <= _JOKERS and deuces <= _DEUCES


def _from(pools: dict[int, int]) -> tuple[int, ...]:
    cards = [0] * len(POOLS)
    for index, count in pools.items():
        cards[index] = count
    return tuple(cards)


def _words(what: str) -> str:
    """A detail's fixed words (WILD_CANASTA_TAKES, UNFINISHED_WILDS_TAKES) in the messages' language: each
    is written here again so that the catalogs hold it."""
    return {"a wild canasta of all deuces": _("a wild canasta of all deuces"),
            "a wild canasta with the four jokers": _("a wild canasta with the four jokers"),
            "a wild canasta of jokers and deuces": _("a wild canasta of jokers and deuces"),
            "an unfinished wild meld": _("an unfinished wild meld"),
            "an unfinished wild meld with the four jokers": _("an unfinished wild meld with the four jokers"),
            }[what]


def _count(words: str, count: int) -> str:
    return words % {"count": points(count)}


def pool_words(pool: Pool) -> str:
    """A pool's cards in words, in the messages' language ("wild cards")."""
    return {"red threes": _("red threes"), "black threes": _("black threes"), "sevens": _("sevens"),
            "aces": _("aces"), "wild cards": _("wild cards"), "jokers": _("jokers"),
            "deuces": _("deuces")}[pool.words]


@lru_cache(maxsize=4096)
def _takes(team: str, red: int, black: int, mixed: int, sevens: bool, aces: bool, wild: str | None,
           unfinished_sevens: bool, unfinished_aces: bool, unfinished_wilds: str | None, stuck_aces: int,
           stuck_sevens: int, language: str) -> tuple[tuple[Take, ...], int]:
    # `language` keys the cache: the words of the takes are in the language of the message they are for.
    takes = []
    if red:
        takes.append(Take(team, "details.red_threes", _count(ngettext(
            "a red three", "%(count)s red threes", red), red),
                          _from({RED: red})))
    if black:
        takes.append(Take(team, "details.black_threes", _count(ngettext(
            "a black three", "%(count)s black threes", black), black),
                          _from({BLACK: black})))
    if sevens:
        takes.append(Take(team, "details.sevens_canasta", _("a sevens canasta"),
                          _from({SEVENS: SEVENS_IN_CANASTA})))
    if unfinished_sevens:
        takes.append(Take(team, "details.incomplete_sevens", _("an unfinished sevens meld"),
                          _from({SEVENS: SEVENS_IN_UNFINISHED})))
    if stuck_sevens:
        takes.append(Take(team, "details.stuck_sevens", _count(ngettext(
            "a player stuck with sevens", "%(count)s players stuck with sevens", stuck_sevens), stuck_sevens),
                          _from({SEVENS: HELD_BY_STUCK_PLAYER * stuck_sevens})))
    if aces:
        takes.append(Take(team, "details.aces_canasta", _("a pure aces canasta"), _from({ACES: ACES_IN_CANASTA})))
    if unfinished_aces:
        takes.append(Take(team, "details.incomplete_aces", _("an unfinished aces meld"),
                          _from({ACES: ACES_IN_UNFINISHED})))
    if stuck_aces:
        takes.append(Take(team, "details.stuck_aces", _count(ngettext(
            "a player stuck with aces", "%(count)s players stuck with aces", stuck_aces), stuck_aces),
                          _from({ACES: HELD_BY_STUCK_PLAYER * stuck_aces})))
    if wild is not None:
        what, pools = WILD_CANASTA_TAKES[wild]
        takes.append(Take(team, "details.wild_canasta", _words(what), _from(pools)))
    if unfinished_wilds is not None:
        what, pools = UNFINISHED_WILDS_TAKES[unfinished_wilds]
        takes.append(Take(team, "details.incomplete_wilds", _words(what), _from(pools)))
    if mixed:
        takes.append(Take(team, "details.mixed_canastas", _count(ngettext(
            "a mixed canasta", "%(count)s mixed canastas", mixed), mixed), _from({WILDS: mixed})))
    takes = tuple(takes)
    return takes, pack(tally(POOLS, takes))


def team_takes(team: str, d: Details) -> tuple[tuple[Take, ...], int]:
    """What this team's details take from the deck at the least, and their tally per pool packed for
    ledger.overflowing (cached: most hands repeat a few shapes)."""
    return _takes(team, d.red_threes, d.black_threes, d.mixed_canastas, d.sevens_canasta, d.aces_canasta,
                  d.wild_canasta, d.incomplete_sevens, d.incomplete_aces, d.incomplete_wilds, d.stuck_aces,
                  d.stuck_sevens, current())
