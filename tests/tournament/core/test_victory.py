"""Victory point scales (issue 14, item 1): the presets against their published bands, reading the
director's lines, and the rules that refuse an unfair scale. Plain Python: no database."""

import pytest

from tournament.core import victory
from tournament.core.victory import PRESETS, Band, ScaleError

# The bands as published, copied as the sources print them ("Differenza punti | vincente | perdente", their
# dashes written "-"), so
# that a slip in the presets' numbers cannot pass unseen. Sources in docs/victory-points.md.
PUBLISHED = {
    "burraco_3": """
        0 - 50 | 10 | 10
        55 - 150 | 11 | 9
        155 - 250 | 12 | 8
        255 - 350 | 13 | 7
        355 - 500 | 14 | 6
        505 - 650 | 15 | 5
        655 - 800 | 16 | 4
        805 - 1000 | 17 | 3
        1005 - 1250 | 18 | 2
        1255 - 1500 | 19 | 1
        >1500 | 20 | 0
    """,
    "burraco_4": """
        0 - 100 | 10 | 10
        105 - 300 | 11 | 9
        305 - 500 | 12 | 8
        505 - 700 | 13 | 7
        705 - 900 | 14 | 6
        905 - 1100 | 15 | 5
        1105 - 1300 | 16 | 4
        1305 - 1500 | 17 | 3
        1505 - 1700 | 18 | 2
        1705 - 2000 | 19 | 1
        >2000 | 20 | 0
    """,
}


def published_rows(text: str) -> list[tuple[int, int | None, int, int]]:
    """(from, to or None, winner, loser) of each published line; ">N" is "from the next multiple of 5"."""
    rows = []
    for line in text.strip().splitlines():
        span, win, lose = (cell.strip() for cell in line.split("|"))
        if span.startswith(">"):
            rows.append((int(span[1:]) + 5, None, int(win), int(lose)))
        else:
            low, high = span.split("-")
            rows.append((int(low), int(high), int(win), int(lose)))
    return rows


@pytest.mark.parametrize("key", sorted(PUBLISHED))
def test_the_burraco_presets_are_the_published_bands(key):
    assert [(b.low, b.high, b.win, b.lose) for b in PRESETS[key].bands] == published_rows(PUBLISHED[key])


@pytest.mark.parametrize("key", sorted(PUBLISHED))
def test_every_published_difference_gets_the_published_points(key):
    """Each band's first and last difference, and the one past its end, on both sides of the game."""
    for low, high, win, lose in published_rows(PUBLISHED[key]):
        for difference in (low, high) if high is not None else (low, low + 100_000):
            assert victory.victory_points(PRESETS[key].bands, 5000 + difference, 5000) == (win, lose)
            assert victory.victory_points(PRESETS[key].bands, 5000, 5000 + difference) == (lose, win)


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_every_preset_is_a_fair_scale_and_reads_back_from_its_lines(key):
    bands = PRESETS[key].bands
    assert victory.check(bands) == list(bands)
    assert tuple(victory.read(victory.lines(bands))) == bands
    assert tuple(victory.checked_data(victory.to_data(bands))) == bands
    assert PRESETS[key].source


def test_the_canasta_preset_runs_from_a_tie_to_20_0_past_5000_points():
    bands = PRESETS["canasta"].bands
    assert victory.victory_points(bands, 8500, 8500) == (10, 10)
    assert victory.victory_points(bands, 8600, 8500) == (10, 10)
    assert victory.victory_points(bands, 8605, 8500) == (11, 9)
    assert victory.victory_points(bands, 5000, 0) == (19, 1)
    assert victory.victory_points(bands, 5005, 0) == (20, 0)
    wins = [victory.victory_points(bands, d, 0)[0] for d in range(0, 7000, 5)]
    assert wins == sorted(wins) and len(set(wins)) == 11


def test_the_default_scale_is_the_default_preset():
    assert victory.from_data(victory.default_scale()) == list(PRESETS[victory.DEFAULT_PRESET].bands)


def test_a_difference_between_two_bands_counts_in_the_higher_one():
    bands = PRESETS["burraco_3"].bands
    assert victory.victory_points(bands, 52, 0) == (11, 9)   # not a canasta score, but never without VP


