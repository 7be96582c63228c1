"""The `five_player` rule set: five-player partnership canasta, as docs/rulesets/five_player.md specifies
from five-player-partnership-canasta.md. Every violation's `rule` names that text's section.

Five single players sit in set partnerships: the sheet lists them in seating order, and each player's
partner sits two seats on (deck.partner). A hand is checked player by player (checks_line.py), then the
five together (checks_table.py: the pack, the kitties, who finished, the opening), then the arithmetic
that carries each player's own and credited running totals on (checks_game.py); the sheet as a whole last:
the game's end at the target, the final and the winner, by the reading `game_end_counts` (credited score
by default, own score as an option).
"""

from rules.answer import Verdict
from rules.five_player import examples
from rules.five_player.checks_game import (
    check_arithmetic,
    check_credited,
    check_final,
    check_game_length,
    check_target_reached,
    check_winner,
    too_many_hands,
)
from rules.five_player.checks_line import check_detailed_line, check_written_numbers
from rules.five_player.checks_table import check_counts, check_hand
from rules.five_player.codes import CODES, violation
from rules.five_player.deck import SEATS, partner
from rules.five_player.fast import clean_hand, clean_totals
from rules.five_player.line import describe_line, line_spec
from rules.five_player.options import DEFAULTS, FivePlayerOptions, hand_cap, parse_options
from rules.five_player.totals import FivePlayerTotals
from rules.registry import register
from rules.room import CREDITED_POINTS, PLAYERS, Room
from rules.sides import FORMAT2, SidesSheet
from rules.sides.usual import Resume
from rules.violations import Violation
from rules.words import sentence

__all__ = ["CODES", "RULESET", "FivePlayerOptions", "FivePlayerRuleset"]


class FivePlayerRuleset:
    name = "five_player"
    title = "Five-player partnership canasta (five players, set partnerships, to 4,000)"
    options = DEFAULTS.as_dict()
    codes = CODES
    formats = (FORMAT2,)
    side_counts = (5,)
    entrants = "players"
    # Each ranks by the score credited them; every card and bonus is worth a multiple of 5, so every score is.
    room = Room(PLAYERS, (5, 5), CREDITED_POINTS, score_step=5)

    @staticmethod
    def parse_options(raw: dict | None, problems: list) -> FivePlayerOptions | None:
        return parse_options(raw, problems)

    hand_cap = staticmethod(hand_cap)
    line_spec = staticmethod(line_spec)

    @staticmethod
    def describe_line() -> list[dict]:
        return describe_line()

    @staticmethod
    def example() -> dict:
        return examples.example()

    @staticmethod
    def usual_answer(hands: list, sides: tuple, options: FivePlayerOptions, final: dict | None,
                     winner: str | None) -> dict | None:
        """The answer straight from the document's hands when there is nothing to report (rules.sides.usual);
        after a doubt, the running totals of the clean deals before it, for `resume`."""
        carried: list = []
        clean = clean_totals(hands, sides, options, final, winner, carried)
        if clean is not None:
            return {"valid": True, "violations": [], "computed": clean}
        return Resume(carried, len(carried) - (carried[-1] is None)) if carried else None

    def resume(self, sheet: SidesSheet, carried: list) -> Verdict:
        """`validate` of a sheet whose first deals the usual pass found clean, carrying (own, credited)
        running totals after each (fast.clean_runs): the checks start at the first deal it doubted."""
        return self.checked(sheet, skip_clean=True, carried=carried)

    def validate(self, sheet: SidesSheet) -> Verdict:
        """Every check of five_player.md on a well-formed sheet: hand by hand, then the game's length, the
        final and the winner. A deal that the fast pass finds clean, while the running totals as written
        and as recomputed agree, is taken as it is: only the deals with a doubt are checked line by line."""
        return self.checked(sheet, skip_clean=True)

    def checked(self, sheet: SidesSheet, skip_clean: bool = False, carried: list | None = None) -> Verdict:
        """Every check, each ready to explain what it finds; with `skip_clean`, not on the deals the fast
        pass finds clean (the tests hold both ways to the same answer); `carried`: see `resume`."""
        options = sheet.options
        totals = FivePlayerTotals(sheet, options.credited, carried)
        if sheet.hands_over_cap:
            return Verdict([too_many_hands(sheet.hands_over_cap, options)], totals)
        out: list[Violation] = []
        walk = _Walk(sheet.sides)
        start, doubted = walk.carry(carried, options.credited) if carried else (0, -1)
        for index, hand in enumerate(sheet.hands[start:], start):
            if not (skip_clean and index != doubted and walk.clean(hand, options)):
                walk.hand(index + 1, hand, options, out)
        check_game_length(len(sheet.hands), walk.proven, walk.written, options, out)
        if sheet.hands:
            _check_end(sheet, walk, totals, options, out)
        out.sort(key=_hand_order)
        return Verdict(out, totals)


_MATES = tuple(map(partner, range(SEATS)))  # each seat's partner's seat, at a table of five


