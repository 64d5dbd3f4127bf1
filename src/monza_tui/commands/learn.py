"""`monza learn`: the guided first race (docs/learn.md).

A short scripted race on the oval, then one turn on the long track with the pro variant and
the bonus move: every rule once, each step asked for, waited for and explained. Left with
``q``, it goes on at the same step next time (``--restart`` starts over).
"""

from __future__ import annotations

import argparse

from monza_tui.commands.play import add_pace_arguments, need_terminal, run_app
from monza_tui.i18n import _

OPENS_SCREEN = True
"""The collector waits for the first frame (``monza_tui.heap``)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``monza learn [--restart]``."""
    parser.add_argument(
        "--restart", action="store_true",
        help=_("start the lesson from the beginning (else it goes on where it was left)"),
    )
    add_pace_arguments(parser)


def run(args: argparse.Namespace) -> int:
    """Open the app on the lesson."""
    from monza_tui.app.app import DEFAULT_ANIMATION_DELAY, DEFAULT_BOT_DELAY, MonzaApp
    from monza_tui.learn import progress

    need_terminal("learn")
    if args.restart:
        progress.forget()
    delay = DEFAULT_BOT_DELAY if args.bot_delay is None else args.bot_delay
    animation = 0.0 if args.no_animation else DEFAULT_ANIMATION_DELAY
    return run_app(MonzaApp(learn=True, bot_delay=delay, animation_delay=animation))
