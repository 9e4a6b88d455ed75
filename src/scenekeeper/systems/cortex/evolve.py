"""How each Cortex event changes the table (pure)."""

from __future__ import annotations

import operator
from collections.abc import Callable

from scenekeeper.engine.errors import CorruptHistory
from scenekeeper.engine.evolve import evolves
from scenekeeper.engine.state import TableState
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.sheets.sheet import Character, same_name
from scenekeeper.systems.cortex.state import CortexState
from scenekeeper.systems.cortex.troubles.out_of_scene import without


def game_of(state: TableState) -> CortexState:
    game = state.game
    if not isinstance(game, CortexState):
        raise TypeError("not a Cortex table")
    return game


def _with_game(state: TableState, game: CortexState) -> TableState:
    return state.replace(game=game)


def _change(state: TableState, name: str, change: Callable[[Character], Character]) -> TableState:
    game = game_of(state)
    key = next(n for n in game.characters if same_name(n, name))
    return _with_game(state, game.with_character(change(game.characters[key])))


@evolves(ev.TraitSetsChosen)
def _sets(state: TableState, event: ev.TraitSetsChosen) -> TableState:
    return _with_game(state, game_of(state).model_copy(update={"trait_sets": event.sets}))


@evolves(ev.CharacterCreated)
def _created(state: TableState, event: ev.CharacterCreated) -> TableState:
    character = Character(name=event.name, kind=event.kind, pp=event.pp)
    return _with_game(state, game_of(state).with_character(character))


@evolves(ev.SheetImported)
def _imported(state: TableState, event: ev.SheetImported) -> TableState:
    game = game_of(state)
    others = {n: c for n, c in game.characters.items() if not same_name(n, event.character.name)}
    characters = {**others, event.character.name: event.character}
    return _with_game(state, game.model_copy(update={"characters": characters}))


@evolves(ev.CharacterDeleted)
def _deleted(state: TableState, event: ev.CharacterDeleted) -> TableState:
    game = game_of(state)
    characters = {n: c for n, c in game.characters.items() if n != event.name}
    rolls = tuple(r for r in game.rolls if r.roller != event.name)
    owners = {c: o for c, o in state.meta.owners.items() if c != event.name}
    meta = state.meta.model_copy(update={"owners": owners})
    return state.replace(
        meta=meta, game=game.model_copy(update={"characters": characters, "rolls": rolls})
    )


@evolves(ev.TraitRated)
def _rated(state: TableState, event: ev.TraitRated) -> TableState:
    return _change(
        state, event.character, lambda c: c.with_trait(event.set, event.trait, event.die)
    )


@evolves(ev.TraitRemoved)
def _trait_removed(state: TableState, event: ev.TraitRemoved) -> TableState:
    return _change(state, event.character, lambda c: c.without_trait(event.trait))


@evolves(ev.SfxWritten)
def _sfx(state: TableState, event: ev.SfxWritten) -> TableState:
    return _change(
        state,
        event.character,
        lambda c: c.model_copy(update={"sfx": {**c.sfx, event.name: event.text}}),
    )


@evolves(ev.SfxRemoved)
def _sfx_removed(state: TableState, event: ev.SfxRemoved) -> TableState:
    def drop(c: Character) -> Character:
        return c.model_copy(update={"sfx": {k: v for k, v in c.sfx.items() if k != event.name}})

    return _change(state, event.character, drop)


@evolves(ev.PlotPointsChanged)
def _pp(state: TableState, event: ev.PlotPointsChanged) -> TableState:
    return _change(
        state, event.character, lambda c: c.model_copy(update={"pp": c.pp + event.delta})
    )


@evolves(ev.GmBankChanged)
def _bank(state: TableState, event: ev.GmBankChanged) -> TableState:
    game = game_of(state)
    return _with_game(state, game.model_copy(update={"gm_bank": game.gm_bank + event.delta}))


@evolves(ev.AssetSet)
def _asset(state: TableState, event: ev.AssetSet) -> TableState:
    if not event.owner:
        game = game_of(state)
        assets = {**game.scene_assets, event.name: event.asset}
        return _with_game(state, game.model_copy(update={"scene_assets": assets}))
    return _change(
        state,
        event.owner,
        lambda c: c.model_copy(update={"assets": {**c.assets, event.name: event.asset}}),
    )


@evolves(ev.AssetRemoved)
def _asset_removed(state: TableState, event: ev.AssetRemoved) -> TableState:
    if not event.owner:
        game = game_of(state)
        assets = {k: v for k, v in game.scene_assets.items() if k != event.name}
        return _with_game(state, game.model_copy(update={"scene_assets": assets}))

    def drop(c: Character) -> Character:
        assets = {k: v for k, v in c.assets.items() if k != event.name}
        return c.model_copy(update={"assets": assets})

    return _change(state, event.owner, drop)


@evolves(ev.ComplicationSet)
def _complication(state: TableState, event: ev.ComplicationSet) -> TableState:
    if not event.owner:
        game = game_of(state)
        found = {**game.scene_complications, event.name: event.die}
        return _with_game(state, game.model_copy(update={"scene_complications": found}))

    def put(c: Character) -> Character:
        return c.model_copy(update={"complications": {**c.complications, event.name: event.die}})

    return _change(state, event.owner, put)


