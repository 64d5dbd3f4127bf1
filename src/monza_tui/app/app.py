"""The Textual app of ``monza play``: the screens around one race and its host.

The app holds nothing of the game but the host of the race shown (:attr:`MonzaApp.host`,
``app/hosts.py``): a race at this keyboard (``LocalHost``), the lesson's, or one held by a
server elsewhere. Every action, a person's key, a click, a bot's choice or a roll of the
dice, goes through the host, which asks the engine whether it is legal, applies it and
tells the app (:meth:`MonzaApp.race_changed`: autosave hooks in there) and the race
screen. Screens only point at things and ask the host; the set-up and results screens
reach the app by messages (``SetupScreen.Chosen``) and actions (``app.rematch``,
``app.new_setup``, ``app.rules``).

The autosave is written after the frame that shows the action, by a thread of its own
(:mod:`monza_tui.app.autosave`), so a key never waits for the disk; leaving the app waits
for the last save.
"""

from __future__ import annotations

import contextlib
import sys
import time
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events, work
from textual.binding import Binding, BindingType

from monza_tui import heap, tuning
from monza_tui.app.app_words import WordsApp
from monza_tui.app.autosave import Autosaver
from monza_tui.app.hosts import LocalHost, RaceHost, Roller
from monza_tui.app.textual_shim import FrameOut
from monza_tui.app.toasts import ToastPolicy
from monza_tui.app.widgets.common import after_frame
from monza_tui.i18n import N_, _
from monza_tui.race.setup import RaceSetup, setup_of, start_race
from monza_tui.record import Race
from monza_tui.wording.going_on import go_on

if TYPE_CHECKING:
    from monza_tui.app.screens.race import RaceScreen
    from monza_tui.app.screens.setup import SetupScreen
    from monza_tui.stats.evening import Evening

DEFAULT_BOT_DELAY = 0.6
"""Seconds between a bot's steps, so that people can follow them."""
DEFAULT_ANIMATION_DELAY = 0.08
"""Seconds per space when a car drives along its path."""
WRITERS_TURN = 0.0002
"""Seconds the app pauses after handing a frame to Textual's writer thread, which sends it
to the terminal meanwhile (it needs about a tenth of a millisecond; see
``MonzaApp.frame_out``)."""
SWITCH_INTERVAL = 0.0005
"""Python's switch interval while the app runs (5 ms by default): the longest a thread that
waits for the interpreter waits for one that holds it. Textual's writer thread, with a frame
to send, waited up to the whole 5 ms behind the app's own work after the frame (a toast's
layout after a push-back), and the app's thread behind a bot or a hint thinking in its
thread."""


