"""The hint on the race screen: the expert's plan, worked out in a thread, ahead of the key
where it can be.

A mixin of the race screen (``docs/app.md``: "The hint comes with its key's frame", "Hints
are thought out ahead"). The hint, asked for by a key, is worked out in the thinker thread
while the key's handler waits a few milliseconds for it: most hints come with the key's
own frame, the rest (a long think) follow in a worker. And the hint for every decision
made at this keyboard is worked out ahead, a glance after the frame that shows the
decision, once the expert's tables are built: the key finds it ready. What is worked out
ahead is kept in the host's one cache (``RaceHost.ahead``, ``monza_tui.race.ahead``).
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING

from textual import work

from monza_tui.app.screens.race_pace import RacePace
from monza_tui.app.widgets.common import after_frame
from monza_tui.i18n import _
from monza_tui.record import Race

if TYPE_CHECKING:  # (the expert is loaded with the first hint, or the app's warm-up)
    from monza_tui.bots import Hint
    from monza_tui.engine import State

HINT_WAIT = 0.008
"""Seconds the hint key waits for the expert before showing "Thinking…" (a frame is 16 ms;
drawing the hint takes the rest)."""

THINK_AHEAD = 0.1
"""Seconds after the frame that shows a person's decision before its hint is thought out
ahead: a glance, so that the hint is ready for someone who stops to look, and the thinking
out of the way of the keys of someone who knows what to do (a person's next key comes a
reaction time after the frame, a quarter of a second and more)."""

_thinker: ThreadPoolExecutor | None = None


def thinker() -> ThreadPoolExecutor:
    """The one thread that works out hints, started with the first one: a thread handed
    work starts on it at once (a Textual worker starts only when the event loop next runs,
    after the key's handler)."""
    global _thinker
    if _thinker is None:
        _thinker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="monza-hint")
    return _thinker


def think_of_hint(state: State) -> Hint:
    """The expert's hint for ``state`` (:func:`monza_tui.bots.hint`, loaded with the first
    hint). The thinker holds the interpreter half a millisecond at a time while the app
    runs (``app.SWITCH_INTERVAL``): a key that comes in the middle waits at most that long."""
    from monza_tui.bots import hint

    return hint(state)


def expert_ready(race: Race) -> bool:
    """Whether the expert's tables for ``race``'s board are built (no work of its own: until
    the app's warm-up has begun, not even the tables' module is loaded).

    The warm-up's thread may be running the module's import at this moment: a module half
    imported is in ``sys.modules`` already, without ``tables_ready`` yet."""
    tables = sys.modules.get("monza_tui.bots.tables")
    tables_ready = getattr(tables, "tables_ready", None)
    return tables_ready is not None and bool(tables_ready(race.game.board, race.game.pro))


class RaceHints(RacePace):
    """The race screen's hint: asked for, and thought out ahead."""

    def hint_arrived(self, found: Hint) -> None:
        """Show the expert's plan (the race screen)."""
        raise NotImplementedError

    def prepare_hint(self, state: State, found: Hint) -> None:
        """Get ready to show the expert's plan for ``state`` (the race screen)."""
        raise NotImplementedError

    def _compute_hint(self, race: Race) -> bool:
        """The expert's choice for this situation, worked out in the thinker thread (or
        ahead, :meth:`plan_ahead`): shown with this key's frame if it comes within
        :data:`HINT_WAIT` (True), else when it comes (False: say it is being thought)."""
        ahead = self.monza.ahead
        future = ahead.hint(race.state)
        if future is None:
            future = thinker().submit(think_of_hint, race.state)
            ahead.put_hint(race.state, future)
        try:
            found: Hint | None = future.result(timeout=HINT_WAIT)
        except TimeoutError:
            self._await_hint(race, future)
            return False
        except Exception:
            found = None
        self._hint_ready(race, found)
        return True

    def expert_arrived(self) -> None:
        """The expert's tables are built (the app's warm-up, after the first frame): the
        hint of a decision at hand now is thought out at once (it was not while they were
        being built: a race resumed in the middle of a turn, a quick first roll)."""
        race = self.race
        state = race.state
        if state.is_chance() or state.is_terminal():
            return
        actor = state.current_player()
        if self.drives_here(actor) and not self.thinks_here(actor):
            self.plan_ahead(race, glance=False)

    def plan_ahead(self, race: Race, *, glance: bool = True) -> None:
        """Work out the hint for a person's decision before it is asked for: a glance
        (:data:`THINK_AHEAD`) after the frame that shows the decision, in the thinker
        thread, in short slices (:func:`think_of_hint`); dropped if the race moved on
        meanwhile, and not before the expert's tables are built (the app builds them in
        another process after its first frame: built here, they would hold the keys back
        for most of a second). The first hint a person asks for is as quick as the rest;
        a family that plays without hints pays a few milliseconds of the thinker's time a
        decision, while it looks at the board."""

        ahead = self.monza.ahead
        if not ahead.enabled:
            return

        def start() -> None:
            state = race.state
            if (self.monza.race is race and self.is_attached
                    and ahead.hint(state) is None and expert_ready(race)):
                future = thinker().submit(think_of_hint, state)
                ahead.put_hint(state, future)
                loop = asyncio.get_running_loop()

                def done(_: Future[Hint]) -> None:  # (in the thinker thread)
                    with contextlib.suppress(RuntimeError):  # (the app is gone)
                        loop.call_soon_threadsafe(self._hint_thought, state, future)

                future.add_done_callback(done)

        if glance:
            after_frame(self, lambda: self.set_timer(THINK_AHEAD, start))
        else:  # (the decision's frame is long out)
            start()

    def _hint_thought(self, state: State, future: Future[Hint]) -> None:
        """A hint worked out ahead is ready: still for the decision at hand, it is worded
        now, while the person looks."""
        if (self.monza.ahead.is_hint(future) and self.is_attached and not future.cancelled()
                and future.exception() is None):
            self.prepare_hint(state, future.result())

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def _await_hint(self, race: Race, future: Future[Hint]) -> None:
        """Wait (in a worker, so that the app and its tests see it running) for a hint
        that takes longer than :data:`HINT_WAIT`."""
        try:
            found: Hint | None = future.result()
        except Exception:
            found = None
        self.app.call_from_thread(self._hint_ready, race, found)

    def _hint_ready(self, race: Race, found: Hint | None) -> None:
        if self.monza.race is not race:
            return
        if found is None:
            self.notify(_("No hint for this situation."), severity="warning")
            return
        self.hint_arrived(found)



__all__ = ["HINT_WAIT", "THINK_AHEAD", "RaceHints", "expert_ready", "thinker"]
