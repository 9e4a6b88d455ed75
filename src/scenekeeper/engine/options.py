"""The options of a command, read from the dataclass its handler takes: each field's name,
type, required-ness, default and ``Opt`` metadata (help, choices, ranges, secret)."""

from __future__ import annotations

import dataclasses
import enum
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from scenekeeper.engine.state import Person


class OptionType(enum.Enum):
    STRING = "string"
    INTEGER = "integer"
    NUMBER = "number"
    BOOLEAN = "boolean"
    USER = "user"
    ATTACHMENT = "attachment"


#: The largest file a command takes (a sheet, an export): under Discord's upload limit, so
#: what works at the console works on Discord.
MAX_FILE_BYTES = 8 * 1024 * 1024


@dataclass(frozen=True)
class Attachment:
    """A file handed to a command (Discord attachment, console path)."""

    name: str
    content: bytes


@dataclass(frozen=True)
class Opt:
    """Metadata for one option field (used inside ``Annotated``)."""

    help: str
    choices: tuple[str, ...] | Callable[[], tuple[str, ...]] = ()
    min_value: int | None = None
    max_value: int | None = None
    max_length: int | None = 200
    #: What the option says is the GM's secret (a poison's Dose and its faces): /history, the
    #: session log and undo's replies show "(secret)" for it (``engine.secrets``).
    secret: bool = False


@dataclass(frozen=True)
class Option:
    name: str
    type: OptionType
    help: str
    required: bool
    default: Any
    meta: Opt

    @property
    def choices(self) -> tuple[str, ...]:
        choices = self.meta.choices
        return choices() if callable(choices) else choices

    def placeholder(self) -> str:
        if self.choices:
            return "|".join(self.choices)
        return {
            OptionType.STRING: "text",
            OptionType.INTEGER: "number",
            OptionType.NUMBER: "number",
            OptionType.BOOLEAN: "true|false",
            OptionType.USER: "person",
            OptionType.ATTACHMENT: "file",
        }[self.type]


_PYTHON_TYPES = {
    str: OptionType.STRING,
    int: OptionType.INTEGER,
    float: OptionType.NUMBER,
    bool: OptionType.BOOLEAN,
    Person: OptionType.USER,
    Attachment: OptionType.ATTACHMENT,
}


def options_of(args_type: type[Any]) -> tuple[Option, ...]:
    """Read the options of a command from its dataclass fields."""
    if not dataclasses.is_dataclass(args_type):
        raise TypeError(f"{args_type!r} must be a dataclass of options")
    hints = typing.get_type_hints(args_type, include_extras=True)
    options = []
    for f in dataclasses.fields(args_type):
        hint = hints[f.name]
        if typing.get_origin(hint) is not typing.Annotated:
            raise TypeError(f"{args_type.__name__}.{f.name} needs Annotated[type, Opt(...)]")
        base, *extras = typing.get_args(hint)
        meta = next((e for e in extras if isinstance(e, Opt)), None)
        if meta is None:
            raise TypeError(f"{args_type.__name__}.{f.name} needs an Opt(...) description")
        optional = type(None) in typing.get_args(base)
        if optional:
            base = next(a for a in typing.get_args(base) if a is not type(None))
        if base not in _PYTHON_TYPES:
            raise TypeError(f"{args_type.__name__}.{f.name}: unsupported option type {base!r}")
        has_default = f.default is not dataclasses.MISSING
        options.append(
            Option(
                name=f.name,
                type=_PYTHON_TYPES[base],
                help=meta.help,
                required=not has_default,
                default=f.default if has_default else None,
                meta=meta,
            )
        )
    return tuple(options)
