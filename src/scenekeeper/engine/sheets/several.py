"""Several ratings typed as one: ``/char set Concept 3 Frame 4``, ``/char set Reflex d10,
Hacking 2``. People type a sheet's ratings in a row, with commas or without (NoDice's lists
take both); each game's ``/char set`` rates one trait, so the row is rated one trait at a time,
each on the table as the ones before it left it, in one command (one undo).

A row is a list only when every part of it is a name followed by a rating (a die ``d10``, a
number, ``-`` for none): a name may hold a comma (the Cortex distinction ``Cold Hands, Warm
Heart``) or a word that looks like a die inside it (``Hacker d8 Elite``), and stays one name.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any, TypeVar

from scenekeeper.engine.aggregate import evolve
from scenekeeper.engine.commands import Context, Decision
from scenekeeper.engine.events import Envelope
from scenekeeper.engine.reply import Reply

#: A word that is a rating: a die (``d8``, ``D10``), a whole number, or ``-`` for none.
RATING = re.compile(r"[dD]?\d+|-")

A = TypeVar("A")


def is_rating(word: str) -> bool:
    return RATING.fullmatch(word) is not None


def rated_name(words: list[str]) -> str:
    """The name typed before a rating: ``Concept: 3`` and ``Climbing: d6`` name Concept and
    Climbing -- a colon typed between a name and its rating, as in ``name: value``, is not part
    of the name (a colon inside one stays: ``Mission: Impossible d8``)."""
    name = " ".join(words)
    return name.removesuffix(":").rstrip() or name


def rated_parts(text: str, rating: Callable[[str], bool] = is_rating) -> list[str]:
    """The traits ``text`` rates, each ``name rating``, when it is a list (two or more, each a
    name and then its rating; commas between them or not); otherwise ``[text]`` as typed (one
    trait, rated or not). ``Fighting d8 Agility d6`` -> ``Fighting d8``, ``Agility d6``."""
    parts: list[str] = []
    for item in text.split(","):
        words: list[str] = []
        for word in item.split():
            words.append(word)
            if rating(word):
                if len(words) == 1:
                    return [text]  # a rating with no name before it
                parts.append(" ".join(words))
                words = []
        if words:
            return [text]  # a name with no rating after it: one trait's name
    return parts if len(parts) > 1 else [text]


def one_by_one(
    ctx: Context, args: A, parts: list[str], rate: Callable[[Context, A], Decision]
) -> Decision:
    """``rate`` for each part (as the args' ``trait``), each seeing the table as the ones
    before it left it; one decision with every event and every line. A refusal of any part
    refuses the whole command (nothing is rated)."""
    table = ctx.table
    events: list[Any] = []
    text: list[str] = []
    private: list[str] = []
    for part in parts:
        decision = rate(dataclasses.replace(ctx, table=table), _with_trait(args, part))
        for event in decision.events:
            # Read only for its state, then thrown away: the stored envelopes are the app's.
            envelope = Envelope(
                seq=table.seq + 1,
                event=event,
                actor=ctx.actor.id,
                time="",
                command_seq=ctx.table.seq + 1,
            )
            table = evolve(table, envelope)
        events += decision.events
        text += decision.reply.text
        private += decision.reply.private
    return Decision(events=tuple(events), reply=Reply(text=tuple(text), private=tuple(private)))


def _with_trait(args: A, trait: str) -> A:
    return dataclasses.replace(args, trait=trait)  # type: ignore[type-var]
