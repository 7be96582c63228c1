"""What the mutation command reports for a survivor: the line it changed, found from mutmut's diff."""

import bench.mutation
from bench.mutation import _first_change, _line_of

MODULE = '''"""A module whose function says `return False` twice."""


def check(pile, most):
    if pile < 1:
        return False
    if pile > most:
        return False
    return True
'''

def _project_with(source: str, tmp_path, monkeypatch) -> None:
    """A project whose one module, rules/example.py, holds `source`, read by the report from there."""
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "example.py").write_text(source)
    monkeypatch.setattr(bench.mutation, "ROOT", tmp_path)


# mutmut's diff of the second `return False` made `return True`: its hunk counts from the function's `def`.
DIFF = """--- rules/example.py
+++ rules/example.py
@@ -3,5 +3,5 @@
         return False
     if pile > most:
-        return False
+        return True
     return True
""".splitlines()


def test_the_change_is_found_where_the_diff_puts_it_not_where_its_words_first_stand(tmp_path, monkeypatch):
    _project_with(MODULE, tmp_path, monkeypatch)
    assert _first_change(DIFF) == 5
    name = "rules.example.x_check__mutmut_7"
    assert _line_of("rules/example.py", name, ["return False"], _first_change(DIFF)) == 8
    assert _line_of("rules/example.py", name, ["return False"]) == 6  # without the diff: where the words first stand


DECORATED = '''class Seat:
    def check(self):
        return False


class Table:
    # the table's own check
    @staticmethod
    def check(pile):
        if pile:
            return False
        return True
'''

# mutmut's diff of Table.check: its text starts at the comment and the decorator above the `def`.
DECORATED_DIFF = """@@ -4,3 +4,3 @@
         if pile:
-            return False
+            return True
         return True
""".splitlines()


def test_a_method_is_found_in_its_class_and_counted_from_its_decorators_and_comments(tmp_path, monkeypatch):
    _project_with(DECORATED, tmp_path, monkeypatch)
    name = "rules.example.xǁTableǁcheck__mutmut_3"
    assert _line_of("rules/example.py", name, ["return False"], _first_change(DECORATED_DIFF)) == 11
    assert _line_of("rules/example.py", name, ["return False"]) == 11  # the words, in Table's check, not Seat's


def test_a_diff_without_a_hunk_gives_no_place():
    assert _first_change(["--- a", "+++ b"]) is None
