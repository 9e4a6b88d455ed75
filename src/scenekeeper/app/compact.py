"""An idle table's compact form (``app.cache``): its snapshot and its state as JSON, zlib-
compressed with a preset dictionary of its game's words.

Brought back, the state is decoded as it was written, not folded again from the undo window's
base (``Table.from_compact``): under a millisecond for a table of ~50 events (folding took
1-1.5 ms) and 1-2.5 ms for a full window (it took 3-8 ms). The state adds bytes; the
dictionary -- the event type names and field names of the table's game and of the engine, and
a new table's state, which every snapshot repeats -- takes them back: a table's form is about
as large as it was, or smaller (docs/performance.md). The form lives only in this process:
nothing here is ever read from outside, so what it decodes was validated when it was made.
"""

from __future__ import annotations

import json
import typing
import zlib
from typing import Any

import pydantic

from scenekeeper.engine.aggregate import Table
from scenekeeper.engine.events import event_types
from scenekeeper.engine.state import TableMeta

#: (the table's seq, the dictionary it was compressed with, the compressed JSON)
Compacted = tuple[int, bytes, bytes]

_LEVEL = 9
#: The words of each game's state type (by its module), made once: a compacted table keeps a
#: reference to the very dictionary it needs.
_WORDS: dict[str, bytes] = {}
#: Last in the dictionary, nearest to what is compressed, so the cheapest to refer to.
_SKELETON = (
    '{"format":"table-window-2","base":{"meta":{',
    '"game":{',
    '"redo":[],"numbers":{},"state":{"meta":{',
    '],"undone_by":""},{"seq":',
    '"actor":"gm","command":"/',
    '"events":[{"type":"',
    '"data":{',
    ":null,",
    ":true,",
    ":false,",
    ":[],",
    ":{},",
    '"window":[{"seq":',
)


def compact(table: Table) -> Compacted:
    words = words_for(table)
    text = json.dumps(table.to_compact(), separators=(",", ":"), ensure_ascii=False)
    packer = zlib.compressobj(_LEVEL, zdict=words)
    return table.seq, words, packer.compress(text.encode("utf-8")) + packer.flush()


def inflate(seq: int, words: bytes, data: bytes) -> Table:
    unpacker = zlib.decompressobj(zdict=words)
    return Table.from_compact(seq, json.loads(unpacker.decompress(data) + unpacker.flush()))


def words_for(table: Table) -> bytes:
    """The preset dictionary for ``table``'s game: the names its snapshots repeat."""
    game = type(table.state.game) if table.state is not None else None
    key = game.__module__ if game is not None else ""
    words = _WORDS.get(key)
    if words is None:
        words = _WORDS[key] = _words(game)
    return words


def _words(game: type[pydantic.BaseModel] | None) -> bytes:
    package = game.__module__.rsplit(".", 1)[0] if game is not None else "scenekeeper.engine"
    seen: set[type[pydantic.BaseModel]] = set()
    parts: list[str] = []
    for name, event in sorted(event_types().items()):
        if event.__module__.startswith((package, "scenekeeper.engine")):
            parts.append('{"type":"' + name + '","data":{' + _fields(event, seen))
    for model in (TableMeta, game):
        if model is not None:
            parts.append(_fields(model, seen))
    if game is not None:
        # A new table's state: every field with its default, as a state's JSON begins.
        parts.append(json.dumps(game().model_dump(mode="json"), separators=(",", ":")))
    return "".join((*parts, *_SKELETON)).encode("utf-8")


def _fields(model: type[pydantic.BaseModel], seen: set[type[pydantic.BaseModel]]) -> str:
    """``"name":`` for each field of ``model`` and of the models its fields hold, once each."""
    if model in seen:
        return ""
    seen.add(model)
    names = [f'"{name}":' for name in model.model_fields]
    for field in model.model_fields.values():
        names.extend(_fields(inner, seen) for inner in _models(field.annotation))
    return "".join(names)


def _models(annotation: Any) -> list[type[pydantic.BaseModel]]:
    if typing.get_origin(annotation) is None and isinstance(annotation, type):
        return [annotation] if issubclass(annotation, pydantic.BaseModel) else []
    return [model for arg in typing.get_args(annotation) for model in _models(arg)]
