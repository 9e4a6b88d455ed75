"""The table engine: commands, events, roles, undo and history, shared by every game.

Pure: it imports the ``dice`` package and the standard library (and pydantic for its value
types), never a database driver, a clock or an adapter.
"""

from scenekeeper.engine.aggregate import Table, evolve, replay
from scenekeeper.engine.commands import (
    CommandRegistry,
    CommandSpec,
    Context,
    Decision,
    Permission,
)
from scenekeeper.engine.errors import CorruptHistory, Refusal
from scenekeeper.engine.events import Envelope, Event, decode_event
from scenekeeper.engine.parse import Invocation, parse_line
from scenekeeper.engine.reply import File, Reply
from scenekeeper.engine.state import Person, TableState

__all__ = [
    "CommandRegistry",
    "CommandSpec",
    "Context",
    "CorruptHistory",
    "Decision",
    "Envelope",
    "Event",
    "File",
    "Invocation",
    "Permission",
    "Person",
    "Refusal",
    "Reply",
    "Table",
    "TableState",
    "decode_event",
    "evolve",
    "parse_line",
    "replay",
]
