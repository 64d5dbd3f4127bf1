"""The pace of a race on screen: rolls for chance, bots thinking in a worker, the car
driving space by space.

A mixin of the race screen. What is due next is the race core's one pace policy
(:func:`monza_tui.race.pace.next_step`); this adds only the screen's own scheduling.
Everything that happens on its own goes through one slot (:meth:`RacePace._schedule`), and
nothing in it fires while another screen (the quit question, the rules) is on top: it
waits, and goes on when the race screen is back. So a bot never plays under the quit
dialog, and what is saved on quitting is what was shown.

Thinking and the frames (``docs/app.md``: "A bot thinks during its pause, after its
frames"): a thread that thinks holds Python's interpreter in 5 ms slices, and every frame
drawn meanwhile waits for it. So a bot starts thinking only once the frames of the action
before it are out. The hint has a mixin of its own (``race_hints.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from textual import work
from textual.screen import Screen
from textual.timer import Timer

from monza_tui.app.widgets.common import after_frame
from monza_tui.engine import Action, Confirm, Roll, State
from monza_tui.race.drivers import BotMove, bot_move
from monza_tui.race.pace import Pace, StepKind, next_step
from monza_tui.race.words import driver_failed
from monza_tui.record import Race

if TYPE_CHECKING:
    from monza_tui.app.hosts import RaceHost

THINK_AFTER = 0.02
"""Seconds after the frame that shows a bot's turn before it starts thinking: one 60 Hz frame
and a little, never longer than the bot's pause (``--bot-delay``), which it hides in."""


@dataclass(frozen=True, eq=False)
class BotChoice:
    """A computer driver's move, chosen (in its thread) for one race: played when its pause
    is over too (:meth:`RacePace._pause_ended`)."""

    race: Race
    move: BotMove


class RacePace(Screen[None]):
    """Timers, workers and the animation of the race screen."""

    def __init__(self, host: RaceHost) -> None:
        super().__init__()
        self.monza = host
        """The host of the race shown (``app/hosts.py``): the screen asks it to act."""
        self.hurry = False
        """Skip pressed: no pauses until a person has to decide again."""
        self._frames: list[State] = []
        self._frame: State | None = None
        self._timer: Timer | None = None
        self._pending: Callable[[], None] | None = None
        self._thinking = False
        self._choice: BotChoice | None = None
        """The bot's move, chosen while its pause still runs."""
        self._pause_over = False
        """The bot's pause is over but its move is not chosen yet."""
        self._stalled = False
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
        return self.is_bot(player) and self.monza.driver(player) is not None

    @property
    def pace(self) -> Pace:
        """The race's pauses on this screen (none while skipping). A drive needs no pause
        of its own: the screen shows it before it asks what is next."""
        pace = Pace(bot_delay=self.monza.bot_delay)
        return pace.hurried() if self.hurry else pace

    def state_changed(self) -> None:
        """Derive and draw everything anew (the race screen)."""
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
        """Do what is due next (``next_step``): wait for a person, roll for chance, or a
        bot's step; anything due elsewhere (a networked race's server) comes as news."""
        race = self.race
        step = next_step(race, self.pace)
        player = step.player
        if step.kind is StepKind.END:
            self._schedule(self.monza.show_results, step.pause)
        elif step.kind in (StepKind.DECIDE, StepKind.AWAY):
            if self.drives_here(player):
                self.hurry = False
                if not race.state.is_chance():
                    self.plan_ahead(race)
        elif step.kind is StepKind.ROLL:
            if self.drives_here(player) or self.thinks_here(player):
                self._schedule(lambda: self._auto_roll(race), step.pause)
        elif self.thinks_here(player):
            self._bot_turn(race, player, step.pause)

    def _bot_turn(self, race: Race, actor: int, pause: float) -> None:
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
        self._schedule(lambda: self._pause_ended(race), pause)

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
        """A bot chooses its action in a thread, so the screen never freezes; skipping (s),
        the rest of its turn too, shown in one frame instead of one a step."""
        driver = self.monza.driver(actor)
        assert driver is not None
        move = bot_move(driver, race.state, whole_turn=self.hurry)
        self.app.call_from_thread(self._bot_chose, BotChoice(race, move))

    def _pause_ended(self, race: Race) -> None:
        # The bot's pause is over (or skipped): its move now, or as soon as it is chosen.
        choice, self._choice = self._choice, None
        if choice is not None and choice.race is race:
            self._bot_plays(choice)
        else:
            self._pause_over = True

    def _bot_chose(self, choice: BotChoice) -> None:
        self._thinking = False
        if self.monza.race is not choice.race:
            return
        if self._pause_over:
            # Played through the slot: not while the quit question is open.
            self._pause_over = False
            self._schedule(lambda: self._bot_plays(choice), 0)
        else:
            self._choice = choice

    def _bot_plays(self, choice: BotChoice) -> None:
        race, move = choice.race, choice.move
        if self.monza.race is not race:
            return
        if move.failed:  # (the first legal action instead: the race goes on)
            self.notify(driver_failed(move.error), severity="error")
        actions = move.actions
        if len(actions) > 1:
            # The rest of a skipped turn: each action is logged; the last is drawn.
            self.quiet = True
            try:
                played = all(self.monza.act(step) for step in actions[:-1])
            finally:
                self.quiet = False
            if not played:  # (the race moved on meanwhile: go on from where it stopped)
                self.state_changed()
                self.advance()
                return
        self.monza.act(actions[-1])

    def plan_ahead(self, race: Race, *, glance: bool = True) -> None:
        """Work out ahead the hint of a person's decision (the hint's mixin)."""


__all__ = ["RacePace"]
