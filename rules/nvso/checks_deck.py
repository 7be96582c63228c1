"""Checks across both teams in one hand: what the two decks can hold, who ended the hand, and who holds
cards. The cards each detail needs are added up by the one card ledger (rules/ledger.py, with the NVSO
deck of cards.py), which names the pool that overflows and what each team recorded towards it.

Sums over the teams that recorded details are lower bounds, so the deck limits are checked even when
only one team recorded them; the checks that compare the two teams need both.
"""

from rules.ledger import Overflow, Take, overflowing, overflows
from rules.nvso import scoring
from rules.nvso.cards import HELD_BY_STUCK_PLAYER, NOTHING, PACKED, POOLS, fits, team_takes
from rules.nvso.codes import violation
from rules.nvso.deck import (
    DECKS_CARDS_PER_RANK,
    NATURAL_RANKS,
    PURE_AND_MIXED_RANKS,
    PURE_RANKS,
)
from rules.sheet import Details, Hand, TeamLine
from rules.violations import Violation
from rules.words import either, points, sentence, team_name


def _both_teams(n: int, ns: Details, ew: Details, out: list[Violation]) -> None:
    """Going out and special hands: each ends the hand, so only one team can do either (E, F, K)."""
    if ns.went_out and ew.went_out:
        out.append(violation("went-out-both", n, None, "details.went_out", sentence(
            n, None, f"{team_name('ns')} and {team_name('ew')} cannot both have gone out; the hand ends when "
                     "the first team goes out.")))
    if ns.special_hand is not None and ew.special_hand is not None:
        out.append(violation("special-hand-both", n, None, "details.special_hand", sentence(
            n, None, "only one team can show a special hand, because showing it ends the hand at once.")))
    for shown, other in (("ns", ew), ("ew", ns)):
        if (ns if shown == "ns" else ew).special_hand is not None and other.went_out:
            out.append(violation("special-hand-and-went-out", n, None, "details.went_out", sentence(
                n, None, f"{team_name('ew' if shown == 'ns' else 'ns')} cannot have gone out, because the "
                         f"special hand {team_name(shown)} showed ended the hand.")))


_RANK_WORDS = {9: "nine", 10: "ten", 11: "eleven"}
_ONE_PER_RANK = "; a rank has only 8 cards, so it makes at most one canasta in a hand."


def _natural_canastas(n: int, present: list[Details], who: str, out: list[Violation]) -> None:
    """At most one canasta per natural rank in a hand (deck.py): the first of the three bounds broken."""
    pure = sum(d.pure_canastas for d in present)
    mixed = sum(d.mixed_canastas for d in present)
    aces = any(d.aces_canasta for d in present)
    naturals = pure + mixed + sum(d.sevens_canasta + d.aces_canasta for d in present)
    show = "together show" if len(present) == 2 else "shows"
    pure_and_mixed = PURE_AND_MIXED_RANKS - aces
    if pure > PURE_RANKS:
        field, text = "details.pure_canastas", (
            f"{who} {show} {points(pure)} pure canastas, but only {_RANK_WORDS[PURE_RANKS]} ranks can make one "
            "(4 to King without sevens)")
    elif pure + mixed > pure_and_mixed:
        ranks = "4 to King without sevens" + ("" if aces else ", and aces")
        also = ", the aces being in the pure aces canasta" if aces else ""
        field, text = "details.mixed_canastas", (
            f"{who} {show} {points(pure + mixed)} pure and mixed canastas, but only {_RANK_WORDS[pure_and_mixed]} "
            f"ranks can make them ({ranks}{also})")
    elif naturals > NATURAL_RANKS:
        field, text = "details.pure_canastas", (
            f"{who} {show} {points(naturals)} canastas of natural cards, but there are only "
            f"{_RANK_WORDS[NATURAL_RANKS]} ranks from 4 to ace")
    else:
        return
    out.append(violation("natural-canastas-exceed-deck", n, None, field,
                         sentence(n, None, text + _ONE_PER_RANK)))


