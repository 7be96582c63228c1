"""Property tests: random legal hands, built from random legal details and scored by the calculator,
are accepted; changing any one written number (base, count, total, running total, final) is caught at
that very field, and only there."""

import copy

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import rules
from rules.calculator import base_from_details, count_from_details
from rules.nvso.bases import achievable_bases

MELDS = (125, 155, 180)
SPECIAL_HANDS = ("pairs", "pairs_natural", "garbage", "straight")
WILD_KINDS = ("all_deuces", "four_jokers", "mixed")
PROPERTY_SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class Deck:
    """What is left for the second team once the first team's details are drawn (the cross-team limits,
    written out independently of the rule set's code): the cards of each kind that matter, counted."""

    def __init__(self):
        self.red = self.black = 4
        # One canasta per rank (8 cards, 5+ naturals each): nine plain ranks (4 to King without sevens) for
        # pure or mixed canastas; aces for a pure aces canasta or a mixed one; sevens for a sevens canasta.
        self.plain_ranks = 9
        self.sevens = self.aces = 8
        self.jokers, self.deuces, self.wilds = 4, 8, 12  # wilds: jokers and deuces together
        self.points = 1160
        self.went_out = False
        self.special = False
        self.reserve = 600  # card points the first team's table and hands leave for the second team

    def take_wilds(self, jokers: int = 0, deuces: int = 0, either: int = 0) -> bool:
        """Take these wild cards if they are left (`either`: jokers or deuces, whichever)."""
        if jokers > self.jokers or deuces > self.deuces or jokers + deuces + either > self.wilds:
            return False
        self.jokers -= jokers
        self.deuces -= deuces
        self.wilds -= jokers + deuces + either
        return True


# The least each completed or unfinished wild meld holds: (jokers, deuces, either).
WILD_CANASTA_CARDS = {"all_deuces": (0, 7, 0), "four_jokers": (4, 3, 0), "mixed": (1, 4, 2)}
UNFINISHED_WILD_CARDS = {"four_jokers": (4, 0, 0), "other": (0, 0, 3)}


