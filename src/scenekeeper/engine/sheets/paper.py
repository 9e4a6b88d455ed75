"""A sheet as a person reads it on paper: what is rated, then what is not yet, in one line,
rather than a row of blanks or zeros (``/char show`` in every game)."""

from __future__ import annotations

from collections.abc import Sequence


def not_yet_rated(names: Sequence[str], note: str = "") -> list[str]:
    """The one line naming what is still blank on the sheet (none when all is rated)."""
    if not names:
        return []
    return [f"Not yet rated: {', '.join(names)}{f' ({note})' if note else ''}."]
