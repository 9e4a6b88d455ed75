"""Whether a person may type the faces of dice at a table, and how a reply marks typed faces
(the setting and its command: ``engine/core/typed_dice.py``)."""

from __future__ import annotations

from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.state import TableMeta

#: The options that carry typed faces: a person's own pool, and the GM's dice against them.
OWN_FACES = "results"
GM_FACES = "vs_results"


def typed_options(args: object) -> list[str]:
    """The options of a command that carry faces typed by a person."""
    return [name for name in (OWN_FACES, GM_FACES) if getattr(args, name, None) is not None]


def check_typed(meta: TableMeta, actor_id: str, args: object) -> None:
    """Refuse typed faces the table's setting does not allow this person."""
    if meta.typed_dice == "everyone":  # the default: whatever was typed, nothing to check
        return
    typed = typed_options(args)
    if not typed:
        return
    if meta.typed_dice == "none":
        raise Refusal(
            "This table takes no typed dice (the GM set /results allow:none): the bot "
            f"rolls every die. Leave out {' and '.join(f'{t}:' for t in typed)} and the bot "
            "rolls them."
        )
    if GM_FACES in typed and not meta.is_gm(actor_id):
        raise Refusal(
            "At this table only a GM types the faces of the GM's dice (the GM set /results "
            "allow:own). Leave out vs_results: and the bot rolls them; results: for your own "
            "pool is fine."
        )


def typed_note(args: object) -> str | None:
    """The line that marks a reply whose dice were typed, not rolled by the bot."""
    typed = typed_options(args)
    if not typed:
        return None
    return (
        f"Typed faces ({', '.join(f'{t}:' for t in typed)}): these dice were not rolled by the bot."
    )
