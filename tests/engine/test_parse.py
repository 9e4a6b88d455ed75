"""The console parser: every mistake names what to type instead."""

from __future__ import annotations

import pytest

from scenekeeper.bootstrap import build_registry
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.parse import parse_line, tokenize
from scenekeeper.engine.state import Person
from scenekeeper.engine.systems import system_names

REGISTRY = build_registry()


def parse(line: str, system: str | None = "generic"):  # type: ignore[no-untyped-def]
    return parse_line(line, REGISTRY, system)


def refusal(line: str, system: str | None = "generic") -> str:
    with pytest.raises(Refusal) as caught:
        parse(line, system)
    return str(caught.value)


@pytest.mark.parametrize(
    ("line", "tokens"),
    [
        ("/game new system:generic", ["/game", "new", "system:generic"]),
        ('/game new name:"two words"', ["/game", "new", "name:two words"]),
        ('name:"say \\"hi\\""', ['name:say "hi"']),
        ("  spaced   out  ", ["spaced", "out"]),
        ("name:Bob's", ["name:Bob's"]),
        ('empty:""', ["empty:"]),
    ],
)
def test_tokenize(line: str, tokens: list[str]) -> None:
    assert tokenize(line) == tokens


def test_unclosed_quote_says_how_to_close_it() -> None:
    with pytest.raises(Refusal, match="not closed"):
        tokenize('/game new name:"Friday')


def test_parses_nested_command_with_options_and_canonical_text() -> None:
    invocation = parse("/GAME gm ADD user:@bob")
    assert invocation.spec.name == "game gm add"
    assert invocation.args.user == Person("bob", "bob")
    assert invocation.text == "/game gm add user:bob"


def test_slash_is_optional_and_values_with_spaces_are_requoted() -> None:
    invocation = parse('game new system:GENERIC name:"Friday night"', None)
    assert invocation.args.system == "generic"
    assert invocation.args.name == "Friday night"
    assert invocation.text == '/game new system:generic name:"Friday night"'


def test_optional_integer_option_is_converted_and_checked() -> None:
    assert parse("/undo count:3").args.count == 3
    assert parse("/undo").args.count == 1
    assert "whole number" in refusal("/undo count:three")
    assert "from 1 to 20" in refusal("/undo count:0")


def test_unknown_command_suggests_close_ones() -> None:
    message = refusal("/gmae new")
    assert "Unknown command /gmae new" in message
    assert "/game new" in message
    assert "/help" in message


def test_group_without_verb_lists_the_verbs() -> None:
    message = refusal("/game gm")
    assert "/game gm add" in message
    assert "/game gm remove" in message


def test_unknown_option_suggests_the_right_one_and_usage() -> None:
    message = refusal("/game new sytem:generic", None)
    assert "no option sytem:" in message
    assert "Did you mean system:?" in message
    assert f"Usage: /game new system:<{'|'.join(system_names())}>" in message


def test_missing_required_option_shows_usage() -> None:
    message = refusal("/game new", None)
    assert "needs system:" in message
    assert "Usage:" in message


def test_wrong_choice_lists_choices() -> None:
    message = refusal("/game new system:genric", None)
    assert f"not one of {', '.join(system_names())}" in message
    assert "Did you mean system:generic?" in message


def test_bare_words_after_named_options_are_the_first_option_too() -> None:
    assert parse("/game new name:x generic", None).text == "/game new system:generic name:x"
    assert parse('/roll vs:hard d8 "Cat Burglar"', "cortex").text == (
        '/roll pool:"d8 Cat Burglar" vs:hard'
    )
    assert parse("/char set character:Thug Body d8", "cybergod").text == (
        '/char set trait:"Body d8" character:Thug'
    )


def test_a_stray_word_when_the_first_option_is_named_is_offered_as_the_missing_option() -> None:
    assert "Did you mean die:d8?" in refusal("/char set trait:Body character:Thug d8", "cybergod")


@pytest.mark.parametrize(
    ("line", "system", "text"),
    [
        # The words right after the command are its first option, as Discord puts it first.
        ("/game gm add bob", "generic", "/game gm add user:bob"),
        ("/roll d8 d10 vs:hard", "cortex", '/roll pool:"d8 d10" vs:hard'),
        ('/roll "Cat Burglar" Agility', "cortex", '/roll pool:"Cat Burglar Agility"'),
        ("/char show Mara", "cortex", "/char show character:Mara"),
    ],
)
def test_words_after_the_command_are_its_first_option(line: str, system: str, text: str) -> None:
    assert parse(line, system).text == text


@pytest.mark.parametrize(
    ("line", "system", "message"),
    [
        # Only text or a person: a number's first option still needs its name (offered).
        ("/undo 2", "generic", "Did you mean count:2?"),
        # A word that reads like a mistyped subcommand is not taken as a value.
        ("/assist dorp", "cortex", "Did you mean /assist drop?"),
        # The first option given twice, bare and by name.
        ("/roll d8 pool:d6", "cortex", "pool: is given twice"),
        # A person is one word.
        ("/game gm add bob smith", "generic", 'Did you mean user:"bob smith"?'),
    ],
)
def test_bare_words_that_cannot_be_the_first_option(line: str, system: str, message: str) -> None:
    assert message in refusal(line, system)


