"""The builders assert whole answers: let pytest show the difference when one does not match."""

import pytest

pytest.register_assert_rewrite("tests.rules.five_player.builders")
