"""``python -m scenekeeper.adapters.discord``: the same as ``scenekeeper discord``."""

import sys

from scenekeeper.adapters.discord.cli import main

sys.exit(main())
