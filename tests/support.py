"""Helpers shared by the engine, app and console tests."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime

from scenekeeper.app import App, Outcome
from scenekeeper.app.handle import Clock
from scenekeeper.bootstrap import build_registry
from scenekeeper.dice import SeededDice
from scenekeeper.engine.aggregate import keeping_numbers
from scenekeeper.engine.commands import CommandSet, Context, Decision, Permission
from scenekeeper.engine.state import Person, TableState
from scenekeeper.store.base import EventStore
from scenekeeper.store.memory import MemoryStore

GM = Person("gm", "Gemma")


def make_app(
    store: EventStore | None = None,
    seed: int = 1,
    snapshot_every: int = 200,
    *,
    every_game: bool = True,
    clock: Clock | None = None,
) -> App:
    """``every_game=False``: games' commands load as tables use them, as ``scenekeeper play``
    does."""
    return App(
        store=store or MemoryStore(),
        dice=SeededDice(seed),
        registry=build_registry(every_game=every_game),
        snapshot_every=snapshot_every,
        clock=clock or (lambda: datetime.now(UTC)),
    )


def as_before(before: TableState | None, now: TableState | None) -> TableState | None:
    """The state before a command that was undone since: ``before`` with the roll numbers
    ``now`` has used, which undo never takes back (``GameState.NUMBERS``)."""
    return keeping_numbers(before, now.game.numbers()) if now is not None else before


def person(who: Person | str) -> Person:
    """A Person from a console-style name (the GM's id gives the GM with their display name)."""
    if isinstance(who, Person):
        return who
    return GM if who == GM.id else Person(who, who)


@dataclass
class TableDriver:
    """Runs command lines at one table and fails loudly when an expected success is refused."""

    app: App = field(default_factory=make_app)
    table_id: str = "t1"

    def do(self, line: str, actor: Person | str = GM) -> Outcome:
        outcome = self.try_(line, actor)
        assert outcome.ok, f"{line!r} was refused: {outcome.error}"
        return outcome

    def try_(self, line: str, actor: Person | str = GM) -> Outcome:
        return self.app.handle(self.table_id, person(actor), line)

    def refused(self, line: str, actor: Person | str = GM) -> str:
        outcome = self.try_(line, actor)
        assert not outcome.ok, f"{line!r} should have been refused"
        assert outcome.error is not None
        return outcome.error


def command_set(systems: frozenset[str] | None, args_type: type[object], *names: str) -> CommandSet:
    """A command set declaring ``names`` for ``systems`` (None: every table), each taking
    ``args_type``'s options and doing nothing: for tests of the registry and its scheme."""
    commands = CommandSet(systems)
    for name in names:

        def handler(ctx: Context, args: object) -> Decision:
            return Decision()

        handler.__annotations__ = {"ctx": Context, "args": args_type, "return": Decision}
        commands.command(name, help=f"/{name}.", permission=Permission.ANYONE)(handler)
    return commands