def test_option_given_twice_is_refused() -> None:
    assert "given twice" in refusal("/undo count:1 count:2")


def test_option_on_command_without_options() -> None:
    assert "takes no options" in refusal("/game join as:bob")


def test_empty_text_and_overlong_text_are_refused() -> None:
    assert "is empty" in refusal('/game new system:generic name:""', None)
    assert "keep it to 80" in refusal("/game new system:generic name:" + "x" * 81, None)


def test_attachment_without_a_reader_is_refused() -> None:
    assert "needs a file" in refusal("/game import file:x.json", None)


def test_blank_line_is_refused_with_a_hint() -> None:
    assert "Type a command" in refusal("   ")


@pytest.mark.parametrize(
    ("old", "new", "game"),
    [
        ('/doom spend die:d8 on:complication note:"The pier burns"', "what:", "cortex"),
        ('/pp spend on:other reason:"a round of drinks"', "what:", "cortex"),
        ("/mods set mod:stress on:false", "enabled:false", "cortex"),
        ("/char approval on:true", "enabled:true", "cortex"),
        ('/xp spend character:Ada amount:2 on:"Fighting d10"', 'what:"Fighting d10"', "cortex"),
        ("/char new name:Thug gmc:true pool:3", "npc_pool:3", "mettle"),
        ("/mettle damage character:Thug amount:1d6 soak:poise", "damage:1d6", "mettle"),
        ("/mettle damage character:Thug amount:1d6 soak:poise", "soak_with:poise", "mettle"),
        ("/save kind:mental dice:2", "count:2", "cybergod"),
        ("/test pool:4d10 mod:-1", "modifier:-1", "cybergod"),
        ("/odds pool:4d10 mod:2", "modifier:2", "cybergod"),
        ("/wound add character:Marko dc:2 scale:1", "damage_scale:1", "cybergod"),
    ],
)
def test_an_options_older_name_is_read_as_the_new_one(old: str, new: str, game: str) -> None:
    """One name per meaning: the new name is the option's; the old one keeps working in a
    recorded history (silently) and in a typed line (with a note naming the new one)."""
    recorded = parse_line(old, REGISTRY, game, recorded=True)
    assert new in recorded.text
    assert recorded.notes == ()
    typed = parse_line(old, REGISTRY, game)
    assert typed.text == recorded.text
    assert all("the old name still works" in note for note in typed.notes)
    assert typed.notes


@pytest.mark.parametrize(
    "line",
    ["/roll dice:2d6", "  /pp\tgive  character:Ada\n", "a\u00a0b\u2003c\u3000d", "x:\u0085y z:"],
)
def test_a_line_without_quotes_splits_on_every_kind_of_space_as_a_quoted_one_would(
    line: str,
) -> None:
    # The walk that handles quotes is the reference: a quoted empty token forces it.
    walked = tokenize(line + ' ""')[:-1]
    assert tokenize(line) == walked
    assert tokenize(line) == line.split()


def test_a_control_character_anywhere_is_refused_and_tab_and_newline_are_not() -> None:
    registry = build_registry()
    for bad in ("\x00", "\x1f", "\x7f", "\udc80"):
        with pytest.raises(Refusal):
            parse_line(f"/roll dice:2d6 label:a{bad}b", registry, None)
    assert parse_line("/roll\tdice:2d6\n", registry, None).spec.name == "roll"


def test_values_in_typographic_quotes_are_read_as_quoted() -> None:
    """Phones type “ ” for quotes: a value in them is read as in straight ones."""
    assert parse("/roll dice:2d6 label:“Two words”").args.label == "Two words"
    assert parse("/roll dice:2d6 label:„Low high“").args.label == "Low high"
    assert parse('/roll dice:2d6 label:"say “hi” twice"').args.label == "say “hi” twice"
    assert parse("/roll dice:2d6 label:it’s").args.label == "it’s"


def test_name_equals_value_says_to_write_a_colon() -> None:
    assert refusal("/roll dice=2d6") == (
        "Write dice:2d6, with a colon: options look like name:value."
    )
    assert parse("/roll dice:2d6 label:a=b").args.label == "a=b"


def test_a_value_in_single_quotes_says_to_use_double_quotes() -> None:
    assert refusal("/roll dice:2d6 label:'two words") == (
        'Put a value with spaces in double quotes, like label:"two ..."; single quotes (\') '
        "are read as part of the value."
    )
    assert parse("/roll dice:2d6 label:'quoted'").args.label == "'quoted'"
    assert parse("/roll label:'Tis dice:2d6").args.label == "'Tis"
    assert parse('/roll dice:2d6 label:"\'Tis the season"').args.label == "'Tis the season"


def test_a_value_with_a_space_typed_unquoted_is_shown_quoted() -> None:
    """/help command:conflict start: the stray word is the value's, and the hint is typeable."""
    said = refusal("/help command:conflict start", "nodice")
    assert said.startswith(
        "'start' is not an option: a value with spaces goes in double quotes, like "
        'command:"conflict start".'
    )
    assert parse('/help command:"conflict start"', "nodice").args.command == "conflict start"
    said = refusal("/hand fold character:Zoë Ñandú", "nodice")
    assert 'like character:"Zoë Ñandú".' in said
