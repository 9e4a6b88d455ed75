"""At the console, /game new after /game end starts the next game there (issue 21), as it does
in a Discord channel: the ended table stays an archive and the console moves on to the next."""

from __future__ import annotations

import io
from pathlib import Path

from scenekeeper.adapters.console.session import ConsoleSession
from scenekeeper.adapters.discord.tables import next_table as channel_next_table
from scenekeeper.engine.core.lifecycle import has_ended, next_table
from scenekeeper.engine.state import Person
from tests.support import make_app


def test_the_console_moves_on_to_a_fresh_table_after_the_end(tmp_path: Path) -> None:
    out = io.StringIO()
    app = make_app()
    session = ConsoleSession(
        app=app, table_id="club", out=out, actor=Person("gm", "gm"), files_dir=tmp_path
    )
    session.run_lines(
        [
            "/game new system:generic name:Friday",
            "/game end confirm:true",
            "/game new system:mettle name:Saturday",
        ]
    )
    assert "New table 'Saturday' plays METTLE Core. gm is the GM." in out.getvalue()
    assert "error" not in out.getvalue()
    assert session.table_id == "club:2"
    assert has_ended(app.table("club"))  # Friday is kept as an archive
    state = app.table("club:2").state
    assert state is not None
    assert state.meta.name == "Saturday"


def test_tables_are_named_as_a_discord_channel_names_them() -> None:
    for table_id in ("club", "club:2", "123", "123:9"):
        assert next_table(table_id) == channel_next_table(table_id)
    assert next_table("club") == "club:2"
    assert next_table("club:2") == "club:3"
