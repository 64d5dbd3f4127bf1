"""When Python's cyclic garbage collector runs: not while the first frame is being made, and
then between frames, not in the middle of a key.

A launch makes a few hundred thousand objects that live as long as the process: modules,
classes, the board and its drawing, the screen's widgets. The collector counts allocations
and, as they pile up, walks them all again and again; measured on this project's machine,
it took 28 ms of a 250 ms launch to the race screen (one full pass alone 12 ms), while
they were all still alive. So ``monza`` holds the collector from the start of its
``main`` (:func:`hold`, in ``cli.py``) until the first frame is on the screen
(:func:`settle`, called by the apps after their first refresh), or until a command that
opens no screen starts its work (:func:`release`; ``main`` releases it on the way out in
any case). Reference counting frees everything without cycles meanwhile, as always.

:func:`settle` also freezes what exists then (``gc.freeze``): it lives as long as the
screen, so later full passes need not walk it again, in the middle of a key.

Once a screen is up, a key makes about a thousand objects, and the collector's youngest
pass (every 700 allocations) came in the middle of most keys that change the race: a
tenth of a millisecond for the youngest pass, over a millisecond for the next, measured
in a terminal, a tenth of what the whole key takes. An app calls :func:`frame_shown` after
each frame: from then on the collector starts by itself only after :data:`SPARE`
allocations (more than any key makes), and the passes the usual thresholds make due run
:data:`TIDY_AFTER` after the frame (:func:`tidy`), when the frame is out and the person
has not pressed the next key yet. A thread's burst (a bot thinking) still starts a pass by
itself once it is over :data:`SPARE`.

All of it is a speed tuning: under ``MONZA_NO_TUNING=1`` (:mod:`monza_tui.tuning`) the
collector runs as the interpreter runs it, and :func:`hold`, :func:`settle` and
:func:`frame_shown` do nothing.
"""

from __future__ import annotations

import asyncio
import gc

from monza_tui import tuning

SPARE = 10_000
"""Allocations that start a collection by themselves between two frames."""
TIDY_AFTER = 0.004
"""Seconds after a frame that the collector's due passes run (the frame is written by
then; a person's next key is tens of milliseconds away at the least)."""

USUAL = gc.get_threshold()
"""The interpreter's thresholds (700, 10, 10): :func:`tidy` runs the passes they make due."""

_pending: asyncio.TimerHandle | None = None
"""The tidy-up of the last frame, while it waits for its moment."""


def hold() -> None:
    """No cyclic collection until :func:`settle` or :func:`release`."""
    if tuning.tuned():
        gc.disable()


def release() -> None:
    """Collect as usual again (a command that opens no screen; an app that ended)."""
    global _pending
    if _pending is not None:
        _pending.cancel()
        _pending = None
    gc.set_threshold(*USUAL)
    gc.enable()


def settle() -> None:
    """After a screen's first frame: sweep once, keep what is alive out of later passes,
    and collect again from now on. What an earlier screen left frozen is swept with the
    rest (its widgets, in cycles, would otherwise never be freed)."""
    if not tuning.tuned():
        return
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    gc.enable()


def frame_shown() -> None:
    """A frame went to the terminal: the collector's due passes run a moment later, and
    none starts by itself before (under :data:`SPARE` allocations). Call it in the app's
    event loop."""
    global _pending
    if _pending is None and gc.isenabled() and tuning.tuned():  # (held: launch not over)
        gc.set_threshold(SPARE, *USUAL[1:])
        _pending = asyncio.get_running_loop().call_later(TIDY_AFTER, tidy)


def tidy() -> None:
    """Run the pass the usual thresholds make due, if one is: as the interpreter chooses
    it, once the youngest generation is over its threshold, the oldest generation whose
    count is over its own."""
    global _pending
    _pending = None
    counts = gc.get_count()
    if counts[0] <= USUAL[0]:
        return
    gc.collect(max(g for g in range(3) if g == 0 or counts[g] > USUAL[g]))
