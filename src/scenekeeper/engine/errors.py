"""Errors the engine raises on purpose. Each message is one line a person can act on."""


class Refusal(ValueError):
    """A command is refused: bad input, not permitted, or against the rules.

    The message says what was wrong and what to type instead; nothing has changed.
    """


class CorruptHistory(RuntimeError):
    """Stored events cannot be replayed (unknown type, invalid data, impossible order)."""
