"""The interactive console: line editing, history across sessions, and completion of command
and option names (stdlib readline, where the platform has it)."""

from __future__ import annotations

import contextlib
from pathlib import Path

from scenekeeper.adapters.console.session import ConsoleSession
from scenekeeper.engine.commands import CommandRegistry
from scenekeeper.engine.systems import system_names

try:
    import readline
except ImportError:  # Windows without pyreadline: plain input() still works.
    readline = None  # type: ignore[assignment]


class Completer:
    """Completes command words first, then the chosen command's option names."""

    def __init__(self, registry: CommandRegistry, system: str | None) -> None:
        self.registry = registry
        self.system = system

    def candidates(self, line: str) -> list[str]:
        words = line.split()
        trailing_space = line.endswith(" ")
        if words and words[0].startswith("@"):
            words.pop(0)
        typed = [w.removeprefix("/") for w in words]
        head, partial = (typed, "") if trailing_space or not typed else (typed[:-1], typed[-1])
        names = [n.split() for n in self.registry.names(self.system)]
        command = next((n for n in names if head[: len(n)] == n and len(head) >= len(n)), None)
        if command is None:
            depth = len(head)
            words_here = sorted({n[depth] for n in names if n[:depth] == head and len(n) > depth})
            prefix = "/" if depth == 0 else ""
            return [f"{prefix}{w}" for w in words_here if w.startswith(partial)]
        spec = self.registry.find(" ".join(command), self.system)
        if spec is None:
            return []
        given = {w.split(":", 1)[0] for w in head[len(command) :]}
        return [
            f"{o.name}:" for o in spec.options if o.name not in given and o.name.startswith(partial)
        ]

    def complete(self, text: str, state: int) -> str | None:
        assert readline is not None
        matches = [o for o in self.candidates(readline.get_line_buffer()) if o.startswith(text)]
        return matches[state] if state < len(matches) else None


def interact(session: ConsoleSession, history_file: Path) -> None:
    registry = session.app.registry
    if readline is not None:
        history_file.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(OSError):
            readline.read_history_file(history_file)
        readline.set_history_length(2000)
        readline.set_completer_delims(" ")
        readline.parse_and_bind("tab: complete")
    print(
        f"Scenekeeper console, table '{session.table_id}'. You are {session.actor.name}; "
        "start a line with @name to act as someone else. /help lists commands; Ctrl-D quits."
    )
    if session.app.table(session.table_id).state is None:
        games = "|".join(system_names())
        print(f'No game here yet. Start one: /game new system:<{games}> name:"Friday night"')
    line_no = 0
    try:
        while True:
            if readline is not None:
                state = session.app.table(session.table_id).state
                completer = Completer(registry, state.meta.system if state else None)
                readline.set_completer(completer.complete)
            try:
                line = input(f"{session.table_id}> ")
            except KeyboardInterrupt:
                print()
                continue
            line_no += 1
            session.run_line(line_no, line)
    except EOFError:
        print()
    finally:
        if readline is not None:
            with contextlib.suppress(OSError):
                readline.write_history_file(history_file)
