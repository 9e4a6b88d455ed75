"""The Discord adapter: the only package that imports discord.py.

Every engine command becomes a slash command (``tree``, planned by ``layout`` from the
registry, within Discord's ``limits``); a command or button click runs through ``App.handle``
(``runner``); replies render as embeds or accessible plain text (``render``, ``cortex_view``);
buttons survive restarts (``controls``). ``scenekeeper discord`` starts it (``cli``, ``bot``,
``settings``); docs/discord.md says how to set it up.
"""
