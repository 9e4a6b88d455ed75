"""Reading a file of sheets (format: docs/cortex-sheets.md, docs/mettle-sheets.md,
docs/cybergod-sheets.md), the same way for every game: the size, the sheets in it, each one's
name, no name twice. The game reads each key (``SheetSchema.read_file``).

Every mistake is reported with where it is (file, character, key) and what to write instead;
a file with any mistake imports nothing.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

import pydantic

from scenekeeper.engine.documents import read_document, short_name
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.names import fold
from scenekeeper.engine.sheets.schema import SheetData

MAX_FILE_BYTES = 256 * 1024
MAX_SHEETS = 50

D = TypeVar("D", bound=SheetData[Any])
M = TypeVar("M", bound=pydantic.BaseModel)


def read_sheets(
    content: bytes, filename: str, read_one: Callable[[object, str], D], doc: str
) -> list[D]:
    """Each sheet of the file, read by ``read_one(item, where)``; a refusal for the first
    mistake anywhere (``doc``: the game's sheet doc, which a refusal names)."""
    if len(content) > MAX_FILE_BYTES:
        raise Refusal(
            f"{filename} is over {MAX_FILE_BYTES // 1024} KB; split it into smaller files."
        )
    document = read_document(content, filename, doc)
    if isinstance(document, Mapping) and "characters" in document:
        document = document["characters"]
    raw = document if isinstance(document, list) else [document]
    if not raw or raw == [None]:
        raise Refusal(f"{filename} has no sheets in it.")
    if len(raw) > MAX_SHEETS:
        raise Refusal(f"{filename} has {len(raw)} sheets; import at most {MAX_SHEETS} at a time.")
    sheets = [read_one(item, f"{filename}: sheet {n}") for n, item in enumerate(raw, 1)]
    names = [fold(str(getattr(s.character, "name", ""))) for s in sheets]
    for sheet, folded in zip(sheets, names, strict=True):
        if names.count(folded) > 1:
            name = getattr(sheet.character, "name", "")
            raise Refusal(f"{filename}: {name} is in the file twice; keep one sheet each.")
    return sheets


def sheet_name(
    item: object, where: str, key: Callable[[object], str], example: str = "attributes:"
) -> tuple[Mapping[Any, Any], str, str]:
    """The sheet's keys, its character's name and where it is ("file: name") for mistakes."""
    if not isinstance(item, Mapping):
        raise Refusal(f"{where}: a sheet is a set of keys (name:, {example} ...), not a list.")
    name_value = next((v for k, v in item.items() if key(k) == "name"), None)
    if not isinstance(name_value, str) or not name_value.strip():
        raise Refusal(f"{where}: the sheet needs name: <the character's name>.")
    name = short_name(" ".join(name_value.split()), where)
    return item, name, f"{where.rsplit(': sheet', maxsplit=1)[0]}: {name}"


def not_a_key(
    where: str,
    raw_key: object,
    close_to: Iterable[str],
    keys: Iterable[str],
    match: str | None = None,
) -> Refusal:
    """A key the sheet does not have: the nearest one it does (to ``match``, the key as the
    game reads it, or as typed), and them all."""
    close = difflib.get_close_matches(match or str(raw_key), list(close_to), n=1)
    hint = f" Did you mean {close[0]}:?" if close else ""
    return Refusal(f"{where}: '{raw_key}' is not a sheet key.{hint} Keys: {', '.join(keys)}.")


def validated(model: type[M], fields: Mapping[str, Any], where: str) -> M:
    """The sheet the fields make, or the first thing wrong with them, said where."""
    try:
        return model.model_validate(fields)
    except pydantic.ValidationError as error:
        first = error.errors()[0]
        loc = ".".join(str(p) for p in first["loc"])
        raise Refusal(f"{where}: {loc}: {first['msg']}.") from None
