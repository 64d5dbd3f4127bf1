"""Autosave off the key path: every action is saved, by a thread of its own, after its frame.

Saving (the record's text, a temporary file, two fsyncs, a rename) takes a good part of a
key's time, and the player waits for the frame, not for the disk. So the app hands each new
race to an :class:`Autosaver` once the frame that shows the action is out (drawn, and sent by
Textual's writer thread while the app pauses for it: ``app.WRITERS_TURN``; a saver started
before would hold the interpreter while turning the race into text, and the frame would
wait) and waits for the saver's thread to write it with :func:`monza_tui.saves.autosave`
(atomic, as before). Guarantees:

- every race handed over is written, or a newer state of the same race is (races of one game
  are coalesced: when the thread gets to it, only the newest state is written, never an older
  one after a newer one; the thread writes one file at a time, in the order handed over);
- :meth:`Autosaver.flush` waits until everything handed over is on disk (the app calls it on
  the way out: quitting, Ctrl+C, a crash that still unwinds);
- a failed save (disk full, folder not writable) is posted to the app as
  :class:`Autosaver.Failed`, and the game goes on.

A process killed between a frame and its save (a few milliseconds) loses that one action at
most; the save file is whole either way (``tests/saves/test_kill.py``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from textual.message import Message

from monza_tui.record import Race


class Autosaver:
    """A thread that writes the races handed to it, newest state of each game only."""

    class Failed(Message):
        """A save could not be written: ``text`` says why (one line)."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    def __init__(
        self,
        report: Callable[[Message], object],
        save: Callable[[Race], object] | None = None,
    ) -> None:
        """``report`` receives :class:`Failed` (thread-safe, e.g. ``app.post_message``);
        ``save`` writes one race (default :func:`monza_tui.saves.autosave`)."""
        self._report = report
        self._save = save
        self._waiting: dict[int, Race] = {}
        """Per game (by id; the race keeps its game alive), the newest state to write."""
        self._busy = False
        self._lock = threading.Condition()
        self._thread: threading.Thread | None = None
        self.written = 0
        """How many saves the thread has written (tests count them)."""
        self.error: str | None = None
        """Why the last save failed, or None when it was written: quitting says what is
        true (issue 10) and offers to write the race elsewhere."""

    def submit(self, race: Race) -> None:
        """Write ``race`` soon (in the saver's thread); returns at once."""
        with self._lock:
            self._waiting[id(race.game)] = race
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="monza-autosave", daemon=True
                )
                self._thread.start()
            self._lock.notify_all()

    def flush(self, timeout: float | None = 10.0) -> bool:
        """Wait until every race handed over is written; False if ``timeout`` ran out."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._waiting and not self._busy, timeout)

    def _run(self) -> None:
        from monza_tui import saves
        from monza_tui.errors import UserError

        save = self._save or saves.autosave
        while True:
            with self._lock:
                self._lock.wait_for(lambda: bool(self._waiting))
                key = next(iter(self._waiting))
                race = self._waiting.pop(key)
                self._busy = True
            try:
                save(race)
                self.error = None
            except UserError as error:  # disk full, folder not writable: say so, play on
                self.error = str(error)
                self._report(self.Failed(self.error))
            except Exception as error:  # never lose the thread: the next save may work
                self.error = f"{type(error).__name__}: {error}"
                self._report(self.Failed(self.error))
            finally:
                with self._lock:
                    self._busy = False
                    self.written += 1
                    self._lock.notify_all()


__all__ = ["Autosaver"]
