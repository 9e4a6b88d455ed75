"""The board page's HTML, read as a person (or a screen reader) reads it: the table's name and
game, what the table waits for first and once, a card per section (the turn's marked, the
contest's across the grid), the last rolls with their tone, and nothing a person typed as
markup."""

from __future__ import annotations

from scenekeeper.adapters.web.page import _section, document, render
from scenekeeper.engine.systems import BoardSection
from tests.support import make_app
from tests.web.scenes import CORTEX, METTLE, play


def test_a_cortex_page_reads_in_order() -> None:
    app = make_app()
    play(app, "docks", CORTEX)
    page = render(app.table("docks"), app.registry)
    assert page.title == "Board of 'The Burning Docks' (Cortex Prime)"
    assert page.news == (
        'Updated after #34: Ana /roll pool:"Dockside Agility Fighting" vs:hard results:"5 7 6"'
    )
    html = page.fragment
    assert html.startswith(
        '<header><h1>The Burning Docks</h1><p class="sub">Cortex Prime · after #34</p></header>'
        '<section class="waiting" data-part="waiting-for" aria-labelledby="s-w">'
        '<h2 id="s-w">Waiting for</h2><ul><li>'
        "Ada Lark's turn in the action order"
    )
    assert html.count(">Waiting for</h2>") == 1  # first, and never again among the cards
    assert (
        '</section><div class="grid"><section class="card" data-part="people" '
        'aria-labelledby="s-0">'
        '<h2 id="s-0">People</h2><ul><li><span class="label">GM:</span> Gemma.</li>'
    ) in html
    assert (
        '<section class="card" data-part="order" aria-labelledby="s-6" data-turn="1">'
        '<h2 id="s-6">Order</h2>' in html
    )
    assert html.count("data-turn") == 1
    assert (
        '</div><section class="rolls" data-part="rolls" aria-labelledby="s-rolls">'
        '<h2 id="s-rolls">Last rolls</h2><ol><li><article class="roll failure" '
        'aria-labelledby="r-33"><h3 id="r-33">Ada Lark · Roll #2 <small>(by Ana)</small></h3>'
        '<p class="tone failure">Failure</p><p class="command"><code>/roll pool:&quot;Dockside '
        "Agility Fighting&quot; vs:hard results:&quot;5 7 6&quot;</code></p><dl><div><dt>"
    ) in html
    assert (
        "<div class=inline><dt>Total</dt><dd><strong>13</strong></dd></div>"
        "<div class=inline><dt>Effect</dt><dd><strong>d8</strong></dd></div>"
    ) in html
    assert html.endswith("</dl></article></li></ol></section>")


def test_a_card_lists_each_line_and_is_named_by_its_title() -> None:
    """A character's card, each line one item, named for the page's style by its title's
    words ("Ada Lark (Ana)": ada-lark-ana); a section with no lines says so."""
    app = make_app()
    play(app, "docks", CORTEX)
    html = render(app.table("docks"), app.registry).fragment
    assert (
        '<section class="card" data-part="ada-lark-ana" aria-labelledby="s-1">'
        '<h2 id="s-1">Ada Lark (Ana)</h2><ul><li>2 plot points.</li><li><span class="label">'
        "Assets:</span> Crowbar"
    ) in html
    empty = _section(BoardSection("Scene", ()), "card", "4")
    assert empty.endswith('<h2 id="s-4">Scene</h2><ul><li>(none)</li></ul></section>')


def test_a_mettle_page_marks_its_initiative_and_reads_recorded_faces() -> None:
    app = make_app()
    play(app, "bank", METTLE)
    page = render(app.table("bank"), app.registry)
    html = page.fragment
    assert (
        '<section class="card" data-part="initiative" aria-labelledby="s-2" data-turn="1">'
        '<h2 id="s-2">Initiative' in html
    )
    # A Check shows no tone: its roll is neutral, with no tone said.
    assert (
        '<li><article class="roll neutral" aria-labelledby="r-23"><h3 id="r-23">'
        "Kirin · know #3 <small>(by Troy)</small></h3>" in html
    )
    assert '<small>(by Troy)</small></h3><p class="command">' in html
    assert html.count('<article class="roll') == 3  # the newest three, newest first
    assert html.count("</article></li><li><article") == 2
    assert html.index('id="r-23"') < html.index('id="r-15"') < html.index('id="r-13"')


