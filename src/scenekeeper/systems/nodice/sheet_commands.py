"""``/char new|set|show`` at a NoDice table: the thin commands over ``sheet`` (to be declared
through the engine's sheet module once it lands)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.names import resolve
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.sheets.finding import own_character
from scenekeeper.engine.sheets.making import new_one
from scenekeeper.engine.state import Person
from scenekeeper.systems.nodice import events as ev
from scenekeeper.systems.nodice.evolve import nodice
from scenekeeper.systems.nodice.sheet import Actor, Kind, Written, problem, read_traits, sheet_line
from scenekeeper.systems.nodice.sheet_schema import frozen
from scenekeeper.systems.nodice.trine import ATTRIBUTES

commands = CommandSet(systems=frozenset({"nodice"}))
_EXAMPLE = "REA 4, KNO 5, QUI 7, AGI -, wr 1"
_TRAITS = f'AVs and wr, like "{_EXAMPLE}"'
_RANK = "GMs: the Actor's Rank (1-99), sealed: only GMs see it"
#: The mod that gives NPCs Wildcards (conflict_commands declares it).
NPC_WILDCARDS = "npc-wildcards"


@dataclass(frozen=True)
class NewActor:
    name: Annotated[str, Opt("the character's name", max_length=60)]
    owner: Annotated[Person | None, Opt("who plays it (GMs only; default: you)")] = None
    gmc: Annotated[bool, Opt("true for a GM character (the GM plays it)")] = False
    traits: Annotated[str | None, Opt(_TRAITS)] = None
    rank: Annotated[int | None, Opt(_RANK, min_value=1, max_value=99, secret=True)] = None


@commands.command(
    "char new",
    help="Make an Actor: a PC (yours) or, for GMs, an NPC (gmc:true); AVs start at 0.",
    permission=Permission.PLAYER,
    examples=('/char new name:Ada traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2 PRE 2 INT 2"',),
)
def new_actor(ctx: Context, args: NewActor) -> Decision:
    state = ctx.require_state()
    meta, game = state.meta, nodice(state)
    one = new_one(ctx, game, args.name, gmc=args.gmc, owner=args.owner, gmc_word="NPCs")
    # A GM's new Actor with no player is the GM's: an NPC.
    kind: Kind = "gmc" if args.gmc or one.owner is None else "pc"
    events: list[Event] = [ev.ActorMade(name=one.name, kind=kind)]
    claim, played = one.claimed(ctx)
    events.extend(claim)
    said = [f"{'NPC' if kind == 'gmc' else 'Character'} {one.name} is ready{played}."]
    actor = Actor(name=one.name, kind=kind)
    private: tuple[str, ...] = ()
    if args.traits or args.rank is not None:
        _gm_rank(ctx, args.rank)
        wild = meta.mods.get(NPC_WILDCARDS, False)
        written = _written(args.traits or "", args.rank, actor, wild, "traits")
        actor, more, private = _write(actor, written)
        events.extend(more)
        said.append(f"{one.name}: {sheet_line(actor.avs)}")
    else:
        said.append(f'Write the sheet with /char set character:"{one.name}" trait:"{_EXAMPLE}".')
    return Decision(events=tuple(events), reply=Reply(text=tuple(said), private=private))


def _gm_rank(ctx: Context, rank: int | None) -> None:
    """R22: a Rank is the GM's to set (and to know)."""
    if rank is not None and not ctx.require_state().meta.is_gm(ctx.actor.id):
        raise Refusal("Only a GM sets a Rank; leave out rank:.")


def _written(
    text: str, rank: int | None, actor: Actor, npc_wildcards: bool, option: str
) -> Written:
    try:
        written = read_traits(text) if text.strip() else {}
    except ValueError as error:
        raise Refusal(f"{option}: {error}.") from None
    if rank is not None:
        written["rank"] = rank
    wrong = problem(written)
    if wrong is not None:
        raise Refusal(f"{option}: {wrong}.")
    if (written.get("wr") or 0) > 0 and actor.kind == "gmc" and not npc_wildcards:
        raise Refusal(
            "NPCs have WR 0 (Wildcards are for PCs); a GM may switch on npc-wildcards with /mods."
        )
    return written


