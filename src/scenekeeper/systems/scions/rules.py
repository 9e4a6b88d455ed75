"""How Scions sets up the Cortex engine (gaps-and-defaults section 2, and the hack's text)."""

from __future__ import annotations

import dataclasses

from scenekeeper.dice import Die
from scenekeeper.engine.systems import Mod
from scenekeeper.systems.cortex import MODS as CORTEX_MODS
from scenekeeper.systems.cortex.state import CortexRules, CortexState

#: "one trait from each category: an attribute, an ability (skill), an aspect, a birthright,
#: a boon/knack, a virtue" (scene aspects are the scene's assets; stress comes in on its own).
TRAIT_SETS = ("Attributes", "Abilities", "Aspects", "Birthrights", "Boons", "Virtues")
#: "Stress comes in 3 flavours: physical, mental, emotional."
STRESS_TYPES = ("Physical", "Mental", "Emotional")

RULES = CortexRules(
    start_points=4,  # "You start with 4 points of Legend"
    extra_trait_cost=2,  # "pay a couple of legend points" (1 with the cheap-extra-traits mod)
    hinder_set="Aspects",  # "You earn Legend points from using your aspects at d4"
    doom_start=(Die.D6, Die.D6),  # "It starts at 2d6 by default, but can be as much as 4d10"
    doom_from_hitches="d6-then-step-up",  # "add a d6 ... step up dice ... for additional 1's"
    trauma_recovery="simple",  # effect higher: step back; lower: stable; failure: step up
    stressed_out_scene_end="clear-stress",  # "loose all of their stress at the end of the scene"
    loser_earns_by_stress=True,  # "d8 stress, two points for d10 and three points for d12"
    stress_or_trauma=True,  # "they can't add both ... without spending legend/doom points"
    interrupt_min=Die.D6,  # "interrupt initiative (basic cost of d6 ...)"
    doom_scene_dice=(Die.D6, Die.D6),  # "add in a couple of dice for the scene"
    d12_rewards=True,  # "Every time the watcher spends a d12 ... a plot point or an XP"
    pull_punches=True,  # "d6 trauma (unless your enemy chooses to pull their punches)"
    effect_asset_duration="beat",  # aspects "go away" once used, unless made persistent
    doom_resets="act",  # "The doom pool resets between acts"
    session_refresh=False,  # gaps 2: no automatic refresh of legend points
    gmc_reaction_cost="doom",  # "spend a doom die of any size to keep an effect die on a reaction"
    doom_boosts=True,  # "The doom pool can also be used to count additional dice towards the total"
)

_ON = {"stress", "trauma", "pushing-stress", "doom-pool", "hitches-to-doom-pool", "reaction-effect"}
_SCIONS_ONLY = (
    Mod(
        "cheap-extra-traits",
        "A second trait from the same category costs 1 legend point instead of 2 (the GM finds "
        "the justification very good).",
    ),
    Mod(
        "stress-for-trauma",
        "House rule: at any time trade stress of d8 or more for trauma two steps lower (at "
        "least d6), earning 1 legend point (/stress exchange).",
        default=True,
    ),
)
#: Where the hack runs a Cortex mod its own way, the mod says so at a Scions table.
_SCIONS_WORDS = {
    "doom-pool": "The GM's doom pool: it starts at d6 d6 (up to 4d10, /doom reset) and resets "
    "with each act (/scene act); vs:doom rolls it with two scene dice; its dice buy trouble, "
    "extra GM dice, interrupts and scene distinctions (/doom).",
    "hitches-to-doom-pool": "A player's 1s feed the doom pool: the first adds a d6, each more "
    "steps a doom die up, and the player earns 1 legend point.",
    "reaction-effect": "A winning reaction may use its effect die: 1 legend point for a PC, a "
    "doom die of any size for the GM (/counter).",
}
#: Cortex's mods with Scions' defaults, then the hack's own.
MODS = (
    *(
        dataclasses.replace(m, default=m.name in _ON, help=_SCIONS_WORDS.get(m.name, m.help))
        for m in CORTEX_MODS
    ),
    *_SCIONS_ONLY,
)


def new_state() -> CortexState:
    return CortexState(
        rules=RULES,
        trait_sets=TRAIT_SETS,
        stress_types=STRESS_TYPES,
        doom_pool=RULES.doom_start,
    )
