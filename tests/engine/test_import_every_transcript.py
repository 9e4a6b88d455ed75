"""Every table a transcript builds exports, and imports again through the full check
(``engine.recheck``: each command authorised and decided again): a table built by commands
is always one that /game import accepts, whatever the game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scenekeeper.app.records import envelope_from_record
from scenekeeper.engine.aggregate import CommandRecord
from scenekeeper.engine.core.transfer import export_document, read_export
from tests.test_transcripts import TRANSCRIPTS, played_app


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: str(p.relative_to(p.parents[1])))
def test_every_transcript_table_imports_again(path: Path) -> None:
    app = played_app(path)
    checked = 0
    for table_id in app.store.tables():
        table = app.table(table_id)
        if table.state is None:
            continue
        envelopes = [envelope_from_record(r) for r in app.store.read(table_id)]
        doc = export_document(table_id, table, envelopes, app.registry)
        _events, rebuilt = read_export(json.dumps(doc).encode(), app.registry, f"{table_id}.json")
        assert rebuilt.state == table.state
        # A sealed choice never revealed is withheld (engine.withheld): its record is there,
        # without its values.
        withheld = set(doc.get("withheld", {}).get("commands", ()))
        assert [_seen(r, withheld) for r in rebuilt.window] == [
            _seen(r, withheld) for r in table.window
        ]
        checked += 1
    if not checked:
        pytest.skip("every table of this transcript ended (/game end)")


def _seen(record: CommandRecord, withheld: set[int]) -> object:
    return (record.seq, record.actor) if record.seq in withheld else record
