"""The board's rows in the API (`BoardRowOutput.to_representation`, written out for speed) are the data
DRF's own reading of the declared fields gives, which the schema documents."""

from rest_framework import serializers

from scoring.api.director import BoardRowOutput
from tests.scoring.test_board_html import ROWS


def test_each_row_is_what_the_declared_fields_give():
    output = BoardRowOutput()
    for row in ROWS:
        assert output.to_representation(row) == serializers.Serializer.to_representation(output, row)


def test_the_rows_name_every_declared_field():
    assert set(BoardRowOutput().to_representation(ROWS[0])) == set(BoardRowOutput().fields)