def _write(actor: Actor, written: Written) -> tuple[Actor, list[Event], tuple[str, ...]]:
    """The events writing ``written``; a Rank goes in a sealed event and the private reply."""
    events: list[Event] = []
    values = {k: v for k, v in written.items() if k in ATTRIBUTES or k == "wr"}
    avs = {**actor.avs, **{k: v for k, v in values.items() if k in ATTRIBUTES}}
    update: dict[str, object] = {"avs": avs}
    if values:
        events.append(ev.SheetWritten(character=actor.name, values=values))
    if "wr" in values:
        update["wr"] = values["wr"]
    private: tuple[str, ...] = ()
    rank = written.get("rank")
    if rank is not None:
        events.append(ev.RankSet(character=actor.name, rank=rank))
        update["rank"] = rank
        private = (f"{actor.name}'s Rank is {rank} (GMs only).",)
    return actor.model_copy(update=update), events, private


@dataclass(frozen=True)
class SetSheet:
    # The first option is what is rated, trait: as at every table (docs/architecture.md,
    # Sheets): one Attribute or several. It was traits: (engine.renamed keeps that working).
    trait: Annotated[str | None, Opt(_TRAITS)] = None
    rank: Annotated[int | None, Opt(_RANK, min_value=1, max_value=99, secret=True)] = None
    character: Annotated[str | None, Opt("whose sheet (default: the Actor you play)")] = None


@commands.command(
    "char set",
    help="Write AVs (- for an Attribute the Actor lacks), Rank (GMs only) and WR.",
    permission=Permission.OWNER,
    examples=(
        '/char set "AGI -, wr 1"',
        '/char set character:Ada trait:"AGI -, wr 1"',
        "/char set character:Brute rank:12",
    ),
)
def set_sheet(ctx: Context, args: SetSheet) -> Decision:
    state = ctx.require_state()
    game = nodice(state)
    actor = own_character(ctx, game, args.character)
    if why := frozen(game, actor.name):
        raise Refusal(why)
    if args.trait is None and args.rank is None:
        raise Refusal('Give trait:"REA 4, AGI -, wr 1", rank:<n>, or both.')
    _gm_rank(ctx, args.rank)
    written = _written(
        args.trait or "", args.rank, actor, state.meta.mods.get(NPC_WILDCARDS, False), "trait"
    )
    actor, events, private = _write(actor, written)
    text = (f"{actor.name}: {sheet_line(actor.avs)}" + (f" WR {actor.wr}." if actor.wr else ""),)
    return Decision(
        events=tuple(events),
        reply=Reply(
            text=text
            if any(k != "rank" for k in written)
            else (f"{actor.name}'s sheet is written.",),
            private=private,
        ),
    )


@dataclass(frozen=True)
class ShowSheet:
    character: Annotated[str | None, Opt("whose sheet (default: the character you play)")] = None


@commands.command(
    "char show",
    help="Show a character's sheet and state.",
    permission=Permission.ANYONE,
)
def show_sheet(ctx: Context, args: ShowSheet) -> Decision:
    state = ctx.require_state()
    game, meta = nodice(state), state.meta
    name = args.character
    if name is None:
        mine = [n for n in game.characters if meta.owner_of(n) == ctx.actor.id]
        if len(mine) != 1:
            raise Refusal("Say whose: /char show character:<name>.")
        name = mine[0]
    actor = game.find_character(resolve(game.characters, name, "Actor") or name)
    if actor is None:
        raise Refusal(
            f"There is no Actor called {name} (Actors: {', '.join(game.characters) or 'none'})."
        )
    owner = meta.owner_of(actor.name)
    who = f"played by {meta.name_of(owner)}" if owner else "an NPC"
    lines = (f"{actor.name}, {who}.", sheet_line(actor.avs), f"WR {actor.wr}.")
    # R22: a Rank is GM-only, a PC's too: the Stakes are announced without revealing it.
    private = (f"Rank {actor.rank}.",) if meta.is_gm(ctx.actor.id) else ()
    return Decision(
        reply=Reply(
            text=lines, private=private, data={"name": actor.name, "avs": actor.avs, "wr": actor.wr}
        )
    )
