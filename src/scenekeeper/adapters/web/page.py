"""The board page as HTML: the table's board (``engine.core.board.board_of``: the game's own
sections, in its own words, the same the Discord board shows) and its last rolls
(``rolls.last_rolls``), as semantic HTML a screen reader reads in order -- a heading per
section, lists of facts, a description list per roll.

``fragment`` is what changes (the ``<main>`` element's content): the page carries it once and
the event stream carries it again after every change, rendered once for every viewer.
``document`` wraps it in the page. No build step, no CDN: the style and the script are served
by the same process (``static/``).
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

from scenekeeper.adapters.web.markup import line, markdown, unescaped
from scenekeeper.adapters.web.posts import last_posts, posts_part
from scenekeeper.adapters.web.rolls import Shown, last_rolls
from scenekeeper.engine.aggregate import Table
from scenekeeper.engine.commands import CommandRegistry
from scenekeeper.engine.core.board import board_of
from scenekeeper.engine.systems import BoardSection, get_system

_TONES = {
    "success": "Success",
    "heroic": "Heroic success",
    "failure": "Failure",
    "botch": "Botch",
    "undone": "Undone",
}
#: Sections that are about the whole table rather than one character: they span the grid.
_WIDE = frozenset({"Contest", "Conflict"})
#: A board's own one-line summary of the newest roll: the page shows the rolls themselves.
_ROLL_SECTIONS = frozenset({"Last roll"})


@dataclass(frozen=True)
class Rendered:
    """One state of a table's page: its title, the ``<main>`` content and what changed last."""

    seq: int
    title: str
    fragment: str
    #: Said to screen readers when the page changes ("Updated after #15: /roll ...").
    news: str


def render(table: Table, registry: CommandRegistry) -> Rendered:
    state = table.state
    if state is None:
        title = "This game has ended"
        body = f"<header><h1>{title}</h1></header><p>The table keeps no game now.</p>"
        return Rendered(table.seq, title, body, title)
    board = board_of(state)
    parts = [
        "<header>",
        f"<h1>{html.escape(state.meta.name)}</h1>",
        f'<p class="sub">{html.escape(get_system(state.meta.system).title)} · after #{table.seq}'
        "</p>",
        "</header>",
    ]
    if board.waiting:
        parts.append(_section(BoardSection("Waiting for", board.waiting), "waiting", "w"))
    rolls = last_rolls(table, registry)
    parts.append('<div class="grid">')
    for index, section in enumerate(board.sections):
        if section.title in _ROLL_SECTIONS and rolls:
            continue  # the Last rolls column says it, with the dice (issue 35)
        kind = "wide" if section.title in _WIDE else "card"
        parts.append(_section(section, kind, str(index)))
    parts.append("</div>")
    posts = last_posts(table)
    if posts:
        parts.append(posts_part(posts))
    if rolls:
        parts.append(_rolls(rolls))
    news = f"Updated after #{table.seq}"
    last = table.last_command
    if rolls and last is not None and rolls[0].seq == last.seq:
        news += f": {rolls[0].actor} {rolls[0].command}"
    return Rendered(table.seq, board.title, "".join(parts), news)


def _section(section: BoardSection, kind: str, key: str) -> str:
    heading = f"s-{key}"
    items = "".join(f"<li>{line(text)}</li>" for text in section.lines) or "<li>(none)</li>"
    turn = ' data-turn="1"' if _is_turn(section) else ""
    part = re.sub(r"[^a-z0-9]+", "-", section.title.lower()).strip("-")
    return (
        f'<section class="{kind}" data-part="{part}" aria-labelledby="{heading}"{turn}>'
        f'<h2 id="{heading}">{html.escape(section.title)}</h2><ul>{items}</ul></section>'
    )


def _is_turn(section: BoardSection) -> bool:
    return section.title in {"Order", "Initiative"}


#: A game's own title of a roll in its display: Cortex's "Roll #4 · Mara Voss", METTLE's
#: "Kirin: know #3, faces ...": who rolled and the roll's own number.
_TITLES = (
    re.compile(r"(?P<what>Roll) #(?P<number>\d+) · (?P<who>.+)"),
    re.compile(r"(?P<who>[^:]+): (?P<what>\w+) #(?P<number>\d+)\b.*"),
)


def _heading(roll: Shown) -> tuple[str, int | None]:
    """One number and the character first (issue 35): the game's title of the roll where its
    display has one ("Mara Voss · Roll #4", METTLE's "Kirin · know #3"), else the command's
    ("Ana · #20"); who typed it follows when it is someone else. With the field it came from
    (whose own name it then replaces)."""
    for index, field in enumerate(roll.fields):
        for title in _TITLES:
            found = title.fullmatch(unescaped(field.name))
            if found is not None:
                who = found["who"]
                by = "" if who == roll.actor else f" <small>(by {html.escape(roll.actor)})</small>"
                what = html.escape(found["what"])
                return f"{html.escape(who)} · {what} #{found['number']}{by}", index
    return f"{html.escape(roll.actor)} · #{roll.seq}", None


def _rolls(rolls: list[Shown]) -> str:
    items = []
    for roll in rolls:
        tone = roll.tone or "neutral"
        said = f'<p class="tone {tone}">{_TONES[roll.tone]}</p>' if roll.tone else ""
        heading, titled = _heading(roll)
        facts = "".join(
            f"<div{' class=inline' if f.inline else ''}>"
            f"<dt>{'Dice' if i == titled else markdown(f.name)}</dt>"
            f"<dd>{markdown(f.value)}</dd></div>"
            for i, f in enumerate(roll.fields)
        )
        items.append(
            f'<li><article class="roll {tone}" aria-labelledby="r-{roll.seq}">'
            f'<h3 id="r-{roll.seq}">{heading}</h3>{said}'
            f'<p class="command"><code>{html.escape(roll.command)}</code></p>'
            f"<dl>{facts}</dl></article></li>"
        )
    return (
        '<section class="rolls" data-part="rolls" aria-labelledby="s-rolls">'
        '<h2 id="s-rolls">Last rolls</h2>'
        f"<ol>{''.join(items)}</ol></section>"
    )


def document(rendered: Rendered, events_url: str, *, overlay: bool) -> str:
    """The whole page: reload-safe (it holds the board as it is now), live by its script."""
    mode = "overlay" if overlay else "screen"
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="robots" content="noindex, nofollow">'
        '<meta name="referrer" content="no-referrer">'
        f"<title>{html.escape(rendered.title)}</title>"
        '<link rel="stylesheet" href="/static/board.css">'
        '<script src="/static/board.js" defer></script>'
        f'</head><body class="{mode}">'
        f'<main id="board" data-events="{html.escape(events_url)}" data-seq="{rendered.seq}">'
        f"{rendered.fragment}</main>"
        '<footer><p id="live" role="status" aria-live="polite">'
        "Live: this page follows the table as it plays.</p></footer>"
        "</body></html>"
    )
