"""One visitor's game under ``monza serve``: what textual-serve starts for each browser tab
(``python -m monza_tui.web.visitor``), with the visitor's own ``MONZA_HOME`` and
``MONZA_WEB=1`` in its environment (:mod:`monza_tui.web.server`).

It is ``monza`` with no flags (the set-up screen, offering the visitor's unfinished race),
without the check that stdin is a terminal: here the keys come through textual-serve's pipe,
read by Textual's web driver.
"""

from __future__ import annotations


def main(argv: list[str] | None = None) -> int:
    """Run the game for one visitor until they quit or close the tab; ``argv``: the pace
    flags ``monza serve`` was given (``--bot-delay``, ``--no-animation``)."""
    import os
    import sys

    # The visitor's folder, and all the game keeps in it, is the server user's alone: it is
    # made when something is first kept (a save, a setting), by the game.
    os.umask(0o077)
    from monza_tui.cli import build_parser, choose_language
    from monza_tui.commands.play import make_app, run_app

    choose_language(None)  # the visitor's choice in the set-up screen, else the browser's
    args = build_parser("play").parse_args(["play", *(sys.argv[1:] if argv is None else argv)])
    return run_app(make_app(args))


if __name__ == "__main__":
    raise SystemExit(main())