def test_the_tones_of_rolls_are_said() -> None:
    app = make_app()
    play(
        app,
        "t",
        [
            "/game new system:cortex",
            '/roll pool:"d8 d8" vs:10 results:"6 7"',
            '/roll pool:"d8 d8" vs:2 results:"8 8"',
            '/roll pool:"d8 d8" results:"1 1"',
        ],
    )
    html = render(app.table("t"), app.registry).fragment
    assert '<p class="tone botch">Botch</p>' in html
    assert '<p class="tone heroic">Heroic success</p>' in html
    assert '<p class="tone success">Success</p>' in html


def test_a_contest_spans_the_grid() -> None:
    app = make_app()
    play(app, "docks", CORTEX)
    play(app, "docks", ['/contest start character:"Harbour Thug" against:"Ada Lark"'])
    html = render(app.table("docks"), app.registry).fragment
    assert '<section class="wide" data-part="contest" aria-labelledby="s-' in html
    start = html.index('<section class="wide"')
    assert ">Contest</h2>" in html[start : start + 120]


def test_an_ended_game_s_page_says_so() -> None:
    app = make_app()
    play(app, "t", ["/game new system:generic name:Friday", "/game end confirm:true"])
    page = render(app.table("t"), app.registry)
    assert page.title == page.news == "This game has ended"
    assert page.fragment == (
        "<header><h1>This game has ended</h1></header><p>The table keeps no game now.</p>"
    )


def test_names_people_type_are_text_on_the_page() -> None:
    app = make_app()
    play(app, "t", ['/game new system:generic name:"<b>Loud</b> & <i>x</i>"'])
    page = render(app.table("t"), app.registry)
    assert "<h1>&lt;b&gt;Loud&lt;/b&gt; &amp; &lt;i&gt;x&lt;/i&gt;</h1>" in page.fragment
    whole = document(page, '/b/a"b&c/events', overlay=False)
    assert "<b>" not in whole
    assert "<title>Board of &#x27;&lt;b&gt;Loud" in whole
    assert 'data-events="/b/a&quot;b&amp;c/events"' in whole


def test_the_document_holds_the_board_as_it_is_and_its_mode() -> None:
    app = make_app()
    play(app, "docks", CORTEX)
    page = render(app.table("docks"), app.registry)
    screen = document(page, "/b/tok/events", overlay=False)
    overlay = document(page, "/b/tok/events", overlay=True)
    assert screen == (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="robots" content="noindex, nofollow">'
        '<meta name="referrer" content="no-referrer">'
        "<title>Board of &#x27;The Burning Docks&#x27; (Cortex Prime)</title>"
        '<link rel="stylesheet" href="/static/board.css">'
        '<script src="/static/board.js" defer></script>'
        '</head><body class="screen">'
        f'<main id="board" data-events="/b/tok/events" data-seq="34">{page.fragment}</main>'
        '<footer><p id="live" role="status" aria-live="polite">'
        "Live: this page follows the table as it plays.</p></footer></body></html>"
    )
    assert '</head><body class="screen">' in screen
    assert '</head><body class="overlay">' in overlay
    assert overlay.replace('class="overlay"', 'class="screen"') == screen


def test_the_news_names_the_roll_only_when_it_was_the_last_command() -> None:
    app = make_app()
    play(app, "docks", CORTEX)
    play(app, "docks", ["/doom add dice:d12"])
    page = render(app.table("docks"), app.registry)
    assert page.news == f"Updated after #{app.table('docks').seq}"
    assert '<h3 id="r-33">Ada Lark · Roll #2' in page.fragment  # the roll is still shown
