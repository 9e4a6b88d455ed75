"""The app's table cache (app/cache.py): tables past the hot ones are kept compact, and a
compact table comes back equal to the table it was, undo window and redo stack included."""

from __future__ import annotations

from scenekeeper.app.cache import TableCache, compact, inflate
from tests.support import GM, TableDriver, make_app


def _played(driver: TableDriver, name: str) -> None:
    driver.do(f"/game new system:cortex name:{name}")
    driver.do("/game join", "ana")
    driver.do("/char new name:Ada owner:ana")
    driver.do("/char set character:Ada trait:Agility die:d8 set:Attributes")
    for _ in range(13):
        driver.do("/roll pool:Agility", "ana")
        driver.do("/pp give character:Ada")
    driver.do("/undo count:3")


def test_a_compacted_table_comes_back_equal_with_its_window_and_redo() -> None:
    driver = TableDriver()
    _played(driver, "Compact")
    table = driver.app.table("t1")
    assert table.redo
    assert len(table.window) > 20
    seq, words, data = compact(table)
    back = inflate(seq, words, data)
    assert back == table
    assert back.state == table.state
    assert len(data) < 8_000


def test_tables_past_the_hot_ones_are_compact_and_play_on_exactly() -> None:
    app = make_app()
    app._cache = TableCache(size=10, hot=2)  # a small cache, to see it at work
    reference = TableDriver(app=make_app(), table_id="ref")
    _played(reference, "Ref")
    drivers = [TableDriver(app=app, table_id=f"t{n}") for n in range(4)]
    for n, driver in enumerate(drivers):
        _played(driver, "Ref") if n == 0 else _played(driver, f"T{n}")
    # t0 went compact when t2 came in; it undoes and redoes as the reference does.
    assert app._cache._compact.keys() >= {"t0", "t1"}
    assert app.cached_table("t0") == reference.app.table("ref")
    for line in ("/undo count:5", "/redo count:2", "/pp give character:Ada"):
        assert drivers[0].do(line, GM).reply == reference.do(line, GM).reply
        assert app.table("t0") == reference.app.table("ref")


def test_past_its_size_the_cache_forgets_the_least_recently_used() -> None:
    app = make_app()
    app._cache = TableCache(size=3, hot=1)
    for n in range(5):
        TableDriver(app=app, table_id=f"t{n}").do(f"/game new system:generic name:T{n}")
    assert len(app._cache) == 3
    assert app.cached_table("t0") is None
    assert app.cached_table("t4") is not None
    # A forgotten table loads from the store as it was.
    assert app.table("t0").state is not None


def test_a_compact_table_comes_back_unfolded_and_undoes_the_whole_window_exactly() -> None:
    driver, reference = TableDriver(), TableDriver(app=make_app(), table_id="ref")
    for each in (driver, reference):
        _played(each, "Window")
        for n in range(25):
            each.do(f"/roll pool:Agility label:r{n}", "ana")
    table = driver.app.table("t1")
    back = inflate(*compact(table))
    # The state is decoded as it stood, not folded: only the newest command keeps it.
    assert back == table
    assert back.state is back.window[-1].after
    assert [r.after for r in back.window[:-1]] == [None] * (len(back.window) - 1)
    driver.app._cache.put("t1", back)
    # Every undo, one at a time past the checkpoints the compact form left out, and the redos
    # and a new command after them, answer and leave the table as the reference does.
    for line in ["/undo"] * (len(table.window) - 1) + ["/redo count:20", "/pp give character:Ada"]:
        assert driver.do(line, GM).reply == reference.do(line, GM).reply
        assert driver.app.table("t1").state == reference.app.table("ref").state
    # The first undo folded the checkpoints back: each later one folds at most ten commands.
    kept = [i for i, r in enumerate(driver.app.table("t1").window) if r.after is not None]
    assert kept
    assert all(b - a <= 10 for a, b in zip([-1, *kept], kept, strict=False))


def test_commands_after_a_compact_table_comes_back_then_undo_into_its_old_window() -> None:
    driver, reference = TableDriver(), TableDriver(app=make_app(), table_id="ref")
    for each in (driver, reference):
        _played(each, "Old")
        for n in range(15):
            each.do(f"/roll pool:Agility label:r{n}", "ana")
    driver.app._cache.put("t1", inflate(*compact(driver.app.table("t1"))))
    for line in ["/pp give character:Ada"] * 3 + ["/undo"] * 25 + ["/redo count:4"]:
        assert driver.do(line, GM).reply == reference.do(line, GM).reply
        assert driver.app.table("t1").state == reference.app.table("ref").state


def test_each_games_compact_form_is_its_game_and_comes_back_equal() -> None:
    tables = {
        "generic": ["/game new system:generic name:G", "/roll dice:2d6", "/roll dice:d20"],
        "mettle": ["/game new system:mettle name:M", "/scene start", "/check pool:3"],
        "nodice": ["/game new system:nodice name:N", "/char new name:Kit"],
    }
    for game, lines in tables.items():
        driver = TableDriver(table_id=game)
        for line in lines:
            driver.do(line)
        table = driver.app.table(game)
        seq, words, data = compact(table)
        assert inflate(seq, words, data) == table
        assert words is compact(table)[1], "one dictionary a game"
