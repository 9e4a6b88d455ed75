"""How each METTLE event changes the table (pure)."""

from __future__ import annotations

from collections.abc import Callable

from scenekeeper.engine.evolve import evolves
from scenekeeper.engine.state import TableState
from scenekeeper.systems.mettle import events as ev
from scenekeeper.systems.mettle.sheet import Character
from scenekeeper.systems.mettle.state import CheckRecord, MettleState


def game_of(state: TableState) -> MettleState:
    game = state.game
    if not isinstance(game, MettleState):
        raise TypeError("not a METTLE table")
    return game


def _with(state: TableState, game: MettleState) -> TableState:
    return state.replace(game=game)


def _change(state: TableState, name: str, change: Callable[[Character], Character]) -> TableState:
    game = game_of(state)
    key = game.key(name)
    if key is None:
        raise TypeError(f"no character {name}")
    return _with(state, game.with_character(change(game.characters[key])))


@evolves(ev.CharacterMade)
def _made(state: TableState, event: ev.CharacterMade) -> TableState:
    made = Character(
        name=event.name, kind=event.kind, pool=event.pool, attributes=dict(event.attributes)
    )
    # A new character starts at full Mettle (engine.md, Mettle).
    made = made.model_copy(update={"mettle": made.max_mettle})
    return _with(state, game_of(state).with_character(made))


def rated_sheet(character: Character, event: ev.AttributeRated) -> Character:
    """The sheet after ``event`` (also shown before it is stored)."""
    update: dict[str, object] = {}
    if event.descriptor is not None:
        update["descriptors"] = {**character.descriptors, event.attribute: event.descriptor}
    if event.value is not None:
        if event.attribute == "credit":
            update["credit"] = event.value
        elif event.attribute == "pool":
            update["pool"] = event.value
        else:
            update["attributes"] = {**character.attributes, event.attribute: event.value}
    rated = character.model_copy(update=update)
    # checklist R46: a new maximum caps current Mettle; a character at full stays full.
    full = character.mettle == character.max_mettle
    mettle = rated.max_mettle if full else min(character.mettle, rated.max_mettle)
    return rated.model_copy(update={"mettle": mettle})


@evolves(ev.AttributeRated)
def _rated(state: TableState, event: ev.AttributeRated) -> TableState:
    return _change(state, event.character, lambda c: rated_sheet(c, event))


@evolves(ev.SheetImported)
def _imported(state: TableState, event: ev.SheetImported) -> TableState:
    game = game_of(state)
    others = {n: c for n, c in game.characters.items() if n != game.key(event.character.name)}
    characters = {**others, event.character.name: event.character}
    return _with(state, game.model_copy(update={"characters": characters}))


@evolves(ev.CharacterDeleted)
def _deleted(state: TableState, event: ev.CharacterDeleted) -> TableState:
    game = game_of(state)
    characters = {n: c for n, c in game.characters.items() if n != event.name}
    owners = {c: o for c, o in state.meta.owners.items() if c != event.name}
    meta = state.meta.model_copy(update={"owners": owners})
    return state.replace(meta=meta, game=game.model_copy(update={"characters": characters}))


@evolves(ev.BackstoryWritten)
def _backstory(state: TableState, event: ev.BackstoryWritten) -> TableState:
    def change(c: Character) -> Character:
        kept = tuple(b for b in c.backstories if b != event.text)
        return c.model_copy(update={"backstories": kept if event.removed else (*kept, event.text)})

    return _change(state, event.character, change)


@evolves(ev.GearChanged)
def _gear(state: TableState, event: ev.GearChanged) -> TableState:
    def change(c: Character) -> Character:
        kept = tuple(g for g in c.gear if g.name != event.name)
        gear = kept if event.gear is None else (*kept, event.gear)
        return c.model_copy(update={"gear": gear})

    return _change(state, event.character, change)


@evolves(ev.MettleChanged)
def _mettle(state: TableState, event: ev.MettleChanged) -> TableState:
    return _change(state, event.character, lambda c: c.model_copy(update={"mettle": event.mettle}))


@evolves(ev.StatusGained)
def _gained(state: TableState, event: ev.StatusGained) -> TableState:
    state = _change(state, event.character, lambda c: c.with_status(event.status, event.value))
    if not event.may_stagger:
        return state
    game = game_of(state)
    return _with(state, game.model_copy(update={"felled": (*game.felled, event.character)}))


