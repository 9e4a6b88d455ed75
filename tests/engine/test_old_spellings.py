"""A renamed option answers to its old name, typed or scripted, with one line naming the new one;
the table records the command under the new name; "did you mean" offers what a name became."""

from __future__ import annotations

import pytest

from scenekeeper.app import Outcome
from scenekeeper.bootstrap import build_registry
from scenekeeper.engine.parse import parse_line
from scenekeeper.engine.renamed import (
    RENAMED,
    RENAMED_COMMANDS,
    renamed_command_note,
    renamed_note,
)
from tests.support import TableDriver

#: For each old name: the game, the set-up, and a line that uses it.
CASES: dict[tuple[str, str], tuple[str, tuple[str, ...], str]] = {
    ("doom spend", "note"): (
        "cortex",
        ("/mods set mod:doom-pool enabled:true", "/doom add dice:d8"),
        '/doom spend die:d8 on:complication note:"The bridge gives way"',
    ),
    ("pp spend", "reason"): (
        "cortex",
        ("@ana /char new name:Ada",),
        "@ana /pp spend character:Ada on:other reason:luck",
    ),
    ("history", "limit"): ("generic", (), "/history limit:2"),
    ("mods set", "on"): ("cortex", (), "/mods set mod:static-difficulty on:true"),
    ("char approval", "on"): ("cortex", (), "/char approval on:true"),
    ("xp spend", "on"): (
        "cortex",
        ("@ana /char new name:Ada", "/xp give character:Ada amount:5"),
        '@ana /xp spend character:Ada amount:1 on:"a new SFX"',
    ),
    ("char new", "pool"): ("mettle", (), "/char new name:Thug gmc:true pool:3"),
    ("mettle damage", "amount"): (
        "mettle",
        ("@ana /char new name:Viktor concept:5 frame:3 motive:4 nature:3 poise:2",),
        "/mettle damage character:Viktor amount:3",
    ),
    ("mettle damage", "soak"): (
        "mettle",
        ("@ana /char new name:Viktor concept:5 frame:3 motive:4 nature:3 poise:2",),
        "/mettle damage character:Viktor damage:3 soak:poise",
    ),
    ("save", "dice"): (
        "cybergod",
        ("@ana /char new name:Marko",),
        '/save kind:mental dice:3 character:Marko results:"1 2 3"',
    ),
    ("test", "mod"): ("cybergod", (), '/test pool:4d10 mod:1 results:"1 2 3 4 5"'),
    ("odds", "mod"): ("cybergod", (), "/odds pool:4d10 mod:1"),
    ("wound add", "scale"): (
        "cybergod",
        ("@ana /char new name:Marko",),
        "/wound add character:Marko dc:5 scale:2",
    ),
}


def test_every_old_name_has_its_case() -> None:
    assert set(CASES) == set(RENAMED)


def run(driver: TableDriver, line: str) -> Outcome:
    actor, _, rest = line.partition(" ")
    if actor.startswith("@"):
        return driver.do(rest, actor[1:])
    return driver.do(line)


@pytest.mark.parametrize("renamed", sorted(CASES), ids=lambda k: f"{k[0]}-{k[1]}")
def test_an_old_name_still_works_and_names_the_new_one(renamed: tuple[str, str]) -> None:
    command, old = renamed
    new = RENAMED[renamed]
    game, setup, line = CASES[renamed]
    driver = TableDriver()
    driver.do(f"/game new system:{game} name:Upgraded")
    driver.do("/game join", "ana")
    for step in setup:
        run(driver, step)
    outcome = run(driver, line)
    note = renamed_note(command, old, new)
    assert outcome.reply.text.count(note) == 1
    assert f"{old}: is now {new}:" in note
    if outcome.events:
        recorded = driver.app.table(driver.table_id).window[-1].command
        assert f" {new}:" in recorded
        assert f" {old}:" not in recorded
    # The same line with the new name says nothing of names.
    again = TableDriver()
    again.do(f"/game new system:{game} name:Upgraded")
    again.do("/game join", "ana")
    for step in setup:
        run(again, step)
    fresh = run(again, line.replace(f" {old}:", f" {new}:"))
    assert not any("the old name still works" in text for text in fresh.reply.text)


