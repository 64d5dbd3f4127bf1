"""The pace of a race on screen: rolls for chance, bots thinking in a worker, the car
driving space by space, the hint worked out in a worker.

A mixin of the race screen. Everything that happens on its own goes through one slot
(:meth:`RacePace._schedule`), and nothing in it fires while another screen (the quit
question, the rules) is on top: it waits, and goes on when the race screen is back. So a
bot never plays under the quit dialog, and what is saved on quitting is what was shown.

Thinking and the frames (``docs/app.md``: "A bot thinks during its pause, after its frames",
"The hint comes with its key's frame"): a thread that
thinks holds Python's interpreter in 5 ms slices, and every frame drawn meanwhile waits
for it. So a bot starts thinking only once the frames of the action before it are out, and
the hint, asked for by a key, is worked out in the thinker thread while the key's handler
waits a few milliseconds for it: most hints come with the key's own frame, the rest (a
long think) follow in a worker as before. And the hint for every decision made at this
keyboard is worked out ahead, a glance after the frame that shows the decision, once the
expert's tables are built ("Hints are thought out ahead"): the key finds it ready.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import Callable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace
from typing import TYPE_CHECKING, Protocol

from textual import work
from textual.screen import Screen
from textual.timer import Timer

from monza_tui import tuning
from monza_tui.app.widgets.common import after_frame
from monza_tui.engine import Action, Confirm, Phase, Roll, State
from monza_tui.i18n import _
from monza_tui.record import Race

if TYPE_CHECKING:  # (the drivers are loaded with the first bot, or the first hint)
    from monza_tui.bots import Driver, Hint

HINT_WAIT = 0.008
"""Seconds the hint key waits for the expert before showing "Thinking…" (a frame is 16 ms;
drawing the hint takes the rest)."""

THINK_AFTER = 0.02
"""Seconds after the frame that shows a bot's turn before it starts thinking: one 60 Hz frame
and a little, never longer than the bot's pause (``--bot-delay``), which it hides in."""

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
    the app's warm-up has begun, not even the tables' module is loaded)."""
    tables = sys.modules.get("monza_tui.bots.tables")
    return tables is not None and bool(tables.tables_ready(race.game.board, race.game.pro))


MAX_SKIPPED = 64
"""The most actions of a bot's skipped turn played out at once (a turn has a few dozen)."""


class RaceHost(Protocol):
    """What the race screen needs of whoever shows it (the app): the one race and its
    drivers, the pace, and the three ways the race moves on. The screen is handed its host
    when it is made, so it never reaches for ``self.app`` to change the race."""

    @property
    def race(self) -> Race | None:
        """The race shown: the only copy of the game's truth."""
        ...

    @property
    def drivers(self) -> Mapping[int, Driver]:
        """The computer driver of each bot's seat."""
        ...

    @property
    def bot_delay(self) -> float:
        """Seconds between a bot's steps."""
        ...

    @property
    def animation_delay(self) -> float:
        """Seconds between the spaces of a car's drive."""
        ...

    @property
    def hands_seats(self) -> bool:
        """Whether this keyboard may hand cars to other drivers (``c``)."""
        ...

    def act(self, action: Action) -> bool:
        """Play ``action`` if the rules allow it now; False if not."""
        ...

    def roll(self) -> bool:
        """Let chance roll the dice due now."""
        ...

    def foresee(self, action: Action) -> Race | None:
        """Work out ahead the race after ``action``, the key a person is likely to press
        next, for :meth:`act` to take if it comes (``race_ahead.py``); None where acting
        does more than apply it (a networked race, a lesson)."""
        ...

    def dice_due(self) -> Roll | None:
        """The dice :meth:`roll` would roll now, where they are known before the key (the
        race's seeded dice, a pure function of its seed and state), for the foresight;
        None elsewhere (the host of a networked race rolls, a lesson's script, a test's
        roller that may draw as it goes)."""
        ...

    def show_results(self) -> None:
        """The race is over: show the results."""
        ...

    def drives_here(self, player: int) -> bool:
        """Whether a person at this keyboard drives ``player`` now: the screen waits for
        their keys (the app: the seat is a person's; a networked race: a person's seat
        this terminal took, ``app/remote_host.py``)."""
        ...

    def waiting_for(self, player: int) -> str | None:
        """Who the screen waits for while ``player`` acts elsewhere, in words ("Waiting
        for Ben…"); None when there is nothing to say but the usual (a local race)."""
        ...


