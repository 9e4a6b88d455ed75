"""A command line as the table reads it back hides every secret option, name and all: which
secret options were given is itself hidden (a NoDice bid with a Wildcard reads as one without)."""

from __future__ import annotations

from scenekeeper.bootstrap import build_registry
from scenekeeper.engine.commands import (
    CommandRegistry,
    CommandSpec,
    Decision,
    NoOptions,
    Opt,
    Option,
    OptionType,
    Permission,
)
from scenekeeper.engine.secrets import line_holds_secret, shown
from scenekeeper.engine.state import Person, TableMeta
from tests.support import TableDriver


def _meta(system: str) -> TableMeta:
    return TableMeta(system=system, name="t", gm="gm")


def test_which_secret_options_were_given_is_hidden_too() -> None:
    registry = build_registry()
    nodice = _meta("nodice")
    plain = shown("/hand bid action:QUI bid:3", registry, nodice)
    wild = shown("/hand bid action:QUI bid:3 wildcard:true face_up:false", registry, nodice)
    assert plain == wild == "/hand bid (secret)"
    named = shown('/hand ante aspect:Mind ante:"WIL" character:Ada', registry, nodice)
    assert named == "/hand ante (secret) character:Ada"


def test_a_secret_roll_and_a_poison_dose_keep_what_the_table_may_read() -> None:
    registry = build_registry()
    assert shown("/roll dice:2d6 label:ambush secret:true", registry, _meta("cortex")) == (
        "/roll (secret) label:ambush secret:true"
    )
    dose = '/status add character:Viktor kind:poison dose:7d6 results:"1 2" status:afflicted'
    assert shown(dose, registry, _meta("mettle")) == (
        "/status add character:Viktor kind:poison (secret) status:afflicted"
    )
    assert shown("/roll dice:2d6 label:ambush", registry, _meta("cortex")) == (
        "/roll dice:2d6 label:ambush"
    )


def test_which_typed_lines_may_hold_a_secret() -> None:
    """What the console keeps out of its history file and off the shared screen: a line not
    shown to be free of secrets."""
    registry = build_registry()
    cases = {
        ("nodice", ""): False,
        ("nodice", "   "): False,
        ("nodice", "/conflict show"): False,
        ("nodice", "/hnd ante aspect:Mind"): True,  # no such command: maybe a sealed one
        ("nodice", "/HAND ANTE aspect:Mind"): True,
        ("nodice", "//conflict show"): True,  # two slashes: no command (refused as unknown)
        ("nodice", "/hand ante Mind"): True,  # bare words: its first option, a sealed card
        ("nodice", "/hand ante character:Ada"): False,
        ("nodice", "/char set character:Brute rank:7"): True,
        ("nodice", "/char set character:Brute Rank:7"): True,
        ("nodice", "/char set character:Brute rnk:7"): True,  # a secret option mistyped?
        ("nodice", "/char set character=Brute"): True,  # = for : (any name, maybe rank)
        ("nodice", '/char set character:Brute "AGI 3"'): False,
        ("nodice", "/char set character:Brute"): False,
        ("nodice", '/char set character:"Brute rank:7'): True,  # an unclosed quote
        ("nodice", '/char set character:"Brute'): False,
        ("generic", "/roll dice:d6 secret:true"): True,
        ("generic", "/roll d6 Secret:True"): True,
        ("generic", "/roll dice:d6 secret:false"): False,
        ("generic", "/roll d6"): False,
        ("generic", "/roll dice:d6 label:secret:true"): False,
    }
    found = {key: line_holds_secret(key[1], registry, key[0]) for key in cases}
    assert found == cases


def test_a_line_of_a_command_secret_as_a_whole_holds_a_secret() -> None:
    """A sealed command (``CommandSpec.secret``: every option value the actor's secret) whose
    options are not each declared secret: its line is kept off the history file all the same."""
    registry = CommandRegistry()
    registry.add(
        CommandSpec(
            name="seal",
            help="Seal a choice.",
            args_type=NoOptions,
            options=(Option("choice", OptionType.STRING, "the choice", False, None, Opt("x")),),
            permission=Permission.ANYONE,
            handler=lambda ctx, args: Decision(),
            secret=True,
        )
    )
    assert line_holds_secret("/seal choice:red", registry, None)
    assert shown("/seal choice:red", registry, None) == "/seal (secret)"


def test_people_are_read_back_by_name_whatever_their_ids_hold() -> None:
    """``/history`` names the people a command gave by their names at the table, whatever
    their ids (console names) hold -- a colon, a space (the id is quoted in the line) -- and
    quotes a name with a space; a word that is not a person is read back as typed, even one
    that is someone's id."""
    table = TableDriver()
    table.do("/game new system:generic")
    table.do("/game join", Person("x:y", "Xena"))
    table.do("/game join", Person("Xu Li", "Xavier"))
    table.do("/game join", Person("bo", "Bo Li"))
    table.do("/game gm add user:x:y")
    table.do('/game gm add user:"Xu Li"')
    table.do("/game gm add user:bo")
    table.do("/roll dice:d6 label:gm results:4")
    assert table.do("/history").reply.text[-4:] == (
        "#5 Gemma: /game gm add user:@Xena → Xena became a co-GM",
        "#6 Gemma: /game gm add user:@Xavier → Xavier became a co-GM",
        '#7 Gemma: /game gm add user:"@Bo Li" → Bo Li became a co-GM',
        "#8 Gemma: /roll dice:d6 results:4 label:gm → Gemma rolled d6 (4) = 4",
    )


def test_a_line_that_names_no_command_reads_back_as_recorded() -> None:
    """A recorded line no command of the table's game reads (another game's command, a
    command since taken out) is read back as it stands, not refused."""
    registry = build_registry()
    assert shown("/hand bid action:QUI bid:3", registry, _meta("cortex")) == (
        "/hand bid action:QUI bid:3"
    )
    assert shown("/nosuch thing secret:true", registry, None) == "/nosuch thing secret:true"
