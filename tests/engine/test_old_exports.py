"""Exports made before options were renamed still import (one name per meaning,
docs/architecture.md rule 6): the files in ``old_exports/`` were written by the version that
recorded the old names, and the import's recheck reads them with ``engine.renamed.RENAMED``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scenekeeper import __version__
from scenekeeper.engine.parse import tokenize
from scenekeeper.engine.renamed import RENAMED, RENAMED_COMMANDS
from scenekeeper.engine.state import TableMeta
from tests.engine.test_transfer import export, import_into
from tests.support import TableDriver

OLD_EXPORTS = sorted((Path(__file__).parent / "old_exports").glob("*.json"))


#: Every table field at its default, as an export writes it.
DEFAULTS = TableMeta(name="", system="", gm="").model_dump(mode="json")


def commands(doc: dict[str, Any]) -> list[str]:
    return [e["command"] for e in doc["events"] if e["command"]]


@pytest.mark.parametrize("path", OLD_EXPORTS, ids=lambda p: p.stem)
def test_an_export_made_with_the_old_option_names_imports(path: Path) -> None:
    old = json.loads(path.read_text(encoding="utf-8"))
    driver = TableDriver(table_id="fresh")
    outcome = import_into(driver, "fresh", old)
    assert outcome.ok, outcome.error
    again = export(driver)
    # The same table: every part of the file but the table's id (the importing channel's) and
    # which Scenekeeper wrote it (these files are older than versions in exports).
    assert "scenekeeper" not in old
    assert again.pop("scenekeeper") == __version__
    assert {k: v for k, v in again.items() if k != "table"} == {
        k: v for k, v in old.items() if k != "table"
    }
    # Fields the table gained since the file was made (mentions, pace) read as their defaults.
    gained = {k: v for k, v in again["table"].items() if k not in old["table"]}
    assert gained == {k: v for k, v in DEFAULTS.items() if k in gained}
    assert {k: v for k, v in again["table"].items() if k != "id" and k not in gained} == {
        k: v for k, v in old["table"].items() if k != "id"
    }
    # The history reads as it was recorded, old names and all.
    assert commands(again) == commands(old)


#: The options renamed so that one name has one type everywhere (issue 22), as the old
#: exports recorded them: each is read again through ``RENAMED``.
RENAMED_FOR_ONE_TYPE = {
    ("mods set", "on"),
    ("char approval", "on"),
    ("xp spend", "on"),
    ("char new", "pool"),
    ("mettle damage", "amount"),
    ("mettle damage", "soak"),
    ("save", "dice"),
    ("test", "mod"),
    ("wound add", "scale"),
}


def test_the_old_exports_use_every_renamed_option() -> None:
    used = set()
    for path in OLD_EXPORTS:
        for line in commands(json.loads(path.read_text(encoding="utf-8"))):
            words = tokenize(line)
            for command, option in RENAMED:
                # The command itself may have been renamed since (/game mods set: /mods set).
                spellings = [command, *(o for o, n in RENAMED_COMMANDS.items() if n == command)]
                if any(line.startswith(f"/{name} ") for name in spellings) and any(
                    w.startswith(f"{option}:") for w in words
                ):
                    used.add((command, option))
    assert used >= RENAMED_FOR_ONE_TYPE
    assert set(RENAMED) >= RENAMED_FOR_ONE_TYPE