def _ranks_and_points(n: int, present: list[Details], who: str, out: list[Violation]) -> None:
    """Natural canastas one per rank, and the card points (C, E). `who` names the teams whose details are
    in `present`."""
    _natural_canastas(n, present, who, out)
    card_points = sum((d.table_points or 0) + (d.hand_points or 0) for d in present)
    if card_points > scoring.CARD_POINTS:
        out.append(violation("card-points-exceed-deck", n, None, "details.table_points", sentence(
            n, None, f"the table and hand points recorded add up to {points(card_points)}, but all the "
                     f"cards together are worth only {points(scoring.CARD_POINTS)}.")))


# The ledger's pools, by the code that reports them; the wild cards, jokers and deuces are one slip.
_POOL_CODES = {"red_threes": "threes-exceed-deck", "black_threes": "threes-exceed-deck",
               "sevens": "sevens-exceed-deck", "aces": "aces-exceed-deck", "wilds": "wilds-exceed-deck",
               "jokers": "wilds-exceed-deck", "deuces": "wilds-exceed-deck"}


def _recorded(overflow: Overflow, index: int) -> str:
    """What each team recorded towards a pool: "North-South recorded a sevens canasta (7); ..."."""
    parts = []
    for team in ("ns", "ew"):
        mine = [f"{t.what} ({points(t.cards[index])})" for t in overflow.takes if t.team == team]
        if mine:
            parts.append(f"{team_name(team)} recorded {either(mine, 'and')}")
    return "; ".join(parts)


def _ledger(n: int, takes: tuple[Take, ...], out: list[Violation]) -> None:
    """Every pool of cards the details exceed (ledger.py, cards.py), one message per slip."""
    said = set()
    for overflow in overflows(POOLS, takes):
        index = POOLS.index(overflow.pool)
        code = _POOL_CODES[overflow.pool.name]
        key = overflow.pool.name if code == "threes-exceed-deck" else code
        if key in said:
            continue
        said.add(key)
        field = max(overflow.takes, key=lambda t: t.cards[index]).field  # the first of the largest
        out.append(violation(code, n, None, field, sentence(
            n, None, f"the details need at least {points(overflow.needed)} {overflow.pool.words}, but the two decks "
                     f"have only {points(overflow.pool.size)}: {_recorded(overflow, index)}.")))


def _stuck_after_going_out(n: int, team: str, d: Details, out: list[Violation]) -> None:
    """The player who went out holds no cards, so only the partner can be stuck with a rank (E, G, L)."""
    for name, rank in (("stuck_aces", "aces"), ("stuck_sevens", "sevens")):
        stuck = getattr(d, name)
        if stuck > 1:
            out.append(violation("stuck-after-going-out", n, team, f"details.{name}", sentence(
                n, team, f"a team that went out has at most one player stuck with {rank}, because the player "
                         f"who went out holds no cards; not {points(stuck)}.")))


