"""What the saves layer refuses a player (an IllegalChoice) is said in the reader's language."""

from __future__ import annotations

import pytest

from engine.core.contract import IllegalChoice
from tests.tui.helpers import new_save
from tui import i18n


@pytest.fixture
def japanese():
    before = i18n.current().code
    i18n.use("ja")
    yield
    i18n.use(before)


def test_a_bots_seat_handed_to_a_bot_is_refused_in_japanese(tmp_path, japanese):
    session = new_save(tmp_path, "thebai", [("Ann", "human"), ("Bruno", "greedy")], seed=3)
    with pytest.raises(IllegalChoice) as refused:
        session.hand_to_bot(1, "greedy")
    assert str(refused.value) == "Only a human's seat can be handed to a bot"
    assert i18n.spoken(refused.value) == "ボットに渡せるのは人間の席だけです"
