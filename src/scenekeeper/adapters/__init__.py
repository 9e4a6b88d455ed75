"""Adapters: the ways people reach the app (console, Discord). They render; they never decide."""
