"""Small exact polynomial tools the odds engines share.

Two kinds of polynomial appear:

* **hitch polynomials** in ``z``: the coefficient of ``z**h`` counts outcomes with ``h``
  hitches. They are *packed* into one Python integer by evaluating them at ``z = 2**width``
  (Kronecker substitution): sums and products of polynomials become sums and products of
  integers, which CPython does in C. Every polynomial the engines build counts outcomes of some
  of the pool's dice, so no coefficient ever exceeds the product of the die sizes; a width with
  room for that number keeps the slots apart and every coefficient reads back exactly.
* **sum polynomials** in ``w``: plain lists, index = the sum of some faces, value = how many
  ways. They stay short (a few kept dice), so list arithmetic is fast enough.

Everything is integers: no floats anywhere in the engines.
"""

from __future__ import annotations

from collections.abc import Sequence

SumPoly = list[int]


class Packing:
    """How hitch polynomials of one pool are packed: ``z`` is ``1 << width``.

    ``Packing.collapsed()`` sets ``z = 1`` instead (width 0): every polynomial becomes the sum
    of its coefficients, which is what a question that ignores hitches needs -- same code,
    smaller numbers.
    """

    __slots__ = ("mask", "slots", "width", "z")

    def __init__(self, bound: int, slots: int) -> None:
        # Whole bytes per slot: cheap to reason about, and the bound fits with room to spare.
        self.width = 8 * (bound.bit_length() // 8 + 1)
        self.z = 1 << self.width
        self.mask = self.z - 1
        self.slots = slots

    @classmethod
    def collapsed(cls) -> Packing:
        packing = cls(0, 1)
        packing.width, packing.z, packing.mask = 0, 1, -1
        return packing

    def unpack(self, value: int) -> list[int]:
        """The coefficients of a packed polynomial, lowest power first (``slots`` of them)."""
        if not self.width:
            return [value]
        out = []
        width, mask = self.width, self.mask
        for _ in range(self.slots):
            out.append(value & mask)
            value >>= width
        if value:
            raise ArithmeticError("a packed polynomial overflowed its slots")  # a bug, not input
        return out


def convolve(left: Sequence[int], right: Sequence[int]) -> SumPoly:
    """The product of two sum polynomials (an empty list is the zero polynomial)."""
    if not left or not right:
        return []
    if len(right) == 1:
        return [right[0] * x for x in left]
    if len(left) == 1:
        return [left[0] * x for x in right]
    out = [0] * (len(left) + len(right) - 1)
    # Sum polynomials of faces start with a run of zeros (no sum below the lowest face): skip it.
    start = next((j for j, x in enumerate(right) if x), len(right))
    tail = list(enumerate(right))[start:]
    for i, x in enumerate(left):
        if x:
            for j, y in tail:
                out[i + j] += x * y
    return out


def add_into(target: SumPoly, source: Sequence[int], scale: int = 1) -> SumPoly:
    """``target + scale * source``, growing ``target`` as needed (returned for chaining)."""
    if len(target) < len(source):
        target.extend([0] * (len(source) - len(target)))
    for i, x in enumerate(source):
        if x:
            target[i] += scale * x
    return target


def times_faces(poly: Sequence[int], low: int, high: int) -> SumPoly:
    """``poly`` times one die showing ``low..high`` (each face once): a sliding window sum."""
    if not poly or high < low:
        return []
    out = [0] * (len(poly) + high)
    window = 0
    width = high - low + 1
    for i in range(low, len(out)):
        j = i - low
        if j < len(poly):
            window += poly[j]
        if j - width >= 0:
            window -= poly[j - width]
        out[i] = window
    return trim(out)


def trim(poly: SumPoly) -> SumPoly:
    """Drop trailing zeros, so an all-zero polynomial becomes the empty list."""
    end = len(poly)
    while end and not poly[end - 1]:
        end -= 1
    return poly[:end]
