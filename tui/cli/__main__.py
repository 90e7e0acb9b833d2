"""``python -m tui.cli``: the ``tabula`` command (the SSH server runs each player's app so)."""

import sys

from tui.cli import main

sys.exit(main())