# --- reading the director's lines ---------------------------------------------------------------------

def test_the_lines_are_read_forgivingly():
    text = """
        # my club's scale
        0 \u2013 1.000 : 3 / 3

        1,005 to 2 000 = 4 to 2
        2005 or more -> 6-0
    """
    assert victory.read(text) == [Band(0, 1000, 3, 3), Band(1005, 2000, 4, 2), Band(2005, None, 6, 0)]


@pytest.mark.parametrize("last, low", [("1505+", 1505), ("1505 or more", 1505), ("over 1500", 1501),
                                       ("> 1500", 1501), ("more than 1500", 1501), ("1505 -", 1505)])
def test_the_open_last_line_may_be_written_several_ways(last, low):
    bands = victory.read(f"0-1500: 10-10\n{last}: 20-0")
    assert bands[-1] == Band(low, None, 20, 0)
    assert victory.victory_points(bands, 1505, 0) == (20, 0)


@pytest.mark.parametrize("text, words", [
    ("", "The scale has no lines"),
    ("# only a comment", "The scale has no lines"),
    ("0-50 10-10", "Line 1 (“0-50 10-10”): write the difference, a colon"),
    ("0-50: 10-10\nfifty: 11-9", "Line 2 (“fifty: 11-9”): the difference “fifty” is not like “0-50”"),
    ("0-50: 10-10\n55+: 11", "Line 2 (“55+: 11”): the victory points “11” are not two whole numbers"),
    ("0-50: 10-10\n55+: 11.5-8.5", "are not two whole numbers"),
])
def test_a_line_that_cannot_be_read_is_named_in_one_sentence(text, words):
    with pytest.raises(ScaleError) as refused:
        victory.read(text)
    assert words in str(refused.value)


# --- the rules of a fair scale -----------------------------------------------------------------------

@pytest.mark.parametrize("text, words", [
    ("5-50: 10-10\n55+: 20-0", "the first line must start at 0"),
    ("0-50: 11-9\n55+: 20-0", "the first line holds a tie"),
    ("0-50: 10-10\n45+: 20-0", "starts at 45, inside the line before (0-50: 10-10): start it at 55"),
    ("0-50: 10-10\n60+: 20-0", "a difference of 55 would get no victory points. Start it at 55"),
    ("0-50: 10-10\n55-100: 15-5\n105+: 12-8", "a bigger difference must not give the winner fewer points"),
    ("0-50: 10-10\n55-100: 12-9\n105+: 20-0", "shares out 12 + 9 = 21 victory points, the first line 20"),
    ("0-50: 10-10\n55-100: 11-9", "the last line must be open"),
    ("0-50: 10-10\n55+: 11-9\n105+: 20-0", "only the last line may be open"),
    ("0-50: 10-10\n55+: 5-15", "the winner's points come first"),
    ("0-50: 10-10\n100-55: 11-9\n105+: 20-0", "the difference runs backwards"),
    ("0-50: 1001-1001\n55+: 2002-0", "at most 1000 victory points a side"),
])
def test_an_unfair_scale_is_refused_with_the_reason(text, words):
    with pytest.raises(ScaleError) as refused:
        victory.read(text)
    assert words in str(refused.value)


def test_a_scale_of_too_many_lines_is_refused():
    text = "\n".join(f"{5 * k}-{5 * k}: 10-10" for k in range(victory.MAX_BANDS)) + "\n99999+: 10-10"
    with pytest.raises(ScaleError, match="at most 100 lines"):
        victory.read(text)


@pytest.mark.parametrize("data", ["0-50: 10-10", [[0, 50, 10]], [[0, "50", 10, 10]], [[0, 50, True, 10]],
                                  [["0", None, 10, 10]]])
def test_a_stored_scale_of_the_wrong_shape_is_refused(data):
    with pytest.raises(ScaleError):
        victory.checked_data(data)


def test_the_tie_points_are_the_first_band_s():
    assert victory.tie_points(PRESETS["burraco_4"].bands) == 10
    assert victory.tie_points(victory.read("0-5: 2-2\n10+: 4-0")) == 2
