"""``/say``: speaking as your character (play by post), with rolls inline.

A post is said as a character -- the player's own, or for a GM any GM character or the
narrator -- and kept in the table's history in order with the rolls (``Said``); its number is
the seq of its command, so it names that post for good. ``[[...]]`` in the text is a roll made
by the game's own rules (``GameSystem.inline_roll``: Cortex's ``[[Agility Sneaking]]`` is
``/roll pool:"Agility Sneaking"``, Cybergod's ``[[Hacking x Cyber vs:hard]]`` a ``/test``,
any table's ``[[3d6]]`` at a dice-only table a ``/roll dice:``): each is decided as that command
by the same person, in the same command as the post, so an undo takes back the post and its
rolls together. The author (or a GM) may edit or delete a post; the record follows.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Annotated, ClassVar

from scenekeeper.engine.aggregate import Table, evolve
from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Envelope, Event
from scenekeeper.engine.evolve import evolves
from scenekeeper.engine.names import resolve
from scenekeeper.engine.parse import parse_line
from scenekeeper.engine.quoting import option
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.roles import authorise
from scenekeeper.engine.secrets import is_secret
from scenekeeper.engine.state import TableState
from scenekeeper.engine.systems import get_system

commands = CommandSet()
INLINE = re.compile(r"\[\[(.+?)\]\]")
#: The most rolls one post makes.
MOST_ROLLS = 5
#: How many of a table's newest posts may still be edited or deleted.
KEPT_POSTS = 200
NARRATOR = "the narrator"


class Said(Event):
    """A post said as ``speaker`` ("" for the narrator) by the person ``by``; ``post`` is the
    seq of its command."""

    type_name: ClassVar[str] = "table.said@1"
    post: int
    speaker: str
    by: str
    text: str

    def describe(self) -> str:
        return f"{self.speaker or NARRATOR} says: {self.text}"


class PostEdited(Event):
    type_name: ClassVar[str] = "table.post_edited@1"
    post: int
    text: str

    def describe(self) -> str:
        return f"post #{self.post} now says: {self.text}"


class PostDeleted(Event):
    type_name: ClassVar[str] = "table.post_deleted@1"
    post: int

    def describe(self) -> str:
        return f"post #{self.post} deleted"


@evolves(Said)
def _said(state: TableState, event: Said) -> TableState:
    # The words are in the history; the state keeps who may still change the newest posts.
    rolls = " ".join(INLINE.findall(event.text))
    posts = {**state.meta.posts, event.post: (event.by, event.speaker, rolls)}
    if len(posts) > KEPT_POSTS:
        posts = dict(sorted(posts.items())[-KEPT_POSTS:])
    return state.replace(meta=state.meta.model_copy(update={"posts": posts}))


@evolves(PostEdited)
def _edited(state: TableState, _event: PostEdited) -> TableState:
    return state


@evolves(PostDeleted)
def _deleted(state: TableState, event: PostDeleted) -> TableState:
    posts = {k: v for k, v in state.meta.posts.items() if k != event.post}
    return state.replace(meta=state.meta.model_copy(update={"posts": posts}))


@dataclass(frozen=True)
class Say:
    text: Annotated[
        str | None,
        Opt(
            "what is said; [[...]] rolls by the rules (on Discord: leave it out to write in a "
            "form)",
            max_length=1800,
        ),
    ] = None
    character: Annotated[str | None, Opt("who speaks: one of yours (GMs: any GM character)")] = None
    narrator: Annotated[bool, Opt("GMs: say it as the narrator")] = False


@commands.command(
    "say",
    help="Speak as your character (play by post): the post goes to the table's history, the "
    "session log and the channel; [[...]] in it rolls by the game's rules (Cortex "
    "[[Agility Sneaking]], Cybergod [[Hacking x Cyber vs:hard]], METTLE [[poise vs:3]], dice "
    "[[3d6]]). GMs speak as any GM character or as the narrator.",
    summary="Speak as your character; [[...]] in the text rolls by the game's rules.",
    permission=Permission.PLAYER,
    examples=(
        '/say text:"I slip along the crates. [[Agility Sneaking]]"',
        '/say text:"Nobody moves." narrator:true',
    ),
)
def say(ctx: Context, args: Say) -> Decision:
    state = ctx.require_state()
    who = speaker(state, ctx.actor.id, args.character, args.narrator)
    text = (args.text or "").strip()
    if not text:
        raise Refusal('Say something: /say text:"..."', public=True)
    post = ctx.table.seq + 1
    said = Said(post=post, speaker=who, by=ctx.actor.id, text=text)
    events: list[Event] = [said]
    lines = [f"{who or 'Narrator'} (post #{post}): {text}"]
    rolls = INLINE.findall(text)
    if len(rolls) > MOST_ROLLS:
        raise Refusal(f"A post makes at most {MOST_ROLLS} rolls ([[...]]).", public=True)
    table = evolve(ctx.table, _envelope(ctx, said, post, post))
    for written in rolls:
        decision = _roll(dataclasses.replace(ctx, table=table), state, written)
        for event in decision.events:
            table = evolve(table, _envelope(ctx, event, table.seq + 1, post))
        events += decision.events
        lines += [f"[[{written}]] {decision.reply.text[0]}", *decision.reply.text[1:]]
    return Decision(
        events=tuple(events),
        reply=Reply.say(
            *lines,
            data={
                "post": post,
                "speaker": who,
                "text": text,
                "picture": state.meta.pictures.get(who, ""),
            },
        ),
    )


def speaker(state: TableState, me: str, character: str | None, narrator: bool) -> str:
    """Who the actor speaks as: ``character`` (one of theirs; for a GM any GM character), the
    narrator ("", GMs only), or by default their one character (a GM: the narrator)."""
    meta = state.meta
    gm = meta.is_gm(me)
    if narrator:
        if not gm:
            raise Refusal("Only a GM speaks as the narrator; leave out narrator:.", public=True)
        if character is not None:
            raise Refusal("Give character: or narrator:true, not both.", public=True)
        return ""
    mine = [c for c, owner in meta.owners.items() if owner == me]
    sheet = get_system(meta.system).sheet
    if character is None:
        if len(mine) == 1:
            return mine[0]
        if gm:
            return ""
        if not mine and sheet is None:
            return meta.name_of(me)  # a game without sheets: the player speaks as themselves
        if not mine:
            raise Refusal(
                "You play no character here yet: /game claim one (or /char new), then /say.",
                public=True,
            )
        choices = "|".join(mine)
        raise Refusal(f"Say who speaks: character:<{choices}>.", public=True)
    if gm:
        if sheet is None:
            return character.strip()  # a game without sheets: any name
        everyone = [*meta.owners, *sheet.roster_of(state.game).characters]
        found = resolve(dict.fromkeys(everyone), character)
        owner = meta.owner_of(found) if found is not None else None
        if found is not None and (owner is None or owner == me or _gm_character(state, found)):
            return found
        raise Refusal(
            f"A GM speaks as a GM character or the narrator, not as {character}.",
            public=True,
        )
    found = resolve(mine, character)
    if found is None:
        raise Refusal(
            f"You speak as your own character ({', '.join(mine) or 'none yet'}).", public=True
        )
    return found


def post_text(table: Table, post: int) -> str | None:
    """What post ``post`` says now (its newest edit), if it is in the table's undo window."""
    text = None
    for record in table.window:
        for event in record.events:
            if isinstance(event, Said | PostEdited) and event.post == post:
                text = event.text
    return text


