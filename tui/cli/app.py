"""``tabula`` with no command: the app."""

from __future__ import annotations

import argparse

from tui.cli.base import data_dir, language


def run_app(args: argparse.Namespace) -> int:
    """The app; its exit status is non-zero when it ended on an error (Textual printed why)."""
    from tui.app import TabulaApp  # Textual loads only when the app is wanted

    app = TabulaApp(data_dir=data_dir(args), language=language(args))
    app.run()
    return app.return_code or 0