@st.composite
def team_details(draw, deck: Deck, may_go_out: bool) -> dict:
    d = {}
    # sevens: a canasta takes 7 (always pure), an unfinished meld 3; aces: 7 (the pure aces canasta) and 2
    for kind, done, unfinished, in_canasta, in_meld in (("sevens", "sevens_canasta", "incomplete_sevens", 7, 3),
                                                        ("aces", "aces_canasta", "incomplete_aces", 7, 2)):
        choice = draw(st.sampled_from(["none", "none", "none", "completed", "incomplete"]))
        left = getattr(deck, kind)
        if choice == "completed" and left >= in_canasta:
            d[done] = True
            setattr(deck, kind, left - in_canasta)
        elif choice == "incomplete" and left >= in_meld:
            d[unfinished] = True
            setattr(deck, kind, left - in_meld)
    choice = draw(st.sampled_from(["none", "none", "none", "completed", "incomplete"]))
    if choice == "completed":
        kind = draw(st.sampled_from(WILD_KINDS))
        if deck.take_wilds(*WILD_CANASTA_CARDS[kind]):
            d["wild_canasta"] = kind
    elif choice == "incomplete":
        kind = draw(st.sampled_from(["four_jokers", "other"]))
        if deck.take_wilds(*UNFINISHED_WILD_CARDS[kind]):
            d["incomplete_wilds"] = kind
    pure = draw(st.integers(0, min(deck.plain_ranks, 5)))
    deck.plain_ranks -= pure
    aces_free = deck.aces >= 5 and not d.get("aces_canasta")
    mixed = draw(st.integers(0, min(deck.plain_ranks + aces_free, deck.wilds, 5)))
    if mixed > deck.plain_ranks:  # the aces make a mixed canasta, with at least 5 of them
        deck.aces -= 5
    deck.plain_ranks -= min(mixed, deck.plain_ranks)
    deck.take_wilds(either=mixed)
    d["pure_canastas"], d["mixed_canastas"] = pure, mixed
    d["red_threes"] = red = draw(st.integers(0, deck.red))
    d["black_threes"] = black = draw(st.integers(0, deck.black))
    deck.red -= red
    deck.black -= black
    canastas = (pure + mixed + d.get("sevens_canasta", 0) + d.get("aces_canasta", 0)
                + ("wild_canasta" in d))
    if may_go_out and not deck.went_out and canastas >= 2 and draw(st.booleans()):
        d["went_out"] = True
        deck.went_out = True
    # each stuck player holds at least 3 of the rank; the player who went out holds nothing
    players = 1 if d.get("went_out") else 2
    for name, kind in (("stuck_aces", "aces"), ("stuck_sevens", "sevens")):
        d[name] = stuck = draw(st.integers(0, min(players, getattr(deck, kind) // 3)))
        setattr(deck, kind, getattr(deck, kind) - 3 * stuck)
    # the cards on the table are worth at least what the canastas and melds hold at their cheapest, a
    # stuck player's hand at least three aces (60) or sevens (15); the hands hold at least the naturals
    # the canastas leave (5 each), beyond the stuck players' cards
    table_least = _least_on_table(d)
    hand_least = 60 * d["stuck_aces"] + 15 * d["stuck_sevens"]
    naturals_left = max(0, 72 - 7 * pure - 6 * mixed)
    # (the first team leaves the second room for its cards; a hand whose teams' least cards exceed the deck
    # cannot be played, so it is not generated)
    budget = deck.points - deck.reserve
    deck.reserve = 0
    assume(table_least + hand_least <= budget)
    table = table_least + draw(st.integers(0, max(0, budget - table_least - hand_least) // 5)) * 5
    room = min(budget - table - hand_least, 5 * naturals_left)
    hand = hand_least + draw(st.integers(0, room // 5)) * 5
    deck.points -= table + hand
    d["table_points"], d["hand_points"] = table, hand
    return d


# The least card points each canasta and meld holds (C, E: 7 cards a canasta, 3 a meld), written out
# apart from the rule set's code: 4s to 6s are 5, 8s to Kings 10, aces and deuces 20, jokers 50.
WILD_CANASTA_LEAST = {"all_deuces": 140, "four_jokers": 260, "mixed": 170}
UNFINISHED_WILDS_LEAST = {"other": 60, "four_jokers": 200}


def _least_on_table(d: dict) -> int:
    cheap_ranks = 3  # 4, 5, 6: a pure canasta of one is 35 (else 70), a mixed one 6 naturals and a deuce
    pure, mixed = d["pure_canastas"], d["mixed_canastas"]
    cheap_pure = min(pure, cheap_ranks)
    cheap_mixed = min(mixed, cheap_ranks - cheap_pure)
    least = 35 * cheap_pure + 70 * (pure - cheap_pure) + 50 * cheap_mixed + 80 * (mixed - cheap_mixed)
    least += 35 * d.get("sevens_canasta", 0) + 140 * d.get("aces_canasta", 0)
    least += 15 * d.get("incomplete_sevens", 0) + 60 * d.get("incomplete_aces", 0)
    least += WILD_CANASTA_LEAST.get(d.get("wild_canasta"), 0) + UNFINISHED_WILDS_LEAST.get(d.get("incomplete_wilds"), 0)
    return least


@st.composite
def hand_details(draw) -> tuple[dict, dict]:
    deck = Deck()
    special = draw(st.sampled_from([None] * 8 + ["ns", "ew"]))
    teams = {}
    if special:
        teams[special] = {"special_hand": draw(st.sampled_from(SPECIAL_HANDS))}
    for team in ("ns", "ew"):
        if team not in teams:
            teams[team] = draw(team_details(deck, may_go_out=special is None))
    return teams["ns"], teams["ew"]


OPTIONS = st.fixed_dictionaries({}, optional={
    "penalties_in": st.sampled_from(["base", "count"]),
    "incomplete_wilds_penalty": st.sampled_from(["by_jokers", "flat_2500"]),
})


@st.composite
def legal_sheets(draw) -> dict:
    options = draw(OPTIONS)
    hands, running = [], {"ns": 0, "ew": 0}
    for index in range(draw(st.integers(1, 3))):
        if index and max(running.values()) >= 8500:
            break
        ns, ew = draw(hand_details())
        hand = {}
        for team, details in (("ns", ns), ("ew", ew)):
            base, count = base_from_details(details, options), count_from_details(details, options)
            running[team] += base + count
            hand[team] = {"base": base, "count": count, "total": base + count, "cumulative": running[team],
                          "meld_requirement": MELDS[index], "details": details}
        hands.append(hand)
    ns, ew = running["ns"], running["ew"]
    winner = "ns" if ns > ew else "ew" if ew > ns else "tie"
    return {"format": rules.FORMAT, "ruleset": "nvso", "options": options, "hands": hands,
            "final": dict(running), "winner": winner}


@PROPERTY_SETTINGS
@given(legal_sheets())
def test_legal_sheets_are_valid(sheet):
    answer = rules.validate(sheet)
    assert answer["valid"], answer["violations"]
    assert [v for v in answer["violations"] if v["severity"] != "warning"] == []
    assert answer["computed"]["final"] == sheet["final"]


def _without_details(sheet: dict) -> dict:
    sheet = copy.deepcopy(sheet)
    for hand in sheet["hands"]:
        for line in hand.values():
            del line["details"]
    return sheet


@PROPERTY_SETTINGS
@given(legal_sheets(), st.booleans(), st.data())
def test_one_changed_number_is_caught_at_its_field_only(sheet, with_details, data):
    """One slip gives errors at one field only: never a second error at a correct neighbour (the running
    total after a wrong total, the final after a wrong running total, the winner after a wrong base)."""
    if not with_details:
        sheet = _without_details(sheet)
        assert rules.validate(sheet)["valid"]
    field = data.draw(st.sampled_from(["base", "count", "total", "cumulative", "final"]))
    team = data.draw(st.sampled_from(["ns", "ew"]))
    delta = data.draw(st.integers(-3000, 3000).filter(bool))
    changed = copy.deepcopy(sheet)
    if field == "final":
        changed["final"][team] += delta
        hand = None
    else:
        index = data.draw(st.integers(0, len(sheet["hands"]) - 1))
        changed["hands"][index][team][field] += delta
        hand = index + 1
    answer = rules.validate(changed)
    assert not answer["valid"]
    found = [v for v in answer["violations"] if v["severity"] == "error"]
    assert {v["hand"] for v in found} == {hand}, found
    assert {v["team"] for v in found} <= {team, None}, found
    fields = {v["field"] for v in found}
    if with_details or field in ("total", "cumulative", "final"):
        assert fields == {field}, found
    elif field == "base":
        # Without details, a base that is still possible is seen only by the total: base + count.
        options = changed.get("options", {})
        possible = achievable_bases(options.get("penalties_in", "base") == "base",
                                    options.get("incomplete_wilds_penalty") == "flat_2500")
        assert fields == ({"total"} if changed["hands"][index][team]["base"] in possible else {"base"}), found
    else:
        # Likewise a count that is still possible (a multiple of 5 that fits the deck).
        assert fields in ({"count"}, {"total"}), found
        if delta % 5:
            assert fields == {"count"}, found


@PROPERTY_SETTINGS
@given(st.lists(st.tuples(st.sampled_from(sorted(achievable_bases())), st.integers(-116, 0),
                          st.sampled_from(sorted(achievable_bases())), st.integers(-116, 0)),
                min_size=1, max_size=3), st.data())
def test_sheets_with_only_base_and_count(lines, data):
    hands, running = [], {"ns": 0, "ew": 0}
    for ns_base, ns_count, ew_base, ew_count in lines:
        if hands and max(running.values()) >= 8500:
            break
        hand = {}
        for team, base, count in (("ns", ns_base, ns_count * 5), ("ew", ew_base, ew_count * 5)):
            running[team] += base + count
            hand[team] = {"base": base, "count": count, "total": base + count, "cumulative": running[team]}
        hands.append(hand)
    sheet = {"format": rules.FORMAT, "ruleset": "nvso", "hands": hands, "final": dict(running)}
    answer = rules.validate(sheet)
    assert answer["valid"], answer["violations"]
    assert {v["code"] for v in answer["violations"]} <= {"base-not-itemised", "tie-for-director"}
    # A base that is not in hundreds is caught at the base.
    index, team = data.draw(st.integers(0, len(hands) - 1)), data.draw(st.sampled_from(["ns", "ew"]))
    sheet["hands"][index][team]["base"] += data.draw(st.integers(1, 99))
    answer = rules.validate(sheet)
    assert (index + 1, team, "base", "base-impossible") in {
        (v["hand"], v["team"], v["field"], v["code"]) for v in answer["violations"]}
