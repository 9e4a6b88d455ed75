"""``/game export`` and ``/game import``: a whole table as one versioned JSON file.

The file holds the table (people, roles, mods), the game's state at its top level (for
people and tools that read it) and every event with its envelope (so nothing is lost: the
history, undo markers and dice faces travel with it). Import replays the events and checks
they rebuild exactly the state the file states, so a damaged or hand-edited file is refused
instead of silently becoming a different table. The format is described in
``docs/export-format.md``.
"""

from __future__ import annotations

import gzip
import io
import json
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any

from scenekeeper import __version__
from scenekeeper.engine import commands as commands_module
from scenekeeper.engine.aggregate import Table
from scenekeeper.engine.commands import (
    Attachment,
    CommandRegistry,
    CommandSet,
    Context,
    Decision,
    NoOptions,
    Opt,
    Permission,
)
from scenekeeper.engine.errors import CorruptHistory, Refusal
from scenekeeper.engine.events import Envelope, envelope_from_json, envelope_to_json
from scenekeeper.engine.recheck import Mismatch, recheck
from scenekeeper.engine.reply import File, Reply
from scenekeeper.engine.systems import get_system
from scenekeeper.engine.withheld import withhold_rows

commands = CommandSet()
EXPORT_FORMAT = "scenekeeper-table"
EXPORT_VERSION = 1
_OWN_KEYS = frozenset({"format", "version", "scenekeeper", "table", "events", "withheld"})
WITHHELD_NOTE = (
    "These commands sealed choices that were never revealed (replaced, undone, discarded): "
    "their values are withheld, and /game import takes them as recorded."
)


def export_document(
    table_id: str, table: Table, envelopes: Sequence[Envelope], registry: CommandRegistry
) -> dict[str, Any]:
    """The export file's document. Sealed choices never revealed are withheld
    (``engine.withheld``): the file never holds their values."""
    state = table.state
    if state is None:
        raise Refusal("There is no game here to export.")
    game = get_system(state.meta.system).export(state.game)
    clash = _OWN_KEYS & set(game)
    if clash:  # A game's export must not hide the file's own keys.
        raise AssertionError(f"game export uses reserved keys {sorted(clash)}")
    rows = [envelope_to_json(e) for e in envelopes]
    withheld = withhold_rows(envelopes, rows, registry)
    return {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        # The Scenekeeper that wrote the file (absent: one before 0.2.0, which did not say).
        "scenekeeper": __version__,
        "table": {"id": table_id, "seq": table.seq, **state.meta.model_dump(mode="json")},
        **game,
        **({"withheld": {"note": WITHHELD_NOTE, "commands": withheld}} if withheld else {}),
        "events": rows,
    }


#: The largest file /game import takes (engine.commands.MAX_FILE_BYTES), and so the largest
#: /game export makes: a table exported on Discord imports there too.
MAX_FILE_BYTES = commands_module.MAX_FILE_BYTES
#: The most JSON one file may hold once unpacked: an export larger than MAX_FILE_BYTES is
#: gzipped; this bounds the memory and time an import takes (see benchmarks/import_export.py).
MAX_JSON_BYTES = 48 * 1024 * 1024
_GZIP_MAGIC = b"\x1f\x8b"


@commands.command(
    "game export",
    help="Save the whole table (people, state and full history) as a JSON file.",
    permission=Permission.GM,
)
def export(ctx: Context, _args: NoOptions) -> Decision:
    doc = export_document(ctx.table_id, ctx.table, ctx.history(0), ctx.registry)
    name = f"{_safe(ctx.require_state().meta.name)}-{ctx.table.seq}.json"
    content = json.dumps(doc, indent=1, ensure_ascii=False).encode()
    if len(content) > MAX_JSON_BYTES:
        raise Refusal(
            f"This table's history is {len(content) // 2**20} MB as JSON, more than one file "
            f"can carry ({MAX_JSON_BYTES // 2**20} MB); nothing was exported. Ask whoever runs "
            "the bot to copy the database instead."
        )
    if len(content) > MAX_FILE_BYTES:
        # Event histories pack about ten to one; the file still imports as it is.
        content = gzip.compress(content, compresslevel=9, mtime=0)
        name += ".gz"
        if len(content) > MAX_FILE_BYTES:
            raise Refusal(
                f"This table's history packs to {len(content) // 2**20} MB, more than one "
                f"file can carry ({MAX_FILE_BYTES // 2**20} MB); nothing was exported. Ask "
                "whoever runs the bot to copy the database instead."
            )
    said = f"Exported '{ctx.require_state().meta.name}': {ctx.table.seq} events."
    return Decision(
        reply=Reply(
            text=(said,),
            private=sealed_note(ctx, doc.get("withheld", {}).get("commands", ())),
            private_data=doc,
            files=(File(name=name, content=content, private=True),),
        )
    )


