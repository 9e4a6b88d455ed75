"""How each Cybergod event changes the table (pure)."""

from __future__ import annotations

from collections.abc import Callable

from scenekeeper.engine.evolve import evolves
from scenekeeper.engine.state import TableState
from scenekeeper.systems.cybergod import events as ev
from scenekeeper.systems.cybergod.sheet import APTITUDES, ATTRIBUTES, Character, same_name
from scenekeeper.systems.cybergod.state import CybergodState, LastingEffect, TestRecord


def game_of(state: TableState) -> CybergodState:
    game = state.game
    if not isinstance(game, CybergodState):
        raise TypeError("not a Cybergod table")
    return game


def _with(state: TableState, game: CybergodState) -> TableState:
    return state.replace(game=game)


def _change(state: TableState, name: str, change: Callable[[Character], Character]) -> TableState:
    game = game_of(state)
    key = next(n for n in game.characters if same_name(n, name))
    return _with(state, game.with_character(change(game.characters[key])))


def _change_test(
    state: TableState, roll_id: int, change: Callable[[TestRecord], TestRecord]
) -> TableState:
    game = game_of(state)
    test = game.test_by_id(roll_id)
    if test is None:
        return state  # the roll left play since (it cannot: decide checks it first)
    return _with(state, game.with_roll(change(test)))


@evolves(ev.CharacterCreated)
def _created(state: TableState, event: ev.CharacterCreated) -> TableState:
    return _with(state, game_of(state).with_character(Character(name=event.name, kind=event.kind)))


@evolves(ev.CharacterDeleted)
def _deleted(state: TableState, event: ev.CharacterDeleted) -> TableState:
    game = game_of(state)
    characters = {n: c for n, c in game.characters.items() if n != event.name}
    owners = {c: o for c, o in state.meta.owners.items() if c != event.name}
    return state.replace(
        meta=state.meta.model_copy(update={"owners": owners}),
        game=game.model_copy(update={"characters": characters}),
    )


@evolves(ev.SheetImported)
def _imported(state: TableState, event: ev.SheetImported) -> TableState:
    return _with(state, game_of(state).with_character(event.character))


@evolves(ev.SheetWritten)
def _written(state: TableState, event: ev.SheetWritten) -> TableState:
    def write(c: Character) -> Character:
        if event.trait in ATTRIBUTES:
            return c.model_copy(update={"attributes": {**c.attributes, event.trait: event.value}})
        if event.trait == "engrams":
            return c.model_copy(update={"engrams": event.value})
        if event.trait == "resolve":
            return c.model_copy(update={"resolve_max": event.value})
        if event.trait == "stress":
            # Stress set by hand is a correction: what the old Stress owed goes with it.
            return c.model_copy(
                update={"stress": event.value or 0, "stress_saves_due": (), "breakdowns_due": 0}
            )
        value = event.value or 0
        if event.trait in APTITUDES:
            return c.model_copy(update={"aptitudes": {**c.aptitudes, event.trait: value}})
        return c.model_copy(update={"skills": {**c.skills, event.trait: value}})

    return _change(state, event.character, write)


@evolves(ev.TestRolled)
def _tested(state: TableState, event: ev.TestRolled) -> TableState:
    return _with(state, game_of(state).with_roll(event.test))


@evolves(ev.TestRerolled)
def _rerolled(state: TableState, event: ev.TestRerolled) -> TableState:
    return _change_test(
        state,
        event.roll,
        lambda t: t.model_copy(
            update={
                "faces": event.faces,
                "rerolls": (*t.rerolls, t.faces),
                "typed": t.typed or event.typed,
            }
        ),
    )


@evolves(ev.ComplicationsChosen)
def _chosen(state: TableState, event: ev.ComplicationsChosen) -> TableState:
    return _change_test(
        state, event.roll, lambda t: t.model_copy(update={"overcome": event.overcome})
    )


@evolves(ev.EffectSpent)
def _spent(state: TableState, event: ev.EffectSpent) -> TableState:
    state = _change_test(
        state, event.roll, lambda t: t.model_copy(update={"effects": (*t.effects, event.effect)})
    )
    effect = event.effect
    if effect.lasts == "instant":
        return state
    game = game_of(state)
    lasting = LastingEffect(
        name=effect.name,
        by=effect.by,
        roll=event.roll,
        lasts=effect.lasts,
        scene=event.scene,
        round=event.round,
    )
    return _with(state, game.model_copy(update={"lasting": (*game.lasting, lasting)}))


@evolves(ev.SaveRolled)
def _saved(state: TableState, event: ev.SaveRolled) -> TableState:
    return _with(state, game_of(state).with_roll(event.save))


@evolves(ev.WeaponChanged)
def _weapon(state: TableState, event: ev.WeaponChanged) -> TableState:
    def change(c: Character) -> Character:
        weapons = {n: w for n, w in c.weapons.items() if n != event.weapon}
        if event.state is not None:
            weapons[event.weapon] = event.state
        return c.model_copy(update={"weapons": weapons})

    return _change(state, event.character, change)


@evolves(ev.StressChanged)
def _stress(state: TableState, event: ev.StressChanged) -> TableState:
    return _change(
        state,
        event.character,
        lambda c: c.model_copy(
            update={
                "stress": event.stress,
                "stress_saves_due": event.saves_due,
                "breakdowns_due": event.breakdowns_due,
            }
        ),
    )


@evolves(ev.ResolveChanged)
def _resolve(state: TableState, event: ev.ResolveChanged) -> TableState:
    return _change(
        state,
        event.character,
        lambda c: c.model_copy(
            update={"resolve_spent": event.spent, "resolve_burned": event.burned}
        ),
    )


@evolves(ev.WoundsChanged)
def _wounds(state: TableState, event: ev.WoundsChanged) -> TableState:
    return _change(state, event.character, lambda c: c.model_copy(update={"wounds": event.wounds}))


@evolves(ev.SceneChanged)
def _scene(state: TableState, event: ev.SceneChanged) -> TableState:
    game = game_of(state)
    count = max(game.scene_count, event.scene.number if event.scene else 0)
    return _with(state, game.model_copy(update={"scene": event.scene, "scene_count": count}))


@evolves(ev.EffectsEnded)
def _ended(state: TableState, event: ev.EffectsEnded) -> TableState:
    game = game_of(state)
    lasting = tuple(e for e in game.lasting if e.lasts not in event.lasts)
    return _with(state, game.model_copy(update={"lasting": lasting}))


@evolves(ev.RollsCleared)
def _cleared(state: TableState, event: ev.RollsCleared) -> TableState:
    del event
    return _with(state, game_of(state).model_copy(update={"rolls": ()}))
