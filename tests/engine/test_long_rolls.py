"""A roll of dozens of dice is said counted by face, so its reply fits a Discord message
(2,000 characters), and its record keeps every face (play-test: a 99-die Stress Save)."""

from __future__ import annotations

import pytest

from scenekeeper.adapters.discord.limits import MAX_CONTENT
from tests.support import TableDriver


@pytest.mark.parametrize("system", ["generic", "cybergod", "mettle"])
def test_the_biggest_roll_fits_a_discord_message_and_keeps_every_face(system: str) -> None:
    driver = TableDriver()
    driver.do(f"/game new system:{system} name:Big")
    reply = driver.do("/roll 999d6").reply
    (line,) = reply.text
    assert len(line) < MAX_CONTENT
    assert "counted by face: 1 x" in line
    assert len(reply.data["dice"]) == 999  # the record keeps every face
