"""One switch for every speed tuning: ``MONZA_NO_TUNING=1`` turns them all off.

The app is tuned in many small places to answer a key within a frame: the garbage
collector held and its thresholds moved (:mod:`monza_tui.heap`), Python's switch interval
and the pause for Textual's writer thread (``app.app.SWITCH_INTERVAL``, ``WRITERS_TURN``),
repaints straight into the next frame and Textual's private paths
(:mod:`monza_tui.app.textual_shim`), the obvious key worked out ahead
(``app/screens/race_ahead.py``) and hints thought out before they are asked for
(``RaceHints.plan_ahead``). Each is meant to change how fast the screen answers, never
what it shows. When a bug turns up, running with the switch set tells at once whether a
tuning is to blame: if the bug goes, bisect the tunings; if it stays, they are not.

The environment is read on every question (a test sets and clears it as it goes), so this
is cheap but not free: a hot path asks once per frame or per key, not per line.
"""

from __future__ import annotations

import os

SWITCH = "MONZA_NO_TUNING"
"""The environment variable: set to anything but empty or ``0``, every tuning is off."""


def tuned() -> bool:
    """Whether the speed tunings are on (the default); False under ``MONZA_NO_TUNING=1``."""
    return os.environ.get(SWITCH, "0") in ("", "0")
