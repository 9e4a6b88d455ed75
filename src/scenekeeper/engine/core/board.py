"""``/board``: the whole table at a glance, in the game's own words (``GameSystem.board``) and
what the table is waiting for (``GameSystem.waiting_for``).

``/board show`` answers with it; ``/board pin`` and ``/board unpin`` start and stop the live
board, a message the Discord bot keeps up to date after every change (CortexPal2000's
``/pin``). Where that message is, is Discord's business: the engine records nothing for it
(docs/discord.md, "The live board"); at the console both show the board.

``/board web`` and ``/board web revoke`` give and take back the board's web page
(adapters/web): a link with an unguessable token, kept by the adapter in the store beside the
tables, never in the table's history (an export, an import or an undo never carries it). The
engine only checks who may ask; the adapter answers with the link, privately.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scenekeeper.engine.commands import CommandSet, Context, Decision, NoOptions, Permission
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.state import TableState
from scenekeeper.engine.systems import BoardSection, get_system

commands = CommandSet()
#: At the console there is no message to keep up to date: say so where Discord would pin it.
CONSOLE_NOTE = (
    "On Discord the bot pins this board and keeps it up to date after each change; here, "
    "/board show shows it whenever you ask."
)


@dataclass(frozen=True)
class Board:
    """A table's board: a title, the game's sections and what the table waits for."""

    title: str
    sections: tuple[BoardSection, ...]
    waiting: tuple[str, ...]

    def lines(self) -> list[str]:
        """One fact a line: the title, each section's heading then its lines."""
        lines = [self.title]
        for section in self.sections:
            lines.append(f"{section.title}:")
            lines += [f"  {line}" for line in section.lines] or ["  (none)"]
        if self.waiting:
            lines.append("Waiting for:")
            lines += [f"  {line}" for line in self.waiting]
        return lines

    def data(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "sections": [{"title": s.title, "lines": list(s.lines)} for s in self.sections],
            "waiting_for": list(self.waiting),
        }


def board_of(state: TableState) -> Board:
    """The board of a table, in its game's words (Scions' legend points, not plot points)."""
    system = get_system(state.meta.system)
    words = system.translate
    sections = (
        _people(state),
        *(
            BoardSection(words(s.title), tuple(words(line) for line in s.lines))
            for s in system.board(state)
        ),
    )
    waiting = tuple(words(line) for line in system.waiting_for(state.game))
    return Board(f"Board of '{state.meta.name}' ({system.title})", sections, waiting)


def _people(state: TableState) -> BoardSection:
    """Who runs the table and who plays at it (every game has them)."""
    meta = state.meta
    lines = [f"GM: {meta.name_of(meta.gm)}."]
    if meta.co_gms:
        lines.append(f"Co-GMs: {', '.join(meta.name_of(p) for p in meta.co_gms)}.")
    lines.append(f"Players: {', '.join(meta.name_of(p) for p in meta.players) or 'none yet'}.")
    return BoardSection("People", tuple(lines))


@commands.command(
    "board show",
    help="The whole table at a glance: characters, pools, the scene, what it waits for.",
    permission=Permission.ANYONE,
)
def show(ctx: Context, _args: NoOptions) -> Decision:
    board = board_of(ctx.require_state())
    return Decision(reply=Reply.say(*board.lines(), data=board.data()))


@commands.command(
    "board pin",
    help="Pin the board in this channel; the bot keeps it up to date after each change.",
    permission=Permission.GM,
)
def pin(ctx: Context, _args: NoOptions) -> Decision:
    board = board_of(ctx.require_state())
    return Decision(reply=Reply.say(*board.lines(), CONSOLE_NOTE, data=board.data()))


@commands.command(
    "board unpin",
    help="Stop keeping the pinned board up to date, and unpin it.",
    permission=Permission.GM,
)
def unpin(ctx: Context, _args: NoOptions) -> Decision:
    name = ctx.require_state().meta.name
    return Decision(reply=Reply.say(f"The board of '{name}' is no longer kept up to date."))


#: What the adapter adds to /board web's answer (the link itself, privately): where a
#: process serves no pages (an adapter that knows no web page), the reply says so instead.
NO_WEB = "This process serves no board page; nothing was changed."


@commands.command(
    "board web",
    help="The board as a live web page (for a second screen or stream software): the GM "
    "gets its link privately.",
    summary="The board as a live web page, for a second screen or stream software (the link is the "
    "GM's).",
    permission=Permission.GM,
)
def web(ctx: Context, _args: NoOptions) -> Decision:
    name = ctx.require_state().meta.name
    return Decision(reply=Reply.say(f"The board of '{name}' on the web: the link is yours alone."))


@commands.command(
    "board web revoke",
    help="Stop the board's web page: its link shows nothing from now on (/board web makes a "
    "new one).",
    permission=Permission.GM,
)
def web_revoke(ctx: Context, _args: NoOptions) -> Decision:
    name = ctx.require_state().meta.name
    # True whether or not it had a link (only the adapter knows; it tells the GM privately).
    return Decision(reply=Reply.say(f"The board of '{name}' has no web page from now on."))
