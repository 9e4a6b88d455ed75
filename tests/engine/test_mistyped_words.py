"""A mistyped line's refusal, word for word (engine/mistyped.py): a word typed without its
option's name offered as the option its shape fits, quoted back no longer than sixty
characters; an option typed with = or in single quotes; an unknown option's nearest name."""

from __future__ import annotations

from tests.engine.test_parse import parse, refusal

OPTIONS = "Options look like name:value."


def test_a_bare_number_is_offered_as_the_number_option_the_command_has() -> None:
    assert refusal("/pp give character:Ada -2", "cortex") == f"Did you mean amount:-2? {OPTIONS}"
    assert refusal("/char set trait:Body character:Thug 7", "cybergod") == (
        f"Did you mean value:7? {OPTIONS}"
    )
    assert refusal("/history 7") == f"Did you mean count:7? {OPTIONS}"
    # A letter before the digits is no number.
    assert refusal("/pp give character:Ada X2", "cortex").startswith(
        "'X2' is not an option: a value with spaces goes in double quotes, like "
        'character:"Ada X2".'
    )
    # Nor is a number offered where the command takes none.
    assert (
        refusal("/game show 7")
        == "'7' is not an option; options look like name:value. Usage: /game show"
    )


def test_the_one_option_missing_takes_the_word_and_the_next_words_their_shapes() -> None:
    assert refusal("/complication add character:Ada Broken d8", "cortex") == (
        f"Did you mean name:Broken die:d8? {OPTIONS}"
    )
    # Only one option is missing, though others are left out too.
    assert refusal("/mettle damage character:Ada 3", "mettle") == (
        f"Did you mean damage:3? {OPTIONS}"
    )


def test_a_word_is_quoted_back_whole_up_to_sixty_characters() -> None:
    sixty = "w" * 60
    assert refusal(f"/game show {sixty}").startswith(f"'{sixty}' is not an option;")
    assert refusal(f"/game show {sixty}x").startswith(f"'{'w' * 59}…' is not an option;")


def test_a_value_with_spaces_is_shown_quoted_with_its_quotes_and_backslashes_escaped() -> None:
    assert refusal('/help command:"x\\"y" z', "nodice").startswith(
        '\'z\' is not an option: a value with spaces goes in double quotes, like command:"x\\"y z".'
    )
    assert refusal('/help command:"x\\\\y" z', "nodice").startswith(
        "'z' is not an option: a value with spaces goes in double quotes, like "
        'command:"x\\\\y z".'
    )


def test_equals_and_single_quotes_are_read_as_typed() -> None:
    # The first = or : splits a name from its value; the rest is the value's.
    assert refusal("/roll dice:2d6 label=a=b") == (
        "Write label:a=b, with a colon: options look like name:value."
    )
    assert refusal("/roll dice:2d6 label:'10:30 tonight") == (
        'Put a value with spaces in double quotes, like label:"10:30 ..."; single quotes (\') '
        "are read as part of the value."
    )
    # A later value in single quotes is found past an earlier one that has no space.
    assert refusal("/roll label:'a dice:2d6 results:'3 4") == (
        'Put a value with spaces in double quotes, like results:"3 ..."; single quotes (\') '
        "are read as part of the value."
    )
    # An option's name typed alone is a stray word, not a name=value.
    assert refusal("/roll dice:2d6 label").startswith(
        "'label' is not an option: a value with spaces goes in double quotes, like "
        'dice:"2d6 label".'
    )
    # Closed single quotes, or a last word, are the value as typed.
    assert refusal("/roll dice:2d6 label:'' two").startswith("'two' is not an option:")
    assert parse("/roll dice:2d6 label:'abc").args.label == "'abc"


def test_an_unknown_option_offers_the_nearest_of_this_games_names() -> None:
    # Cortex's /char set has traits: of its own; only NoDice's traits: became trait:.
    assert refusal("/char set character:Marko traitss:x", "cortex").startswith(
        "/char set has no option traitss:. Did you mean traits:?"
    )
