"""The one error type of the odds package: its message says what to ask instead."""

from __future__ import annotations


class OddsError(ValueError):
    """A question the odds cannot answer as asked (a d7, 30 dice, keeping 0)."""
