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
from rules.five_player.fast import clean_hand, clean_totals
from rules.five_player.line import describe_line, line_spec
from rules.five_player.options import DEFAULTS, FivePlayerOptions, hand_cap, parse_options
from rules.five_player.totals import MATES, FivePlayerTotals, by_side, credited_runs
from rules.registry import register
from rules.room import CREDITED_POINTS, PLAYERS, Room
from rules.sides import FORMAT2, SidesSheet
from rules.sides.lines import FastSpec
from rules.sides.sheet import well_formed_hand
from rules.sides.usual import Resume
from rules.violations import Violation
from rules.words import sentence

from ..language import _

__all__ = ["CODES", "RULESET", "FivePlayerOptions", "FivePlayerRuleset"]


class FivePlayerRuleset:
    name = "five_player"

    @property
    def title(self) -> str:
        """The rule set's name for people, in the current language."""
        return _("Five-player partnership canasta (five players, set partnerships, to 4,000)")

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
        return Resume(carried) if carried else None

    def resume(self, sheet: SidesSheet, carried: list) -> Verdict | None:
        """`validate` of a sheet whose first deals the usual pass found clean, carrying (own, credited)
        running totals after each (fast.clean_deals): the checks start at the first deal it doubted. The
        sheet's hands are the document's own (rules.sides.usual.resumed_sheet): a deal the fast pass does
        not find clean is parsed before the checks read it, and None answers a deal that is not well formed
        (the parser then words what is wrong)."""
        return self.checked(sheet, skip_clean=True, carried=carried)

    def validate(self, sheet: SidesSheet) -> Verdict:
        """Every check of five_player.md on a well-formed sheet: hand by hand, then the game's length, the
        final and the winner. A deal that the fast pass finds clean, while the running totals as written
        and as recomputed agree, is taken as it is: only the deals with a doubt are checked line by line."""
        return self.checked(sheet, skip_clean=True)

    def checked(self, sheet: SidesSheet, skip_clean: bool = False, carried: list | None = None) -> Verdict | None:
        """Every check, each ready to explain what it finds; with `skip_clean`, not on the deals the fast
        pass finds clean (the tests hold both ways to the same answer); `carried`: see `resume`."""
        options = sheet.options
        if sheet.hands_over_cap:
            return Verdict([too_many_hands(sheet.hands_over_cap, options)], FivePlayerTotals(sheet, options.credited))
        out: list[Violation] = []
        sides = sheet.sides
        walk = _Walk(sides)
        start, doubted = walk.carry(carried, options.credited) if carried else (0, -1)
        as_written = FastSpec.of(line_spec(options)) if carried else None  # a resumed sheet's hands: as written
        for index, hand in enumerate(sheet.hands[start:], start):
            if skip_clean and index != doubted and walk.clean(hand, options):
                continue
            if as_written is not None:
                hand = well_formed_hand(hand, sides, as_written)
                if hand is None:
                    return None
            walk.hand(index + 1, hand, options, out)
        totals = FivePlayerTotals(sheet, options.credited, carried)
        check_game_length(len(sheet.hands), sides, walk.proven, walk.written, options, out)
        if sheet.hands:
            _check_end(sheet, walk, totals, options, out)
        out.sort(key=_hand_order)
        return Verdict(out, totals)


