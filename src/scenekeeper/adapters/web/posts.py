"""The last posts for the board page (``/say``): the newest standing posts in the table's undo
window, as edited, without the deleted ones. A post is public: what its author wrote is
shown as text, escaped, never as markup."""

from __future__ import annotations

import html
from dataclasses import dataclass

from scenekeeper.engine.aggregate import Table
from scenekeeper.engine.core.say import NARRATOR, PostDeleted, PostEdited, Said

#: How many posts the page shows, newest first.
SHOWN = 3


@dataclass(frozen=True)
class Post:
    post: int
    speaker: str
    text: str


def last_posts(table: Table, count: int = SHOWN) -> list[Post]:
    edits: dict[int, str] = {}
    deleted: set[int] = set()
    found: list[Post] = []
    for record in reversed(table.window):
        for event in reversed(record.events):
            if isinstance(event, PostEdited):
                edits.setdefault(event.post, event.text)  # the newest edit stands
            elif isinstance(event, PostDeleted):
                deleted.add(event.post)
            elif isinstance(event, Said) and event.post not in deleted and len(found) < count:
                text = edits.get(event.post, event.text)
                found.append(Post(event.post, event.speaker or NARRATOR.capitalize(), text))
    return found


def posts_part(posts: list[Post]) -> str:
    items = "".join(
        f'<li><article class="post" aria-labelledby="p-{p.post}">'
        f'<h3 id="p-{p.post}">{html.escape(p.speaker)} · post #{p.post}</h3>'
        f"<p>{html.escape(p.text)}</p></article></li>"
        for p in posts
    )
    return (
        '<section class="posts" data-part="posts" aria-labelledby="s-posts">'
        f'<h2 id="s-posts">Posts</h2><ol>{items}</ol></section>'
    )
