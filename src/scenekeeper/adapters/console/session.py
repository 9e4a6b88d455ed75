"""A console table: reads command lines, runs them through the app, prints the replies.

A line may start with ``@name`` to act as that person (the console speaks for every seat);
blank lines and ``# comment`` lines are skipped, but ``# later: 13h``, which moves the console's
clock on (a game by post's days in a script). After each line, the reminders a paced table
owes (``engine.pace``) are printed, each once. After ``/game end`` the console moves on to a
fresh table (``T``, then ``T:2``...), as a Discord channel does, so ``/game new`` starts the
next game there. Replies are printed (and flushed) only after
the command's events are stored, so a printed reply is always a recorded command.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import TextIO

from scenekeeper.adapters.console.render import (
    as_json,
    as_reminder_json,
    as_text,
    reminder_text,
    withholds,
)
from scenekeeper.adapters.web.answer import (
    LINK_COMMANDS,
    SERVED_BY,
    console_url,
    link_lines,
    with_link,
)
from scenekeeper.app import App, Outcome
from scenekeeper.app.clock import MovableClock, later
from scenekeeper.app.reminders import Reminders
from scenekeeper.engine.commands import MAX_FILE_BYTES, Attachment, Option
from scenekeeper.engine.core.lifecycle import has_ended, next_table
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.mistyped import echo
from scenekeeper.engine.secrets import line_holds_secret
from scenekeeper.engine.state import Person


@dataclass
class ConsoleSession:
    app: App
    table_id: str
    out: TextIO
    actor: Person
    json_mode: bool = False
    echo: bool = False
    files_dir: Path = Path()
    #: A screen everyone at the table sees (the interactive console): no private line is
    #: printed there, only a note that one was withheld (G11).
    shared: bool = False
    #: How a person reads their private answers at a screen of their own: the console's own
    #: command line, with ``{who}`` and ``{table}`` to fill (``cli`` gives the --db it used).
    private_screen: str = "scenekeeper play --table {table} --as {who} --script -"
    #: The app's clock, moved on by ``# later:`` lines (None: the real time, not movable).
    clock: MovableClock | None = None

    def __post_init__(self) -> None:
        #: Who has been told how to read private answers (once each, on a shared screen).
        self._told: set[str] = set()
        self._reminders = Reminders(self.app)

    def run_lines(self, lines: Iterable[str]) -> int:
        """Run every line; the number of commands that were refused."""
        failures = 0
        for line_no, line in enumerate(lines, start=1):
            outcome = self.run_line(line_no, line)
            if outcome is not None and not outcome.ok:
                failures += 1
        return failures

    def run_line(self, line_no: int, line: str, hidden: str = "") -> Outcome | None:
        """Run one line; ``hidden``: options given at the prompt without echo (never shown)."""
        text = line.strip()
        span = later(text)
        if span is not None:
            self._later(text, span)
            return None
        if not text or text.startswith("#"):
            return None
        outcome = self._run(line_no, text, hidden)
        self._remind(line_no)
        return outcome

    def _later(self, text: str, span: timedelta) -> None:
        if self.echo and not self.json_mode:
            self._print(f"> {text}")
        if self.clock is None:
            self._print("error: this console keeps the real time; a script moves it on.")
            return
        self.clock.later(span)
        if not self.json_mode:
            self._print(f"(It is now {self.clock.now().strftime('%a %d %b %H:%M UTC')}.)")
        self._remind(0, load=True)

    def _remind(self, line_no: int, *, load: bool = False) -> None:
        """Print the reminders a paced table owes now (each once, ever). After a command the
        table is loaded already; ``load``: read it (time moved on, perhaps after a restart)."""
        table = self.app.table(self.table_id) if load else self.app.cached_table(self.table_id)
        if table is None or table.state is None or not table.state.meta.pace_hours:
            return
        for reminder in self._reminders.take(self.table_id, self.app.now()):
            if self.json_mode:
                self._print(as_reminder_json(line_no, reminder))
            else:
                self._print(reminder_text(self.app.table(self.table_id), reminder))

    def _run(self, line_no: int, text: str, hidden: str) -> Outcome:
        if self.echo and not self.json_mode:
            self._print(f"> {text}")
        actor, command = self.split_actor(f"{text} {hidden}".strip())
        # As a Discord channel does: once the table's game has ended (an archive), the console
        # moves on to a fresh table for the next /game new.
        while has_ended(self.app.table(self.table_id)):
            self.table_id = next_table(self.table_id)
        outcome = self.app.handle(self.table_id, actor, command, read_file=self._read_file)
        if outcome.ok and outcome.command in LINK_COMMANDS:
            # Console tables' pages are served by `scenekeeper board` on the same database.
            url = console_url(self.app.store)
            lines = link_lines(self.app, url, outcome.command or "", self.table_id)
            if outcome.command == "board web":
                lines += (SERVED_BY,)
            outcome = with_link(outcome, lines)
        saved = self._save_files(outcome)
        if self.json_mode:
            self._print(as_json(line_no, actor.id, outcome))
        else:
            how = self._how(actor.id) if self.shared and withholds(outcome) else None
            shown = as_text(outcome, actor.id if self.shared else None, how)
            for out_line in [*shown, *saved, *self._mentioned(outcome)]:
                self._print(out_line)
        return outcome

    def _mentioned(self, outcome: Outcome) -> list[str]:
        """Whom the reply tells the table now waits for, at a paced table (play by post: on
        Discord, a mention); a live table's console shows the waits in its replies."""
        table = self.app.cached_table(self.table_id)
        state = table.state if table is not None else None
        if state is None or not state.meta.pace_hours:
            return []
        return [f"@{state.meta.name_of(m.person)}: {m.line}" for m in outcome.mentions]

    def _how(self, who: str) -> str | None:
        """How ``who`` reads private answers, the first time they are withheld from them."""
        if who in self._told:
            return None
        self._told.add(who)
        return self.private_screen.format(who=who, table=self.table_id)

    def secrets_missing(self, text: str) -> list[Option]:
        """The required options of the line's command declared secret that the line leaves
        out (a sealed bid): the console asks for them without echo (``interact``), so they
        never show on the screen or in the history file. When it asks, it asks for the
        optional secret ones left out too (a Wildcard, a bid face up): typed inline they would
        show as well."""
        _, command = self.split_actor(text.strip())
        state = self.app.table(self.table_id).state
        system = state.meta.system if state is not None else None
        words = command.removeprefix("/").split()
        for end in range(min(len(words), self.app.registry.max_words()), 0, -1):
            spec = self.app.registry.find(" ".join(words[:end]), system)
            if spec is not None:
                given = {w.split(":", 1)[0] for w in words[end:] if ":" in w}
                left = [o for o in spec.options if o.meta.secret and o.name not in given]
                return left if any(o.required for o in left) else []
        return []

    def kept_line(self, line: str, hidden: str = "") -> str | None:
        """The line as the history file may keep it, or None to keep it as typed. A line that
        may hold a secret -- values asked without echo (``hidden``), or typed on it, whether the
        command stood or was refused (a typo) -- is kept as its command alone (``@ana /hand
        ante``), so recalling it asks for the secrets again as the same person (G11)."""
        text = line.strip()
        _, command = self.split_actor(text)
        state = self.app.table(self.table_id).state
        system = state.meta.system if state is not None else None
        if not hidden and not line_holds_secret(command, self.app.registry, system):
            return None
        spec = self.app.registry.spec_of(command.removeprefix("/").lower(), system)
        seat = text[: len(text) - len(command)]
        return f"{seat}/{spec.name}" if spec is not None else seat.strip()

    def split_actor(self, text: str) -> tuple[Person, str]:
        if text.startswith("@"):
            name, _, rest = text[1:].partition(" ")
            if name:
                return Person(id=name, name=name), rest.strip()
        return self.actor, text

    def _read_file(self, path: str) -> Attachment:
        try:
            file = Path(path).expanduser()
            size = file.stat().st_size
            if size <= MAX_FILE_BYTES:
                with file.open("rb") as opened:
                    content = opened.read(MAX_FILE_BYTES + 1)
        except (OSError, RuntimeError, ValueError) as error:
            # RuntimeError: "~nosuchuser" has no home; ValueError: a NUL in the path.
            why = getattr(error, "strerror", None) or "no such file"
            raise Refusal(
                f"Cannot read {echo(path)} ({why}); give the path of a file, "
                "like file:exports/table.json."
            ) from None
        if size > MAX_FILE_BYTES:  # it exists: said as too big, never as missing
            raise Refusal(
                f"{file.name} is {size / 2**20:.1f} MB; a file for a command is at most "
                f"{MAX_FILE_BYTES // 2**20} MB."
            )
        return Attachment(name=file.name, content=content)

    def _save_files(self, outcome: Outcome) -> list[str]:
        saved = []
        for file in outcome.reply.files:
            target = self.files_dir / file.name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(file.content)
            saved.append(f"Saved {target}")
        return saved

    def _print(self, line: str) -> None:
        self.out.write(line + "\n")
        self.out.flush()
