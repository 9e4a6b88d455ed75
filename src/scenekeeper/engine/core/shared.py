"""What the names several games declare in their own words say at every table.

On Discord every game's version of a name is one slash command with one description (and one
per option), seen at every table of a server: so where the versions say different things, the
description is written here, once, for every table (docs/architecture.md, "One command scheme",
rule 2). A game adding its version of a name another game has, in words of its own, adds the
name's every-table text here; ``scenekeeper discord --check`` and tests/discord/test_tree.py
say which name lacks one. None of these texts names a game or one game's concept alone.
"""

from scenekeeper.engine.commands import CommandSet

commands = CommandSet()

_WHAT_TO_BEAT = "what to beat: a difficulty, a number, dice or #roll"

commands.shared(
    "roll",
    "Roll dice: a dice expression with dice:, or a pool of traits and dice with pool:.",
    {
        "pool": 'traits, assets, complications or dice to roll, like "Fighting Agility d6"',
        "vs": _WHAT_TO_BEAT,
    },
)
commands.shared(
    "odds",
    "The exact chances of a roll before you make it: against a difficulty or an opposing roll.",
    {
        "pool": "what you would roll, as this table's game writes it: traits, dice or a number",
        "vs": _WHAT_TO_BEAT,
        "character": "whose sheet the pool reads (default: yours)",
    },
)
commands.shared(
    "opportunity",
    "Spend a point to activate a 1 the GM rolled; what it buys is the game's.",
)
commands.shared(
    "pick",
    "Choose again what a roll keeps: its total and effect die, or what its successes overcome.",
)
commands.shared(
    "char new",
    "Make a character; players make their own, GMs make GM characters and characters for others.",
    {"traits": "its traits or values, as this table's game writes them"},
)
commands.shared(
    "char set",
    "Rate something on a character's sheet: a trait, an Attribute or another value.",
    {
        "character": "whose sheet",
        "trait": "what to rate, by name",
        "die": "its rating as a die, like d8",
        "value": "its rating as a number",
        "traits": "several at once, as this table's game writes them",
    },
)
commands.shared(
    "char import",
    "Bring in whole sheets from a YAML or JSON file (new characters, or your own again).",
    {"file": "a YAML or JSON sheet, as the sheets page in docs/ for this table's game shows"},
)
commands.shared(
    "scene start",
    "Start a scene: the one running ends first (a flashback pauses it instead).",
)
commands.shared(
    "scene end",
    "End the scene: what lasts for the scene ends, and the game's end-of-scene rules apply.",
)
commands.shared("scene show", "The scene as it stands: what it is, its turns, what lasts for it.")
commands.shared(
    "order start",
    "Start the order of turns for a conflict: who acts first, and who may not act at once.",
)
commands.shared("order end", "End the order of turns (the GM may at any time).")
commands.shared(
    "order handoff",
    "The one acting passes the turn to someone who may still act this round.",
)
commands.shared(
    "order next",
    "Start the next round: who leads it is chosen as the game's rules say.",
)
commands.shared("order show", "The order of turns: the round, who acts now, who may go next.")
commands.shared(
    "xp give",
    "Give a character experience points (XP).",
    {"character": "who earns it", "amount": "how many XP"},
)
commands.shared(
    "xp spend",
    "Spend a character's experience points (XP) on growth.",
    {"character": "whose XP"},
)
