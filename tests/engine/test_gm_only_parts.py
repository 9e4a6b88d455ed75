"""What a player can still forge (issue 21): every part of every game's sheet that only a GM
(or play) sets, tried by a player along every path that writes it -- a command (set), a sheet
file (import), taking back the GM's command (undo) and putting it back after a GM undid it
(redo). Each is refused with the table unchanged, or (a player's file) imports with that part
kept as it was, and said so. A sheet file has the ranges and 60-character names the commands
have, in every game."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from scenekeeper.engine.commands import Attachment
from scenekeeper.systems.cortex.sheets.sheet_schema import GM_ONLY as CORTEX_GM_ONLY
from scenekeeper.systems.cybergod.sheet_schema import GM_ONLY as CYBERGOD_GM_ONLY
from scenekeeper.systems.mettle.sheet_schema import GM_ONLY as METTLE_GM_ONLY
from tests.cybergod.helpers import MARKO, import_sheet
from tests.support import TableDriver, person

PLAYER = "ana"
#: What a reply must not show a person: model field names, ``k=v`` and Python values.
_INTERNAL = r"\w_\w|=|\bTrue\b|\bFalse\b|\bNone\b|\bgmc\b"


@dataclass(frozen=True)
class Part:
    game: str
    part: str
    #: The GM's commands that write it; the last is the one undone and redone.
    gm: tuple[str, ...]
    #: The player's try by command (None: only their own play writes it, by the rules).
    player: str | None
    #: A player's sheet file that would change it (JSON).
    file: str
    #: What the reply says it kept of that file (default: the part).
    kept: str = ""


CORTEX = "Ada"
METTLE = "Ada"
CYBERGOD = "Marko"

PARTS = [
    # Cortex Prime (and Scions, which shares its sheet).
    Part("cortex", "kind", ("/char new name:Zed gmc:true",), "/char new name:Zed gmc:true",
         '{"name": "Ada", "kind": "gmc"}'),
    Part("cortex", "pp", ("/pp give character:Ada",), "/pp give character:Ada",
         '{"name": "Ada", "pp": 9}'),
    Part("cortex", "assets", ("/asset add character:Ada name:Rope die:d6",),
         "/asset add character:Ada name:Rope die:d6", '{"name": "Ada", "assets": {"Rope": "d8"}}'),
    Part("cortex", "complications", ("/complication add character:Ada name:Winded die:d6",),
         "/complication remove character:Ada name:Winded",
         '{"name": "Ada", "complications": {}}'),
    Part("cortex", "stress", ("/stress add character:Ada type:Physical die:d6",),
         "/stress remove character:Ada type:Physical", '{"name": "Ada", "stress": {}}'),
    Part("cortex", "trauma", ("/trauma add character:Ada type:Physical die:d6",),
         "/trauma remove character:Ada type:Physical", '{"name": "Ada", "trauma": {}}'),
    Part("cortex", "status",
         ("/stress add character:Ada type:Physical die:d12",
          "/stress stepup character:Ada type:Physical"),
         "/char return character:Ada", '{"name": "Ada", "status": "active"}'),
    Part("cortex", "xp", ("/xp give character:Ada amount:5",), "/xp give character:Ada",
         '{"name": "Ada", "xp": 50}'),
    # METTLE Core.
    Part("mettle", "kind", ("/char new name:Zed gmc:true",), "/char new name:Zed gmc:true",
         '{"name": "Ada", "kind": "gmc"}'),
    Part("mettle", "mettle", ("/mettle set character:Ada value:2",),
         "/mettle set character:Ada value:6", '{"name": "Ada", "mettle": 6}'),
    Part("mettle", "statuses", ("/status add character:Ada status:blinded",),
         "/status remove character:Ada status:blinded", '{"name": "Ada", "statuses": {}}'),
    Part("mettle", "affliction",
         ('/status add character:Ada status:afflicted kind:poison dose:2d6 results:"6 6"',),
         "/status remove character:Ada status:afflicted", '{"name": "Ada", "statuses": {}}',
         "statuses"),
    Part("mettle", "stable",
         ("/status add character:Ada status:fallen",
          '/act character:Thug action:aid target:Ada results:"1 1 1"'),
         '/act character:Thug action:aid target:Ada results:"1 1 1"',
         '{"name": "Ada", "stable": false}'),
    Part("mettle", "delayed",
         ('/order start lead:Ada characters:"Ada, Thug"',
          '/act character:Ada action:know vs:8 results:"1 4 4"', "/twist"),
         None, '{"name": "Ada", "delayed": false}'),
    Part("mettle", "vouchers", ("/voucher give character:Ada count:2",),
         "/voucher give character:Ada", '{"name": "Ada", "vouchers": 9}'),
    Part("mettle", "spent_vouchers",
         ("/voucher give character:Ada", '/voucher spend character:Ada what:"a rest"'),
         None, '{"name": "Ada", "spent_vouchers": []}'),
    Part("mettle", "xp", ("/xp give character:Ada amount:3",), "/xp give character:Ada",
         '{"name": "Ada", "xp": 90}'),
    # Cybergod: Reborn.
    Part("cybergod", "kind", ("/char new name:Zed gmc:true",), "/char new name:Zed gmc:true",
         '{"name": "Marko", "kind": "gmc"}'),
    Part("cybergod", "wounds", ("/wound add character:Marko dc:2",),
         "/wound heal character:Marko wound:minor", '{"name": "Marko", "wounds": {}}'),
    Part("cybergod", "resolve_spent",
         ('/test character:Marko pool:"Hacking x Cyber" vs:hard results:"1 1 1 1"',
          '/resolve reroll character:Marko results:"1 1 1 1"'),
         "/resolve refresh scope:downtime character:Marko",
         '{"name": "Marko", "resolve": {"spent": 0}}'),
    Part("cybergod", "resolve_burned",
         ('/test character:Marko pool:"Hacking x Cyber" vs:hard burn:true results:"1 1 1 1"',),
         "/resolve refresh scope:burned character:Marko",
         '{"name": "Marko", "resolve": {"burned": 0}}'),
    Part("cybergod", "stress_saves_due",
         ('/save kind:mental character:Marko count:1 results:"6"',),
         "/char set character:Marko trait:stress value:0", '{"name": "Marko", "stress": 0}',
         "stress"),
    Part("cybergod", "breakdowns_due",
         ('/save kind:mental character:Marko count:1 results:"6"',
          '/save kind:stress character:Marko results:"10"'),
         "/char set character:Marko trait:stress value:0", '{"name": "Marko", "stress": 0}',
         "stress"),
]  # fmt: skip


def _table(game: str) -> TableDriver:
    driver = TableDriver()
    driver.do(f"/game new system:{game} name:Forge")
    driver.do("/game join", PLAYER)
    if game == "cortex":
        driver.do("/char new name:Ada", PLAYER)
        driver.do("/char set character:Ada trait:Agility die:d8 set:Attributes", PLAYER)
    elif game == "mettle":
        driver.do("/char new name:Ada concept:3 frame:3 motive:3 nature:3 poise:3", PLAYER)
        driver.do("/char new name:Thug gmc:true npc_pool:3")
    else:
        import_sheet(driver, MARKO, PLAYER)
    return driver


def _sheet(driver: TableDriver, name: str) -> object:
    state = driver.app.table(driver.table_id).state
    assert state is not None
    return state.game.characters[name]  # type: ignore[attr-defined]


def _state(driver: TableDriver) -> tuple[int, object]:
    return driver.app.store.head(driver.table_id), driver.app.table(driver.table_id).state


def _unchanged(driver: TableDriver, line: str) -> str:
    before = _state(driver)
    message = driver.refused(line, PLAYER)
    assert _state(driver) == before, line
    return message


def _import(driver: TableDriver, text: str) -> tuple[bool, tuple[str, ...], str]:
    outcome = driver.app.handle(
        driver.table_id,
        person(PLAYER),
        "/char import file:sheet.json",
        read_file=lambda _p: Attachment("sheet.json", text.encode()),
    )
    return outcome.ok, outcome.reply.text, outcome.error or ""


def test_every_gm_only_part_of_every_sheet_is_tried() -> None:
    declared = {
        "cortex": set(CORTEX_GM_ONLY),
        "mettle": set(METTLE_GM_ONLY),
        "cybergod": set(CYBERGOD_GM_ONLY),
    }
    tried = {game: {p.part for p in PARTS if p.game == game} for game in declared}
    assert tried == declared


@pytest.mark.parametrize("part", PARTS, ids=lambda p: f"{p.game}-{p.part}")
def test_a_player_writes_no_gm_only_part_by_any_path(part: Part) -> None:
    driver = _table(part.game)
    name = {"cortex": CORTEX, "mettle": METTLE, "cybergod": CYBERGOD}[part.game]
    for line in part.gm:
        driver.do(line)
    value = getattr(_sheet(driver, name), part.part)
    # set: the player's own command is refused and changes nothing.
    if part.player is not None:
        _unchanged(driver, part.player)
    # undo: the GM's command is the GM's to take back.
    message = _unchanged(driver, "/undo")
    assert "only they or a GM can undo it" in message
    # redo: a GM's undo is a ruling; only a GM puts the command back.
    driver.do("/undo")
    message = _unchanged(driver, "/redo")
    assert message.endswith(("only they or a GM can redo it.", "only a GM can redo it."))
    driver.do("/redo")
    assert getattr(_sheet(driver, name), part.part) == value
    # import: the file's value for the part is kept out (or the file refused), and said.
    before = _state(driver)
    ok, text, error = _import(driver, part.file)
    if ok:
        assert getattr(_sheet(driver, name), part.part) == value
        kept = next((line for line in text if line.startswith("Kept as they were")), "")
        words = (part.kept or part.part).replace("_", " ")
        assert f"{words} (the file says" in kept, text
        assert not re.search(_INTERNAL, kept), kept
    else:
        assert _state(driver) == before
        assert error


@pytest.mark.parametrize(
    ("game", "text", "expected"),
    [
        ("cortex", '{"name": "' + "A" * 61 + '"}', "a name is at most 60 characters"),
        ("cortex", '{"name": "Ada", "pp": 1e30}', "write a whole number"),
        ("cortex", '{"name": "Ada", "pp": 100}', "a whole number from 0 to 99, not 100"),
        ("cortex", '{"name": "Ada", "attributes": {"' + "B" * 61 + '": "d8"}}', "at most 60"),
        ("cortex", '{"name": "Ada", "sfx": {"Trick": "' + "x" * 401 + '"}}', "400 characters"),
        ("mettle", '{"name": "' + "A" * 61 + '"}', "a name is at most 60 characters"),
        ("mettle", '{"name": "Ada", "concept": ' + "9" * 31 + "}", "from 1 to 30"),
        ("mettle", '{"name": "Ada", "gear": ["' + "G" * 61 + '"]}', "an item's name is at most"),
        ("cybergod", '{"name": "' + "A" * 61 + '"}', "a name is at most 60 characters"),
        ("cybergod", '{"name": "Ada", "weapons": {"' + "W" * 61 + '": "d6"}}', "at most 60"),
        ("cybergod", '{"name": "Ada", "stress": 100}', "a whole number from 0 to 99"),
    ],
)
def test_a_sheet_file_takes_the_ranges_and_names_of_the_commands(
    game: str, text: str, expected: str
) -> None:
    driver = _table(game)
    before = _state(driver)
    ok, _text, error = _import(driver, text)
    assert not ok
    assert expected in error
    assert _state(driver) == before


@pytest.mark.parametrize(
    ("game", "text", "kept"),
    [
        (
            "cybergod",
            '{"name": "Dex", "engrams": 3, "wounds": {"minor": 1}, "resolve": {"spent": 1}}',
            "wounds (the file says Minor 1); resolve spent (the file says 1).",
        ),
        (
            "cybergod",
            '{"name": "Dex", "engrams": 3, "wounds": {"dead": true}}',
            "wounds (the file says Dead).",
        ),
        ("nodice", '{"name": "Anya", "kind": "gmc", "rank": 25}', "kind (the file says NPC);"),
        (
            "mettle",
            '{"name": "Vi", "concept": 3, "frame": 3, "motive": 3, "nature": 3, "poise": 3, '
            '"statuses": {"partial-cover": 9}}',
            "statuses (the file says partial-cover 9).",
        ),
        (
            "cortex",
            '{"name": "Bo", "stress": {"Physical": "d8"}}',
            "stress (the file says Physical d8).",
        ),
        (
            "cortex",
            '{"name": "Bo", "stress": {"Physical": "d8", "Mental": "d6"}}',
            "stress (the file says Physical d8, Mental d6).",
        ),
    ],
    ids=[
        "cybergod-wounds-resolve",
        "cybergod-dead",
        "nodice-kind",
        "mettle-statuses",
        "cortex",
        "cortex-two-stress",
    ],
)
def test_a_players_new_sheet_says_what_it_kept_in_the_sheets_words(
    game: str, text: str, kept: str
) -> None:
    driver = TableDriver()
    driver.do(f"/game new system:{game} name:Forge")
    driver.do("/game join", PLAYER)
    ok, said, error = _import(driver, text)
    assert ok, error
    line = next(line for line in said if line.startswith("Kept as they were"))
    assert kept in line
    assert not re.search(_INTERNAL, line), line
