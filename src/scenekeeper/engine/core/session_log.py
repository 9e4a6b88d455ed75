"""``/game log``: the table's play as a session log in Markdown, for a GM to post after the
game -- and ``scenekeeper log EXPORT`` makes the same log from an export file.

The log is not stored text. Every standing command is decided again from the record
(``engine.recheck``, with the dice its events recorded), so the log says what the bot said,
and an export that does not hold as a history makes no log. Undone commands are left out;
setting up (seats, characters, sheets) before play is listed briefly, and the same changes
made during play stay where they happened; each ``/scene start`` opens a section. Everything
people typed is escaped, so a name cannot break the formatting, run HTML where the Markdown
is shown, or ping @everyone where it is pasted.
"""

from __future__ import annotations

import gzip
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated

from scenekeeper.engine.commands import (
    MAX_FILE_BYTES,
    CommandRegistry,
    CommandSet,
    Context,
    Decision,
    Opt,
    Permission,
)
from scenekeeper.engine.core.history import Entry, group_commands
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Envelope
from scenekeeper.engine.recheck import Mismatch, recheck
from scenekeeper.engine.renamed import current_command
from scenekeeper.engine.reply import File, Reply
from scenekeeper.engine.secrets import shown
from scenekeeper.engine.state import TableMeta
from scenekeeper.engine.systems import get_system

commands = CommandSet()
#: Commands that set a table up rather than play it: one line each, under "Setting up", while
#: they come before play; made during play, they are filed in the scene running then.
SETUP = frozenset(
    {
        "game new",
        "game join",
        "game leave",
        "game claim",
        "game release",
        "game gm add",
        "game gm remove",
        "mods set",
        "game output",
        "results",
        "trait sets",
        "stress types",
        "char new",
        "char set",
        "char remove",
        "char import",
        "char sfx add",
        "char sfx remove",
        "char backstory",
        "char gear",
    }
)
#: Commands that open a section of their own (their reply's first line is its heading).
SCENES = frozenset({"scene start"})
#: Undo and redo change what stands; the log shows what stands, so they are not in it.
_UNLOGGED = frozenset({"undo", "redo"})


@dataclass(frozen=True)
class LogArgs:
    since: Annotated[
        int,
        Opt("the first command to include, by its number in /history (default: all)", min_value=1),
    ] = 1


@commands.command(
    "game log",
    help="The table's play as a session log (Markdown) to post after the game: what each "
    "person did and what the bot replied, scene by scene.",
    summary="The table's play as a session log (Markdown) to post after the game, scene by scene.",
    permission=Permission.PLAYER,
    examples=("/game log", "/game log since:120"),
)
def history_log(ctx: Context, args: LogArgs) -> Decision:
    envelopes = ctx.history(0)
    try:
        text = session_log(envelopes, ctx.registry, since=args.since)
    except Mismatch as error:
        raise Refusal(f"The record cannot be read back ({error}); /game export keeps it.") from None
    meta = ctx.require_state().meta
    name = f"{_file_name(meta.name)}-session-log.md"
    content = text.encode("utf-8")
    if len(content) > MAX_FILE_BYTES:
        # A long campaign's log: packed, as an export is; since: makes a shorter one.
        content = gzip.compress(content, compresslevel=9, mtime=0)
        name += ".gz"
        if len(content) > MAX_FILE_BYTES:
            raise Refusal(
                "The log is larger than one file can carry, even packed; ask for part of it "
                "with since:<command number>."
            )
    return Decision(
        reply=Reply(
            text=(f"The session log of '{meta.name}' is in {name}.",),
            files=(File(name, content),),
        )
    )