class _Walk:
    """The hands in the order played. Per player it carries the running total as written (`carried`) and
    as recomputed (`running`), and after each hand the scores by the reading that the rules can prove
    (`proven`: None from a slip that leaves one unknown) and that the sheet carries (`written`)."""

    __slots__ = ("carried", "mates", "partners", "proven", "running", "sides", "sums", "written")

    def __init__(self, sides: tuple):
        self.sides = sides
        self.mates = mates = _MATES if len(sides) == len(_MATES) else tuple(map(partner, range(len(sides))))
        self.partners = dict(zip(sides, map(sides.__getitem__, mates), strict=True))
        self.carried = dict.fromkeys(sides, 0)
        self.running = dict.fromkeys(sides, 0)
        self.sums: dict = dict.fromkeys(sides, 0)  # proven own running totals
        self.proven: list[dict] = []
        self.written: list[dict] = []

    def hand(self, n: int, hand: dict, options, out: list[Violation]) -> None:
        sides, carried, running, sums = self.sides, self.carried, self.running, self.sums
        before = len(out)
        recomputed = {}
        for side in sides:
            line = hand[side]
            if line["details"] is None:
                recomputed[side] = check_written_numbers(n, side, line, options, out)
            else:
                recomputed[side] = check_detailed_line(n, side, line, options, out)
        counts_fine = not any(v.field == "count" for v in out[before:])
        if counts_fine and not check_counts(n, sides, hand, out):
            # One of the counts is wrong and nothing says which: no total resting on a written count is
            # checked until they fit.
            for side in sides:
                d = hand[side]["details"]
                if d is None or not (d["table_points"] or d["hand_points"]):
                    recomputed[side] = None
        check_hand(n, sides, hand, out)
        for side in sides:
            carried[side], running[side] = check_arithmetic(n, side, hand[side], recomputed[side], carried[side],
                                                            running[side], out)
            total, known = recomputed[side], sums[side]
            sums[side] = None if known is None or total is None else known + total
        self._credited(n, hand, out)
        self._scores(hand, options)
        _not_itemised(n, sides, hand, out)

    def clean(self, hand: dict, options) -> bool:
        """Carry a deal that has nothing to report on (fast.py), when the running totals as written and
        as recomputed agree so far; False, touching nothing, when the deal needs the full checks."""
        sides, carried, running, sums = self.sides, self.carried, self.running, self.sums
        before = [running[side] for side in sides]
        if before != [carried[side] for side in sides]:
            return False
        after = clean_hand(hand, sides, self.mates, options.plus_canasta, before)
        if after is None:
            return False
        for side, old, new in zip(sides, before, after, strict=True):
            carried[side] = running[side] = new
            known = sums[side]
            sums[side] = None if known is None else known + new - old
        self._scores(hand, options)
        return True

    def carry(self, deals: list, credited: bool) -> tuple[int, int]:
        """Take the deals the usual pass found clean, as `clean` would have carried them: each deal's own
        and credited running totals (written and recomputed alike), then None if it gave up on the next
        deal. How many deals were carried, and the index of the one it gave up on (else -1): `clean` would
        give up on it again, so it goes straight to the checks."""
        doubted = deals[-1] is None
        if doubted:
            deals = deals[:-1]
        sides = self.sides
        for own, with_mates in deals:
            scores = dict(zip(sides, with_mates if credited else own, strict=True))
            self.proven.append(scores)
            self.written.append(dict(scores))
        if deals:
            last = dict(zip(sides, deals[-1][0], strict=True))
            self.carried, self.running, self.sums = last, dict(last), dict(last)
        return len(deals), len(deals) if doubted else -1

    def _credited(self, n: int, hand: dict, out: list[Violation]) -> None:
        for side, mate in self.partners.items():
            written = hand[side]["credited"]
            if written is not None:
                check_credited(n, side, mate, written, self.carried, self.running, out)

    def _scores(self, hand: dict, options) -> None:
        """The scores after this hand by the reading, as proven and as written."""
        sums, carried = self.sums, self.carried
        if not options.credited:
            self.proven.append(dict(sums))
            self.written.append(dict(carried))
            return
        proven, written = {}, {}
        for side, mate in self.partners.items():
            own, theirs = sums[side], sums[mate]
            proven[side] = None if own is None or theirs is None else own + theirs
            line = hand[side]["credited"]
            written[side] = carried[side] + carried[mate] if line is None else line
        self.proven.append(proven)
        self.written.append(written)


def _check_end(sheet: SidesSheet, walk: _Walk, totals: FivePlayerTotals, options, out: list[Violation]) -> None:
    """The written final and winner, and the target with `play_to_target`."""
    carried, running, partners = walk.carried, walk.running, walk.partners
    if options.credited:
        as_written = {side: carried[side] + carried[mate] for side, mate in partners.items()}
        recomputed = {side: running[side] + running[mate] for side, mate in partners.items()}
    else:
        as_written, recomputed = dict(carried), dict(running)
    if sheet.final is not None:
        accepted = {side: (recomputed[side], as_written[side], walk.written[-1][side]) for side in sheet.sides}
        check_final(sheet.final, accepted, options.credited, out)
    others = [as_written, recomputed] + ([sheet.final] if sheet.final is not None else [])
    check_winner(sheet.winner, totals.final(), others, out, proven=recomputed)
    if options.play_to_target:
        check_target_reached(totals.final(), walk.written[-1], options, out)


def _not_itemised(n: int, sides: tuple, hand: dict, out: list[Violation]) -> None:
    """The `info` note for players whose base is not itemised: what could and could not be checked."""
    missing = [side for side in sides if hand[side]["details"] is None]
    if not missing:
        return
    if len(missing) == len(sides):
        out.append(violation("base-not-itemised", n, None, "details", sentence(
            n, None, "only base and count are written for every player, so the checks confirm the arithmetic "
                     "and that each base is possible, but not the canastas, kitties and finishing behind it.")))
        return
    for side in missing:
        out.append(violation("base-not-itemised", n, side, "details", sentence(
            n, side, "only base and count are written, so the checks confirm the arithmetic and that the base "
                     "is possible, but not the canastas, kitties and finishing behind it.")))


def _hand_order(v: Violation) -> int:
    """Violations hand by hand; those about the sheet as a whole come last (a stable sort keeps the rest)."""
    return v.hand if v.hand is not None else 1_000_000


RULESET = register(FivePlayerRuleset())