@evolves(ev.StatusLost)
def _lost(state: TableState, event: ev.StatusLost) -> TableState:
    def change(c: Character) -> Character:
        lost = c.without_status(event.status)
        # The Aid's "stable for the time being" ends with the danger it answered.
        if event.status == "fallen" and not lost.has("staggered"):
            lost = lost.model_copy(update={"stable": False})
        return lost

    state = _change(state, event.character, change)
    game = game_of(state)
    felled = tuple(n for n in game.felled if n != event.character)
    return _with(state, game.model_copy(update={"felled": felled}))


@evolves(ev.AfflictionChanged)
def _afflicted(state: TableState, event: ev.AfflictionChanged) -> TableState:
    def change(c: Character) -> Character:
        c = c.model_copy(update={"affliction": event.affliction})
        if event.affliction is None or event.affliction.left <= 0:
            return c.model_copy(update={"affliction": None}).without_status("afflicted")
        return c.with_status("afflicted", event.affliction.left)

    return _change(state, event.character, change)


@evolves(ev.Stabilised)
def _stable(state: TableState, event: ev.Stabilised) -> TableState:
    return _change(state, event.character, lambda c: c.model_copy(update={"stable": event.stable}))


@evolves(ev.DelayChanged)
def _delay(state: TableState, event: ev.DelayChanged) -> TableState:
    return _change(
        state, event.character, lambda c: c.model_copy(update={"delayed": event.delayed})
    )


def _team_result(game: MettleState, check: CheckRecord) -> MettleState:
    team = game.team
    roller = check.roller
    if not check.team or team is None or roller not in team.members:
        return game
    team = team.model_copy(
        update={
            "results": {**team.results, roller: check.success},
            "edges": {**team.edges, roller: check.edge},
        }
    )
    return game.model_copy(update={"team": team})


@evolves(ev.CheckRolled)
def _checked(state: TableState, event: ev.CheckRolled) -> TableState:
    check = event.check
    if event.surge:
        state = _change(
            state, check.roller, lambda c: c.model_copy(update={"mettle": c.mettle - event.surge})
        )
    game = game_of(state).model_copy(
        update={"last_check": check, "checks": check.id, "window_open": True}
    )
    return _with(state, _team_result(game, check))


@evolves(ev.TwistCalled)
def _twisted(state: TableState, event: ev.TwistCalled) -> TableState:
    check = event.check
    game = game_of(state)
    # A Twist replaces the failed Check's effects (checklist D29): what an outcome changes --
    # Mettle, statuses, stable -- goes back to how it stood before them.
    for name, before in check.before.items():
        now = game.find(name)
        if now is not None:
            back = {"mettle": before.mettle, "statuses": before.statuses, "stable": before.stable}
            game = game.with_character(now.model_copy(update=back))
    felled = tuple(n for n in game.felled if n not in check.before)
    game = game.model_copy(
        update={"last_check": check, "held_hit": check.held_before, "felled": felled}
    )
    return _with(state, _team_result(game, check))


@evolves(ev.HitHeld)
def _held(state: TableState, event: ev.HitHeld) -> TableState:
    return _with(state, game_of(state).model_copy(update={"held_hit": event.hit}))


@evolves(ev.WindowClosed)
def _closed(state: TableState, _event: ev.WindowClosed) -> TableState:
    return _with(state, game_of(state).model_copy(update={"window_open": False, "felled": ()}))


@evolves(ev.InitiativeChanged)
def _initiative(state: TableState, event: ev.InitiativeChanged) -> TableState:
    return _with(state, game_of(state).model_copy(update={"initiative": event.initiative}))


@evolves(ev.SceneChanged)
def _scene(state: TableState, event: ev.SceneChanged) -> TableState:
    game = game_of(state)
    scenes = event.scene.number if event.scene is not None else game.scenes
    return _with(state, game.model_copy(update={"scene": event.scene, "scenes": scenes}))


@evolves(ev.TeamChanged)
def _team(state: TableState, event: ev.TeamChanged) -> TableState:
    return _with(state, game_of(state).model_copy(update={"team": event.team}))


@evolves(ev.VouchersChanged)
def _vouchers(state: TableState, event: ev.VouchersChanged) -> TableState:
    def change(c: Character) -> Character:
        spent = (*c.spent_vouchers, event.what) if event.what else c.spent_vouchers
        return c.model_copy(update={"vouchers": c.vouchers + event.count, "spent_vouchers": spent})

    return _change(state, event.character, change)


@evolves(ev.XpChanged)
def _xp(state: TableState, event: ev.XpChanged) -> TableState:
    def change(c: Character) -> Character:
        c = c.model_copy(update={"xp": c.xp + event.amount})
        if event.attribute is None:
            return c
        raised = ev.AttributeRated(
            character=c.name, attribute=event.attribute, value=c.rated(event.attribute) + 1
        )
        return rated_sheet(c, raised)

    return _change(state, event.character, change)