def test_a_refused_line_with_an_old_name_still_names_the_new_one() -> None:
    driver = TableDriver()
    driver.do("/game new system:cybergod name:Upgraded")
    error = driver.refused("/save dice:2")
    assert error.endswith(renamed_note("save", "dice", "count"))


def test_did_you_mean_offers_what_an_old_name_became() -> None:
    driver = TableDriver()
    driver.do("/game new system:cybergod name:Upgraded")
    assert "Did you mean count:?" in driver.refused("/save kind:mental dicee:2")
    mettle = TableDriver()
    mettle.do("/game new system:mettle name:M")
    assert "Did you mean damage:?" in mettle.refused("/mettle damage character:X amont:3")


def test_an_imported_history_with_old_names_says_nothing_of_them() -> None:
    """A recorded command (import, /game log) is read with its old names, silently."""
    invocation = parse_line("/save dice:2", build_registry(), "cybergod", recorded=True)
    assert invocation.notes == ()
    assert "count:2" in invocation.text


def test_a_rename_in_one_games_version_holds_there_only() -> None:
    """NoDice's /char set traits: became trait:; another game's /char set never had it."""
    driver = TableDriver()
    driver.do("/game new system:nodice name:Upgraded")
    driver.do("/game join", "ana")
    driver.do('/char new name:Ada traits:"REA 4 KNO 5 QUI 7"', "ana")
    outcome = driver.do('/char set traits:"AGI 3"', "ana")
    assert renamed_note("char set", "traits", "trait") in outcome.reply.text
    assert 'trait:"AGI 3"' in driver.app.table(driver.table_id).window[-1].command
    mettle = TableDriver()
    mettle.do("/game new system:mettle name:M")
    assert "/char set has no option traits:" in mettle.refused("/char set traits:Poise")


#: For each renamed command: the game, and the line that uses its old name.
COMMAND_CASES: dict[str, tuple[str, str]] = {
    "game stress": ("cortex", "/game stress types:five"),
    "game sets": ("scions", '/game sets names:"Distinctions, Values, Roles"'),
    "game act": ("scions", "/game act"),
    "game results": ("mettle", "/game results allow:none"),
    "game mods show": ("nodice", "/game mods show"),
    "game mods set": ("mettle", "/game mods set mod:npc-staggered enabled:true"),
}


def test_every_renamed_command_has_its_case() -> None:
    assert set(COMMAND_CASES) == set(RENAMED_COMMANDS)


@pytest.mark.parametrize("old", sorted(COMMAND_CASES))
def test_a_renamed_command_still_answers_to_its_old_name(old: str) -> None:
    """Typed or scripted: it runs, says the new name once, and is recorded under it."""
    new = RENAMED_COMMANDS[old]
    game, line = COMMAND_CASES[old]
    driver = TableDriver()
    driver.do(f"/game new system:{game} name:Upgraded")
    outcome = driver.do(line)
    assert outcome.reply.text.count(renamed_command_note(old, new)) == 1
    assert outcome.command == new
    if outcome.events:
        recorded = driver.app.table(driver.table_id).window[-1].command
        assert recorded.startswith(f"/{new}")
    fresh = TableDriver()
    fresh.do(f"/game new system:{game} name:Upgraded")
    again = fresh.do(line.replace(f"/{old}", f"/{new}"))
    assert not any("the old name still works" in text for text in again.reply.text)


def test_a_recorded_old_command_name_is_read_silently_as_the_new() -> None:
    registry = build_registry()
    invocation = parse_line("/game stress types:five", registry, "cortex", recorded=True)
    assert invocation.spec.name == "stress types"
    assert invocation.notes == ()
    assert invocation.text == "/stress types types:five"
    assert registry.spec_of("/game act", "scions") is registry.find("scene act", "scions")


def test_an_old_command_name_where_its_game_is_not_played_says_where_it_is() -> None:
    mettle = TableDriver()
    mettle.do("/game new system:mettle name:M")
    assert mettle.refused("/game stress types:three").startswith(
        "/stress types is for a table playing cortex or scions"
    )
    nodice = TableDriver()
    nodice.do("/game new system:nodice name:N")
    assert nodice.refused("/game results allow:none").startswith("There is no /results at a nodice")
