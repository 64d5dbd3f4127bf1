"""When Python's cyclic garbage collector runs: not while the first frame is being made.

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
"""

from __future__ import annotations

import gc


def hold() -> None:
    """No cyclic collection until :func:`settle` or :func:`release`."""
    gc.disable()


def release() -> None:
    """Collect as usual again (a command that opens no screen)."""
    gc.enable()


def settle() -> None:
    """After a screen's first frame: sweep once, keep what is alive out of later passes,
    and collect as usual from now on. What an earlier screen left frozen is swept with the
    rest (its widgets, in cycles, would otherwise never be freed)."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    gc.enable()
