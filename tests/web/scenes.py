"""Tables in play for the board page's tests, its screenshots and its benchmark: a Cortex
evening at the docks and a METTLE fight at the bank, as console lines (``@name`` acts as name)."""

from __future__ import annotations

from scenekeeper.app import App
from scenekeeper.engine.state import Person

GM = Person("gm", "Gemma")

CORTEX = [
    '/game new system:cortex name:"The Burning Docks"',
    "@ana /game join",
    "@ben /game join",
    '@ana /char new name:"Ada Lark" traits:"Distinctions: Dockside Brawler; '
    'Attributes: Agility d8, Vitality d10; Skills: Fighting d8, Sneaking d6"',
    '@ben /char new name:Brick traits:"Distinctions: Gentle Giant; '
    'Attributes: Strength d10, Agility d6; Skills: Fighting d8, Athletics d8"',
    '/char new name:"Harbour Thug" gmc:true',
    '/char set character:"Harbour Thug" trait:Fighting die:d6 set:Skills',
    "/mods set mod:doom-pool enabled:true",
    "/mods set mod:crisis-pools enabled:true",
    "/doom reset",
    "/doom add dice:d8",
    '/crisis add name:"The Fire" dice:"d6 d8 d10"',
    '/asset add character:"Ada Lark" name:Crowbar die:d6',
    '/complication add character:Brick name:"Twisted Ankle" die:d8',
    "/stress add character:Brick type:Physical die:d10",
    "/trauma add character:Brick type:Mental die:d6",
    '/pp give character:"Ada Lark"',
    '/scene start type:action name:"The Loading Bay"',
    '/order start lead:"Ada Lark"',
    '@ana /roll pool:"Dockside Agility Fighting" vs:hard results:"5 7 6"',
]

METTLE = [
    '/game new system:mettle name:"Baltimore 1904"',
    "@dana /game join",
    "@troy /game join",
    "@dana /char new name:Viktor concept:7 frame:3 motive:4 nature:3 poise:2",
    "@troy /char new name:Kirin concept:4 frame:2 motive:3 nature:3 poise:5",
    '@dana /char gear character:Viktor item:"Shield, medium"',
    "/char new name:Thug gmc:true npc_pool:3 frame:5",
    "/char gear character:Thug item:Pistol",
    "/char new name:Boss gmc:true npc_pool:5",
    '/scene start name:"The bank"',
    '@dana /act action:attack target:Thug results:"2 3 1"',
    '/act character:Thug action:attack target:Viktor results:"3 3 5"',
    "@dana /mettle take",
    '/order start lead:Kirin characters:"Viktor, Kirin, Boss"',
    '@troy /act action:know vs:1 results:"3 1 2 5"',
]


def play(app: App, table_id: str, lines: list[str]) -> None:
    """Run ``lines`` at ``table_id``; a refused line fails loudly."""
    for given in lines:
        actor, line = GM, given
        if given.startswith("@"):
            name, _, line = given[1:].partition(" ")
            actor = Person(name, name.title())
        outcome = app.handle(table_id, actor, line)
        assert outcome.ok, f"{given!r} was refused: {outcome.error}"


NODICE = [
    '/game new system:nodice name:"The Duel at Vel Harbour"',
    "@ana /game join",
    "@ben /game join",
    '@ana /char new name:Ada traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2 PRE 2 INT 2"',
    '@ben /char new name:"Bo Brave" traits:"REA 2 KNO 2 QUI 2 STR 5 FIT 4 AGI 4 WIL 3 PRE 2"',
    '/char new name:Brute gmc:true traits:"REA 1 KNO 1 QUI 1 STR 8 FIT 7 AGI 6 WIL 3 PRE 2 INT 2"',
    '/conflict start sides:"Ada, Bo | Brute"',
    "@ana /hand ante aspect:Mind ante:QUI",
]

#: The Cortex evening with a full table: five characters and three rolls (an overlay must fit a
#: 1920x1080 frame with it).
FULL = [
    *CORTEX[:3],
    "@cid /game join",
    "@dee /game join",
    '@cid /char new name:Corvo traits:"Attributes: Strength d8; Skills: Athletics d6"',
    '@dee /char new name:"Dee Voss" traits:"Attributes: Agility d8; Skills: Sneaking d10"',
    *CORTEX[3:],
    '@ben /roll pool:"Gentle Strength Athletics" vs:hard results:"4 9 3"',
    '@cid /roll pool:"Strength Athletics" results:"6 2"',
]
