"""The board page's posts, as markup (issue 34, found by mutation testing): each post in its
own item, the speaker's picture beside it only when there is one."""

from __future__ import annotations

from scenekeeper.adapters.web.posts import Post, last_posts, posts_part
from tests.engine.test_pictures import picture_file, set_picture
from tests.engine.test_say import cortex
from tests.support import TableDriver


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


def test_the_last_posts_are_the_newest_standing_ones_as_last_edited() -> None:
    driver = cortex()
    picture = set_picture(driver, picture_file((30, 30))).events[0].event.picture
    driver.do('/say text:"Too old to show."', "ben")
    first = driver.do('/say text:"One."', "ana").events[0].seq
    gone = driver.do('/say text:"Two."', "ana").events[0].seq
    third = driver.do('/say text:"Three."').events[0].seq
    driver.do(f'/post edit post:{first} text:"One, again."', "ana")
    driver.do(f'/post edit post:{first} text:"One, at last."', "ana")
    driver.do(f"/post delete post:{gone}", "ana")
    fourth = driver.do('/say text:"Four."', "ben").events[0].seq
    table = driver.app.table(driver.table_id)
    assert last_posts(table) == [  # the newest three
        Post(fourth, "Brick", "Four.", ""),
        Post(third, "The narrator", "Three.", ""),
        Post(first, "Ada", "One, at last.", picture),
    ]
    assert last_posts(table, count=1) == [Post(fourth, "Brick", "Four.", "")]


def test_a_table_not_started_has_no_posts() -> None:
    assert last_posts(TableDriver().app.table("nowhere")) == []