@evolves(ev.ComplicationRemoved)
def _complication_removed(state: TableState, event: ev.ComplicationRemoved) -> TableState:
    if not event.owner:
        game = game_of(state)
        kept = {k: v for k, v in game.scene_complications.items() if k != event.name}
        return _with_game(state, game.model_copy(update={"scene_complications": kept}))

    def drop(c: Character) -> Character:
        kept = {k: v for k, v in c.complications.items() if k != event.name}
        return c.model_copy(update={"complications": kept})

    return _change(state, event.owner, drop)


@evolves(ev.StressSet)
def _stress(state: TableState, event: ev.StressSet) -> TableState:
    def put(c: Character) -> Character:
        return c.model_copy(update={"stress": {**c.stress, event.stress: event.die}})

    return _change(state, event.character, put)


@evolves(ev.StressTakenNoted)
def _stress_taken(state: TableState, event: ev.StressTakenNoted) -> TableState:
    game = game_of(state)
    taken = {**game.stress_taken, event.character: event.taken}
    return _with_game(state, game.model_copy(update={"stress_taken": taken}))


@evolves(ev.StressRemoved)
def _stress_removed(state: TableState, event: ev.StressRemoved) -> TableState:
    def drop(c: Character) -> Character:
        return c.model_copy(
            update={"stress": {k: v for k, v in c.stress.items() if k != event.stress}}
        )

    return _change(state, event.character, drop)


@evolves(ev.TraumaSet)
def _trauma(state: TableState, event: ev.TraumaSet) -> TableState:
    def put(c: Character) -> Character:
        return c.model_copy(update={"trauma": {**c.trauma, event.trauma: event.die}})

    return _change(state, event.character, put)


@evolves(ev.TraumaRemoved)
def _trauma_removed(state: TableState, event: ev.TraumaRemoved) -> TableState:
    def drop(c: Character) -> Character:
        kept = {k: v for k, v in c.trauma.items() if k != event.trauma}
        return c.model_copy(update={"trauma": kept})

    return _change(state, event.character, drop)


@evolves(ev.ShakenSetChosen)
def _shaken_set(state: TableState, event: ev.ShakenSetChosen) -> TableState:
    return _with_game(state, game_of(state).model_copy(update={"shaken_set": event.set}))


@evolves(ev.StressTypesChosen)
def _stress_types(state: TableState, event: ev.StressTypesChosen) -> TableState:
    return _with_game(state, game_of(state).model_copy(update={"stress_types": event.types}))


@evolves(ev.RecoveryLocked)
def _locked(state: TableState, event: ev.RecoveryLocked) -> TableState:
    game = game_of(state)
    lock = (event.character, event.kind, event.name)
    return _with_game(
        state, game.model_copy(update={"recovery_locks": (*game.recovery_locks, lock)})
    )


@evolves(ev.TimePassed)
def _time(state: TableState, _event: ev.TimePassed) -> TableState:
    # Time passing lifts recovery locks and the "not straight away" of giving in (p.21).
    update = {"recovery_locks": (), "gave_in_to": ()}
    return _with_game(state, game_of(state).model_copy(update=update))


@evolves(ev.StatusChanged)
def _status(state: TableState, event: ev.StatusChanged) -> TableState:
    state = _change(state, event.character, lambda c: c.model_copy(update={"status": event.status}))
    game = game_of(state)
    if event.status == "active" or game.scene is None:
        return state
    # Out of the scene: out of its order, its help and its reactions (out_of_scene).
    return _with_game(
        state, game.model_copy(update={"scene": without(game.scene, event.character)})
    )


_CLOSED = operator.attrgetter("closed")


@evolves(ev.Rolled)
def _rolled(state: TableState, event: ev.Rolled) -> TableState:
    roll = event.roll
    game = game_of(state)
    # A roll closes the rolls it answers and its roller's earlier rolls: their after-roll
    # window is over (docs/rules-notes.md, After-roll spends).
    answered = {*roll.closes, *((roll.against_roll,) if roll.against_roll is not None else ())}
    rolls = list(game.rolls)
    # Most are closed already: only the open ones are looked at (their flags read in one pass).
    for at in [at for at, closed in enumerate(map(_CLOSED, rolls)) if not closed]:
        r = rolls[at]
        if r.id in answered:
            rolls[at] = r.model_copy(update={"closed": f"answered by #{roll.id}"})
        elif same_name(r.roller, roll.roller):
            rolls[at] = r.model_copy(update={"closed": f"{r.roller} rolled again (#{roll.id})"})
    kept, count = game.rolls_with(roll, tuple(rolls))
    update: dict[str, object] = {"rolls": kept, "roll_count": count}
    counts = roll.beat if roll.beat is not None else roll.side == "player"
    if game.scene is not None and counts:
        # Cortex p.88: a beat is one action or test a character attempts.
        update["scene"] = game.scene.model_copy(update={"beat": game.scene.beat + 1})
    return _with_game(state, game.model_copy(update=update))


