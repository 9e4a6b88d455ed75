"""The board page's posts, as markup (issue 34, found by mutation testing): each post in its
own item, the speaker's picture beside it only when there is one."""

from __future__ import annotations

from scenekeeper.adapters.web.posts import Post, posts_part


def test_the_posts_part_is_exactly_its_items() -> None:
    picture = "a" * 64 + ".png"
    part = posts_part([Post(3, "Ada", "Go <now>", picture), Post(2, "Narrator", "Rain.")])
    assert part == (
        '<section class="posts" data-part="posts" aria-labelledby="s-posts">'
        '<h2 id="s-posts">Posts</h2><ol>'
        '<li><article class="post" aria-labelledby="p-3">'
        f'<img class="avatar" src="/pictures/{picture}" alt="" width="48" height="48">'
        '<h3 id="p-3">Ada · post #3</h3><p>Go &lt;now&gt;</p></article></li>'
        '<li><article class="post" aria-labelledby="p-2">'
        '<h3 id="p-2">Narrator · post #2</h3><p>Rain.</p></article></li>'
        "</ol></section>"
    )