class RacePace(Screen[None]):
    """Timers, workers and the animation of the race screen."""

    def __init__(self, host: RaceHost) -> None:
        super().__init__()
        self.monza = host
        """The app that shows this screen, as far as the race is concerned."""
        self.hurry = False
        """Skip pressed: no pauses until a person has to decide again."""
        self._frames: list[State] = []
        self._frame: State | None = None
        self._timer: Timer | None = None
        self._pending: Callable[[], None] | None = None
        self._thinking = False
        self._choice: tuple[Race, tuple[Action, ...], str] | None = None
        """The bot's move, chosen while its pause still runs."""
        self._pause_over = False
        """The bot's pause is over but its move is not chosen yet."""
        self._stalled = False
        self._ahead: tuple[State, Future[Hint]] | None = None
        """The hint for a person's decision worked out ahead (or asked for), and the state
        it is for (:meth:`_plan_ahead`)."""
        self.quiet = False
        """A skipped bot's turn is being played out: its actions are logged, and only the
        last one is drawn and goes on (:meth:`_bot_plays`)."""

    @property
    def race(self) -> Race:
        """The race shown (the app's only copy)."""
        race = self.monza.race
        assert race is not None
        return race

    def is_bot(self, player: int) -> bool:
        """Whether a computer driver plays ``player``."""
        return self.race.players[player].seat.is_bot

    def drives_here(self, player: int) -> bool:
        """Whether a person at this keyboard drives ``player`` (see ``RaceHost``)."""
        return self.monza.drives_here(player)

    def thinks_here(self, player: int) -> bool:
        """Whether ``player``'s computer driver thinks in this app (never on a networked
        race's client: the server runs the bots)."""
        return self.is_bot(player) and player in self.monza.drivers

    def state_changed(self) -> None:
        """Derive and draw everything anew (the race screen)."""
        raise NotImplementedError

    def hint_arrived(self, found: Hint) -> None:
        """Show the expert's plan (the race screen)."""
        raise NotImplementedError

    def prepare_hint(self, state: State, found: Hint) -> None:
        """Get ready to show the expert's plan for ``state`` (the race screen)."""
        raise NotImplementedError

    # The one slot ----------------------------------------------------------------------

    def _schedule(self, callback: Callable[[], None], delay: float) -> None:
        self._cancel()
        self._pending = callback
        if delay <= 0 or self.hurry:
            self._timer = None
            self.call_later(self._fire)
        else:
            self._timer = self.set_timer(delay, self._fire)

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.stop()
        self._timer = None
        self._pending = None

    def _fire(self) -> None:
        callback, self._pending = self._pending, None
        self._timer = None
        if callback is None:
            return
        if self.app.screen is not self:
            # The quit question, the rules or another screen on top (a modal one counts as
            # "current" for Textual, not for us): wait until it is gone.
            self._stalled = True
            self._pending = callback
            return
        callback()

    def on_screen_resume(self) -> None:
        if self._stalled:
            self._stalled = False
            self._fire()

    # The car driving -------------------------------------------------------------------

    def animates(self, before: State, action: Action) -> bool:
        """Whether ``action`` from ``before`` is shown as the car driving, space by space."""
        return (isinstance(action, Confirm) and bool(before.path)
                and bool(self.monza.animation_delay) and not self.hurry)

    def drive(self, before: State, action: Action) -> bool:
        """Show the car driving its path one space a frame (skippable); False when there is
        nothing to animate."""
        if not self.animates(before, action):
            return False
        path = before.path
        frames = []
        for k in range(1, len(path) + 1):
            positions = list(before.positions)
            positions[before.player] = path[k - 1].space
            frames.append(replace(before, positions=tuple(positions), path=path[k:]))
        self._frames = frames
        self._next_frame()
        return True

    def _next_frame(self) -> None:
        if not self._frames:
            self._frame = None
            self.state_changed()
            self.advance()
            return
        self._frame = self._frames.pop(0)
        self.state_changed()
        self._schedule(self._next_frame, self.monza.animation_delay)

    # What happens next -----------------------------------------------------------------

    def advance(self) -> None:
        """Decide what happens next: wait for a person, roll for chance, or a bot's step."""
        race = self.race
        state = race.state
        if state.is_terminal():
            self._schedule(self.monza.show_results, self.monza.bot_delay)
            return
        if state.is_chance():
            roller = state.player
            if state.phase is Phase.ROLL and self.drives_here(roller):
                self.hurry = False
                return
            if not (self.drives_here(roller) or self.thinks_here(roller)):
                return  # rolled elsewhere (a networked race's server or another terminal)
            delay = self.monza.bot_delay
            if self.drives_here(roller):
                delay = min(delay, 0.5)
            self._schedule(lambda: self._auto_roll(race), delay)
            return
        actor = state.current_player()
        if not self.thinks_here(actor):
            if self.drives_here(actor):
                self.hurry = False
                self._plan_ahead(race)
            return  # a person here decides, or someone elsewhere (we wait for the news)
        # The bot thinks during its pause and plays when both are over: a skipped pause
        # (s) shows its move at once instead of waiting for the thinking. It starts a
        # frame period after the frame of this state, so that one following it (a toast
        # of the news comes a frame after the move) is out too: a thinking thread would
        # hold those frames back. Without a pause (--bot-delay 0, the tests) there is
        # nothing to hide the thinking in, and once skipping (s) only the frames of the
        # roll answer the key: then it starts right after this state's frame.
        self._choice = None
        self._pause_over = False
        self._thinking = True  # (due: nothing is settled until the move is played)
        after = min(THINK_AFTER, self.monza.bot_delay)
        if self.hurry and not (race.pending and isinstance(race.pending[-1], Roll)):
            after = 0

        def start() -> None:
            self._start_thinking(race, actor)

        after_frame(self, (lambda: self.set_timer(after, start)) if after > 0 else start)
        self._schedule(lambda: self._pause_ended(race), self.monza.bot_delay)

    def _auto_roll(self, race: Race) -> None:
        if self.monza.race is race:
            self.monza.roll()

    def _start_thinking(self, race: Race, actor: int) -> None:
        if self.monza.race is not race or not self.is_attached:
            self._thinking = False
            return
        self._think(race, actor)

    @work(thread=True, exclusive=True, group="bot", exit_on_error=False)
    def _think(self, race: Race, actor: int) -> None:
        """A bot chooses its action in a thread, so the screen never freezes."""
        driver = self.monza.drivers[actor]
        actions: list[Action] = []
        error = ""
        state = race.state
        try:
            while True:
                action = driver.choose(state)
                actions.append(action)
                # Skipping (s): the rest of the bot's turn is thought out too, and shown in
                # one frame instead of one a step.
                if not self.hurry or len(actions) >= MAX_SKIPPED or not state.is_legal(action):
                    break
                state = state.apply(action)
                if state.is_terminal() or state.is_chance() or state.current_player() != actor:
                    break
        except Exception as exc:  # a broken driver must not break the race
            if not actions:
                error = str(exc) or type(exc).__name__
        self.app.call_from_thread(self._bot_chose, race, tuple(actions), error)

    def _pause_ended(self, race: Race) -> None:
        # The bot's pause is over (or skipped): its move now, or as soon as it is chosen.
        if self._choice is not None and self._choice[0] is race:
            _, actions, error = self._choice
            self._choice = None
            self._bot_plays(race, actions, error)
        else:
            self._pause_over = True

    def _bot_chose(self, race: Race, actions: tuple[Action, ...], error: str) -> None:
        self._thinking = False
        if self.monza.race is not race:
            return
        if self._pause_over:
            # Played through the slot: not while the quit question is open.
            self._pause_over = False
            self._schedule(lambda: self._bot_plays(race, actions, error), 0)
        else:
            self._choice = (race, actions, error)

    def _bot_plays(self, race: Race, actions: tuple[Action, ...], error: str) -> None:
        if self.monza.race is not race:
            return
        action = actions[0] if actions else None
        if action is None or not race.state.is_legal(action):
            # Keep the race going with the first legal action, and say so.
            self.notify(
                _("The computer driver failed ({error}); it plays the first legal move.").format(
                    error=error or _("illegal action")
                ),
                severity="error",
            )
            action = race.state.legal_actions()[0]
            actions = (action,)
        if len(actions) > 1 and self.hurry:
            # The rest of a skipped turn: each action is logged; the last is drawn.
            self.quiet = True
            try:
                for step in actions[:-1]:
                    if not self.monza.act(step):
                        break
                else:
                    step = actions[-1]
            finally:
                self.quiet = False
            if self.monza.race is not None and self.monza.race.state.is_legal(step):
                self.monza.act(step)
            else:  # (a driver's plan the rules refused: go on from where it stopped)
                self.state_changed()
                self.advance()
            return
        self.monza.act(action)

    # The hint ----------------------------------------------------------------------------

    def _compute_hint(self, race: Race) -> bool:
        """The expert's choice for this situation, worked out in the thinker thread (or
        ahead, :meth:`_plan_ahead`): shown with this key's frame if it comes within
        :data:`HINT_WAIT` (True), else when it comes (False: say it is being thought)."""
        ahead = self._ahead
        if ahead is not None and ahead[0] is race.state:
            future = ahead[1]
        else:
            future = thinker().submit(think_of_hint, race.state)
        self._ahead = (race.state, future)
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
            self._plan_ahead(race, glance=False)

    def _plan_ahead(self, race: Race, *, glance: bool = True) -> None:
        """Work out the hint for a person's decision before it is asked for: a glance
        (:data:`THINK_AHEAD`) after the frame that shows the decision, in the thinker
        thread, in short slices (:func:`think_of_hint`); dropped if the race moved on
        meanwhile, and not before the expert's tables are built (the app builds them in
        another process after its first frame: built here, they would hold the keys back
        for most of a second). The first hint a person asks for is as quick as the rest;
        a family that plays without hints pays a few milliseconds of the thinker's time a
        decision, while it looks at the board."""
        if not tuning.tuned():  # MONZA_NO_TUNING: a hint is thought out when asked
            return

        def start() -> None:
            ahead, state = self._ahead, race.state
            if (self.monza.race is race and self.is_attached
                    and (ahead is None or ahead[0] is not state) and expert_ready(race)):
                future = thinker().submit(think_of_hint, state)
                self._ahead = (state, future)
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
        ahead = self._ahead
        if (ahead and ahead[1] is future and self.is_attached and not future.cancelled()
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


__all__ = ["RacePace"]
