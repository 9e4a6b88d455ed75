"""The interactive console: line editing, history across sessions, and completion of command
and option names (stdlib readline, where the platform has it)."""

from __future__ import annotations

import contextlib
import getpass
import re
from pathlib import Path

from scenekeeper.adapters.console.session import ConsoleSession
from scenekeeper.adapters.suggest import Ask, suggestions
from scenekeeper.engine import quoting
from scenekeeper.engine.commands import CommandRegistry
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.parse import tokenize
from scenekeeper.engine.state import TableState
from scenekeeper.engine.systems import system_names

try:
    import readline
except ImportError:  # Windows without pyreadline: plain input() still works.
    readline = None  # type: ignore[assignment]


class Completer:
    """Completes command words first, then the chosen command's option names, then the names
    an option's value can take at this table (characters, traits, assets, rolls...): the same
    suggestions Discord's autocomplete offers (``adapters.suggest``)."""

    def __init__(
        self,
        registry: CommandRegistry,
        state: TableState | None,
        actor_id: str = "gm",
    ) -> None:
        self.registry = registry
        self.state = state
        self.system = state.meta.system if state is not None else None
        self.actor_id = actor_id

    def candidates(self, line: str) -> list[str]:
        """Every way to complete ``line`` (whole lines, so values with spaces complete too)."""
        actor, body = self.actor_id, line
        if body.startswith("@"):
            name, space, rest = body[1:].partition(" ")
            if not space:
                return []
            actor, body = name, rest
        head = line[: len(line) - len(body)]
        value = _VALUE.search(body)
        if value is not None:
            stem = body[: value.start("name")]
            return [head + stem + v for v in self._values(stem, value, actor)]
        words = body.split()
        trailing_space = body.endswith(" ") or not words
        done, partial = (words, "") if trailing_space else (words[:-1], words[-1])
        stem = body[: len(body) - len(partial)]
        typed = [w.removeprefix("/") for w in done]
        names = [n.split() for n in self.registry.names(self.system)]
        command = next((n for n in names if typed[: len(n)] == n), None)
        if command is None:
            depth = len(typed)
            here = sorted({n[depth] for n in names if n[:depth] == typed and len(n) > depth})
            slash = "/" if depth == 0 else ""
            word = partial.removeprefix("/")
            return [f"{head}{stem}{slash}{w} " for w in here if w.startswith(word)]
        spec = self.registry.find(" ".join(command), self.system)
        if spec is None:
            return []
        given = {w.split(":", 1)[0] for w in typed[len(command) :] if ":" in w}
        options = [
            f"{head}{stem}{o.name}:"
            for o in spec.options
            if o.name not in given and o.name.startswith(partial)
        ]
        bare = [*typed[len(command) :], partial] if partial else typed[len(command) :]
        if given or not bare or not spec.options:
            return options
        if typed[len(command) :]:  # the first option is given already, bare
            options = [n for n in options if not n.endswith(f" {spec.options[0].name}:")]
        # Bare words after the command are its first option (engine.parse): complete them too.
        start = list(re.finditer(r"\S+", body))[len(command) - 1].end() + 1
        ask = Ask(spec.name, spec.options[0].name, " ".join(bare), {}, actor, self.registry)
        values = [str(v) for _, v in suggestions(self.state, ask)]
        return [*options, *(f"{head}{body[:start]}{v} " for v in values)]

    def _values(self, stem: str, value: re.Match[str], actor: str) -> list[str]:
        """Completions of the option value being typed after ``stem`` (the line before it)."""
        try:
            tokens = tokenize(stem)
        except Refusal:
            return []
        words = [t.removeprefix("/").lower() for t in tokens if ":" not in t]
        command = next(
            (n for n in self.registry.names(self.system) if n.split() == words[: len(n.split())]),
            None,
        )
        if command is None:
            return []
        given = dict(t.split(":", 1) for t in tokens if ":" in t)
        option = value.group("name").lower()
        current = value.group("quoted") or value.group("plain") or ""
        ask = Ask(command, option, current, given, actor, self.registry)
        found = [str(v) for _, v in suggestions(self.state, ask)]
        return [f"{option}:{_as_typed(v)} " for v in found]

    def complete(self, text: str, state: int) -> str | None:
        del text  # the whole line is read instead, to complete values with spaces
        assert readline is not None
        line = readline.get_line_buffer()[: readline.get_endidx()]
        begin = readline.get_begidx()
        # Readline puts a match in place of the word being typed (from ``begin``), so a value
        # may gain the quotes it needs ("Ma" becomes character:"Mara Voss").
        matches = [c[begin:] for c in self.candidates(line) if c.startswith(line[:begin])]
        return matches[state] if state < len(matches) else None


def _as_typed(value: str) -> str:
    """A value as it is typed on the line: quoted only when it needs to be."""
    if value and not any(c.isspace() or c in '"\\' for c in value):
        return value
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


#: An option value being typed at the end of a line: ``name:val`` or ``name:"two wo``.
_VALUE = re.compile(r'(?:^|\s)(?P<name>[A-Za-z_]+):(?:"(?P<quoted>[^"]*)|(?P<plain>[^\s"]*))$')


def _ask_secrets(session: ConsoleSession, line: str) -> str:
    """Options declared secret that the line left out, asked without echo (a sealed bid): the
    value never shows on the screen nor goes into the history file."""
    given = []
    for option in session.secrets_missing(line):
        blank = "" if option.required else ", Enter to leave it out"
        value = getpass.getpass(f"{option.name} (hidden{blank}; {option.meta.help}): ").strip()
        if value:
            given.append(quoting.option(option.name, value))
    return " ".join(given)


def _keep_out_of_history(shown: str) -> None:
    """The line just typed leaves the history file as the table may read it back."""
    assert readline is not None
    newest = readline.get_current_history_length()
    if newest:
        readline.remove_history_item(newest - 1)
    if shown.strip():
        readline.add_history(shown)


def interact(session: ConsoleSession, history_file: Path) -> None:
    registry = session.app.registry
    session.shared = True  # anyone may type @name here: no private line is printed (G11)
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
                completer = Completer(registry, state, session.actor.id)
                readline.set_completer(completer.complete)
            try:
                line = input(f"{session.table_id}> ")
            except KeyboardInterrupt:
                print()
                continue
            line_no += 1
            hidden = _ask_secrets(session, line)
            # Decided before the line runs: /game end may move the console to a fresh table.
            kept = session.kept_line(line, hidden) if line.strip() else None
            session.run_line(line_no, line, hidden)
            if readline is not None and kept is not None:
                # A sealed line, stood or refused: the history keeps it without its values.
                _keep_out_of_history(kept)
    except EOFError:
        print()
    finally:
        if readline is not None:
            with contextlib.suppress(OSError):
                readline.write_history_file(history_file)
