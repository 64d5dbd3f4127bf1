"""The race screen: the board beside the side panel.

The screen keeps a pointer (:class:`Pointer`: selected die or tile, cursor space, dice
marked for the extra roll) as reactive state with one watcher, and the choices of now
(:class:`Now`), derived once per engine state and shared by the board, the panel and
``check_action``. Moving the cursor recomputes nothing: it reads ``Now``. The race itself
is ``app.race``; keys and clicks become engine actions through ``app.act``, and the pace
(rolls, bots, the car driving) lives in :class:`RacePace`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.reactive import reactive
from textual.widgets import Static

from monza_tui.app import textual_shim
from monza_tui.app.board_view import BoardView
from monza_tui.app.screens.race_actions import RaceActions
from monza_tui.app.screens.race_ahead import Foresight
from monza_tui.app.screens.race_hints import RaceHints
from monza_tui.app.screens.race_keys import KEY_ACTIONS, KEYS
from monza_tui.app.screens.race_mouse import RaceMouse
from monza_tui.app.screens.race_panel import SHORT_HEIGHT, PanelMixin
from monza_tui.app.screens.screen_cursor import FollowOnRace
from monza_tui.app.screens.seat_change import SeatChanges
from monza_tui.app.widgets.common import KeptLines, RepaintsDirectly, StyledOnMount, one
from monza_tui.app.widgets.key_line import KeyLine
from monza_tui.app.widgets.panel import PanelText, TurnBanner, wrapped
from monza_tui.app.widgets.race_log import RaceLog
from monza_tui.engine import (
    Action,
    BonusStep,
    Phase,
    Place,
    State,
    Token,
)
from monza_tui.race.narrate import headlines
from monza_tui.race.now import (
    Now,
    Pointer,
    base_scene,
    derive,
    pointer_scene,
)
from monza_tui.race.offers import Waiting, offers
from monza_tui.race.pace import StepKind, acting, next_step
from monza_tui.race.scene import Scene
from monza_tui.race.setup import seat_label
from monza_tui.race.words import hint_text, prompt, waiting_prompt
from monza_tui.record import Race

if TYPE_CHECKING:
    from monza_tui.app.hosts import RaceHost
    from monza_tui.bots import Hint


class RaceScreen(
    KeptLines, RepaintsDirectly, StyledOnMount, RaceActions, RaceMouse, SeatChanges,
    FollowOnRace, PanelMixin, Foresight, RaceHints,
):
    """Board, side panel, footer; everything by keyboard alone or by mouse alone."""

    CSS_PATH = "race.tcss"
    AUTO_FOCUS = ""  # no widget takes the keys: Enter, Tab and the arrows are the race's

    BINDINGS: ClassVar[list[BindingType]] = list(KEYS)

    pointer: reactive[Pointer] = reactive(Pointer, init=False, repaint=False)
    """What the person points at; its one watcher redraws what depends on it."""

    def __init__(self, host: RaceHost) -> None:
        super().__init__(host)
        # Classes known before the widgets mount: set later, a screen class restyles every
        # widget of the screen again (tens of milliseconds of the launch).
        self.set_class(self.race.game.pro, "-pro")
        self.set_class(self.app.size.height < SHORT_HEIGHT, "-short")
        self.hint: Hint | None = None
        self.now = Now(state=self.race.state, human=False)
        """The choices of the state shown (see :func:`derive`)."""
        self._scene: Scene | None = None
        self._offered: tuple[bool | None, ...] = ()
        self._answers: dict[tuple[str, tuple[object, ...]], bool] = {}
        """:meth:`check_action`'s answers for the moment :attr:`_answered` (see there)."""
        self._answered: tuple[State | None, State | None, Pointer | None] = (None, None, None)
        """The state, the frame of the drive and the pointer of :attr:`_answers`."""
        self.told: list[str] = []
        """Every line of the race log, unwrapped (what the log widget shows)."""
        self._advice: set[str] = set()
        """The messages of the answering toasts (see :meth:`advise`)."""

    # The pointer, read-only ---------------------------------------------------------------

    @property
    def selected(self) -> Token | None:
        return self.pointer.selected

    @property
    def cursor(self) -> int | None:
        return self.pointer.cursor

    @property
    def marked(self) -> frozenset[int]:
        return self.pointer.marked

    def point(self, **changes: object) -> None:
        """Change the pointer (the watcher redraws)."""
        self.pointer = replace(self.pointer, **changes)  # type: ignore[arg-type]

    def human_to_act(self, race: Race | None = None) -> bool:
        """Whether a person decides now (and nothing is moving on screen); in ``race``
        (one foreseen), by default the race shown."""
        if self._frames or self._frame is not None:
            return False
        state = (race or self.race).state
        if state.is_terminal():
            return False
        if state.is_chance():
            return state.phase is Phase.ROLL and self.drives_here(state.player)
        return self.drives_here(state.current_player())

    def waiting(self) -> Waiting:
        """What the screen waits for now: nothing (a person here decides), the race's own
        pace (a computer driver, dice rolling by themselves, the car driving: Skip hurries
        them) or a person elsewhere (nothing here hurries them)."""
        if self.human_to_act():
            return Waiting.NOTHING
        if self._frames or self._frame is not None:
            return Waiting.PACE
        step = next_step(self.race)
        if step.kind in (StepKind.DECIDE, StepKind.AWAY):
            return Waiting.PERSON
        return Waiting.PACE

    # Layout ------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        race = self.race
        # The keys of the moment, one line that repaints (Textual's Footer rebuilds itself
        # on every change). No palette key: it would crowd "? Rules" out at 80 columns (^p
        # still opens it). Split off first, then the panel (race.tcss).
        yield KeyLine(id="keys")
        yield from self.compose_panel()
        yield BoardView(race.board_file, id="board")
        yield Static("", markup=False, id="enlarge")

    def on_mount(self) -> None:
        self.log_lines(self.opening_lines())
        self.state_changed()
        self.check_size()
        self.advance()

    def on_resize(self, event: events.Resize) -> None:
        self.check_size()

    def log_lines(self, lines: list[str]) -> None:
        """Append to the race log."""
        self.told.extend(lines)
        one(self, "#log", RaceLog).write_lines(lines)

    # Drawing -----------------------------------------------------------------------------

    def state_changed(self) -> None:
        """The engine state (or the animation frame, or the pace) changed: derive the
        choices of now once (or take them foreseen), reset the pointer and draw
        everything."""
        frame = self._frame
        state = frame or self.race.state
        human = self.human_to_act()
        foreseen = self.foreseen(state, human)
        if foreseen is not None:
            now, self._scene = foreseen
        else:
            now = derive(state, human=human)
            self._scene = base_scene(now)
        self.now = now
        marked = self.pointer.marked if now.phase is Phase.EXTRA_ROLL else frozenset()
        pointer = Pointer(cursor=now.first, marked=marked)
        if pointer == self.pointer:
            self.show_pointer()
        self.pointer = pointer
        self.show_state()

    def watch_pointer(self, old: Pointer, new: Pointer) -> None:
        self.show_pointer()

    def show_pointer(self) -> None:
        """Draw what depends on the pointer: lit spaces and cursor, dice, prompt, keys."""
        if self._scene is None:
            return
        pointer, now = self.pointer, self.now
        self._answers.clear()  # (who drives here may have changed: see check_action)
        live = self._frame is None
        scene = self._scene
        if live:
            scene = pointer_scene(scene, now, pointer, self.hint)
        one(self, "BoardView", BoardView).show(scene)
        self.show_dice(now, pointer, self.hint)
        self.show_prompt(self.prompt_text())
        self.show_buttons(now, pointer)
        # The footer rebuilds itself on every refresh: only when the keys on offer changed.
        offered = tuple(
            self.check_action(name, parameters) for name, parameters in KEY_ACTIONS
        )
        if offered != self._offered:
            self._offered = offered
            self.refresh_bindings()
        self.follow_focus()  # the terminal's cursor, for screen readers (screen_cursor.py)
        if live and (now.human or now.state.is_chance()):
            self.foresee_after_frame()

    def prompt_text(self) -> str:
        """What the person at the keyboard is asked to do now (or what is happening)."""
        now = self.now
        if now.human:
            return prompt(now, self.pointer)
        state = now.state
        actor = acting(state)
        elsewhere = None if actor is None else self.monza.waiting_for(actor)
        bot = None
        if actor is not None and self.is_bot(actor):
            bot = seat_label(self.race.players[actor].seat)
        return waiting_prompt(state, driving=self._frame is not None, bot_label=bot,
                              elsewhere=elsewhere)

    def hint_line(self) -> str:
        state, found = self.now.state, self.hint
        worded = self.monza.ahead.hint_words(state, found)
        return worded if worded is not None else hint_text(state, found)

    def prepare_hint(self, state: State, found: Hint) -> None:
        """Word and wrap a hint worked out ahead while the person looks at the dice, and the
        prompt of the step it points at, and paint the board with its marks: the hint key
        then only shows them (their words and lines took half a millisecond of it, the
        board's marks as much)."""
        text = hint_text(state, found)
        self.monza.ahead.word_hint(state, found, text)
        wrapped(text, one(self, "#hint-line", PanelText).size.width)
        # And the prompt for the step it points at, and the board with the hint's marks.
        now = self.now
        if now.state is not state or not now.human or self._frame is not None:
            return
        pointer = self._pointing_at(found)
        if pointer is not None:
            wrapped(prompt(now, pointer), one(self, "TurnBanner", TurnBanner).size.width)
        if self._scene is not None:
            scene = pointer_scene(self._scene, now, pointer or self.pointer, found)
            one(self, "BoardView", BoardView).prepare(scene)

    # Engine changes ----------------------------------------------------------------------

    def advise(self, message: str) -> None:
        """A toast that answers a key (why it did nothing); it goes when the race moves on,
        as what it said may no longer apply."""
        self._advice.add(message)
        self.notify(message)

    def drop_advice(self) -> None:
        """Remove the toasts of :meth:`advise` still showing (the state they spoke of is
        gone); the race's own news (push-backs, the final round) stays."""
        if not self._advice:
            return
        textual_shim.drop_notifications(self.app, self._advice)
        self._advice.clear()

    def race_changed(self, before: Race, action: Action, after: Race) -> None:
        """Called by ``app.act`` after every action: log it, show it, go on."""
        self.drop_advice()
        names = self.names()
        self.log_lines(self.lines_of(before.state, action, after.state))
        # What changes the race for someone else is also announced in a toast, a frame
        # after the move itself: a toast mounts a widget and lays the screen out, which
        # would hold back the frame that shows the car (a push-back took a frame more).
        for line in headlines(before.state, action, after.state, names):
            self.call_after_refresh(self._announce, line)
        self.hint = None
        if self.quiet:
            return  # (a skipped bot's turn, drawn at its last action)
        if self.drive(before.state, action):
            return
        self.state_changed()
        self.advance()

    def _announce(self, line: str) -> None:
        """A toast of the race's news, unless another screen came over the race screen
        meanwhile (the race over, its results already up: they say it; the log keeps the
        line in any case)."""
        if self.app.screen is self:
            self.notify(line, timeout=4)

    def hint_arrived(self, found: Hint) -> None:
        self.hint = found
        pointer = self._pointing_at(found)
        if pointer is not None and pointer != self.pointer:
            self.pointer = pointer  # (its watcher draws)
        else:  # (the same pointer: no watcher, but the hint's marks to draw)
            self.show_pointer()
        self.show_hint_line(self.hint_line())  # (the rest of the panel has not changed)

    def _pointing_at(self, found: Hint) -> Pointer | None:
        """The pointer at the expert's first step, the step not played (None: the plan
        places nothing, as a re-roll)."""
        for action in found.actions:
            if isinstance(action, Place | BonusStep):
                selected = action.token if isinstance(action, Place) else None
                return replace(self.pointer, selected=selected, cursor=action.space)
        return None

    # Actions (keys, buttons, chips, board clicks) -------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Textual asks for every key of the screen each time the keys on offer may have
        # changed (the key line), and again for a key pressed: answered once a moment (the
        # state, the drive's frame, the pointer). Who drives here may change with none of
        # them (a seat handed over, a network connection lost): each such change draws
        # again (state_changed, show_pointer), which forgets the answers.
        state, frame, pointer = self.race.state, self._frame, self.pointer
        answered = self._answered
        if answered[0] is not state or answered[1] is not frame or answered[2] is not pointer:
            self._answers.clear()
            self._answered = (state, frame, pointer)
        answer = self._answers.get((action, parameters))
        if answer is None:
            answer = self._answers[action, parameters] = offers(
                action,
                parameters,
                self.now if self.now.state is state else None,
                pointer,
                terminal=state.is_terminal(),
                waiting=self.waiting(),
                seats=self.monza.hands_seats,
            )
        return answer
