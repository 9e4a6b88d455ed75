"""The board page's text: a board line (plain text, its "Label:" strong, its dice marked) and a
display field's small Markdown (the same the Discord embed shows), as HTML -- where nothing a
person typed becomes markup, and every die is marked for the page's style."""

from __future__ import annotations

import pytest

from scenekeeper.adapters.web.markup import line, markdown


def die(face: str, after: str = "") -> str:
    return f'<span class="nw"><span class="die">{face}</span>{after}</span>'


@pytest.mark.parametrize(
    ("text", "html"),
    [
        # A label, then the fact with its dice; punctuation stays on the die's line.
        ("Stress: Physical d8.", f'<span class="label">Stress:</span> Physical {die("d8", ".")}'),
        (
            "Doom pool: 2d6, d8; d10) d12: d4",
            f'<span class="label">Doom pool:</span> {die("2d6", ",")} {die("d8", ";")} '
            f"{die('d10', ')')} {die('d12', ':')} {die('d4')}",
        ),
        # Only real dice, standing alone: not d7, not inside a word or after a #.
        ("Roll a#d8 xd8 d8x d7 d100 d20.", f"Roll a#d8 xd8 d8x d7 {die('d100')} {die('d20', '.')}"),
        # No label: a sentence before the colon, a label too long, no space after the colon.
        ("Wait. Here: d6", f"Wait. Here: {die('d6')}"),
        ("Is it? Yes: d6", f"Is it? Yes: {die('d6')}"),
        ("Now! Go: d6", f"Now! Go: {die('d6')}"),
        ("A label of thirty-three letters!: d6", f"A label of thirty-three letters!: {die('d6')}"),
        (
            "A label of exactly thirty-two ch: d6",
            f'<span class="label">A label of exactly thirty-two ch:</span> {die("d6")}',
        ),
        ("Time:12", "Time:12"),
        (": d6", f": {die('d6')}"),
        # Whatever a person typed is text, in the label and after it.
        (
            '<b>"Ana"</b>: <i>d8</i> & co',
            '<span class="label">&lt;b&gt;&quot;Ana&quot;&lt;/b&gt;:</span> &lt;i&gt;'
            f"{die('d8')}&lt;/i&gt; &amp; co",
        ),
        ('Ana "the <Bold>"', 'Ana "the &lt;Bold&gt;"'),
    ],
)
def test_a_board_line(text: str, html: str) -> None:
    assert line(text) == html


@pytest.mark.parametrize(
    ("text", "html"),
    [
        (
            "`d8` **6** Fighting ⟵ total",
            '<span class="die">d8</span> <strong>6</strong> Fighting ⟵ total',
        ),
        (
            "`2d6` `12` `<x>` `d7` `d100`",
            '<span class="die">2d6</span> <span class="die">12</span> <code>&lt;x&gt;</code> '
            '<code>d7</code> <span class="die">d100</span>',
        ),
        ("~~1~~ ⚠ hitch", "<del>1</del> ⚠ hitch"),
        ("**a** and **b**", "<strong>a</strong> and <strong>b</strong>"),
        ("~~a~~ and ~~b~~", "<del>a</del> and <del>b</del>"),
        ("*it* _it_ and *this*", "<em>it</em> <em>it</em> and <em>this</em>"),
        # Not italics: inside a word, around spaces, a lone star.
        ("a*b*c snake_case_name * x * 2*3", "a*b*c snake_case_name * x * 2*3"),
        # Escaped marks are the characters themselves, never marks.
        ("Blade\\_of\\_\\*Doom\\*", "Blade_of_*Doom*"),
        ("\\*\\*not bold\\*\\* \\~\\~no\\~\\~ \\`x\\`", "**not bold** ~~no~~ `x`"),
        ("\\\\ \\| \\> \\# \\-", "\\ | &gt; # -"),
        ("\\<b\\>", "\\&lt;b&gt;"),  # < is no mark: its backslash stays
        # Code is literal: no marks inside it.
        ("`**x**`", "<code>**x**</code>"),
        ("two\nlines", "two<br>lines"),
        ("<script>&amp;", "&lt;script&gt;&amp;amp;"),
        ('say "hi"', 'say "hi"'),
    ],
)
def test_a_field_s_markdown(text: str, html: str) -> None:
    assert markdown(text) == html
