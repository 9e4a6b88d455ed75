"""/history groups events by command, marks undone ones, and shows exactly the newest N."""

from __future__ import annotations

from tests.support import TableDriver


def test_history_shows_the_newest_commands_even_when_they_have_many_events() -> None:
    driver = TableDriver()
    driver.do("/game new system:generic name:Long")
    for _ in range(40):
        driver.do("/roll dice:d6")
    driver.do("/undo count:20")
    driver.do("/undo count:20")
    data = driver.do("/history count:3").reply.data
    assert [entry["command"] for entry in data] == [
        "/roll dice:d6",
        "/undo count:20",
        "/undo count:20",
    ]
    assert data[0]["undone"] is True
    assert len(data[2]["events"]) == 20
    assert data[0]["seq"] == 41


def test_history_of_a_short_table_shows_everything() -> None:
    driver = TableDriver()
    driver.do("/game new system:generic name:Short")
    driver.do("/game join", "ana")
    lines = driver.do("/history count:50").reply.text
    assert len(lines) == 2
    assert lines[1].startswith("#2 ana: /game join")
