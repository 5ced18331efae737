"""The fast builders of frozen dataclasses (carc_teach.frozen) make the same objects as the
classes themselves, and GameState.emit, which fills an Event draft field by field, sets every
field."""

from __future__ import annotations

import dataclasses

import pytest

from carc_teach.board import PlacedTile, Placement
from carc_teach.events import Event
from carc_teach.frozen import draft_class, fast_constructor
from carc_teach.setup import Move
from carc_teach.simulate import random_game


def test_emitted_events_equal_events_built_by_their_class():
    game = random_game(3)
    for event in game.events[:40]:
        assert type(event) is Event
        fields = {f.name: getattr(event, f.name) for f in dataclasses.fields(Event)}
        again = Event(**fields)
        assert again == event
        with pytest.raises(dataclasses.FrozenInstanceError):
            event.text = "changed"  # type: ignore[misc]


@pytest.mark.parametrize(
    "cls, args",
    [
        (Event, (0, 1, "1A", "turn-begin")),
        (Move, (3, "A", 1, 2, 90)),
        (Placement, (1, -2, 270)),
    ],
)
def test_fast_constructors_equal_the_classes(cls, args):
    made = fast_constructor(cls)(*args)
    assert type(made) is cls and made == cls(*args)


def test_only_frozen_slotted_dataclasses_get_a_draft():
    @dataclasses.dataclass(slots=True)
    class Open:
        a: int

    with pytest.raises(TypeError):
        draft_class(Open)
    assert draft_class(PlacedTile).__slots__ == PlacedTile.__slots__
