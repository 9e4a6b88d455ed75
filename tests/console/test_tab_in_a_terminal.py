"""Tab in a real terminal: the console runs under a pseudo-terminal with the platform's readline,
so what is tested is what a person at the keyboard gets (not the completer called by hand)."""

from __future__ import annotations

import os
import select
import sys
import time
from pathlib import Path

import pytest

pty = pytest.importorskip("pty")
pytest.importorskip("readline")

SCENEKEEPER = Path(sys.executable).with_name("scenekeeper")


class Terminal:
    def __init__(self, home: Path) -> None:
        env = {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home), "TERM": "dumb"}
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the console on an in-memory table
            os.execve(str(SCENEKEEPER), [str(SCENEKEEPER), "play", "--db", "memory:"], env)
        self.seen = ""

    def read_until(self, text: str, timeout: float = 15.0) -> str:
        end = time.monotonic() + timeout
        while text not in self.seen:
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(
                    f"waited for {text!r}; the terminal shows {self.seen[-400:]!r}"
                )
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    self.seen += os.read(self.fd, 4096).decode("utf-8", "replace")
                except OSError:
                    break
        return self.seen

    def type(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def close(self) -> None:
        os.kill(self.pid, 9)
        os.waitpid(self.pid, 0)
        os.close(self.fd)


@pytest.mark.skipif(not SCENEKEEPER.exists(), reason="the scenekeeper script is not installed")
def test_tab_completes_a_characters_name_with_the_quotes_it_needs(tmp_path: Path) -> None:
    term = Terminal(tmp_path)
    try:
        term.read_until("console> ")
        for line in (
            '/game new system:cortex name:"Tab"',
            "@ana /game join",
            '@ana /char new name:"Mara Voss" traits:"Distinctions: Cat Burglar"',
        ):
            term.type(line + "\r")
            term.read_until("console> ", 15)
            term.seen = ""
        term.type("/char show character:Ma\t")
        term.read_until('"Mara Voss"')
        term.type("\r")
        assert "Distinctions: Cat Burglar d8." in term.read_until("Cat Burglar d8.")
        term.seen = ""
        term.type('@ana /roll pool:"Cat Bu\t')
        term.read_until('Cat Burglar"')
    finally:
        term.close()
