"""Typed dice (issue 16): who may type faces (``/results``), the one check every game's
roll goes through (``engine.typed.check_typed`` in ``authorise``) and the marks on typed rolls."""

from __future__ import annotations

import pytest

from scenekeeper.engine.core.events import DiceRolled, RolledDie
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.state import TableMeta
from scenekeeper.engine.typed import check_typed, typed_note
from scenekeeper.systems.cortex.state import RollRecord
from scenekeeper.systems.cybergod import events as cybergod_events
from tests.support import TableDriver


class _Args:
    def __init__(self, results: str | None = None, vs_results: str | None = None) -> None:
        self.results = results
        self.vs_results = vs_results


def _meta(allow: str) -> TableMeta:
    return TableMeta(
        name="T", system="cortex", gm="gm", co_gms=("co",), players=("ana",), typed_dice=allow
    )


OWN = _Args(results="3 4")
GMS = _Args(vs_results="2 5")
BOTH = _Args(results="3 4", vs_results="2 5")
NONE = _Args()


@pytest.mark.parametrize(
    ("allow", "actor", "args", "allowed"),
    [
        ("everyone", "ana", BOTH, True),
        ("everyone", "gm", BOTH, True),
        ("own", "ana", OWN, True),
        ("own", "ana", GMS, False),
        ("own", "ana", BOTH, False),
        ("own", "gm", BOTH, True),
        ("own", "co", GMS, True),
        ("none", "ana", OWN, False),
        ("none", "gm", OWN, False),
        ("none", "gm", GMS, False),
        ("none", "ana", NONE, True),
        ("own", "ana", NONE, True),
    ],
)
def test_who_may_type_which_faces(allow: str, actor: str, args: _Args, allowed: bool) -> None:
    if allowed:
        check_typed(_meta(allow), actor, args)
    else:
        with pytest.raises(Refusal) as refusal:
            check_typed(_meta(allow), actor, args)
        # The refusal names the setting that forbids it and how to roll instead.
        assert f"allow:{allow}" in str(refusal.value)
        assert "Leave out" in str(refusal.value)


def test_the_note_names_the_typed_options() -> None:
    assert typed_note(NONE) is None
    note = typed_note(BOTH)
    assert note is not None
    assert "results:, vs_results:" in note


def test_old_records_without_the_mark_load_as_rolled_by_the_bot() -> None:
    rolled = DiceRolled.model_validate(
        {"expression": "2d6", "dice": [{"sides": 6, "face": 3}] * 2, "total": 6, "by": "gm"}
    )
    assert rolled.typed is False
    assert "typed" not in RollRecord.model_json_schema()["required"]
    assert cybergod_events.TestRerolled.model_validate({"roll": 1, "faces": [3]}).typed is False
    assert TableMeta(name="T", system="cortex", gm="gm").typed_dice == "everyone"
    made = DiceRolled(expression="d6", dice=(RolledDie(sides=6, face=2),), total=2, by="gm")
    assert made.typed is False


def _table(system: str = "cortex") -> TableDriver:
    driver = TableDriver()
    driver.do(f"/game new system:{system} name:T")
    driver.do("/game join", "ana")
    return driver


def test_only_a_gm_chooses_and_a_refusal_changes_nothing() -> None:
    driver = _table()
    seq = driver.app.table(driver.table_id).seq
    assert "Only the GM" in driver.refused("/results allow:none", "ana")
    assert "Typed dice are everyone already" in driver.refused("/results allow:everyone")
    assert driver.app.table(driver.table_id).seq == seq
    driver.do("/results allow:own")
    assert "Typed dice: own (/results)." in driver.do("/game show").reply.text


def test_the_setting_is_undone_like_any_command() -> None:
    driver = _table()
    driver.do("/results allow:none")
    driver.refused('/roll dice:2d6 results:"3 4"')
    driver.do("/undo")
    state = driver.app.table(driver.table_id).state
    assert state is not None
    assert state.meta.typed_dice == "everyone"
    driver.do('/roll dice:2d6 results:"3 4"')


# Every game's rolls that take typed faces go through the same check.
TYPED_ROLLS = [
    ("cortex", "gm", '/roll dice:2d6 results:"3 4"'),
    ("cortex", "gm", '/gmroll pool:"d8 d6" results:"3 4"'),
    ("cortex", "ana", '/roll pool:"d8 d6" results:"3 4"'),
    ("scions", "ana", '/roll pool:"d8 d6" results:"3 4"'),
    ("mettle", "gm", '/check pool:3 results:"3 4 6"'),
    ("mettle", "ana", '/roll dice:2d6 results:"3 4"'),
    ("cybergod", "gm", '/test pool:4d10 vs:hard results:"10 6 9 2"'),
    ("cybergod", "gm", '/save kind:breakdown results:"3"'),
    ("cybergod", "ana", '/roll dice:2d6 results:"3 4"'),
    ("generic", "ana", '/roll dice:2d6 results:"3 4"'),
]


@pytest.mark.parametrize(("system", "actor", "line"), TYPED_ROLLS)
def test_no_game_takes_typed_faces_when_the_gm_says_none(
    system: str, actor: str, line: str
) -> None:
    driver = _table(system)
    driver.do("/results allow:none")
    seq = driver.app.table(driver.table_id).seq
    assert "allow:none" in driver.refused(line, actor)
    assert driver.app.table(driver.table_id).seq == seq
    driver.do(line.split(" results:", maxsplit=1)[0], actor)  # the bot rolls it instead


@pytest.mark.parametrize(("system", "actor", "line"), TYPED_ROLLS)
def test_every_game_marks_typed_faces_in_words(system: str, actor: str, line: str) -> None:
    driver = _table(system)
    typed = "\n".join(driver.do(line, actor).reply.text)
    assert "typed" in typed.casefold()
    rolled = "\n".join(driver.do(line.split(" results:", maxsplit=1)[0], actor).reply.text)
    assert "typed" not in rolled.casefold()


def test_a_typed_roll_is_recorded_as_typed() -> None:
    driver = _table()
    events = driver.do('/roll pool:"d8 d6" vs:"d6 d6" results:"3 4"', "ana").events
    rolls = [e.event.roll for e in events if hasattr(e.event, "roll")]
    opposition, roll = rolls
    assert roll.typed
    assert not opposition.typed
    assert "#2 ana: total 7, effect d4, against 7 (typed faces)." in _board(driver)
    events = driver.do('/roll dice:2d6 results:"3 4"', "ana").events
    assert [getattr(e.event, "typed", None) for e in events] == [True]
    driver.do('/roll pool:"d8 d6"', "ana")
    assert "(typed faces)" not in _board(driver)


def _board(driver: TableDriver) -> str:
    return "\n".join(driver.do("/board show").reply.text)


def test_cybergod_marks_typed_rolls_on_the_board() -> None:
    driver = _table("cybergod")
    driver.do("/test pool:4d10")
    assert "(typed faces)" not in _board(driver)
    driver.do('/save kind:breakdown results:"3"')
    assert "rolled 3 (typed faces)." in _board(driver)
