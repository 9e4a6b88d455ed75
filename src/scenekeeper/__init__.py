"""Scenekeeper: runs tabletop RPG scenes by each game's rules, in Discord and at a terminal."""

__version__ = "0.2.0"
