"""The board as a live web page (issue 25): a read-only page per table, served by the bot's
process and by ``scenekeeper board`` for console tables, from the games' board sections and
the table's history, live by server-sent events.

``links`` (the per-table tokens, in the store), ``page`` and ``markup`` (the HTML), ``rolls``
(the last public rolls), ``hub`` (one render per change, shared by every viewer), ``server``
(aiohttp routes), ``serve`` (wiring for a process). No game is imported here.
"""
