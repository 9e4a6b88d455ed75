"""What a Cybergod result offers next (``GameSystem.display``): after a test, a Resolve re-roll
(corebook 05), the Basic Effect for its EP (``/effect``), and -- for a test with no difficulty
-- opposing it (``/test vs:"#N"``, a form asking the pool); after an Ammo Save that empties the
weapon, the reload (corebook 09).

Read from the table just after the command, so the same command always offers the same; every
control names its roll by number (numbers never come back), so the engine refuses a control
whose roll has left play or changed.
"""

from __future__ import annotations

from scenekeeper.engine.controls import Ask, Control, Display, View
from scenekeeper.engine.systems import mod_on
from scenekeeper.systems.cybergod import events as ev
from scenekeeper.systems.cybergod.reading import ep_holder, ep_left, read, their_successes
from scenekeeper.systems.cybergod.state import CybergodState, SaveRecord, TestRecord


def display(view: View) -> Display:
    state = view.table.state
    if state is None or not isinstance(state.game, CybergodState):
        return Display()
    game = state.game
    controls: list[Control] = []
    for event in view.record.events:
        if isinstance(event, ev.TestRolled | ev.TestRerolled):
            roll = event.test.id if isinstance(event, ev.TestRolled) else event.roll
            test = game.test_by_id(roll)
            if test is not None:
                controls = _after_test(game, test, resolve=mod_on(state, "resolve"))
        elif isinstance(event, ev.SaveRolled):
            controls = _after_save(game, event.save)
    return Display(controls=tuple(controls))


def _after_test(game: CybergodState, test: TestRecord, *, resolve: bool) -> list[Control]:
    reading = read(test, their_successes(test, game))
    controls: list[Control] = []
    holder = ep_holder(test, reading)
    if holder is not None and ep_left(test, reading) > 0:
        options: tuple[tuple[str, str], ...] = (("roll", str(test.id)),)
        if game.find_character(holder) is not None:
            options += (("character", holder),)
        controls.append(Control("Basic Effect (1 EP)", "effect", options, "success", row=0))
    who = game.find_character(test.roller)
    answered = any(t.against == test.id for t in game.tests())
    rerollable = (
        resolve
        and who is not None
        and who.resolve_left > 0
        and test.dice > 0
        and not test.impossible
        and not test.effects
        and not any(t.against == test.id and t.effects for t in game.tests())
    )
    if rerollable:
        controls.append(
            Control("Re-roll (1 Resolve)", "resolve reroll", (("roll", str(test.id)),), row=0)
        )
    if test.threshold is None and test.against is None and not answered:
        ask = Ask(
            "pool",
            "Pool",
            hint='"Skill x Attribute" from your sheet, or dice like 3d8.',
            placeholder="Alertness x Reflex",
        )
        controls.append(
            Control(
                f"Oppose #{test.id}",
                "test",
                (("vs", f"#{test.id}"),),
                "primary",
                row=1,
                form=(ask,),
                form_title=f"Oppose #{test.id}",
            )
        )
    return controls


def _after_save(game: CybergodState, save: SaveRecord) -> list[Control]:
    who = game.find_character(save.roller)
    weapon = who.weapons.get(save.weapon) if who is not None and save.weapon else None
    if who is None or weapon is None or not weapon.reload:
        return []
    options = (("weapon", save.weapon), ("character", who.name))
    return [Control(f"Reload {save.weapon}"[:80], "reload", options, "primary", row=0)]