class MonzaApp(ToastPolicy, FrameOut, WordsApp):
    """Set-up, race, results; rules on ``?``/F1 from anywhere."""

    CSS_PATH = "app.tcss"
    TITLE = "Monza"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark,f1", "rules", N_("Rules"), key_display="?", id="app.rules"),
        Binding("ctrl+q", "request_quit", N_("Quit"), id="app.quit"),
        # The host of a race over the network: the invitation again (the prompt says i).
        Binding("i", "invite", N_("Invitation"), show=False, id="app.invite"),
        # Ctrl+C would quit Textual at once; here it copies selected text, or else asks
        # first, like q on the race screen.
        Binding("ctrl+c", "copy_or_quit", N_("Quit"), show=False, priority=True,
                id="app.interrupt"),
    ]

    def __init__(
        self,
        setup: RaceSetup | None = None,
        *,
        race: Race | None = None,
        bot_delay: float = DEFAULT_BOT_DELAY,
        animation_delay: float = DEFAULT_ANIMATION_DELAY,
        roller: Roller | None = None,
        offer_saved: bool = False,
        learn: bool = False,
        networked: bool = False,
    ) -> None:
        """Open the set-up screen filled in with ``setup``, or go straight to ``race``.

        ``roller`` is a test hook: it decides every roll instead of the race's seeded dice.
        ``offer_saved``: on the set-up screen, offer to continue an unfinished saved race.
        ``learn``: open the guided first race (``monza learn``).
        ``networked``: a race over the network comes (its host is set as :attr:`host`
        before the app runs).
        """
        # The first screen's styles are read with the app's: pushed later, a screen that
        # brings new CSS has Textual parse every style sheet again.
        first = "screens/race.tcss" if race is not None or networked else "screens/setup.tcss"
        super().__init__(css_path=[self.CSS_PATH, first])
        self._palette_words()
        self.setup = setup or RaceSetup()
        self.host: RaceHost | None = None
        """The host of the race shown (``app/hosts.py``); None: no race (the set-up)."""
        self.bot_delay = max(0.0, bot_delay)
        self.animation_delay = max(0.0, animation_delay)
        self.roller = roller
        self._networked = networked
        self._first_race = race
        self._leaving = False  # set by exit(): input after that is dropped
        self._usual_switch_interval = sys.getswitchinterval()
        """Python's switch interval before the app ran (see SWITCH_INTERVAL)."""
        self.offer_saved = offer_saved
        self.autosaver = Autosaver(self.post_message)
        self._unsaved: Race | None = None
        """The newest race not yet handed to the autosaver (it is, after the next frame)."""
        self._told_save_error: str | None = None
        """The last failed save's message told (each reason once)."""
        self.evening: Evening | None = None
        """The evening of races this race belongs to, if any (app/championship.py)."""
        self._learn = learn

    @property
    def race(self) -> Race | None:
        """The race shown (its host's: the only copy of the game's truth)."""
        host = self.host
        return host.race if host is not None else None

    # Screens --------------------------------------------------------------------------

    async def on_event(self, event: events.Event) -> None:
        # Input that arrives once the app is leaving, or while a screen is still being put
        # up, is dropped: keys typed fast after "Quit" opened screens during the shutdown
        # and crashed on widgets already gone (NoMatches '#rules', '#setup').
        if isinstance(event, events.InputEvent) and not self._ready_for_input():
            return
        await super().on_event(event)

    def _ready_for_input(self) -> bool:
        return not self._leaving and bool(self.screen_stack) and self.screen.is_mounted

    def exit(self, *args: Any, **kwargs: Any) -> None:
        self._leaving = True
        super().exit(*args, **kwargs)

    # The first frame ----------------------------------------------------------------------

    def frame_out(self) -> None:
        # (textual_shim.FrameOut: the first frame goes out of Textual's mount batch)
        if not self.is_headless:
            # The frame is queued for Textual's writer thread, which needs the interpreter
            # to send it; what the app does next (a toast's layout, the next frame) would
            # hold it, and the frame waited for the interpreter's switch interval (5 ms).
            # A pause of the app's thread is the writer's turn.
            time.sleep(WRITERS_TURN)
        heap.frame_shown()  # the collector's passes a moment later, not in a key

    def on_mount(self) -> None:
        self._usual_switch_interval = sys.getswitchinterval()
        if tuning.tuned():
            sys.setswitchinterval(min(SWITCH_INTERVAL, self._usual_switch_interval))
        self._apply_saved_theme()
        if self._networked and self.host is not None:
            self.host.start()
        elif self._learn:
            self.action_learn()
        elif self._first_race is not None:
            self.begin(self._first_race)
        else:
            from monza_tui.app.screens.setup import SetupScreen

            self.push_screen(SetupScreen(self.setup))
            self.call_after_refresh(heap.settle)
            if self.offer_saved:
                self._offer_unfinished()

    def _offer_unfinished(self) -> None:
        """An interrupted race waits in the saves: offer to continue it (``monza resume``
        does the same without asking)."""
        from monza_tui import saves
        from monza_tui.app.screens.confirm import ConfirmScreen

        found = saves.latest_unfinished()
        if found is None or found.race is None:
            return
        race = found.race

        def answered(yes: bool | None) -> None:
            if yes:
                self.begin(race)

        question = _("An unfinished race is saved: {race}. Continue it?").format(
            race=found.summary()
        )
        self.push_screen(ConfirmScreen(question, yes=_("Continue"), no=_("New race")), answered)

    def action_request_quit(self) -> None:
        """Quit, asking first while a race is on (it is saved after every action anyway,
        and saved once more on the way out)."""
        from monza_tui.app.screens.confirm import ConfirmScreen

        race = self.race
        if self.host is not None and self.host.quit():
            return  # (the lesson, a race over the network: they ask their own way)
        failed = self.autosaver.error
        if race is None or (race.state.is_terminal() and failed is None):
            self.exit()
            return
        if isinstance(self.screen, ConfirmScreen):
            return

        if failed is not None:
            # Say what is true: the race (finished or not) is not saved; offer to write
            # it elsewhere, as the line game does.
            from monza_tui import saves

            finished = race.state.is_terminal()

            def rescue(yes: bool | None) -> None:
                if not yes:
                    return
                try:
                    where = saves.rescue(race)
                except saves.SaveError as error:
                    self.exit(message=_("The race could not be saved anywhere: {why}").format(
                        why=error), return_code=1)
                    return
                self.exit(message=go_on("rescued_finished" if finished else "rescued",
                                        path=where))

            question = _("The race is NOT saved: {why}. Write it to {folder} and quit?").format(
                why=failed, folder=saves.rescue_folder()
            )
            self.push_screen(
                ConfirmScreen(question, yes=_("Write it there and quit"), no=_("Play on")),
                rescue,
            )
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.race_changed(race)
                self.save_now()
                if self.autosaver.error is None:
                    self.exit(message=go_on("quit_saved"))
                else:
                    self.action_request_quit()  # the last save failed: offer the rescue

        question = go_on("quit_question")
        self.push_screen(ConfirmScreen(question, yes=_("Quit"), no=_("Play on")), answered)

    def begin(self, race: Race, host: RaceHost | None = None) -> None:
        """Start showing ``race`` through ``host`` (by default a race at this keyboard,
        ``LocalHost``): the race screen opens (the host's own, as the lesson's)."""
        previous = self.host
        if previous is not None and previous is not host:
            previous.leave()
        if host is None:
            host = LocalHost(self, race, roller=self.roller)
        self.host = host
        self.race_changed(race)
        self.show_screen(host.make_screen())
        self.call_after_refresh(heap.settle)  # what lives as long as the race: kept out of
        # the collector's later passes (they would take tens of ms in the middle of a key)
        if host.wants_expert:
            self.warm_up(race)

    def warm_up(self, race: Race) -> None:
        """Once the race's first frame is out (the warm-up would compete with it), build the
        expert's tables for its board in another process (a few hundred ms, once per
        board): the first bot move or hint does not wait for them, and the hints can be
        thought out ahead. A race from this terminal, or one joined over the network."""
        self.set_timer(0.3, lambda: self._warm_up(race))

    @work(thread=True, exclusive=True, group="warm-up")
    def _warm_up(self, race: Race) -> None:
        """:meth:`warm_up`'s worker: it waits for the child process without the lock."""
        from monza_tui.bots.prebuild import build_elsewhere  # in a child process

        build_elsewhere(race.game.board, race.game.pro)
        with contextlib.suppress(RuntimeError):  # (the app has closed meanwhile)
            self.call_from_thread(self._expert_ready, race)

    def _expert_ready(self, race: Race) -> None:
        """The expert's tables for ``race``'s board are built: the race screen thinks out
        the hint of the decision at hand (it does not while they are being built)."""
        screen = self.race_screen()
        shown = screen.monza.race if screen is not None else None
        if screen is not None and shown is not None and shown.game is race.game:
            screen.expert_arrived()

    def show_screen(self, screen: Any) -> None:
        # One main screen over the default one: set-up, race, or results over the race.
        # A key that asks for another change before the last one is mounted is dropped:
        # two changes in flight left a screen mounted after its widgets were gone
        # (NoMatches '#setup' with fast keys as the results appeared).
        previous = getattr(self, "_shown", None)
        if previous is not None and not previous.is_mounted and previous in self.screen_stack:
            return
        self._shown = screen
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if len(self.screen_stack) <= 1:
            self.push_screen(screen)
        else:
            self.switch_screen(screen)

    def show_results(self) -> None:
        """The race is over: the results screen (R11) over the race screen, so that Escape
        goes back to look at the final board."""
        from monza_tui.app import championship
        from monza_tui.app.screens.results import ResultsScreen

        assert self.race is not None
        self.clear_notifications()  # "this is the final round" is over too
        # Whether the race belongs to an evening under way is first asked here: only the
        # results tell (the race's start need not load the evening's file and tables).
        championship.attach(self, self.race)
        evening = championship.finished(self)
        self.push_screen(ResultsScreen(self.race, evening=evening))

    def on_setup_screen_chosen(self, message: SetupScreen.Chosen) -> None:
        """The set-up screen started a race: show it (the first of an evening when the
        set-up asks for several races)."""
        from monza_tui.app import championship

        championship.start(self, message.race, message.races)
        self.begin(message.race)

    def action_rematch(self) -> None:
        """The same set-up again with fresh dice (a new, recorded seed); in an evening, its
        next race (the same seats, the next start player)."""
        from monza_tui.app import championship

        if self.host is None or self.host.networked:
            return  # (not offered: see check_action)
        assert self.race is not None
        following = championship.next_race(self)
        if following is not None:
            self.begin(following)
            return
        setup = setup_of(self.race).with_seed(None)
        self.begin(start_race(setup, self.race.board_file))

    def action_new_setup(self) -> None:
        """Back to the set-up screen, filled in as the last race was."""
        from monza_tui.app.screens.setup import SetupScreen

        host, self.host = self.host, None
        setup = self.setup
        if host is not None:
            race = host.race
            if race is not None and host.set_up_here:
                setup = replace(setup_of(race), seed=None)
            host.leave()
        self.show_screen(SetupScreen(setup))

    def action_learn(self) -> None:
        """The guided first race (``monza learn``; F2 on the set-up screen), resumed at the
        step where it was left."""
        from monza_tui.learn.host import start_lesson

        start_lesson(self)

    def action_join(self) -> None:
        """Join a race hosted elsewhere (``monza join`` without a command line: the
        set-up screen's "Join a race", for a browser's visitor too)."""
        from monza_tui.app.screens.join import JoinScreen

        if not isinstance(self.screen, JoinScreen):
            self.push_screen(JoinScreen())

    def action_invite(self) -> None:
        """The host of a race over the network: the invitation again (i)."""
        if self.host is not None:
            self.host.invite()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "invite":
            return self.host is not None and self.host.can_invite
        if action == "rematch":  # (over the network, a new race is the host's: monza host)
            return self.host is None or not self.host.networked
        return True

    def action_rules(self) -> None:
        """The rules summary (docs/rules.md), over whatever is on screen."""
        from monza_tui.app.screens.rules import RulesScreen

        if not isinstance(self.screen, RulesScreen):
            self.push_screen(RulesScreen())

    # The race shown changed --------------------------------------------------------------

    def race_changed(self, race: Race) -> None:
        """Hook called by the host with the new race after every action (and when a race
        begins): autosave plugs in here."""
        # Autosave (saves engineer; docs/saves.md): every action is saved, atomically, once
        # the frame that shows it is out, so quitting, Ctrl+C or a kill never loses the race.
        if self.host is None or not self.host.autosaves:
            return  # (the lesson keeps its step instead; a networked race, its server)
        waiting = self._unsaved
        if waiting is not None and waiting.game is not race.game:
            self.autosaver.submit(waiting)  # another race's last state: hand it over now
        self._unsaved = race
        after_frame(self, self._hand_over)

    def _hand_over(self) -> None:
        # After the frame (sent while the app paused for the writer's turn): the saver's
        # thread writes, and the app waits for it before the next message, so whoever reads
        # the save next finds this action in it.
        race, self._unsaved = self._unsaved, None
        if race is not None:
            self.autosaver.submit(race)
            self.autosaver.flush()

    def save_now(self) -> None:
        """Write every action so far before going on (quitting, leaving the app)."""
        self._hand_over()
        self.autosaver.flush()

    def on_autosaver_failed(self, message: Autosaver.Failed) -> None:
        # Disk full, folder not writable: say so (once per reason), play on.
        if message.text != self._told_save_error:
            self._told_save_error = message.text
            self.notify(message.text, severity="error", timeout=10)

    def on_unmount(self) -> None:
        self.save_now()
        sys.setswitchinterval(self._usual_switch_interval)
        heap.release()

    def race_screen(self) -> RaceScreen | None:
        from monza_tui.app.screens.race import RaceScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, RaceScreen):
                return screen
        return None
