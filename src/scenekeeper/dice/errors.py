"""The one error type of the dice package: its message says what to type instead."""


class DiceError(ValueError):
    """Bad dice input (a wrong die, faces out of range, an expression over budget)."""
