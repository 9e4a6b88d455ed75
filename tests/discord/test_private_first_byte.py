"""Which slash commands are answered privately from the first byte (engine.secrets.holds_secret,
decided before the table is read): a GM's roll given secret:true, a NoDice commit, a METTLE
poison Dose, a GM's sealed Rank -- and not the same commands without their secret."""

from __future__ import annotations

from typing import Any

import pytest

from scenekeeper.app import App
from tests.discord.fakes import ANA, GM, make_bot, run, slash


@pytest.mark.parametrize(
    ("command", "values", "private"),
    [
        ("roll", {"dice": "d6", "results": "3", "secret": True}, True),
        ("roll", {"dice": "d6", "results": "3", "secret": False}, False),
        ("roll", {"dice": "d6", "results": "3"}, False),
        ("hand ante", {"aspect": "Mind", "ante": "QUI"}, True),
        ("status add", {"character": "Ada", "status": "afflicted", "dose": "2d6"}, True),
        ("status add", {"character": "Ada", "status": "afflicted", "dose": ""}, False),
        ("char set", {"trait": "AGI 3", "rank": 7}, True),
        ("char set", {"trait": "AGI 3"}, False),
    ],
)
def test_private_from_the_first_byte(
    app: App, command: str, values: dict[str, Any], private: bool
) -> None:
    async def scenario() -> None:
        bot = make_bot(app)
        await slash(bot, "game new", GM, system="generic", name="Any")
        first = (await slash(bot, command, GM if command != "hand ante" else ANA, **values)).sent[0]
        if private:
            assert (first.kind, first.args) == ("defer", {"thinking": True, "ephemeral": True})
        else:
            assert first.kind != "defer"

    run(scenario())
