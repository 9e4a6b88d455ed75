"""Tab at the console completes command words, option names, and then the names the table
knows (characters, traits, assets, rolls), as Discord's autocomplete offers them."""

from __future__ import annotations

import io

import pytest

from scenekeeper.adapters.console import repl
from scenekeeper.adapters.console.repl import Completer
from scenekeeper.adapters.console.session import ConsoleSession
from scenekeeper.engine.parse import parse_line
from scenekeeper.engine.state import Person
from tests.support import make_app

SETUP = [
    '/game new system:cortex name:"Tab night"',
    "@ana /game join",
    '@ana /char new name:"Mara Voss"',
    '@ana /char set character:"Mara Voss" trait:"Cat Burglar" die:d8 set:Distinctions',
    '@ana /char set character:"Mara Voss" trait:Agility die:d10 set:Attributes',
    '@ana /char set character:"Mara Voss" trait:Sneaking die:d8 set:Skills',
    "/char new name:Thug gmc:true",
]


@pytest.fixture(scope="module")
def completer() -> Completer:
    app = make_app()
    session = ConsoleSession(app=app, table_id="t", out=io.StringIO(), actor=Person("gm", "gm"))
    assert session.run_lines(SETUP) == 0
    return Completer(app.registry, app.table("t").state, "gm")


def test_command_words_then_option_names(completer: Completer) -> None:
    assert completer.candidates("/ga") == ["/game ", "/gang "]
    assert "/game gm " in completer.candidates("/game ")
    assert completer.candidates("@ana /game gm a") == ["@ana /game gm add "]
    assert completer.candidates("/char show ch") == ["/char show character:"]
    assert completer.candidates("/roll pool:d8 v") == [
        "/roll pool:d8 vs:",
        "/roll pool:d8 vs_results:",
    ]


def test_a_character_by_the_start_of_their_name(completer: Completer) -> None:
    assert completer.candidates("/char show character:Ma") == ['/char show character:"Mara Voss" ']
    assert completer.candidates("/char show character:th") == ["/char show character:Thug "]


def test_the_rollers_traits_complete_inside_a_quoted_pool(completer: Completer) -> None:
    found = completer.candidates('@ana /roll pool:"Cat Burglar Ag')
    assert found[0] == '@ana /roll pool:"Cat Burglar Agility" '
    assert completer.candidates('@ana /roll pool:"Sne')[0] == "@ana /roll pool:Sneaking "


def test_difficulty_levels_complete(completer: Completer) -> None:
    assert completer.candidates("/roll pool:d8 vs:ha")[0] == "/roll pool:d8 vs:hard "


def test_every_completed_line_parses(completer: Completer) -> None:
    """What Tab writes is a line the parser reads: quotes closed, names whole."""
    state = completer.state
    assert state is not None
    for line in ("/char show character:Ma", '@ana /roll pool:"Cat Burglar Ag'):
        for done in completer.candidates(line):
            text = done.split(" ", 1)[1] if done.startswith("@") else done
            parse_line(text, completer.registry, state.meta.system)


def test_nothing_to_offer_for_a_new_name(completer: Completer) -> None:
    assert completer.candidates("/char new name:Ma") == []


def test_bare_words_complete_as_the_first_option(completer: Completer) -> None:
    assert completer.candidates("/char show Ma") == ["/char show Mara Voss "]
    assert "@ana /roll Cat Burglar Agility " in completer.candidates("@ana /roll Cat Burglar Ag")
    # Option names still come first.
    assert completer.candidates("/char show ch")[0] == "/char show character:"


def test_exactly_what_tab_offers_after_a_command() -> None:
    app = make_app()
    session = ConsoleSession(app=app, table_id="t", out=io.StringIO(), actor=Person("gm", "gm"))
    assert session.run_lines([*SETUP, "/char new name:Xena gmc:true"]) == 0
    completer = Completer(app.registry, app.table("t").state)
    # Nothing typed after the command: its option names only, not every value of the first.
    assert completer.candidates("/char show ") == ["/char show character:"]
    assert completer.candidates("/game g") == ["/game gm "]
    # The first option given bare: it is not offered again by name; the others are.
    after_pool = completer.candidates("/roll d8 ")
    assert after_pool[:2] == ["/roll d8 vs:", "/roll d8 character:"]
    assert "/roll d8 pool:" not in after_pool
    # An option given is not offered again, whatever its value holds.
    assert completer.candidates("/roll pool:d8 vs:hard:x v") == [
        "/roll pool:d8 vs:hard:x vs_results:"
    ]
    # A name with no space or quote is completed as it is typed, unquoted.
    assert completer.candidates("/char show character:Xe") == ["/char show character:Xena "]
    assert completer.candidates("/char show character:") == [
        '/char show character:"Mara Voss" ',
        "/char show character:Thug ",
        "/char show character:Xena ",
    ]


def test_a_name_with_quotes_or_backslashes_completes_escaped() -> None:
    app = make_app()
    session = ConsoleSession(app=app, table_id="t", out=io.StringIO(), actor=Person("gm", "gm"))
    made = [
        '/game new system:cortex name:"Tab night"',
        r'/char new name:"Ma \"Cat\" V" gmc:true',
        r'/char new name:"Ba\\ck" gmc:true',
    ]
    assert session.run_lines(made) == 0
    completer = Completer(app.registry, app.table("t").state)
    assert completer.candidates("/char show character:Ma") == [
        r'/char show character:"Ma \"Cat\" V" '
    ]
    assert completer.candidates("/char show character:Ba") == [r'/char show character:"Ba\\ck" ']
    # What Tab gives is read back as the same name.
    line = completer.candidates("/char show character:Ma")[0]
    assert parse_line(line, app.registry, "cortex").args.character == 'Ma "Cat" V'


def test_values_complete_by_the_options_given_before_them(completer: Completer) -> None:
    # The roller named on the line decides whose traits a pool offers: Thug has none.
    assert completer.candidates("/roll character:Thug pool:Sne") == [
        f'/roll character:Thug pool:"Sne d{size}" ' for size in (4, 6, 8, 10, 12)
    ]
    # A value holding a colon is one value still.
    assert completer.candidates("/roll label:a:b character:Ma") == [
        '/roll label:a:b character:"Mara Voss" '
    ]


class _Line:
    """What readline reports of the line being edited, the cursor at its end."""

    def __init__(self, line: str, begin: int) -> None:
        self.line, self.begin = line, begin

    def get_line_buffer(self) -> str:
        return self.line

    def get_endidx(self) -> int:
        return len(self.line)

    def get_begidx(self) -> int:
        return self.begin


def test_tab_puts_each_match_in_place_of_the_word_being_typed(
    completer: Completer, monkeypatch: pytest.MonkeyPatch
) -> None:
    line = "/char show character:Ma"
    monkeypatch.setattr(repl, "readline", _Line(line, len("/char show ")))
    # Readline asks for match 0, 1, ... until None.
    assert completer.complete("character:Ma", 0) == 'character:"Mara Voss" '
    assert completer.complete("character:Ma", 1) is None
    monkeypatch.setattr(repl, "readline", _Line("/ga", 0))
    assert [completer.complete("/ga", n) for n in range(3)] == ["/game ", "/gang ", None]


def test_help_completes_command_names(completer: Completer) -> None:
    assert completer.candidates('/help command:"game n') == ['/help command:"game new" ']
    # Bare words after /help are its command: option, completed as they are typed.
    assert completer.candidates("/help game ne") == ["/help game new "]