def sealed_note(ctx: Context, withheld: Sequence[int] = ()) -> tuple[str, ...]:
    """What an export holds that the players may not see (sealed values not yet revealed, a
    GM's secret rolls): it is the GM's, said so to the GM who gets it. What it withholds
    (choices never revealed, ``engine.withheld``) it does not hold, and says so."""
    state = ctx.require_state()
    left_out = set(withheld)
    count = sum(1 for e in ctx.history(0) if e.event.sealed() and e.command_seq not in left_out)
    count += get_system(state.meta.system).sealed_values(state.game)
    said: list[str] = []
    if count:
        said.append(
            f"This export holds {count} sealed value{'s' if count != 1 else ''} (secret rolls, "
            "choices not yet revealed): keep it among the GMs."
        )
    if left_out:
        said.append(
            f"It withholds the values of {len(left_out)} sealed choice"
            f"{'s' if len(left_out) != 1 else ''} never revealed (replaced, undone or discarded)."
        )
    return tuple(said)


@dataclass(frozen=True)
class ImportFile:
    file: Annotated[Attachment, Opt("a file made by /game export (.json or .json.gz)")]


@commands.command(
    "game import",
    help="Bring in a table saved by /game export, into a table with no game yet.",
    permission=Permission.ANYONE,
    needs_table=False,
    examples=("/game import file:friday-120.json",),
)
def import_table(ctx: Context, args: ImportFile) -> Decision:
    if ctx.table.seq != 0:
        raise Refusal(
            "This table already has a game; import into a new channel (or --table at the "
            "console), so nothing here is overwritten."
        )
    earlier: dict[int, str] = {}
    envelopes, table = read_export(args.file.content, ctx.registry, args.file.name, earlier)
    state = table.state
    assert state is not None  # read_export refuses a file without a game
    if not state.meta.is_gm(ctx.actor.id):
        raise Refusal(
            f"{args.file.name} is the table of GM {state.meta.name_of(state.meta.gm)}; only "
            "its GM or a co-GM can import it."
        )
    return Decision(
        recorded=tuple(envelopes),
        reply=Reply.say(
            f"Imported '{state.meta.name}' ({state.meta.system}): {len(envelopes)} events, "
            f"{len(state.meta.players)} players.",
            *_earlier_rules(earlier),
        ),
    )


def _earlier_rules(earlier: Mapping[int, str]) -> tuple[str, ...]:
    """Which commands stand as an earlier version decided them (``engine.upgrades``)."""
    if not earlier:
        return ()
    names = sorted(set(earlier.values()))
    seqs = ", ".join(f"#{seq}" for seq in sorted(earlier))
    plural = "s" if len(earlier) != 1 else ""
    return (
        f"{len(earlier)} command{plural} ({seqs}) stand as the earlier version that made "
        f"{'them' if plural else 'it'} decided; the rules have changed since "
        f"({', '.join(names)}: see CHANGELOG.md, Upgrading).",
    )


def read_export(
    content: bytes,
    registry: CommandRegistry,
    filename: str = "the file",
    earlier: dict[int, str] | None = None,
) -> tuple[list[Envelope], Table]:
    """Check an export file completely -- its form, then every command in it as if typed now
    (``engine.recheck``; ``earlier`` as there) -- and return its events and the table they
    rebuild."""
    doc = _document(_unpacked(content, filename), filename)
    try:
        envelopes = [envelope_from_json(e) for e in doc["events"]]
    except CorruptHistory as error:
        raise Refusal(f"{filename} is damaged: {error}. Export the table again.") from None
    try:
        table = recheck(envelopes, registry, earlier=earlier)
    except Mismatch as error:
        raise Refusal(
            f"{filename} does not hold as a table's history: {error}. "
            + _newer(doc.get("scenekeeper"))
            + "Import only files /game export made, unchanged."
        ) from None
    if table.state is None:
        raise Refusal(f"{filename} holds no game; export a table that has one.")
    rebuilt = export_document("", table, envelopes, registry)
    mismatch = _first_difference(_comparable(doc), _comparable(rebuilt))
    if mismatch:
        raise Refusal(
            f"{filename} is damaged: its {mismatch} does not match its own history. "
            "Export the table again rather than editing the file."
        )
    return envelopes, table


