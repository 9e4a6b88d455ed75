"""The application layer: ``App.handle`` runs every command the same way for every adapter."""

from scenekeeper.app.handle import App
from scenekeeper.app.outcome import Outcome

__all__ = ["App", "Outcome"]
