"""The last posts for the board page (``/say``): the newest standing posts in the table's undo
window, as edited, without the deleted ones, each with its speaker's picture (served by the
same server, ``/pictures/<name>``). A post is public: what its author wrote is shown as text,
escaped, never as markup."""

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
    #: The speaker's picture's name as the table stands (``/post picture``), or "".
    picture: str = ""


def last_posts(table: Table, count: int = SHOWN) -> list[Post]:
    edits: dict[int, str] = {}
    deleted: set[int] = set()
    found: list[Post] = []
    pictures = table.state.meta.pictures if table.state is not None else {}
    for record in reversed(table.window):
        for event in reversed(record.events):
            if isinstance(event, PostEdited):
                edits.setdefault(event.post, event.text)  # the newest edit stands
            elif isinstance(event, PostDeleted):
                deleted.add(event.post)
            elif isinstance(event, Said) and event.post not in deleted and len(found) < count:
                text = edits.get(event.post, event.text)
                speaker = event.speaker or NARRATOR.capitalize()
                picture = pictures.get(event.speaker, "")
                found.append(Post(event.post, speaker, text, picture))
    return found


def posts_part(posts: list[Post]) -> str:
    items = "".join(
        f'<li><article class="post" aria-labelledby="p-{p.post}">{_picture(p)}'
        f'<h3 id="p-{p.post}">{html.escape(p.speaker)} · post #{p.post}</h3>'
        f"<p>{html.escape(p.text)}</p></article></li>"
        for p in posts
    )
    return (
        '<section class="posts" data-part="posts" aria-labelledby="s-posts">'
        f'<h2 id="s-posts">Posts</h2><ol>{items}</ol></section>'
    )


def _picture(post: Post) -> str:
    """The speaker's picture beside the post (its name says who: the picture is decoration)."""
    if not post.picture:
        return ""
    src = html.escape(f"/pictures/{post.picture}", quote=True)
    return f'<img class="avatar" src="{src}" alt="" width="48" height="48">'
