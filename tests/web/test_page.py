"""What the board page shows (issue 35): a roll under one number with the character first, no
"Last roll" card beside the rolls column, and a NoDice table's pot, Jackpot, Trine Scores, step
and who has committed -- never what."""

from __future__ import annotations

import re

from scenekeeper.adapters.web.page import render
from scenekeeper.engine.commands import Attachment
from tests.engine.test_pictures import picture_file
from tests.support import make_app, person
from tests.web.scenes import CORTEX, METTLE, NODICE, play


def _page(lines: list[str]) -> str:
    app = make_app()
    play(app, "t", lines)
    return render(app.table("t"), app.registry).fragment


def _headings(fragment: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", h) for h in re.findall(r"<h3[^>]*>(.*?)</h3>", fragment)]


def test_a_roll_has_one_number_and_the_character_first() -> None:
    assert _headings(_page(CORTEX)) == ["Ada Lark · Roll #2 (by Ana)"]
    assert _headings(_page(METTLE)) == [
        "Kirin · know #3 (by Troy)",
        "Thug · attack #2 (by Gemma)",
        "Viktor · attack #1 (by Dana)",
    ]


def test_a_roll_of_ones_own_says_no_by_and_a_name_reads_as_typed() -> None:
    """The GM's roll with no character is the GM's own (no "by"); a character's name with
    Markdown's marks in it reads as typed, and each roll's dice are under "Dice"."""
    page = _page(
        [
            *CORTEX[:3],
            '@ana /char new name:"Ada_Lark *Star*" traits:"Distinctions: Dockside Brawler; '
            'Attributes: Agility d8; Skills: Fighting d8"',
            '@ana /roll pool:"Dockside Agility Fighting" results:"5 7 6"',
            '/roll pool:"d8 d6" results:"3 4"',
        ]
    )
    assert _headings(page) == ["Gemma · Roll #2", "Ada_Lark *Star* · Roll #1 (by Ana)"]
    assert re.findall(r"<dl><div><dt>([^<]*)</dt>", page) == ["Dice", "Dice"]


def test_a_roll_no_game_draws_shows_the_faces_its_events_recorded() -> None:
    """A plain /roll and a METTLE Check draw no dice of their own: the page shows each face
    its event recorded, with its die where the event says it."""
    plain = _page(["/game new system:generic name:Friday", '/roll dice:2d6+1 results:"3 4"'])
    assert '<h3 id="r-2">Gemma · #2</h3>' in plain
    assert '<dd><span class="die">d6</span> 3 <span class="die">d6</span> 4</dd>' in plain
    check = _page(METTLE).split('id="r-23"', 1)[1].split("</article>", 1)[0]
    faces = " ".join(f'<span class="die">{face}</span>' for face in (3, 1, 2, 5))
    assert f"<dd>{faces}</dd>" in check


def test_the_last_roll_card_is_left_to_the_rolls_column() -> None:
    page = _page(CORTEX)
    assert ">Last rolls<" in page
    assert ">Last roll<" not in page


def test_a_nodice_page_shows_the_pot_scores_and_who_committed_never_what() -> None:
    text = re.sub(r"<[^>]+>", "", _page(NODICE))
    for fact in (
        "Pot: 1 token (Jackpot 0).",
        "Ada: Mind 5, Body 3, Spirit 2; TTS 10.",
        "Committed: Ada.",
        "Not yet: Bo Brave, Brute.",
        "Step 2",
    ):
        assert fact in text, fact
    assert "Mind card" not in text
    assert "ante QUI" not in text


def test_posts_show_newest_first_as_edited_escaped_and_without_the_deleted() -> None:
    page = _page(
        [
            *CORTEX,
            '@ana /say text:"Ada ducks behind the crates. [[Agility Sneaking]]"',
            '@ben /say text:"<b>Brick</b> roars."',
            '/say text:"A horn sounds." narrator:true',
            '@ana /say text:"Ada waits."',
        ]
    )
    posts = page.split('data-part="posts"', 1)[1].split("</section>", 1)[0]
    assert "&lt;b&gt;Brick&lt;/b&gt; roars." in posts  # text, never markup
    assert "<b>" not in posts
    assert "ducks behind" not in posts  # three shown: the oldest of four left out
    headings = re.findall(r"<h3[^>]*>(.*?)</h3>", posts)
    assert [h.split(" · ")[0] for h in headings] == ["Ada Lark", "The narrator", "Brick"]
    # The roll in the first post is in the rolls column, with its dice.
    assert "Agility" in page.split('data-part="rolls"', 1)[1]


def test_an_edited_post_shows_its_new_words_and_a_deleted_one_is_gone() -> None:
    app = make_app()
    play(app, "t", [*CORTEX, '@ana /say text:"First."', '@ben /say text:"Second."'])
    first, second = (e.seq for e in app.table("t").window[-2:])
    play(
        app,
        "t",
        [f'@ana /post edit post:{first} text:"First, again."', f"/post delete post:{second}"],
    )
    posts = render(app.table("t"), app.registry).fragment.split('data-part="posts"', 1)[1]
    assert "First, again." in posts
    assert "Second." not in posts


def test_a_post_shows_its_speakers_picture_served_by_name_and_none_without() -> None:
    app = make_app()
    play(app, "t", CORTEX)
    content = picture_file((90, 90))
    set_ = app.handle(
        "t",
        person("ana"),
        "/post picture image:a.png",
        read_file=lambda _p: Attachment("a.png", content),
    )
    assert set_.ok, set_.error
    play(app, "t", ['@ana /say text:"With a face."', '@ben /say text:"Without."'])
    name = app.table("t").state.meta.pictures["Ada Lark"]  # type: ignore[union-attr]
    posts = render(app.table("t"), app.registry).fragment.split('data-part="posts"', 1)[1]
    faced, plain = posts.split("</article>")[1], posts.split("</article>")[0]
    assert f'<img class="avatar" src="/pictures/{name}" alt="" width="48" height="48">' in faced
    assert "<img" not in plain  # Brick (the newest post) has no picture
