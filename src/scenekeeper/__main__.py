import sys

from scenekeeper.cli import main

sys.exit(main())
