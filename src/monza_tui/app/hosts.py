"""The hosts of a race on screen: who holds the race the race screen shows, and how it
moves on.

The race screen never changes a race itself: it asks its host (:class:`RaceHost`) to act,
to roll, who drives each car at this keyboard, which computer driver thinks here. There
are three: :class:`LocalHost`, a race at this keyboard (the app's race, its drivers, its
dice, its autosave); ``monza_tui.learn.host.LessonHost``, the guided first race (a local
race whose script decides what an action plays); and ``app/remote_host.py``'s
``RemoteHost``, a race held by a server elsewhere. What they all pass through from the app
(its pauses, its results screen) is :class:`RaceHost`'s. The app only keeps whichever host
shows its race (``MonzaApp.host``); nothing here imports the app (:mod:`.shell`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from monza_tui import tuning
from monza_tui.engine import Action, Colour, IllegalActionError, Roll, State, seeded_roll
from monza_tui.race.ahead import Ahead
from monza_tui.race.drivers import Drivers
from monza_tui.record import Race
from monza_tui.seats import SeatKind

if TYPE_CHECKING:
    from textual.screen import Screen

    from monza_tui.app.screens.race import RaceScreen
    from monza_tui.app.shell import Shell
    from monza_tui.bots import Driver

Roller = Callable[[State], tuple[Colour, ...]]
"""Test hook: the dice chance rolls now (instead of the race's seeded dice)."""


class RaceHost:
    """What the race screen asks of whoever holds its race, with what every host passes
    through from the app (see the module's docstring). Answers here are those of a race
    that moves only by news from elsewhere; the hosts say otherwise where they act."""

    hands_seats = True
    """Whether this keyboard may hand cars to other drivers (``c``)."""
    autosaves = False
    """Whether the app autosaves this race after every change (a race at this keyboard)."""
    networked = False
    """Whether the race is held elsewhere (no rematch here: a new race is the host's)."""
    set_up_here = False
    """Whether the race's seats are a set-up of this keyboard's (the set-up screen is
    filled in with them afterwards; not the lesson's, nor another house's)."""

    def __init__(self, shell: Shell) -> None:
        self.app = shell
        self.ahead = Ahead(enabled=tuning.tuned())
        """What is worked out ahead of a person's key (the foresight, hints ahead)."""

    @property
    def race(self) -> Race | None:
        """The race shown: the only copy of the game's truth on this screen."""
        return None

    @property
    def bot_delay(self) -> float:
        """Seconds between a bot's steps."""
        return self.app.bot_delay

    @property
    def animation_delay(self) -> float:
        """Seconds between the spaces of a car's drive."""
        return self.app.animation_delay

    def driver(self, player: int) -> Driver | None:
        """The computer driver that thinks for ``player`` at this terminal now; None for a
        person's seat, or where the race's computer drivers think elsewhere."""
        return None

    def act(self, action: Action) -> bool:
        """Play ``action`` if the rules allow it now; False if not."""
        return False

    def roll(self) -> bool:
        """Let chance roll the dice due now."""
        return False

    def foresee(self, action: Action) -> Race | None:
        """Work out ahead the race after ``action``, the key a person is likely to press
        next, for :meth:`act` to take if it comes (``race_ahead.py``); None where acting
        does more than apply it (a networked race, a lesson)."""
        return None

    def dice_due(self) -> Roll | None:
        """The dice :meth:`roll` would roll now, where they are known before the key (the
        race's seeded dice, a pure function of its seed and state), for the foresight;
        None elsewhere (the host of a networked race rolls, a lesson's script, a test's
        roller that may draw as it goes)."""
        return None

    def hand_seat(self, player: int, seat: SeatKind) -> Race | None:
        """Give ``player``'s car to ``seat``: the race after, or None (refused, or it
        comes back as news)."""
        return None

    def show_results(self) -> None:
        """The race is over: show the results."""
        self.app.show_results()

    def drives_here(self, player: int) -> bool:
        """Whether a person at this keyboard drives ``player`` now: the screen waits for
        their keys."""
        return False

    def waiting_for(self, player: int) -> str | None:
        """Who the screen waits for while ``player`` acts elsewhere, in words ("Waiting
        for Ben…"); None when there is nothing to say but the usual (a local race)."""
        return None

    @property
    def yours(self) -> frozenset[int]:
        """The cars the panel marks "you": a person's here in a race where others play
        elsewhere (none at one keyboard, where every person's car is someone's here)."""
        return frozenset()

    # The app's questions -------------------------------------------------------------------

    def make_screen(self) -> Screen[None]:
        """The screen that shows this host's race (the race screen; the lesson's)."""
        from monza_tui.app.screens.race import RaceScreen

        return RaceScreen(self)

    def start(self) -> None:
        """Show the race (a host made before the app ran: a race over the network)."""
        race = self.race
        if race is not None:
            self.app.begin(race, self)

    def quit(self) -> bool:
        """Answer the quit key in this host's own way (True), or leave it to the app's
        usual question (False)."""
        return False

    @property
    def wants_expert(self) -> bool:
        """Whether the expert's tables are built for this race after its first frame (for
        its computer drivers and hints; not for a watcher, who asks none)."""
        return True

    @property
    def can_invite(self) -> bool:
        """Whether there is an invitation to show again (``i``)."""
        return False

    def invite(self) -> None:
        """Show the invitation again, if there is one."""

    def leave(self) -> None:
        """The app leaves this race (for the set-up screen, or another race)."""

    def say_refused(self, why: str) -> None:
        """An action the rules refuse (a person's, through :meth:`act`): say why."""
        self.app.notify(why, severity="warning", timeout=3)


class LocalHost(RaceHost):
    """A race at this keyboard: the one race, changed only through :meth:`act`, its
    seeded dice (or a test's roller), its computer drivers (``race.drivers``: seeded from
    the race), the foresight's race ahead, and the autosave after every change."""

    autosaves = True
    set_up_here = True

    def __init__(self, shell: Shell, race: Race, *, roller: Roller | None = None) -> None:
        super().__init__(shell)
        self._race = race
        self.roller = roller
        self.drivers = Drivers()

    @property
    def race(self) -> Race:
        return self._race

    def driver(self, player: int) -> Driver | None:
        race = self._race
        return self.drivers.of(race, player) if race.players[player].seat.is_bot else None

    def drives_here(self, player: int) -> bool:
        """Every person's car is driven at this keyboard."""
        return not self._race.players[player].seat.is_bot

    def act(self, action: Action) -> bool:
        """Play ``action`` if the rules allow it now (False, and a word why, if not): the
        race after it is the app's, and its screen shows it."""
        from monza_tui.i18n import _

        race = self._race
        after = self.ahead.take(race, action)  # (applied ahead: see foresee)
        if after is None:
            if not race.state.is_legal(action):
                self.say_refused(_("That is not allowed now."))
                return False
            try:
                after = race.apply(action)
            except IllegalActionError as error:  # the engine has the last word
                from monza_tui.wording import word

                self.say_refused(word(error))
                return False
        self.changed(after)
        screen = self.screen()
        if screen is not None:
            screen.race_changed(race, action, after)
        return True

    def changed(self, after: Race) -> None:
        """The race is now ``after``: the app hears of it (and saves it)."""
        self._race = after
        self.app.race_changed(after)

    def screen(self) -> RaceScreen | None:
        """The race screen showing this race, if it is up."""
        screen = self.app.race_screen()
        return screen if screen is not None and screen.monza is self else None

    def foresee(self, action: Action) -> Race | None:
        """The race after ``action``, applied ahead of the key (the race screen's
        foresight): :meth:`act` takes it if that action comes next, on this race. None if
        the rules refuse it."""
        from monza_tui.race.ahead import Foreseen

        if not self.ahead.enabled:
            return None
        race = self._race
        try:
            after = race.apply(action)
        except IllegalActionError:
            return None
        self.ahead.put(Foreseen(race, action, after))
        return after

    def hand_seat(self, player: int, seat: SeatKind) -> Race | None:
        """Give ``player``'s car to another driver (a computer driver when a person leaves,
        a person taking a car back): the race records it, the car gets its driver (seeded
        from the race and the change: ``race.drivers``), the race is saved. The race
        after, or None when refused (the race is over)."""
        try:
            after = self._race.hand_seat(player, seat)
        except ValueError:
            return None
        self.changed(after)
        return after

    def roll(self) -> bool:
        """Let chance roll the dice due now: the race's seeded dice, or the test roller."""
        state = self._race.state
        if not state.is_chance():
            return False
        if self.roller is not None:
            return self.act(Roll(self.roller(state)))
        return self.act(seeded_roll(self._race.seed, state))

    def dice_due(self) -> Roll | None:
        """The race's seeded dice due now (see :meth:`RaceHost.dice_due`); None with a
        test's roller, which may draw as it goes."""
        race = self._race
        if self.roller is not None or not race.state.is_chance() or not self.ahead.enabled:
            return None
        return seeded_roll(race.seed, race.state)


__all__ = ["LocalHost", "RaceHost", "Roller"]
