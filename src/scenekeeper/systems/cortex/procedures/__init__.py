"""Procedures: contests, timed tests, ganging up, and scenes with their beats."""