def session_log(envelopes: Sequence[Envelope], registry: CommandRegistry, since: int = 1) -> str:
    """The Markdown log of ``envelopes`` (a whole table's history), from command ``since``."""
    replies: dict[int, tuple[str, ...]] = {}

    def keep(first: Envelope, text: tuple[str, ...]) -> None:
        replies[first.command_seq] = text

    table = recheck(envelopes, registry, said=keep)
    state = table.state
    if state is None:
        raise Mismatch("it holds no game")
    meta = state.meta
    entries = [
        e
        for e in group_commands(envelopes)
        if e.seq >= since and not e.undone and _name(e) not in _UNLOGGED and e.command
    ]
    if not entries:
        newest = max((e.command_seq for e in envelopes), default=0)
        raise Refusal(f"Nothing stands from #{since} on (the newest command is #{newest}).")
    lines = _heading(meta, entries)
    # Setting up is what comes before play begins. A sheet or mod change made later is filed
    # where it happened, in the scene running then, so the log does not say it held all game.
    begun = next((i for i, e in enumerate(entries) if _name(e) not in SETUP), len(entries))
    setup, play = entries[:begun], entries[begun:]
    if setup:
        lines += ["", "## Setting up", ""]
        lines += [f"- {_who(meta, e)}: {_code(shown(e.command, registry, meta))}" for e in setup]
    section = ""
    for entry in play:
        said = replies.get(entry.seq, ())
        if _name(entry) in SCENES or not section:
            section = _text(said[0].split(". ")[0]) if _name(entry) in SCENES and said else "Play"
            lines += ["", f"## {section}"]
        command = shown(entry.command, registry, meta)
        lines += ["", f"**{_who(meta, entry)}**: {_code(command)}"]
        lines += [f"> {_text(line)}  " for line in said]
    return "\n".join(lines).rstrip() + "\n"


def _heading(meta: TableMeta, entries: list[Entry]) -> list[str]:
    system = get_system(meta.system)
    times = [e.events[0].time for e in entries]
    when = f"{_when(times[0])} to {_when(times[-1])}"
    players = ", ".join(_player(meta, p) for p in meta.players)
    return [
        f"# {_text(meta.name)}: session log",
        "",
        f"*{_text(system.title)}, {when}.*  ",
        f"*GM: {_text(meta.name_of(meta.gm))}; players: {players or 'none'}.*",
    ]


def _player(meta: TableMeta, person: str) -> str:
    """A player and the characters they play: "ana (Mara Voss)"."""
    played = [_text(c) for c, owner in meta.owners.items() if owner == person]
    return _text(meta.name_of(person)) + (f" ({', '.join(played)})" if played else "")


def _name(entry: Entry) -> str:
    """The command's name, as the registry knows it (``/contest settle ...`` -> contest settle;
    a name recorded before a rename is today's: ``/game stress`` -> stress types)."""
    words = entry.command.removeprefix("/").split()
    name = []
    for word in words:
        if ":" in word or word.startswith('"'):
            break
        name.append(word)
    return current_command(" ".join(name))


def _who(meta: TableMeta, entry: Entry) -> str:
    return _text(meta.name_of(entry.actor))


def _when(time: str) -> str:
    """An ISO time as a log says it: "2026-11-23 20:01 UTC" (the engine reads times; it never
    asks a clock)."""
    match = re.fullmatch(r"(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}).*", time)
    return f"{match.group(1)} {match.group(2)} UTC" if match else _text(time)


#: Characters Markdown reads as formatting anywhere in a line, and at a line's start.
_INLINE = re.compile(r"([\\`*_\[\]|~])")
_LINE_START = re.compile(r"^(\s*)([#>+\-=]|\d+[.)])")


def _text(text: str) -> str:
    """People's words, safe in Markdown: formatting characters escaped, HTML shown as text,
    and @everyone/@here unable to ping where the log is pasted."""
    escaped = _INLINE.sub(r"\\\1", text)
    escaped = _LINE_START.sub(_escape_start, escaped)
    escaped = escaped.replace("&", "&amp;").replace("<", "&lt;")
    return escaped.replace("@", "@\u200b")


def _escape_start(match: re.Match[str]) -> str:
    """ "# x" -> "\\# x"; "1. x" -> "1\\. x" (CommonMark escapes punctuation, not digits)."""
    space, mark = match.group(1), match.group(2)
    if mark[0].isdigit():
        return f"{space}{mark[:-1]}\\{mark[-1]}"
    return f"{space}\\{mark}"


def _code(command: str) -> str:
    """A command as code, fenced with more backticks than it holds."""
    longest = max((len(run) for run in re.findall(r"`+", command)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if command.startswith("`") or command.endswith("`") else ""
    safe = command.replace("@", "@\u200b")
    return f"{fence}{pad}{safe}{pad}{fence}"


def _file_name(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-").lower() or "table"
