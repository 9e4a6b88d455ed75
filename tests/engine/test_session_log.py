"""/game log and ``scenekeeper log``: a table's play read back as a Markdown session log."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from scenekeeper.cli import main
from scenekeeper.engine.core import session_log as session_log_module
from scenekeeper.engine.core.session_log import _text
from scenekeeper.engine.systems import get_system
from tests.support import GM, TableDriver


def played() -> TableDriver:
    driver = TableDriver()
    driver.do('/game new system:cortex name:"Friday *night*"')
    driver.do("/game join", "ana")
    driver.do(
        '/char new name:"Mara <b>Voss</b>" traits:"Attributes: Agility d10; Skills: Fighting d8"',
        "ana",
    )
    driver.do('/scene start type:action name:"The Docks"')
    driver.do('/roll pool:"Agility Fighting" vs:hard results:"7 5" vs_results:"4 6"', "ana")
    driver.do("/roll pool:d8", "ana")
    driver.do("/undo")
    driver.do("/scene end")
    driver.do('/scene start type:bridge name:"@everyone # Aftermath"')
    driver.do('/pp give character:Mara amount:1 reason:"a [great] scene"')
    return driver


def log_of(driver: TableDriver, line: str = "/game log") -> str:
    (file,) = driver.do(line).reply.files
    assert file.name == "friday-night-session-log.md"
    return file.content.decode("utf-8")


def test_the_log_reads_as_the_evening_went() -> None:
    text = log_of(played())
    assert text.startswith("# Friday \\*night\\*: session log\n")
    assert "GM: Gemma; players: ana (Mara &lt;b>Voss&lt;/b>)." in text
    # Setting up is listed briefly; play is under the scenes, each reply as the bot said it.
    assert "## Setting up" in text
    assert "- ana: `/game join`" in text
    assert "## Scene: The Docks" in text
    rolled = "rolls #2 (typed faces): Agility (Attributes) d10 7, Fighting (Skills) d8 5.  "
    assert f"> Mara &lt;b>Voss&lt;/b> {rolled}" in text
    assert "> Against hard (#1, typed: d10 4, d10 6): difficulty 10.  " in text
    # The undone roll and the undo itself are not part of what happened.
    assert "/roll pool:d8" not in text
    assert "/undo" not in text
    assert text.index("## Scene: The Docks") < text.index("Aftermath")


def test_what_people_typed_cannot_format_ping_or_run() -> None:
    text = log_of(played())
    assert "@everyone" not in text  # @\u200beveryone cannot ping where it is pasted
    assert "@\u200beveryone" in text
    # Outside code spans (which Markdown shows as they are), no HTML is left to run.
    assert "<b>" not in re.sub(r"`[^`]*`", "", text)
    assert "a \\[great\\] scene" in text
    assert "## Scene: @\u200beveryone # Aftermath" in text


@pytest.mark.parametrize(
    ("typed", "safe"),
    [
        ("# not a heading", "\\# not a heading"),
        ("1. not a list", "1\\. not a list"),
        ("> not a quote", "\\> not a quote"),
        ("*bold* _it_ `code` |t| ~s~", "\\*bold\\* \\_it\\_ \\`code\\` \\|t\\| \\~s\\~"),
        ("<script>x</script> & co", "&lt;script>x&lt;/script> &amp; co"),
    ],
)
def test_escaping(typed: str, safe: str) -> None:
    assert _text(typed) == safe


def test_since_starts_the_log_at_a_command() -> None:
    driver = played()
    text = log_of(driver, "/game log since:9")
    assert "## Setting up" not in text
    assert "/pp give" in text
    assert "Nothing stands from #500 on" in driver.refused("/game log since:500")


def test_the_terminal_makes_the_same_log_from_an_export(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    driver = played()
    export = tmp_path / "friday.json"
    export.write_text(json.dumps(driver.do("/game export").reply.private_data), encoding="utf-8")
    out = tmp_path / "log.md"
    assert main(["log", str(export), "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == log_of(driver)
    assert main(["log", str(export)]) == 0
    assert capsys.readouterr().out.endswith(log_of(driver))


def test_a_damaged_export_makes_no_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = played().do("/game export").reply.private_data
    doc["events"][4]["actor"] = "mallory"
    export = tmp_path / "bad.json"
    export.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["log", str(export)]) == 2
    assert "does not hold" in capsys.readouterr().err
    assert main(["log", str(tmp_path / "missing.json")]) == 2


def test_a_log_too_large_for_one_file_is_packed(monkeypatch: pytest.MonkeyPatch) -> None:
    driver = played()
    whole = log_of(driver)
    monkeypatch.setattr(session_log_module, "MAX_FILE_BYTES", len(whole.encode()) - 1)
    (file,) = driver.do("/game log").reply.files
    assert file.name == "friday-night-session-log.md.gz"
    assert gzip.decompress(file.content).decode("utf-8") == whole
    monkeypatch.setattr(session_log_module, "MAX_FILE_BYTES", 10)
    assert "since:" in driver.refused("/game log")


#: Each game that has mods: its set-up, the line that starts play, and a later line (the GM's).
_ZED = '/char new name:Zed traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2 PRE 2 INT 2"'
_BRUTE = '/char new name:Brute gmc:true traits:"REA 1 KNO 1 QUI 1 STR 8 FIT 7 AGI 6 WIL 3"'
_PLAY = {
    "cortex": ((), "/scene start type:action name:Ambush", "/roll pool:d8 results:4"),
    "scions": ((), "/scene start type:action name:Ambush", "/roll pool:d8 results:4"),
    "mettle": ((), "/scene start name:Ambush", "/status add character:Zed status:blinded"),
    "cybergod": ((), "/scene start type:turn-based name:Ambush", "/test pool:1d10 results:5"),
    "nodice": ((_ZED, _BRUTE), '/conflict start sides:"Zed | Brute"', "/conflict end"),
}


@pytest.mark.parametrize("system", sorted(_PLAY))
def test_a_change_made_during_play_is_filed_where_it_happened(system: str) -> None:
    setup, start, then = _PLAY[system]
    driver = TableDriver()
    driver.do(f"/game new system:{system} name:Night")
    driver.do("/game join", "ana")
    for line in setup or ("/char new name:Zed",):
        driver.do(line, "ana" if "Zed" in line else GM)
    driver.do(start)
    mod = get_system(system).mods[0]
    changed_line = f"/mods set mod:{mod.name} enabled:{str(not mod.default).lower()}"
    driver.do(changed_line)
    driver.do(then)
    (file,) = driver.do("/game log").reply.files
    text = file.content.decode("utf-8")
    begun = text.index("## Setting up")
    setting_up = text[begun : text.index("\n## ", begun + 1)]
    assert "/char new name:Zed" in setting_up
    # The mod was changed in play, not before it: the log does not say it held all game.
    assert "/mods set" not in setting_up
    changed = text.index(f"`{changed_line}`")
    assert text.index(f"`{start}`") < changed < text.index(f"`{then}`")