# Stuck players in one hand, across both teams: 3 cards each of the 8 aces or the 8 sevens.
MOST_STUCK = 2 * (DECKS_CARDS_PER_RANK // HELD_BY_STUCK_PLAYER)


def _stuck_players(line: TeamLine) -> range:
    """How many of this team's players may be stuck: as its details say, or any number without them."""
    if line.details is not None:
        stuck = line.details.stuck_aces + line.details.stuck_sevens
        return range(stuck, stuck + 1)
    return range(MOST_STUCK + 1)


def _count_to_check(line: TeamLine, options) -> int:
    """The count the details prove, else the one written: a written count the details already refute was
    reported on its line (count-mismatch), and must not be reported again as a deck that cannot hold it."""
    if line.details is not None:
        proven = scoring.expected_count(line.details, options.penalties_in_base)
        if proven is not None:
            return proven
    return line.count


def points_fit(ns: Details | None, ew: Details | None) -> bool:
    """The quick test that settles most hands: both teams recorded their points, and those fit the decks.
    A count the details prove is at most its table and hand points (a special hand's is 0), so the two
    counts fit too, with nothing to recompute (with the penalties in the base; in the count, the count
    carries them as well). The caller makes it once a hand and hands it to counts_problem and
    check_hand_deck, whose card points it settles too."""
    return (ns is not None and ew is not None
            and (ns.table_points is not None or ns.hand_points is not None)
            and (ew.table_points is not None or ew.hand_points is not None)
            and (ns.table_points or 0) + (ns.hand_points or 0) + (ew.table_points or 0) + (ew.hand_points or 0)
            <= scoring.CARD_POINTS)


def counts_problem(n: int, hand: Hand, options, fit: bool) -> Violation | None:
    """|count ns| + |count ew| <= 1,160: every card is counted once, for one team (C). With `penalties_in:
    count` the stuck-card penalties of both teams are taken out first (as the details say, or the reading
    most favourable to the sheet that the deck allows). `fit` is points_fit's answer for the hand. The
    violation, for the caller to add after the hand's arithmetic (whose checks it changes), or None."""
    if fit and options.penalties_in_base:
        return None
    ns, ew = _count_to_check(hand.ns, options), _count_to_check(hand.ew, options)
    if options.penalties_in_base:
        needed = abs(ns) + abs(ew)
    else:
        pairs = [(a, b) for a in _stuck_players(hand.ns) for b in _stuck_players(hand.ew) if a + b <= MOST_STUCK]
        if not pairs:
            # The details record more stuck players than the decks have sevens and aces for: the card
            # ledger says so, naming the rank, and the counts that rest on them are not weighed again.
            return None
        needed = min(abs(ns + scoring.STUCK * a) + abs(ew + scoring.STUCK * b) for a, b in pairs)
    if needed <= scoring.CARD_POINTS:
        return None
    text = f"counts of {points(ns)} for {team_name('ns')} and {points(ew)} for {team_name('ew')} cannot both be right"
    if needed != abs(ns) + abs(ew):
        text += (f"; with the penalties for cards stuck in hand taken out, the cards they count come to "
                 f"{points(needed)}")
    return violation("counts-exceed-deck", n, None, "count", sentence(
        n, None, f"{text}; all the cards together are worth only {points(scoring.CARD_POINTS)}."))


def _who_holds_the_cards(n: int, present: tuple, out: list[Violation]) -> None:
    """The card ledger over the teams with details (`present`: (team, details) pairs), and the stuck
    players of a team that went out."""
    for team, d in present:
        if d.went_out and (d.stuck_aces > 1 or d.stuck_sevens > 1):
            _stuck_after_going_out(n, team, d, out)
    if len(present) == 2:
        (ns_takes, ns_counted), (ew_takes, ew_counted) = team_takes(*present[0]), team_takes(*present[1])
        if overflowing(PACKED, ns_counted, ew_counted):
            _ledger(n, ns_takes + ew_takes, out)
    else:
        takes, counted = team_takes(*present[0])
        if overflowing(PACKED, counted):
            _ledger(n, takes, out)


def check_hand_deck(n: int, hand: Hand, out: list[Violation], fit: bool = False) -> None:
    """The checks of what the decks hold and who holds cards, on the teams that recorded details (a quick
    test first: most hands pass it). `fit`, points_fit's answer when the caller has it, settles the card
    points."""
    ns, ew = hand.ns.details, hand.ew.details
    if ns is not None and ew is not None:
        # Each check is called only when its quick test, written out here (calls cost a valid sheet more
        # than these sums), says it may have something to report.
        if (ns.went_out and ew.went_out) or ns.special_hand is not None or ew.special_hand is not None:
            _both_teams(n, ns, ew, out)
        if (not fits(ns, ew) or (ns.went_out and (ns.stuck_aces > 1 or ns.stuck_sevens > 1))
                or (ew.went_out and (ew.stuck_aces > 1 or ew.stuck_sevens > 1))):
            _who_holds_the_cards(n, (("ns", ns), ("ew", ew)), out)
        canastas = ns.pure_canastas + ns.mixed_canastas + ew.pure_canastas + ew.mixed_canastas
        if (canastas > PURE_RANKS
                or canastas + ns.sevens_canasta + ns.aces_canasta + ew.sevens_canasta + ew.aces_canasta
                > NATURAL_RANKS
                or (not fit and (ns.table_points or 0) + (ns.hand_points or 0) + (ew.table_points or 0)
                    + (ew.hand_points or 0) > scoring.CARD_POINTS)):
            _ranks_and_points(n, [ns, ew], f"{team_name('ns')} and {team_name('ew')}", out)
    elif ns is not None or ew is not None:
        team, d = ("ns", ns) if ns is not None else ("ew", ew)
        if not fits(d, NOTHING) or (d.went_out and (d.stuck_aces > 1 or d.stuck_sevens > 1)):
            _who_holds_the_cards(n, ((team, d),), out)
        _ranks_and_points(n, [d], team_name(team), out)
