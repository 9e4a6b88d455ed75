"""How an outcome reads in Discord: an embed (with the game's display of its dice: faces,
total, outcome) or, for people who asked for accessible output, plain text with no embed and
no emoji; errors and private parts as ephemeral messages; files attached; the controls the
game offers for the result (``engine.offered``), drawn as buttons, selects and forms.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import discord

from scenekeeper.adapters.discord import ids
from scenekeeper.adapters.discord.controls import Drawn, view_of
from scenekeeper.adapters.discord.limits import (
    MAX_CONTENT,
    MAX_EMBED_DESCRIPTION,
    MAX_EMBED_TOTAL,
    MAX_EMBEDS,
    MAX_FIELD_VALUE,
)
from scenekeeper.app import Outcome
from scenekeeper.engine.aggregate import Redone, Table, Undone
from scenekeeper.engine.controls import Display, Field, Tone
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.offered import display_of
from scenekeeper.engine.reply import File

NEUTRAL = 0x5865F2
UNDONE = 0x95A5A6
#: Embed colours by the tone of a result.
COLOURS: dict[Tone | None, int] = {
    "success": 0x2ECC71,
    "heroic": 0xF1C40F,
    "failure": 0xE74C3C,
    "botch": 0x992D22,
    "undone": UNDONE,
    None: NEUTRAL,
}
REST_FILE = "reply.txt"
#: Replies that only the asker wants to see (a command list is no news for the table).
QUIET = frozenset({"help"})


@dataclass
class Post:
    """One message to send or edit in: text or embeds, files and buttons."""

    content: str | None = None
    embeds: list[discord.Embed] = field(default_factory=list)
    files: tuple[File, ...] = ()
    controls: list[Drawn] = field(default_factory=list)

    def view(self) -> discord.ui.View | None:
        return view_of(self.controls) if self.controls else None


@dataclass
class Answer:
    """A public message (or none), and a private one shown only to the person who acted."""

    public: Post | None = None
    private: Post | None = None


@dataclass(frozen=True)
class Done:
    """A command's outcome and the table after it (to render rolls, buttons, preferences)."""

    outcome: Outcome
    table: Table | None
    #: The table before the command, as last loaded (what a board showed before /game end).
    before: Table | None = None
    #: Which table (controls name it for good).
    table_id: str | None = None


def wants_plain(table: Table | None, person_id: str) -> bool:
    state = table.state if table is not None else None
    return state is not None and state.meta.wants_plain_text(person_id)


def refusal(message: str) -> Answer:
    text = _fit_content(_escape(message))[0]
    return Answer(private=Post(content=text))


def answer(done: Done, actor_id: str) -> Answer:
    """A new message for a command's outcome (and an ephemeral one for its private part)."""
    outcome = done.outcome
    if not outcome.ok:
        return refusal(outcome.error or "That did not work.")
    reply = outcome.reply
    plain = wants_plain(done.table, actor_id)
    # Files a command makes for the table (an odds chart) go with its public reply; private
    # ones (an export) only to the person who acted.
    shown = tuple(f for f in reply.files if not f.private)
    private = _private(reply.private, tuple(f for f in reply.files if f.private))
    if not reply.text:
        public_files = Post(files=shown) if shown else None
        return Answer(public=public_files, private=private or _done(public_files))
    seq, display = displayed(done, plain)
    public = _post(list(reply.text), display, plain, footer=_footer(outcome))
    public.files = (*shown, *public.files)
    if outcome.command in QUIET and not outcome.events:
        return Answer(private=_merge(public, private))
    public.controls = drawn(done, seq, display)
    return Answer(public=public, private=private)


