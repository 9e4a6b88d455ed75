"""The state of a Cortex scene: its type, the action order, a timed test, a gang, assists,
the action waiting for its reaction and the last exchange. Kept on ``CortexState.scene``
(``systems.cortex.state``, which names them too)."""

from __future__ import annotations

from typing import Literal

from scenekeeper.engine.fields import DieField
from scenekeeper.engine.turns import TurnOrder
from scenekeeper.systems.cortex.sheets.sheet import Model


class Exchange(Model):
    """An action and the reaction to it (gaps 1.4), decided on their readings: the reaction
    wins when its total exceeds the action's. Kept until the next action, so after-roll spends
    on the reaction decide it again."""

    actor: str
    reactor: str
    action_id: int
    reaction_id: int
    #: The reactor paid to use the winning reaction's effect die (reaction-effect).
    countered: bool = False


SceneType = Literal["opening", "action", "bridge", "exploration", "flashback", "tag"]


class TimedTest(Model):
    """Cortex p.101-103: a countdown of beats across several tests."""

    character: str
    difficulties: tuple[str, ...]
    beats_left: int
    #: The starting budget: buying time regains lost beats, never more than it (None: tables
    #: from before the budget was kept).
    budget: int | None = None
    tests_done: int = 0
    consequence: str = ""
    #: PCs who failed to buy time and cannot help again.
    barred: tuple[str, ...] = ()
    #: Only one attempt to buy time between beats of the test.
    bought_this_beat: bool = False
    #: The newest stage's roll and the beats it cost: after-roll spends on it decide again.
    stage_roll: int | None = None
    stage_cost: int = 0
    #: The newest attempt to buy time: (helper, roll id, beats gained; -1 failed and barred).
    buy: tuple[str, int, int] | None = None

    @property
    def tests_total(self) -> int:
        return len(self.difficulties)

    @property
    def finished(self) -> bool:
        """Every test done, or time ran out before the end (Cortex p.103)."""
        return self.tests_done >= self.tests_total or self.beats_left <= 0


class Gang(Model):
    """Cortex p.100: a lead opponent and one supporting die per extra opponent."""

    lead: str
    support: tuple[tuple[str, DieField], ...] = ()


class Assist(Model):
    """Cortex p.100: a PC hands one die to the PC leading the action (at their own risk)."""

    helper: str
    to: str
    die: DieField
    source: str


class Scene(Model):
    type: SceneType
    name: str
    high_stakes: bool = False
    #: Stress has stepped down for this scene's rest (once a scene: a bridge scene, /stress rest).
    rested: bool = False
    #: Beats: one per action or test a character attempts (Cortex p.88).
    beat: int = 0
    action_order: TurnOrder | None = None
    timed_test: TimedTest | None = None
    gang: Gang | None = None
    assists: tuple[Assist, ...] = ()
    dramatic_lead: str | None = None
    #: Rolls made to go first in dramatic order: (character, roll id).
    drama_rolls: tuple[tuple[str, int], ...] = ()
    #: Taking Initiative: rolls made for the action order (character, roll id).
    initiative_rolls: tuple[tuple[str, int], ...] = ()
    #: Dice added to the doom pool as generic opposition in this scene (Scions: d6 d6 unless
    #: the GM sets them); None: the game's own.
    doom_dice: tuple[DieField, ...] | None = None
    #: An action waiting for its reaction: (actor, target, roll id).
    pending_action: tuple[str, str, int] | None = None
    #: A reaction that won and may still use its effect die (reaction-effect):
    #: (reactor, actor, reaction roll id, action roll id). Tables from before ``exchange``.
    winning_reaction: tuple[str, str, int, int] | None = None
    #: The newest action and its reaction, decided on their readings until the next action.
    exchange: Exchange | None = None
    #: Who has taken their action on this turn of the action order (one action a turn).
    turn_action: str | None = None
