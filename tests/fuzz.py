"""How many random games each fuzz test plays: a few hundred in the suite, which keeps it within
its time on two cores; `make fuzz` plays a thousand (``TABULA_FUZZ_GAMES``)."""

import os

FUZZ_GAMES = int(os.environ.get("TABULA_FUZZ_GAMES", "300"))