def edited(done: Done, actor_id: str, old: discord.Message | None) -> Answer:
    """The message a control sits on, brought up to date after its command (one message per
    command: the click's news is added to it instead of posted anew)."""
    del actor_id
    outcome = done.outcome
    if not outcome.ok:
        return refusal(outcome.error or "That did not work.")
    plain = old is not None and not old.embeds
    undone = any(isinstance(e.event, Undone) for e in outcome.events)
    seq, display = displayed(done, plain)
    news = list(outcome.reply.text)
    files = outcome.reply.files
    private = _private(outcome.reply.private, tuple(f for f in files if f.private))
    if plain or old is None:
        before = old.content if old is not None and old.content else ""
        escaped = [_escape(n) for n in news]
        post = Post(content=_tail("\n".join([before, *escaped]).strip(), MAX_CONTENT))
    else:
        post = _edit_embed(old.embeds[0], news, display, gone=undone)
    post.files = (*(f for f in files if not f.private), *post.files)
    post.controls = drawn(done, seq, display)  # none after an undo: ``displayed``
    return Answer(public=post, private=private)


def displayed(done: Done, plain: bool) -> tuple[int | None, Display]:
    """The seq of the command an outcome stored and what its result displays; nothing for a
    command that stored nothing. A command that only took back or put back others displays
    the game's standing panel, if the newest standing command has one (the Hand as it now
    is: the panel on the message of a command undone no longer acts)."""
    outcome = done.outcome
    events = [e.event for e in outcome.events]
    if done.table is None or not events:
        return None, Display()
    if any(isinstance(e, Undone | Redone) for e in events):
        return _standing_panel(done.table, plain)
    seq = outcome.events[0].command_seq
    try:
        return seq, display_of(done.table, seq, plain)
    except Refusal:  # another command landed since: it shows its own
        return None, Display()


def _standing_panel(table: Table, plain: bool) -> tuple[int | None, Display]:
    if not table.window:
        return None, Display()
    newest = table.window[-1].seq
    try:
        shown = display_of(table, newest, plain)
    except Refusal:
        return None, Display()
    if not shown.panel:
        return None, Display()
    return newest, Display(controls=shown.controls, panel=True)


def drawn(done: Done, seq: int | None, display: Display) -> list[Drawn]:
    table_id = done.table_id
    if seq is None or table_id is None:
        return []
    return [
        Drawn(ids.ref(table_id, seq, index, control), control)
        for index, control in enumerate(display.controls)
    ]


def _footer(outcome: Outcome) -> str | None:
    if not outcome.events:
        return None
    return f"#{outcome.events[0].command_seq} {outcome.text or ''}"[:200]


def _post(
    lines: list[str],
    display: Display,
    plain: bool,
    footer: str | None = None,
) -> Post:
    if plain:
        return plain_post(lines)
    # The dice display shows the faces: drop the reply's lines it stands for.
    kept = [line for line in lines if not (display.replaces and line.startswith(display.replaces))]
    return _embeds(kept, list(display.fields), COLOURS[display.tone], footer)


def plain_post(lines: list[str]) -> Post:
    content, rest = _fit_content("\n".join(_escape(n) for n in lines))
    files = (File(REST_FILE, rest.encode()),) if rest else ()
    return Post(content=content, files=files)


def _embeds(lines: list[str], extra: list[Field], colour: int, footer: str | None) -> Post:
    reserved = sum(len(f.name) + min(len(f.value), MAX_FIELD_VALUE) for f in extra)
    room = MAX_EMBED_TOTAL - reserved - len(footer or "") - 100
    embeds: list[discord.Embed] = []
    rest: list[str] = []
    for chunk in _chunks(lines):
        text = "\n".join(_escape(line) for line in chunk)
        if rest or len(embeds) >= MAX_EMBEDS or len(text) > room:
            rest += chunk
            continue
        embeds.append(discord.Embed(description=text, colour=colour))
        room -= len(text)
    if not embeds:
        embeds.append(discord.Embed(colour=colour))
    last = embeds[-1]
    for item in extra:
        last.add_field(name=item.name[:256], value=item.value[:MAX_FIELD_VALUE], inline=item.inline)
    if rest:
        last.add_field(name="…", value=f"The rest of the reply is in {REST_FILE}.", inline=False)
    if footer:
        last.set_footer(text=footer)
    files = (File(REST_FILE, "\n".join(rest).encode()),) if rest else ()
    return Post(embeds=embeds, files=files)


