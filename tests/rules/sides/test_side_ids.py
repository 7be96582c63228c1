"""Side ids already found well formed are remembered (rules.sides.sheet._good_id), up to a bound: a test on ids
no earlier test has used, since every sheet of the suite names a few same ids and the memory would hide a
slip in the first check."""

from rules.sides import sheet


def test_a_new_well_formed_id_is_accepted_and_remembered_and_a_bad_one_is_not(monkeypatch):
    monkeypatch.setattr(sheet, "_GOOD_IDS", set())
    assert sheet._good_id("zora_7") is True
    assert {"zora_7"} == sheet._GOOD_IDS
    assert sheet._good_id("zora 7") is False
    assert {"zora_7"} == sheet._GOOD_IDS


def test_the_memory_stops_growing_at_its_bound(monkeypatch):
    monkeypatch.setattr(sheet, "_GOOD_IDS", {"a", "b"})
    monkeypatch.setattr(sheet, "_GOOD_IDS_MOST", 2)
    assert sheet._good_id("c") is True
    assert {"a", "b"} == sheet._GOOD_IDS
    monkeypatch.setattr(sheet, "_GOOD_IDS_MOST", 3)
    assert sheet._good_id("c") is True
    assert {"a", "b", "c"} == sheet._GOOD_IDS
