"""Moved to tests/scoring/api/test_practice.py, beside the other API tests.

Kept only so tests/browser/test_practice_sheet.py (not this change's to edit) still finds `throttle_key`;
once it imports from tests.scoring.api.test_practice, this module can go.
"""

from tests.scoring.api.test_practice import throttle_key

__all__ = ["throttle_key"]
