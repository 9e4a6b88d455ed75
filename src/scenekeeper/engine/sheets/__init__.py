"""One sheet module for every game: a game declares its sheet (``SheetSchema``), the shell
makes, finds, shows, deletes and imports characters for it and keeps owners' rights.

- ``schema``: what a game declares (its sheet model, its events, what only a GM sets, hooks);
- ``finding``: the character a command means (by name, or the one the actor plays);
- ``making``: the checks and the claim every ``/char new`` shares;
- ``rights``: what a player's sheet file may set, and the check of a recorded import;
- ``files``: reading a sheet file (size, sheets in it, names, keys), the game reading each key;
- ``commands``: ``/char show``, ``/char delete`` and ``/char import`` for every game.
"""