class _Walk:
    """The hands in the order played. Per player, in seating order, it carries the running total as
    written (`carried`) and as recomputed (`running`), and after each hand the scores by the reading that
    the rules can prove (`proven`: None from a slip that leaves one unknown) and that the sheet carries
    (`written`)."""

    __slots__ = ("carried", "proven", "running", "sides", "sums", "written")

    def __init__(self, sides: tuple):
        self.sides = sides
        self.carried = [0] * len(sides)
        self.running = [0] * len(sides)
        self.sums: list = [0] * len(sides)  # proven own running totals
        self.proven: list[list] = []
        self.written: list[list] = []

    def hand(self, n: int, hand: dict, options, out: list[Violation]) -> None:
        sides, carried, running, sums = self.sides, self.carried, self.running, self.sums
        before = len(out)
        lines = [hand[side] for side in sides]
        recomputed = []
        for side, line in zip(sides, lines, strict=True):
            if line["details"] is None:
                recomputed.append(check_written_numbers(n, side, line, options, out))
            else:
                recomputed.append(check_detailed_line(n, side, line, options, out))
        counts_fine = not any(v.field == "count" for v in out[before:])
        if counts_fine and not check_counts(n, sides, hand, out):
            # One of the counts is wrong and nothing says which: no total resting on a written count is
            # checked until they fit.
            for seat, line in enumerate(lines):
                d = line["details"]
                if d is None or not (d["table_points"] or d["hand_points"]):
                    recomputed[seat] = None
        check_hand(n, sides, hand, out)
        for seat, side in enumerate(sides):
            total = recomputed[seat]
            carried[seat], running[seat] = check_arithmetic(n, side, lines[seat], total, carried[seat],
                                                            running[seat], out)
            known = sums[seat]
            sums[seat] = None if known is None or total is None else known + total
        for seat, side in enumerate(sides):
            written = lines[seat]["credited"]
            if written is not None:
                mate = MATES[seat]
                check_credited(n, side, sides[mate], written, carried[seat] + carried[mate], running[seat],
                               running[mate], out)
        self._scores(lines, options)
        _not_itemised(n, sides, hand, out)

    def clean(self, hand: dict, options) -> bool:
        """Carry a deal that has nothing to report on (fast.py), when the running totals as written and
        as recomputed agree so far; False, touching nothing, when the deal needs the full checks."""
        before = self.running
        if before != self.carried:
            return False
        after = clean_hand(hand, self.sides, options.plus_canasta, before)
        if after is None:
            return False
        sums = self.sums
        for seat, known in enumerate(sums):
            if known is not None:
                sums[seat] = known + after[seat] - before[seat]
        self.carried, self.running = after, list(after)
        if options.credited:  # a clean deal's credited figures are written as they add up, or not written
            self.written.append(credited_runs(after))
            self.proven.append(self._proven_credited())
        else:
            self.written.append(list(after))
            self.proven.append(list(sums))
        return True

    def carry(self, deals: list, credited: bool) -> tuple[int, int]:
        """Take the deals the usual pass found clean, as `clean` would have carried them: each deal's own
        and credited running totals (written and recomputed alike), then None if it gave up on the next
        deal. How many deals were carried, and the index of the one it gave up on (else -1): `clean` would
        give up on it again, so it goes straight to the checks."""
        doubted = deals[-1] is None
        if doubted:
            deals = deals[:-1]
        for own, with_mates in deals:  # the runs are the totals' too: never changed here, only read
            scores = with_mates if credited else own
            self.proven.append(scores)
            self.written.append(scores)
        if deals:
            last = deals[-1][0]
            self.carried, self.running, self.sums = list(last), list(last), list(last)
        return len(deals), len(deals) if doubted else -1

    def _proven_credited(self) -> list:
        sums = self.sums
        return [None if own is None or sums[mate] is None else own + sums[mate]
                for own, mate in zip(sums, MATES, strict=True)]

    def _scores(self, lines: list, options) -> None:
        """The scores after this hand by the reading, as proven and as written."""
        carried = self.carried
        if not options.credited:
            self.proven.append(list(self.sums))
            self.written.append(list(carried))
            return
        self.proven.append(self._proven_credited())
        self.written.append([carried[seat] + carried[mate] if line["credited"] is None else line["credited"]
                             for seat, mate, line in zip(range(len(lines)), MATES, lines, strict=True)])


def _check_end(sheet: SidesSheet, walk: _Walk, totals: FivePlayerTotals, options, out: list[Violation]) -> None:
    """The written final and winner, and the target with `play_to_target`."""
    sides, carried, running = sheet.sides, walk.carried, walk.running
    if options.credited:
        as_written = by_side(sides, credited_runs(carried))
        recomputed = by_side(sides, credited_runs(running))
    else:
        as_written, recomputed = by_side(sides, carried), by_side(sides, running)
    final, written = sheet.final, walk.written[-1]
    if final is not None:
        accepted = {side: (recomputed[side], as_written[side], last) for side, last in zip(sides, written, strict=True)}
        check_final(final, accepted, options.credited, out)
    others = [as_written, recomputed] + ([final] if final is not None else [])
    finals = totals.final()
    check_winner(sheet.winner, finals, others, out, proven=recomputed)
    if options.play_to_target:
        check_target_reached(finals, written, options, out)


def _not_itemised(n: int, sides: tuple, hand: dict, out: list[Violation]) -> None:
    """The `info` note for players whose base is not itemised: what could and could not be checked."""
    missing = [side for side in sides if hand[side]["details"] is None]
    if not missing:
        return
    if len(missing) == len(sides):
        out.append(violation("base-not-itemised", n, None, "details", sentence(n, None, _(
            "only base and count are written for every player, so the checks confirm the arithmetic and that "
            "each base is possible, but not the canastas, kitties and finishing behind it."))))
        return
    text = _("only base and count are written, so the checks confirm the arithmetic and that the base is "
             "possible, but not the canastas, kitties and finishing behind it.")
    for side in missing:
        out.append(violation("base-not-itemised", n, side, "details", sentence(n, side, text)))


def _hand_order(v: Violation) -> int:
    """Violations hand by hand; those about the sheet as a whole come last (a stable sort keeps the rest)."""
    return v.hand if v.hand is not None else 1_000_000


RULESET = register(FivePlayerRuleset())
