"""Where dice faces come from: a seeded generator (tests, scripts), a cryptographically fair
one (live play), or faces typed by a person who rolled real dice (``results:"3 7 1"``).

Every source answers one question -- "roll dice with these numbers of sides" -- and the
caller records the faces it got, so nothing downstream ever rolls again.
"""

from __future__ import annotations

import random
import re
import secrets
from collections.abc import Sequence
from typing import Protocol

from scenekeeper.dice.errors import DiceError


class DiceSource(Protocol):
    """Rolls one die per entry of ``sides`` and returns the faces in the same order."""

    def roll(self, sides: Sequence[int]) -> tuple[int, ...]: ...


class SeededDice:
    """Reproducible dice for tests and ``--seed``: its own generator, never the global one."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def roll(self, sides: Sequence[int]) -> tuple[int, ...]:
        randint = self._random.randint
        return tuple([randint(1, n) for n in sides])


class FairDice:
    """Live play: faces from the operating system's cryptographically secure generator."""

    def roll(self, sides: Sequence[int]) -> tuple[int, ...]:
        return tuple([secrets.randbelow(n) + 1 for n in sides])


_FACE_SPLIT = re.compile(r"[\s,;]+")


def parse_faces(text: str, option: str = "results") -> tuple[int, ...]:
    """Read faces typed by a person: ``"3 7 1"`` or ``"3,7,1"`` (``option`` names the option
    they were typed in, for messages)."""
    parts = [part for part in _FACE_SPLIT.split(text.strip()) if part]
    if not parts:
        raise DiceError(f'{option}: is empty; type the faces you rolled, like {option}:"3 7 1".')
    faces = []
    for part in parts:
        if not part.isdecimal():  # what int() reads ("²" is a digit, no number)
            raise DiceError(
                f"{option}: '{part}' is not a die face; type whole numbers like {option}:\"3 7 1\"."
            )
        faces.append(int(part))
    return tuple(faces)


def typed_faces(text: str, sides: Sequence[int], option: str = "results") -> tuple[int, ...]:
    """Faces a person typed for dice with ``sides``, checked for count and range."""
    return check_faces(parse_faces(text, option), sides, option=option)


def check_faces(
    faces: Sequence[int],
    sides: Sequence[int],
    subject: str | None = None,
    option: str = "results",
) -> tuple[int, ...]:
    """Check one face per die, each on the die. Messages speak of ``results:`` (what a person
    types) unless ``subject`` names what was rolled instead (an expression's text)."""
    n, m = len(faces), len(sides)
    if subject is not None and n and not m:
        raise DiceError(f"{subject} rolls no dice, so it takes no faces; leave the faces out.")
    if n != m:
        example = " ".join(str(min(size, 3)) for size in sides)  # made only for the message
        faces_text = f"{n} face{'s' if n != 1 else ''}"
        dice_text = f"{m} {'dice' if m != 1 else 'die'}"
        if subject is None:
            raise DiceError(
                f"{option}: has {faces_text} but the roll has {dice_text} "
                f"({' '.join(f'd{size}' for size in sides)}); type one face per die in order, "
                f'like {option}:"{example}".'
            )
        raise DiceError(
            f"Got {faces_text} but {subject} rolls {dice_text}; give one face per die in "
            f"order, like {example}."
        )
    for position, (face, size) in enumerate(zip(faces, sides, strict=True), start=1):
        if not 1 <= face <= size:
            prefix = f"{option}: face" if subject is None else "Face"
            raise DiceError(
                f"{prefix} {face} (number {position}) cannot come up on a d{size}; "
                f"a d{size} shows 1 to {size}."
            )
    return tuple(faces)


def roll_dice(
    source: DiceSource, sides: Sequence[int], results: str | None, option: str = "results"
) -> tuple[int, ...]:
    """Roll with ``source``, or take the faces a person typed when ``results`` is given
    (``option`` is the name of the option they typed them in)."""
    if results is not None:
        return typed_faces(results, sides, option)
    return source.roll(sides)
