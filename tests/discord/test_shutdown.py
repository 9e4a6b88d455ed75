"""SIGTERM (docker stop, systemctl stop) stops the bot like SIGINT: the reply in flight is
finished, then the gateway and HTTP session close, then the store; exit code 0. A real
subprocess (the ``scenekeeper discord`` entry point, Discord faked: ``stop_driver``)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from scenekeeper.store.open import open_store

ROOT = Path(__file__).parents[2]


def stopped_by(signum: signal.Signals, tmp_path: Path) -> tuple[int, list[str], str]:
    record = tmp_path / "record.txt"
    database = tmp_path / "tables.sqlite3"
    env = {**os.environ, "SCENEKEEPER_DISCORD_TOKEN": "a-made-up-token"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    bot = subprocess.Popen(
        [sys.executable, "-m", "tests.discord.stop_driver", str(record), str(database)],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert bot.stdout is not None
        assert bot.stdout.readline().strip() == "ready"  # a command is in flight
        bot.send_signal(signum)
        _, err = bot.communicate(timeout=60)  # a guard against hanging, not a measure
    finally:
        if bot.poll() is None:
            bot.kill()
    return bot.returncode, record.read_text(encoding="utf-8").splitlines(), err


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_stop_signal_finishes_the_reply_then_closes_discord_then_the_store(
    signum: signal.Signals, tmp_path: Path
) -> None:
    code, record, err = stopped_by(signum, tmp_path)
    assert code == 0, err
    assert "Traceback" not in err
    replied = [i for i, line in enumerate(record) if "/callback" in line or "/webhooks/" in line]
    assert replied, record  # the command in flight was answered
    closed = record.index("http closed")
    assert replied[-1] < closed < record.index("store closed") < record.index("exit 0")
    store = open_store(str(tmp_path / "tables.sqlite3"))
    try:  # and the command it answered is stored
        assert [r.type for r in store.read("3300")] == ["table.created@1"]
    finally:
        store.close()
    assert "stopping: finishing the replies in flight" in err
    assert "stopped cleanly" in err
