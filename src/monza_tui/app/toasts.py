"""The one policy of the app's toasts (``notify``): how many are up at once.

At 80x24 a stack of toasts climbed the race screen's panel over the dice, the buttons and
the prompt (a die that fits nowhere, pressed three times, stacked three toasts that said
so). So: a toast that says what one up says already takes its place (its time starts
again), and at most :data:`MOST` are up, the oldest going first. Where they stand and how
wide they are is the style sheets' (app.tcss, race.tcss); every toast goes through here, as
all of them come through the app's ``Notify`` message."""

from __future__ import annotations

from textual.notifications import Notify

from monza_tui.app import textual_shim

MOST = 2
"""Toasts up at once: two of a few lines each stay below the race screen's buttons at
80x24 (tests/app/test_toasts.py)."""


class ToastPolicy:
    """An app mixin: room is made for each toast before Textual shows it."""

    def _on_notify(self, event: Notify) -> None:
        # Textual calls the handler of each class on the way, this one before its own
        # (which puts the toast up): make room for it here.
        new = event.notification
        shown = [n for n in textual_shim.notifications(self) if n.identity != new.identity]
        gone = {n.message for n in shown if n.message == new.message}
        left = [n for n in shown if n.message not in gone]
        gone.update(n.message for n in left[: max(0, len(left) - (MOST - 1))])
        if gone:
            textual_shim.drop_notifications(self, gone)