@evolves(ev.RollsClosed)
def _closed(state: TableState, event: ev.RollsClosed) -> TableState:
    game = game_of(state)
    rolls = tuple(
        r.model_copy(update={"closed": event.reason})
        if r.id in event.roll_ids and not r.closed
        else r
        for r in game.rolls
    )
    return _with_game(state, game.model_copy(update={"rolls": rolls}))


@evolves(ev.RecoveryKept)
def _kept(state: TableState, event: ev.RecoveryKept) -> TableState:
    return _with_game(state, game_of(state).model_copy(update={"recovery": event.recovery}))


@evolves(ev.RecoveryUnlocked)
def _unlocked(state: TableState, event: ev.RecoveryUnlocked) -> TableState:
    game = game_of(state)
    lock = (event.character, event.kind, event.name)
    kept = tuple(k for k in game.recovery_locks if k != lock)
    return _with_game(state, game.model_copy(update={"recovery_locks": kept}))


@evolves(ev.XpChanged)
def _xp(state: TableState, event: ev.XpChanged) -> TableState:
    return _change(
        state, event.character, lambda c: c.model_copy(update={"xp": c.xp + event.delta})
    )


@evolves(ev.SceneChanged)
def _scene(state: TableState, event: ev.SceneChanged) -> TableState:
    game = game_of(state)
    scene = event.scene
    if scene is not None and game.scene is not None and not event.fresh:
        scene = scene.model_copy(update={"beat": game.scene.beat})
    update = {"scene": scene, "paused_scenes": event.paused}
    return _with_game(state, game.model_copy(update=update))


@evolves(ev.ReadingChosen)
def _reading(state: TableState, event: ev.ReadingChosen) -> TableState:
    return _change_roll(
        state,
        event.roll_id,
        {
            "keep": event.keep,
            "effects": event.effects,
            "total_dice": event.total_dice,
            "effect_dice": event.effect_dice,
        },
    )


@evolves(ev.HitchesActivated)
def _hitches(state: TableState, event: ev.HitchesActivated) -> TableState:
    roll = game_of(state).roll_by_id(event.roll_id)
    earned = (roll.pp_earned if roll else 0) + (1 if event.paid else 0)
    # Cortex p.29: a plot point earned on a roll cannot be spent on that same roll.
    return _change_roll(state, event.roll_id, {"hitches_activated": True, "pp_earned": earned})


@evolves(ev.BoostsChanged)
def _boosts(state: TableState, event: ev.BoostsChanged) -> TableState:
    game = game_of(state)
    left = game.boosts.get(event.character, 0) + event.delta
    boosts = {k: v for k, v in game.boosts.items() if k != event.character}
    if left > 0:
        boosts[event.character] = left
    return _with_game(state, game.model_copy(update={"boosts": boosts}))


@evolves(ev.EffectDieUsed)
def _effect_used(state: TableState, event: ev.EffectDieUsed) -> TableState:
    roll = game_of(state).roll_by_id(event.roll_id)
    used = (roll.effects_used if roll else 0) + 1
    return _change_roll(state, event.roll_id, {"effects_used": used})


@evolves(ev.OpportunitiesUsed)
def _opportunities(state: TableState, event: ev.OpportunitiesUsed) -> TableState:
    game = game_of(state)
    roll = game.roll_by_id(event.roll_id)
    used = (roll.opportunities_used if roll else 0) + 1
    return _change_roll(state, event.roll_id, {"opportunities_used": used})


def _change_roll(state: TableState, roll_id: int, update: dict[str, object]) -> TableState:
    game = game_of(state)
    roll = game.roll_by_id(roll_id)
    if roll is None:
        raise CorruptHistory(f"roll #{roll_id} is not in play")
    return _with_game(state, game.with_roll(roll.model_copy(update=update)))


@evolves(ev.ContestChanged)
def _contest(state: TableState, event: ev.ContestChanged) -> TableState:
    update = {"contest": event.contest, "stakes": event.stakes, "gave_in_to": event.gave_in_to}
    return _with_game(state, game_of(state).model_copy(update=update))


@evolves(ev.CrisisPoolChanged)
def _crisis(state: TableState, event: ev.CrisisPoolChanged) -> TableState:
    game = game_of(state)
    pools = {n: d for n, d in game.crisis_pools.items() if n != event.name}
    if event.dice:
        pools[event.name] = event.dice
    state = _with_game(state, game.model_copy(update={"crisis_pools": pools}))
    used = game.roll_by_id(event.roll_id) if event.roll_id is not None else None
    if used is None:
        return state
    return _change_roll(state, used.id, {"effects_used": used.effects_used + 1})


@evolves(ev.DoomPoolChanged)
def _doom(state: TableState, event: ev.DoomPoolChanged) -> TableState:
    update: dict[str, object] = {"doom_pool": event.dice}
    if event.start is not None:
        update["doom_start"] = event.start
    if event.lent is not None:
        update["doom_lent"] = event.lent
    return _with_game(state, game_of(state).model_copy(update=update))
