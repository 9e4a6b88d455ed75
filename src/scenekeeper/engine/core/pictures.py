"""``/post picture``: the picture a character's posts carry (play by post).

A picture is kept in the table's own history, made small (at most ``SIDE`` pixels a side, PNG
where it has transparency, else JPEG), so it outlives any link it came from -- Discord's
attachment links expire within a day -- and travels with an export. Its name is the SHA-256
of those bytes (``<hex>.png``): the same picture always has the same name, and a name never
points at another picture. The state keeps only the name (``TableMeta.pictures``: speaker ->
name; "" is the narrator); the board server serves the bytes at ``/pictures/<name>``, and the
Discord bot gives that address to the channel's webhook with each post.

Whoever may speak as a character may set its picture (``say.speaker``): its player, and for a
GM any GM character or the narrator.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import io
import re
import warnings
from dataclasses import dataclass
from typing import Annotated, ClassVar

from scenekeeper.engine.commands import Attachment, CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.core.say import speaker
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.evolve import evolves
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.state import Person, TableState

commands = CommandSet()
#: The longest side of a kept picture, in pixels (Discord shows avatars at up to 128).
SIDE = 256
#: The largest picture file taken (before it is made small).
MOST_BYTES = 8 * 1024 * 1024
#: The most pixels a picture may have (a small file that unpacks to a huge image is refused).
MOST_PIXELS = 40_000_000
#: A picture's name: the SHA-256 of its bytes and its kind.
NAME = re.compile(r"[0-9a-f]{64}\.(png|jpg)")
KINDS = {"png": "image/png", "jpg": "image/jpeg"}


class PictureSet(Event):
    """``speaker``'s posts carry the picture ``picture`` (its bytes, base64, in ``data``), or
    none (both empty)."""

    type_name: ClassVar[str] = "table.picture_set@1"
    speaker: str
    picture: str
    data: str

    def describe(self) -> str:
        who = self.speaker or "the narrator"
        return f"{who}'s posts carry a new picture" if self.picture else f"{who}: no picture"

    def content(self) -> bytes:
        """The picture's bytes (checked against its name: a tampered file is refused)."""
        try:
            content = base64.b64decode(self.data, validate=True)
        except binascii.Error:
            raise ValueError("a picture's data is not base64") from None
        if name_of(content, self.picture.rpartition(".")[2]) != self.picture:
            raise ValueError(f"picture {self.picture} does not hold the bytes it names")
        return content


@evolves(PictureSet)
def _picture_set(state: TableState, event: PictureSet) -> TableState:
    if event.picture:
        event.content()  # a history whose picture does not match its name is refused
    pictures = {k: v for k, v in state.meta.pictures.items() if k != event.speaker}
    if event.picture:
        pictures[event.speaker] = event.picture
    return state.replace(meta=state.meta.model_copy(update={"pictures": pictures}))


def name_of(content: bytes, kind: str) -> str:
    return f"{hashlib.sha256(content).hexdigest()}.{kind}"


@dataclass(frozen=True)
class Picture:
    image: Annotated[
        Attachment | None, Opt("a PNG, JPEG, GIF or WebP picture (made small: 256 pixels)")
    ] = None
    character: Annotated[str | None, Opt("whose picture: one of yours (GMs: a GM character)")] = (
        None
    )
    narrator: Annotated[bool, Opt("GMs: the narrator's picture")] = False
    clear: Annotated[bool, Opt("take the picture away")] = False


