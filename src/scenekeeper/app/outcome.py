"""What ``App.handle`` answers for one command."""

from __future__ import annotations

from dataclasses import dataclass

from scenekeeper.engine.aggregate import Table
from scenekeeper.engine.commands import CommandRegistry
from scenekeeper.engine.events import Envelope
from scenekeeper.engine.parse import Invocation
from scenekeeper.engine.quick import quick_init
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.secrets import is_secret, shown
from scenekeeper.engine.waits import Mention


@quick_init
@dataclass(frozen=True)
class Outcome:
    """What happened to one command: its reply, or the one-line error, and the events stored."""

    ok: bool
    reply: Reply
    error: str | None = None
    command: str | None = None  # the command's name, e.g. "game new"
    #: The command as the table may read it back (``engine.secrets``: secret values hidden),
    #: e.g. "/game new system:generic"; the record keeps it whole.
    text: str | None = None
    events: tuple[Envelope, ...] = ()
    #: The command held a secret (``engine.secrets.is_secret``): answer it privately. On a
    #: refusal: the line may have held one, so the reason goes to whoever sent it only (G7).
    secret: bool = False
    #: A secret refusal's reason as the table may read it (``Refusal.public``), where its
    #: reason names no sealed value; None: the reason is its sender's only.
    public_error: str | None = None
    #: Whom the reply tells that the table now waits for them (``engine.waits``).
    mentions: tuple[Mention, ...] = ()

    @classmethod
    def refused(
        cls,
        message: str,
        invocation: Invocation | None = None,
        *,
        secret: bool = False,
        public: str | None = None,
    ) -> Outcome:
        return cls(
            ok=False,
            reply=Reply.say(message),
            error=message,
            command=invocation.spec.name if invocation else None,
            text=None,
            secret=secret,
            public_error=(public if secret else message),
        )


def succeeded(
    registry: CommandRegistry,
    table: Table,
    invocation: Invocation,
    reply: Reply,
    *,
    events: tuple[Envelope, ...] = (),
    mentions: tuple[Mention, ...] = (),
) -> Outcome:
    """A success of ``invocation`` as ``table`` may read it back (its secrets hidden)."""
    meta = table.state.meta if table.state is not None else None
    return Outcome(
        True,
        reply,
        None,
        invocation.spec.name,
        shown(invocation.text, registry, meta, invocation.spec),
        events,
        is_secret(invocation.spec, invocation.args),
        mentions=mentions,
    )