def _gm_character(state: TableState, name: str) -> bool:
    sheet = get_system(state.meta.system).sheet
    if sheet is None:
        return False
    who = sheet.roster_of(state.game).find_character(name)
    return who is not None and getattr(who, "kind", "pc") != "pc"


def _roll(ctx: Context, state: TableState, written: str) -> Decision:
    """One ``[[...]]``: the pool (the words before any ``name:value``) and its options, decided
    as the game's inline roll command by the same person."""
    template = get_system(state.meta.system).inline_roll
    if not template:
        raise Refusal(
            f"A {state.meta.system} table rolls no dice: leave [[...]] out of the post.",
            public=True,
        )
    words = written.split()
    pool = " ".join(w for w in words if ":" not in w)
    rest = " ".join(w for w in words if ":" in w)
    name, _, first = template.partition(" ")
    line = f"/{name} {option(first.rstrip(':'), pool)} {rest}".strip()
    try:
        invocation = parse_line(line, ctx.registry, state.meta.system)
        authorise(ctx.table.state, ctx.actor, invocation.spec, invocation.args)
    except Refusal as refusal:
        raise Refusal(f"[[{written}]]: {refusal}", public=True) from None
    if is_secret(invocation.spec, invocation.args):
        raise Refusal(
            f"[[{written}]]: a post is public; roll a secret with its own command.", public=True
        )
    return invocation.spec.handler(ctx, invocation.args)