@commands.command(
    "post picture",
    help="The picture your character's posts (/say) carry: its player sets it, a GM for a GM "
    "character or the narrator. Kept with the table (a link that expires is no matter).",
    summary="The picture your character's posts (/say) carry.",
    permission=Permission.PLAYER,
    examples=("/post picture image:ada.png", "/post picture character:Ada clear:true"),
)
def set_picture(ctx: Context, args: Picture) -> Decision:
    state = ctx.require_state()
    who = speaker(state, ctx.actor.id, args.character, args.narrator)
    shown = who or "The narrator"
    if args.clear == (args.image is not None):
        raise Refusal(
            "Give image: (a picture file) to set the picture, or clear:true to take it away.",
            public=True,
        )
    if args.image is None:
        if who not in state.meta.pictures:
            raise Refusal(f"{shown}'s posts carry no picture to take away.", public=True)
        return Decision(
            events=(PictureSet(speaker=who, picture="", data=""),),
            reply=Reply.say(f"{shown}'s posts carry no picture from now on."),
        )
    content, kind, size = small(args.image)
    picture = name_of(content, kind)
    if state.meta.pictures.get(who) == picture:
        raise Refusal(f"{shown}'s posts carry that picture already.", public=True)
    data = base64.b64encode(content).decode("ascii")
    return Decision(
        events=(PictureSet(speaker=who, picture=picture, data=data),),
        reply=Reply.say(
            f"{shown}'s posts carry this picture from now on ({kind.upper()}, "
            f"{size[0]}x{size[1]}, {max(1, len(content) // 1024)} KB).",
            data={"speaker": who, "picture": picture},
        ),
    )


def check_recorded(
    state: TableState, actor: Person, _command: str, events: tuple[Event, ...]
) -> None:
    """A recorded ``/post picture`` (an import cannot decide it again: the file it was made
    from is not kept, only the picture made of it): one ``PictureSet`` for a speaker ``actor``
    may speak as, holding a picture as this command makes one, or none."""
    if len(events) != 1 or not isinstance(events[0], PictureSet):
        raise Refusal("/post picture sets one picture")
    event = events[0]
    who = speaker(state, actor.id, event.speaker or None, narrator=not event.speaker)
    if who != event.speaker:
        raise Refusal(f"/post picture names {event.speaker}, who is {who or 'the narrator'}")
    if not event.picture:
        if event.data or who not in state.meta.pictures:
            raise Refusal("/post picture takes away a picture the speaker did not have")
        return
    try:
        content = event.content()
    except ValueError as error:
        raise Refusal(str(error)) from None
    from PIL import Image, UnidentifiedImageError  # noqa: PLC0415 (as in small())

    kind = "PNG" if event.picture.endswith(".png") else "JPEG"
    try:
        image = Image.open(io.BytesIO(content), formats=(kind,))
    except (UnidentifiedImageError, OSError, ValueError):
        raise Refusal(f"picture {event.picture} is not a {kind} picture") from None
    if max(image.size) > SIDE:
        raise Refusal(f"picture {event.picture} is bigger than this command makes one")


def small(file: Attachment) -> tuple[bytes, str, tuple[int, int]]:
    """The picture made small (its bytes, "png" or "jpg", its size), or a refusal saying why
    the file is no picture this takes."""
    # Pillow (which matplotlib brings) is read only by this command: not at every start.
    from PIL import Image, ImageOps, UnidentifiedImageError  # noqa: PLC0415

    if len(file.content) > MOST_BYTES:
        raise Refusal(
            f"{file.name} is {len(file.content) // (1024 * 1024)} MB; pictures up to "
            f"{MOST_BYTES // (1024 * 1024)} MB are taken.",
            public=True,
        )
    refused = Refusal(
        f"{file.name} is not a picture this takes: give a PNG, JPEG, GIF or WebP file.",
        public=True,
    )
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            opened = Image.open(io.BytesIO(file.content), formats=("PNG", "JPEG", "GIF", "WEBP"))
            if opened.width * opened.height > MOST_PIXELS:
                raise refused
            opened.seek(0)  # an animated picture: its first frame
            image = ImageOps.exif_transpose(opened)
            image.thumbnail((SIDE, SIDE))
    except (
        UnidentifiedImageError,
        OSError,
        ValueError,
        Image.DecompressionBombWarning,
        Image.DecompressionBombError,
    ):
        raise refused from None
    out = io.BytesIO()
    if image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info:
        kind = "png"
        image.convert("RGBA").save(out, format="PNG", optimize=True)
    else:
        kind = "jpg"
        image.convert("RGB").save(out, format="JPEG", quality=85, optimize=True)
    return out.getvalue(), kind, image.size
