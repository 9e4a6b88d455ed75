"""The console adapter: ``scenekeeper play`` (a REPL, or a script of command lines)."""

from scenekeeper.adapters.console.session import ConsoleSession

__all__ = ["ConsoleSession"]
