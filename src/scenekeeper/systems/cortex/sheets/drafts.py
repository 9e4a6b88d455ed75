"""Players building their own characters under the GM's approval (issue 16).

With ``/char approval enabled:true`` a player's ``/char new`` makes a draft: its player writes its
traits, distinctions, SFX and signature assets (``/char set``, ``/char sfx add``,
``/char signature``) while it cannot roll or join a scene, and a GM puts it
in play with ``/char approve``. With approval off (the default) a player's character is in play
at once, as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

from scenekeeper.dice import DiceError, Die
from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.evolve import evolves
from scenekeeper.engine.quoting import option
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.state import TableState
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.sheets.sheet import Asset, Character, clean_name
from scenekeeper.systems.cortex.state import character, cortex, own_character

commands = CommandSet(systems=frozenset({"cortex"}))


class ApprovalChosen(Event):
    """Whether players' new characters wait for a GM's approval before play."""

    type_name: ClassVar[str] = "cortex.approval_chosen@1"
    on: bool

    def describe(self) -> str:
        return f"players' new characters {'wait for' if self.on else 'need no'} GM approval"


@evolves(ApprovalChosen)
def _chosen(state: TableState, event: ApprovalChosen) -> TableState:
    game = cortex(state)
    return state.replace(game=game.model_copy(update={"approve_characters": event.on}))


@dataclass(frozen=True)
class Approval:
    enabled: Annotated[
        bool, Opt("true: a player's new character is a draft until a GM approves it")
    ]


@commands.command(
    "char approval",
    help="Whether a player's new character is a draft, built by its player, until a GM "
    "approves it (/char approve).",
    summary="Whether a player's new character is a draft until a GM approves it.",
    permission=Permission.GM,
    examples=("/char approval enabled:true",),
)
def approval(ctx: Context, args: Approval) -> Decision:
    game = cortex(ctx.require_state())
    if game.approve_characters == args.enabled:
        raise Refusal(f"Approval is {'on' if args.enabled else 'off'} already.")
    said = (
        "A player's new character is now a draft until a GM approves it with /char approve."
        if args.enabled
        else "A player's new character is now in play at once."
    )
    return Decision(events=(ApprovalChosen(on=args.enabled),), reply=Reply.say(said))


@dataclass(frozen=True)
class Approve:
    character: Annotated[str, Opt("the draft to put in play")]


@commands.command(
    "char approve",
    help="Put a player's draft character in play, as its sheet stands.",
    permission=Permission.GM,
    examples=('/char approve character:"Ada Lark"',),
)
def approve(ctx: Context, args: Approve) -> Decision:
    who = character(ctx, args.character)
    if who.status != "draft":
        raise Refusal(f"{who.name} is not a draft; only a draft waits for approval.")
    return Decision(
        events=(ev.StatusChanged(character=who.name, status="active", reason="approved by a GM"),),
        reply=Reply.say(f"{who.name} is approved and in play."),
    )


def drafted(name: str) -> tuple[Event, str]:
    """The event that makes a new character a draft, and what its player is told."""
    event = ev.StatusChanged(character=name, status="draft", reason="built by its player")
    said = (
        f"{name} is a draft: write its traits, SFX and signature assets, then a GM puts it in "
        f"play with /char approve {option('character', name)}."
    )
    return event, said


def draft_of(ctx: Context, who: Character) -> bool:
    """Whether ``who`` is the acting player's own draft (its player may write all of it)."""
    meta = ctx.require_state().meta
    return who.status == "draft" and meta.owner_of(who.name) == ctx.actor.id


@dataclass(frozen=True)
class Signature:
    name: Annotated[str, Opt('the signature asset, like "Grandfather\'s Sword"', max_length=60)]
    die: Annotated[str, Opt("its die, d6 to start (Cortex p.36)")] = "d6"
    character: Annotated[str | None, Opt("whose draft (default: the character you play)")] = None


@commands.command(
    "char signature",
    help="Write a signature asset on your draft character (GMs: on any character; later a GM "
    "awards them with /asset add ... duration:signature).",
    summary="Write a signature asset on your draft character (GMs: on any character).",
    permission=Permission.OWNER,
    examples=('/char signature name:"Grandfather\'s Sword"',),
)
def signature(ctx: Context, args: Signature) -> Decision:
    who = own_character(ctx, args.character)
    if not ctx.require_state().meta.is_gm(ctx.actor.id) and not draft_of(ctx, who):
        raise Refusal(
            f"{who.name} is in play: a GM awards signature assets now (/asset add ... "
            "duration:signature); a player writes them while building a draft."
        )
    if who.find_asset(args.name) is not None:
        raise Refusal(f"{who.name} has {who.find_asset(args.name)} already.")
    try:
        die = Die.parse(args.die)
    except DiceError as error:
        raise Refusal(str(error)) from None
    asset = Asset(die=die, duration="signature")
    name = clean_name(args.name)
    return Decision(
        events=(ev.AssetSet(owner=who.name, name=name, asset=asset),),
        reply=Reply.say(f"{who.name}: signature asset {name} {die}."),
    )