def _envelope(ctx: Context, event: Event, seq: int, first: int) -> Envelope:
    return Envelope(
        seq=seq, event=event, actor=ctx.actor.id, time="", command_seq=first, command="/say"
    )


@dataclass(frozen=True)
class Edit:
    post: Annotated[int, Opt("the post's number (#12 in /history)", min_value=1)]
    text: Annotated[str, Opt("what it says now", max_length=1800)]


@commands.command(
    "post edit",
    help="Change what a post says (its author, or a GM); the record follows.",
    permission=Permission.PLAYER,
    examples=('/post edit post:12 text:"I slip along the crates, quiet as a cat."',),
)
def edit_post(ctx: Context, args: Edit) -> Decision:
    said = _post(ctx, args.post)
    if " ".join(INLINE.findall(args.text)) != said.text:  # the rolls it made, as written
        raise Refusal(
            "An edit rolls nothing: keep the post's [[...]] as they were (a new /say rolls).",
            public=True,
        )
    if not args.text.strip():
        raise Refusal("Give what it says now, or /post delete it.", public=True)
    return Decision(
        events=(PostEdited(post=said.post, text=args.text.strip()),),
        reply=Reply.say(
            f"Post #{said.post} ({said.speaker or 'Narrator'}) now says: {args.text}",
            data={"post": said.post, "text": args.text.strip()},
        ),
    )


@dataclass(frozen=True)
class Delete:
    post: Annotated[int, Opt("the post's number (#12 in /history)", min_value=1)]


@commands.command(
    "post delete",
    help="Delete a post (its author, or a GM): its rolls stand (/undo takes back a whole post).",
    permission=Permission.PLAYER,
    examples=("/post delete post:12",),
)
def delete_post(ctx: Context, args: Delete) -> Decision:
    said = _post(ctx, args.post)
    return Decision(
        events=(PostDeleted(post=said.post),),
        reply=Reply.say(
            f"Post #{said.post} ({said.speaker or 'Narrator'}) is deleted.",
            data={"post": said.post, "deleted": True},
        ),
    )


def _post(ctx: Context, post: int) -> Said:
    """The standing post numbered ``post`` (one of the newest ``KEPT_POSTS``) that the actor
    may change, as it was said (its words as first written)."""
    meta = ctx.require_state().meta
    kept = meta.posts.get(post)
    if kept is None:
        raise Refusal(
            f"There is no post #{post} to change here (/history lists the posts; the newest "
            f"{KEPT_POSTS} may be changed).",
            public=True,
        )
    author, speaker, rolls = kept
    if author != ctx.actor.id and not meta.is_gm(ctx.actor.id):
        raise Refusal(
            f"Post #{post} is {meta.name_of(author)}'s: only they or a GM change it.",
            public=True,
        )
    return Said(post=post, speaker=speaker, by=author, text=rolls)
