"""A bot process for ``test_shutdown``: the real ``scenekeeper discord`` entry point (settings,
store, client, signal handling), with Discord faked at the HTTP session (``FakeDiscord``) and
at the gateway (one INTERACTION_CREATE handed to discord.py, then nothing until closed).

The command it receives is held inside the store until the stop has begun, so SIGTERM comes
with a reply in flight. Everything that happens is written, in order, to the record file:
what Discord was sent, the HTTP session closing, the store closing, then the exit code.

    python -m tests.discord.stop_driver RECORD_FILE DATABASE
"""

from __future__ import annotations

import sys
import threading
from pathlib import Path
from typing import Any
from unittest import mock

import discord

from scenekeeper.adapters.discord import cli
from scenekeeper.adapters.discord.bot import Scenekeeper
from scenekeeper.adapters.discord.runner import Runner
from scenekeeper.app import App
from tests.discord.gateway import GM, FakeDiscord, FakeSession, Harness


def main(record: Path, database: str) -> int:
    fake = FakeDiscord()
    stopping = threading.Event()

    def write(line: str) -> None:
        with record.open("a", encoding="utf-8") as out:
            out.write(line + "\n")

    class Recording(FakeSession):
        def request(self, method: str, url: str, **kwargs: Any) -> Any:
            answer = super().request(method, url, **kwargs)
            write(f"sent {method} {self.discord.requests[-1].path}")
            return answer

        async def close(self) -> None:
            write("http closed")
            await super().close()

    def build_app(db: str) -> App:
        app = real_build_app(db)
        append, close = app.store.append, app.store.close

        def held_append(*args: Any, **kwargs: Any) -> None:
            print("ready", flush=True)  # a command is in flight: the test may stop us now
            stopping.wait()
            append(*args, **kwargs)

        def recorded_close() -> None:
            close()
            write("store closed")

        app.store.append = held_append  # type: ignore[method-assign]
        app.store.close = recorded_close  # type: ignore[method-assign]
        return app

    async def launch_shards(self: Scenekeeper) -> None:
        # The gateway, faked: one /game new arrives, as Discord would send it.
        harness = Harness(self, fake)
        payload = harness.command_payload("game new", GM, {"system": "generic", "name": "Late"})
        fake.interactions[payload["id"]] = (payload["channel_id"], None)
        self._connection.parse_interaction_create(payload)  # type: ignore[arg-type]

    async def stop(self: Runner) -> None:
        stopping.set()  # the stop has begun: let the held command finish
        await real_stop(self)

    real_build_app, real_stop = cli.build_app, Runner.stop
    with (
        mock.patch.object(discord.http.aiohttp, "ClientSession", return_value=Recording(fake)),
        mock.patch.object(cli, "build_app", build_app),
        mock.patch.object(Scenekeeper, "launch_shards", launch_shards),
        mock.patch.object(Runner, "stop", stop),
    ):
        code = cli.main(["--db", database])
    write(f"exit {code}")
    return code


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), sys.argv[2]))
