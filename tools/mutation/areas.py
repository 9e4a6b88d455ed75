"""Which source files make up each area a table depends on, and the score each must keep.

An area is named by what a table would feel if it broke (the sheet rules, secrets, the board
page, ...); its files are globs under ``src/``. ``make mutants AREA=<name>`` mutates them;
``make mutants BASE=<commit>`` mutates whatever changed since the commit, and reports each file
against the bar of the area it belongs to (or no bar, for a file in no area).
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass

#: The share of a module's mutants that must be caught or explained (issue 31): a module a
#: table depends on (rules, secrets, rights, store, controls) stays at or above it.
BAR = 0.90


@dataclass(frozen=True)
class Area:
    name: str
    what: str
    globs: tuple[str, ...]

    def holds(self, path: str) -> bool:
        return any(fnmatch.fnmatch(path, glob) for glob in self.globs)


AREAS: tuple[Area, ...] = (
    Area(
        "sheets",
        "the shared sheet module: who may make, import and rate what",
        ("src/scenekeeper/engine/sheets/*.py",),
    ),
    Area(
        "secrets",
        "what is hidden, from whom, when a line is refused",
        (
            "src/scenekeeper/engine/secrets.py",
            "src/scenekeeper/engine/withheld.py",
            "src/scenekeeper/engine/reply.py",
            "src/scenekeeper/adapters/console/render.py",
            "src/scenekeeper/adapters/console/session.py",
            "src/scenekeeper/adapters/console/repl.py",
            "src/scenekeeper/adapters/discord/send.py",
        ),
    ),
    Area(
        "board",
        "the board page: what it lists, what it escapes",
        ("src/scenekeeper/adapters/web/*.py",),
    ),
    Area(
        "controls",
        "Discord controls: which button belongs to which game instance, threads",
        (
            "src/scenekeeper/engine/controls.py",
            "src/scenekeeper/engine/offered.py",
            "src/scenekeeper/adapters/discord/controls.py",
            "src/scenekeeper/adapters/discord/ids.py",
            "src/scenekeeper/adapters/discord/options.py",
        ),
    ),
    Area(
        "group-commit",
        "the store's group commit",
        ("src/scenekeeper/store/group.py", "src/scenekeeper/store/sqlite_append.py"),
    ),
    Area(
        "nodice",
        "NoDice: cards, sealed bids, the pot, damage",
        ("src/scenekeeper/systems/nodice/*.py",),
    ),
    Area(
        "undo",
        "the undo window: undo, redo and what a table keeps to do them",
        (
            "src/scenekeeper/engine/aggregate.py",
            "src/scenekeeper/engine/core/undo.py",
            "src/scenekeeper/app/recent.py",
        ),
    ),
    Area(
        "by-post",
        "play by post: whose turn, reminders, posts as characters",
        (
            "src/scenekeeper/engine/waits.py",
            "src/scenekeeper/engine/pace.py",
            "src/scenekeeper/engine/core/by_post.py",
            "src/scenekeeper/engine/core/recap.py",
            "src/scenekeeper/engine/core/say.py",
            "src/scenekeeper/engine/core/pictures.py",
            "src/scenekeeper/app/told.py",
            "src/scenekeeper/app/clock.py",
            "src/scenekeeper/app/reminders.py",
            "src/scenekeeper/app/pictures.py",
            "src/scenekeeper/adapters/web/posts.py",
            "src/scenekeeper/adapters/discord/mentions.py",
            "src/scenekeeper/adapters/discord/reminding.py",
            "src/scenekeeper/adapters/discord/posting.py",
            "src/scenekeeper/adapters/discord/post_forms.py",
        ),
    ),
)

BY_NAME = {area.name: area for area in AREAS}


def area_of(path: str) -> Area | None:
    """The area a source file (``src/...``) belongs to, if any."""
    return next((area for area in AREAS if area.holds(path)), None)