def _newer(made_by: object) -> str:
    """A hint when the file comes from a newer Scenekeeper than this one: its rules may be
    ones this version does not know."""
    if isinstance(made_by, str) and _version(made_by) > _version(__version__):
        return (
            f"It was made by Scenekeeper {made_by[:20]}, newer than this one ({__version__}): "
            "upgrade to import it. "
        )
    return ""


def _version(text: str) -> tuple[int, ...]:
    parts = text.split(".")
    return tuple(int(p) for p in parts) if all(p.isdigit() for p in parts) else ()


def _unpacked(content: bytes, filename: str) -> bytes:
    limit = MAX_FILE_BYTES // 2**20
    if len(content) > MAX_FILE_BYTES:
        raise Refusal(
            f"{filename} is {len(content) / 2**20:.1f} MB; an export is at most {limit} MB "
            "(larger tables export gzipped). Attach the file /game export made."
        )
    if not content.startswith(_GZIP_MAGIC):
        return content
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(content)) as packed:
            text = packed.read(MAX_JSON_BYTES + 1)
    except (OSError, EOFError, zlib.error):
        raise Refusal(f"{filename} is a damaged .gz file; export the table again.") from None
    if len(text) > MAX_JSON_BYTES:
        raise Refusal(
            f"{filename} unpacks to more than {MAX_JSON_BYTES // 2**20} MB, more than an "
            "export holds; attach the file /game export made."
        )
    return text


def _document(content: bytes, filename: str) -> dict[str, Any]:
    try:
        doc = json.loads(content.decode("utf-8"))
    except UnicodeDecodeError:
        raise Refusal(
            f"{filename} is not a text file; attach the .json file /game export made."
        ) from None
    except json.JSONDecodeError as error:
        raise Refusal(
            f"{filename} is not valid JSON (line {error.lineno}, column {error.colno}); "
            "attach the file /game export made, unchanged."
        ) from None
    except (ValueError, RecursionError):
        # Python's own limits: an integer of thousands of digits, nesting a thousand deep.
        raise Refusal(
            f"{filename} holds JSON no export has (a number too long or nesting too deep); "
            "attach the file /game export made, unchanged."
        ) from None
    if not isinstance(doc, dict) or doc.get("format") != EXPORT_FORMAT:
        raise Refusal(f"{filename} is not a Scenekeeper table export (no format: {EXPORT_FORMAT}).")
    if doc.get("version") != EXPORT_VERSION or type(doc.get("version")) is not int:
        raise Refusal(
            f"{filename} is export version {doc.get('version')!r:.20}; this Scenekeeper reads "
            f"version {EXPORT_VERSION}. Update Scenekeeper, or export again."
        )
    if not isinstance(doc.get("table"), dict):
        raise Refusal(f"{filename} is damaged: its 'table' is not an object. Export it again.")
    if not isinstance(doc.get("events"), list) or not doc["events"]:
        raise Refusal(f"{filename} has no events; export the table again.")
    return doc


def _comparable(doc: Mapping[str, Any]) -> dict[str, Any]:
    """What a file states that its history must rebuild: not its events, not the table's id
    where it was exported, and not which Scenekeeper wrote it."""
    table = {k: v for k, v in doc.get("table", {}).items() if k != "id"}
    kept = {k: v for k, v in doc.items() if k not in ("events", "scenekeeper")}
    return {**kept, "table": table}


def _first_difference(given: Mapping[str, Any], rebuilt: Mapping[str, Any]) -> str | None:
    # A key the file lacks is one added since it was written (see _agrees).
    for key in sorted(given):
        if key not in rebuilt or not _agrees(given[key], rebuilt[key]):
            return f"'{key}'"
    return None


def _agrees(given: Any, rebuilt: Any) -> bool:
    """Whether a file's value is what its history rebuilds. A key the file lacks inside a
    value is one added since the file was written (a ``typed`` mark, a new setting): the table
    is built from the history, not from this part, so an older file's silence there is no
    damage."""
    if isinstance(given, dict) and isinstance(rebuilt, dict):
        return set(given) <= set(rebuilt) and all(_agrees(v, rebuilt[k]) for k, v in given.items())
    if isinstance(given, list) and isinstance(rebuilt, list):
        return len(given) == len(rebuilt) and all(map(_agrees, given, rebuilt))
    return bool(given == rebuilt)


def _safe(name: str) -> str:
    cleaned = "".join(c if c.isalnum() or c in "-_" else "-" for c in name.lower()).strip("-")
    return cleaned or "table"
