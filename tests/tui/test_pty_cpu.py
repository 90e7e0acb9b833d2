"""The bench reads an app's CPU from its process CPU clock, finer than the kernel's 10 ms ticks."""

import os
import sys

import pytest

from tests.pty_terminal import Terminal, process_cpu_clock

BUSY = "import time\nstart = time.process_time()\nwhile time.process_time() - start < 0.025: pass\nprint('done')\n" \
       "time.sleep(30)\n"


@pytest.mark.skipif(process_cpu_clock(os.getpid()) is None, reason="no process CPU clock here")
def test_a_programs_cpu_is_read_to_the_microsecond():
    terminal = Terminal(None, argv=[sys.executable, "-c", BUSY])
    try:
        terminal.expect("done")
        used = terminal.cpu_seconds()
    finally:
        terminal.close()
    assert 0.025 <= used < 1
    assert round(used * 1000) != used * 1000  # not a whole number of milliseconds, as ticks would be
