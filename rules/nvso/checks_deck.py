"""Checks across both teams in one hand: what the two decks can hold, who ended the hand, and who holds
cards. The cards each detail needs are added up by the one card ledger (rules/ledger.py, with the NVSO
deck of cards.py), which names the pool that overflows and what each team recorded towards it.

Sums over the teams that recorded details are lower bounds, so the deck limits are checked even when
only one team recorded them; the checks that compare the two teams need both.
"""

from rules.language import _
from rules.ledger import Overflow, Take, overflowing, overflows
from rules.nvso import scoring
from rules.nvso.cards import HELD_BY_STUCK_PLAYER, NOTHING, PACKED, POOLS, fits, pool_words, team_takes
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
            n, None, _("%(ns)s and %(ew)s cannot both have gone out; the hand ends when the first team goes out.")
            % {"ns": team_name("ns"), "ew": team_name("ew")})))
    if ns.special_hand is not None and ew.special_hand is not None:
        out.append(violation("special-hand-both", n, None, "details.special_hand", sentence(
            n, None, _("only one team can show a special hand, because showing it ends the hand at once."))))
    for shown, other in (("ns", ew), ("ew", ns)):
        if (ns if shown == "ns" else ew).special_hand is not None and other.went_out:
            out.append(violation("special-hand-and-went-out", n, None, "details.went_out", sentence(
                n, None, _("%(other)s cannot have gone out, because the special hand %(shown)s showed ended the "
                           "hand.") % {"other": team_name("ew" if shown == "ns" else "ns"),
                                       "shown": team_name(shown)})))




def _natural_canastas(n: int, present: list[Details], who: str, out: list[Violation]) -> None:
    """At most one canasta per natural rank in a hand (deck.py): the first of the three bounds broken."""
    pure = sum(d.pure_canastas for d in present)
    mixed = sum(d.mixed_canastas for d in present)
    aces = any(d.aces_canasta for d in present)
    naturals = pure + mixed + sum(d.sevens_canasta + d.aces_canasta for d in present)
    both = len(present) == 2
    pure_and_mixed = PURE_AND_MIXED_RANKS - aces
    if pure > PURE_RANKS:
        field, text = "details.pure_canastas", (
            _("%(who)s together show %(count)s pure canastas, but only nine ranks can make one (4 to King "
              "without sevens); a rank has only 8 cards, so it makes at most one canasta in a hand.") if both
            else _("%(who)s shows %(count)s pure canastas, but only nine ranks can make one (4 to King without "
                   "sevens); a rank has only 8 cards, so it makes at most one canasta in a hand.")
        ) % {"who": who, "count": points(pure)}
    elif pure + mixed > pure_and_mixed:
        if aces:
            text = (_("%(who)s together show %(count)s pure and mixed canastas, but only nine ranks can make them "
                      "(4 to King without sevens, the aces being in the pure aces canasta); a rank has only 8 "
                      "cards, so it makes at most one canasta in a hand.") if both
                    else _("%(who)s shows %(count)s pure and mixed canastas, but only nine ranks can make them (4 "
                           "to King without sevens, the aces being in the pure aces canasta); a rank has only 8 "
                           "cards, so it makes at most one canasta in a hand."))
        else:
            text = (_("%(who)s together show %(count)s pure and mixed canastas, but only ten ranks can make them "
                      "(4 to King without sevens, and aces); a rank has only 8 cards, so it makes at most one "
                      "canasta in a hand.") if both
                    else _("%(who)s shows %(count)s pure and mixed canastas, but only ten ranks can make them (4 "
                           "to King without sevens, and aces); a rank has only 8 cards, so it makes at most one "
                           "canasta in a hand."))
        field, text = "details.mixed_canastas", text % {"who": who, "count": points(pure + mixed)}
    elif naturals > NATURAL_RANKS:
        # Only two teams get here: one team's pure and mixed canastas within the bound above leave room for
        # its one sevens and one aces canasta (10 - aces + sevens + aces <= 11).
        field, text = "details.pure_canastas", _(
            "%(who)s together show %(count)s canastas of natural cards, but there are only eleven ranks from 4 "
            "to ace; a rank has only 8 cards, so it makes at most one canasta in a hand."
        ) % {"who": who, "count": points(naturals)}
    else:
        return
    out.append(violation("natural-canastas-exceed-deck", n, None, field, sentence(n, None, text)))


def _ranks_and_points(n: int, present: list[Details], who: str, out: list[Violation]) -> None:
    """Natural canastas one per rank, and the card points (C, E). `who` names the teams whose details are
    in `present`."""
    _natural_canastas(n, present, who, out)
    card_points = sum((d.table_points or 0) + (d.hand_points or 0) for d in present)
    if card_points > scoring.CARD_POINTS:
        out.append(violation("card-points-exceed-deck", n, None, "details.table_points", sentence(
            n, None, _("the table and hand points recorded add up to %(points)s, but all the cards together are "
                       "worth only %(most)s.") % {"points": points(card_points),
                                                   "most": points(scoring.CARD_POINTS)})))


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
            parts.append(_("%(side)s recorded %(details)s") % {"side": team_name(team), "details": either(mine, "and")})
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
            n, None, _("the details need at least %(needed)s %(cards)s, but the two decks have only %(size)s: "
                       "%(recorded)s.") % {"needed": points(overflow.needed), "cards": pool_words(overflow.pool),
                                           "size": points(overflow.pool.size),
                                           "recorded": _recorded(overflow, index)})))


def _stuck_after_going_out(n: int, team: str, d: Details, out: list[Violation]) -> None:
    """The player who went out holds no cards, so only the partner can be stuck with a rank (E, G, L)."""
    if d.stuck_aces > 1:
        out.append(violation("stuck-after-going-out", n, team, "details.stuck_aces", sentence(
            n, team, _("a team that went out has at most one player stuck with aces, because the player who went "
                       "out holds no cards; not %(stuck)s.") % {"stuck": points(d.stuck_aces)})))
    if d.stuck_sevens > 1:
        out.append(violation("stuck-after-going-out", n, team, "details.stuck_sevens", sentence(
            n, team, _("a team that went out has at most one player stuck with sevens, because the player who "
                       "went out holds no cards; not %(stuck)s.") % {"stuck": points(d.stuck_sevens)})))


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
    numbers = {"ns": points(ns), "ns_side": team_name("ns"), "ew": points(ew), "ew_side": team_name("ew"),
               "needed": points(needed), "most": points(scoring.CARD_POINTS)}
    if needed != abs(ns) + abs(ew):
        text = _("counts of %(ns)s for %(ns_side)s and %(ew)s for %(ew_side)s cannot both be right; with the "
                 "penalties for cards stuck in hand taken out, the cards they count come to %(needed)s; all the "
                 "cards together are worth only %(most)s.") % numbers
    else:
        text = _("counts of %(ns)s for %(ns_side)s and %(ew)s for %(ew_side)s cannot both be right; all the cards "
                 "together are worth only %(most)s.") % numbers
    return violation("counts-exceed-deck", n, None, "count", sentence(n, None, text))


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
            _ranks_and_points(n, [ns, ew], _("%(ns)s and %(ew)s") % {"ns": team_name("ns"), "ew": team_name("ew")},
                              out)
    elif ns is not None or ew is not None:
        team, d = ("ns", ns) if ns is not None else ("ew", ew)
        if not fits(d, NOTHING) or (d.went_out and (d.stuck_aces > 1 or d.stuck_sevens > 1)):
            _who_holds_the_cards(n, ((team, d),), out)
        _ranks_and_points(n, [d], team_name(team), out)