def _edit_embed(old: discord.Embed, news: list[str], display: Display, *, gone: bool) -> Post:
    embed = old.copy()
    description = "\n".join([embed.description or "", *(_escape(n) for n in news)]).strip()
    embed.description = _tail(description, MAX_EMBED_DESCRIPTION)
    if display.fields:
        embed.clear_fields()
        for item in display.fields:
            embed.add_field(name=item.name, value=item.value[:MAX_FIELD_VALUE], inline=item.inline)
        embed.colour = discord.Colour(COLOURS[display.tone])
    if gone:
        embed.colour = discord.Colour(UNDONE)
    return Post(embeds=[within_total(embed)])


def within_total(embed: discord.Embed, limit: int = MAX_EMBED_TOTAL) -> discord.Embed:
    """The whole embed within Discord's total (title, description, fields, footer): a roll's
    message grows with every spend, so its oldest news lines go first, then field text."""
    excess = len(embed) - limit
    if excess > 0 and embed.description:
        keep = max(0, len(embed.description) - excess)
        embed.description = _tail(embed.description, keep) if keep > 1 else None
    for index in reversed(range(len(embed.fields))):
        excess = len(embed) - limit
        if excess <= 0:
            break
        field = embed.fields[index]
        value = field.value or ""
        cut = value[: max(1, len(value) - excess - 1)] + "…"
        embed.set_field_at(index, name=field.name, value=cut, inline=field.inline)
    return embed


def _done(public: Post | None) -> Post | None:
    """A command that says nothing still answers the person who typed it."""
    return None if public is not None else Post(content="Done.")


def _private(lines: Sequence[str], files: Sequence[File]) -> Post | None:
    if not lines and not files:
        return None
    content, rest = _fit_content("\n".join(_escape(line) for line in lines) or "Your file:")
    extra = (File(REST_FILE, rest.encode()),) if rest else ()
    return Post(content=content, files=(*files, *extra))


def _merge(first: Post, second: Post | None) -> Post:
    if second is None:
        return first
    if first.embeds:
        first.embeds.append(discord.Embed(description=second.content or ""))
    else:
        first.content = _fit_content(f"{first.content or ''}\n{second.content or ''}")[0]
    first.files = (*first.files, *second.files)
    return first


def _fit_content(text: str) -> tuple[str, str]:
    """Text that fits a message, and what did not fit (sent as a file)."""
    if len(text) <= MAX_CONTENT:
        return text, ""
    note = f"\n… (the rest is in {REST_FILE})"
    head = text[: MAX_CONTENT - len(note)]
    head = head.rsplit("\n", 1)[0] if "\n" in head else head
    return head + note, text[len(head) :].lstrip("\n")


def _chunks(lines: list[str], size: int = MAX_EMBED_DESCRIPTION - 96) -> list[list[str]]:
    """The lines in groups whose escaped text fits one embed description."""
    chunks: list[list[str]] = []
    current: list[str] = []
    length = 0
    for whole in lines:
        pieces = [whole[i : i + size // 2] for i in range(0, len(whole), size // 2)] or [""]
        for piece in pieces:  # a line too long for one embed is cut (escaping at most doubles)
            grown = len(_escape(piece)) + 1
            if current and length + grown > size:
                chunks.append(current)
                current, length = [], 0
            current.append(piece)
            length += grown
    if current:
        chunks.append(current)
    return chunks


def _escape(text: str) -> str:
    return discord.utils.escape_markdown(text)


def _tail(text: str, limit: int) -> str:
    """The end of a growing log that fits ``limit`` (the oldest lines go first)."""
    if len(text) <= limit:
        return text
    lines = text.splitlines()
    while lines and len("\n".join(["…", *lines])) > limit:
        lines.pop(0)
    return "\n".join(["…", *lines])[-limit:]
