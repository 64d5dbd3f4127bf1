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
from monza_tui.app.screens.race_ahead import Foresight
from monza_tui.app.screens.race_keys import KEY_ACTIONS, KEYS
from monza_tui.app.screens.race_mouse import RaceMouse
from monza_tui.app.screens.race_pace import RaceHost, RacePace
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
    Colour,
    Confirm,
    DeclineBonus,
    Die,
    KeepRoll,
    Phase,
    Place,
    Reroll,
    State,
    TakeBack,
    Tile,
    Token,
)
from monza_tui.i18n import _, colour_name
from monza_tui.race.narrate import headlines
from monza_tui.race.now import (
    PLACING,
    Now,
    Pointer,
    base_scene,
    derive,
    pointer_scene,
)
from monza_tui.race.offers import enter_actions, offers
from monza_tui.race.scene import Scene
from monza_tui.race.setup import seat_label
from monza_tui.race.words import hint_text, prompt, waiting_prompt
from monza_tui.record import Race

if TYPE_CHECKING:
    from monza_tui.bots import Hint


class RaceScreen(
    KeptLines, RepaintsDirectly, StyledOnMount, RaceMouse, SeatChanges, FollowOnRace,
    PanelMixin, Foresight, RacePace,
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
        self._worded: tuple[State, Hint, str] | None = None
        """A hint worked out ahead, worded (see :meth:`prepare_hint`): its state, the hint
        and its words."""
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
        actor = state.player if state.is_chance() else state.current_player()
        elsewhere = None if state.is_terminal() else self.monza.waiting_for(actor)
        bot = None
        if not state.is_terminal() and self.is_bot(actor):
            bot = seat_label(self.race.players[actor].seat)
        return waiting_prompt(state, driving=self._frame is not None, bot_label=bot,
                              elsewhere=elsewhere)

    def hint_line(self) -> str:
        state, found = self.now.state, self.hint
        worded = self._worded
        if worded is not None and worded[0] is state and worded[1] is found:
            return worded[2]
        return hint_text(state, found)

    def prepare_hint(self, state: State, found: Hint) -> None:
        """Word and wrap a hint worked out ahead while the person looks at the dice, and the
        prompt of the step it points at, and paint the board with its marks: the hint key
        then only shows them (their words and lines took half a millisecond of it, the
        board's marks as much)."""
        text = hint_text(state, found)
        self._worded = (state, found, text)
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
                waiting=not self.human_to_act(),
                seats=self.monza.hands_seats,
            )
        return answer

    def _act(self, action: Action) -> None:
        """A person's action, through the app's one door."""
        if self.human_to_act():
            self.monza.act(action)

    def _keep_and_place(self, place: Place) -> None:
        """Placing a die during the extra-roll decision keeps the roll (R13). (Over the
        network the keep is still on its way: the host sends the placement after it.)"""
        before = self.race
        self._act(KeepRoll())
        if self.race.state.is_legal(place) or self.race is before:
            self._act(place)

    def action_roll(self) -> None:
        """Roll the six dice (R1)."""
        if self.human_to_act() and self.race.state.phase is Phase.ROLL:
            self.monza.roll()

    def action_die(self, index: int) -> None:
        """A die's key: mark it for the extra roll (R13), or place it (R6)."""
        state = self.race.state
        if not self.human_to_act() or index >= len(state.roll):
            return
        if state.phase is Phase.EXTRA_ROLL:
            self.point(marked=self.pointer.marked ^ {index})
            return
        if state.phase not in PLACING:
            return
        if index not in state.unused_dice():
            self.advise(_("Die {n} is already placed (⌫ takes it back).").format(n=index + 1))
            return
        lit = self.now.targets(Die(index))
        if not lit:
            self.advise(
                _("Die {n} ({colour}) fits no space ahead.").format(
                    n=index + 1, colour=colour_name(state.roll[index])
                )
            )
            return
        if len(lit) == 1:
            self._act(Place(Die(index), lit[0]))
            return
        if self.pointer.selected == Die(index):
            self.point(selected=None)
        else:
            cursor = self.pointer.cursor if self.pointer.cursor in lit else lit[0]
            self.point(selected=Die(index), cursor=cursor)

    def action_tile(self) -> None:
        """Select the next accelerator tile that fits (R12); Enter places it."""
        now = self.now
        if now.phase is Phase.EXTRA_ROLL:
            self.advise(_("Tiles come after the extra roll: keep the roll (k) or place a "
                          "die first."))
            return
        tiles = list(now.tiles)
        if not tiles:
            self.advise(_("No tile fits a space ahead."))
            return
        selected = self.pointer.selected
        if selected in tiles:
            position = tiles.index(selected) + 1
            selected = tiles[position] if position < len(tiles) else None
        else:
            selected = tiles[0]
        lit = now.targets(selected)
        cursor = self.pointer.cursor
        if cursor not in lit:
            cursor = lit[0] if lit else None
        self.point(selected=selected, cursor=cursor)

    def _choose_tile(self, colour: Colour | None) -> None:
        now = self.now
        if colour is None:  # the extra-roll tile: re-roll the marked dice (R13)
            if now.phase is Phase.EXTRA_ROLL:
                if self.pointer.marked:
                    self.action_reroll()
                else:
                    self.advise(_("Mark the dice to re-roll first (1-6 or a click on them)."))
            return
        tile = Tile(colour)
        lit = now.targets(tile) if now.phase is Phase.PLACING else ()
        if not lit:
            self.advise(_("That tile fits no space ahead now."))
            return
        if len(lit) == 1:
            self._act(Place(tile, lit[0]))
            return
        cursor = self.pointer.cursor if self.pointer.cursor in lit else lit[0]
        self.point(selected=tile, cursor=cursor)

    def action_cursor(self, step: int) -> None:
        """Move the cursor to the next (or previous) lit space."""
        lit = self.now.targets(self.pointer.selected)
        if not lit:
            return
        cursor = self.pointer.cursor
        if cursor not in lit:
            self.point(cursor=lit[0])
        else:
            self.point(cursor=lit[(lit.index(cursor) + step) % len(lit)])

    def action_enter(self) -> None:
        """Enter does the obvious thing (``enter_actions``); once the race is over, it
        shows the results."""
        state = self.race.state
        if state.is_terminal() and self._pending is None:
            self.monza.show_results()
            return
        if not self.human_to_act():
            return
        match enter_actions(self.now, self.pointer):
            case (KeepRoll(), Place() as place):
                self._keep_and_place(place)
            case (action,):
                self._act(action)

    def action_take_back(self) -> None:
        """Take the last placed die or tile back (R6)."""
        self._act(TakeBack())

    def action_keep(self) -> None:
        """Keep the roll; the extra-roll tile stays for later (R13)."""
        self._act(KeepRoll())

    def action_reroll(self) -> None:
        """Re-roll the marked dice with the extra-roll tile (R13)."""
        if self.pointer.marked:
            self._act(Reroll(tuple(sorted(self.pointer.marked))))

    def action_decline(self) -> None:
        """Let the bonus step go (R15)."""
        self._act(DeclineBonus())

    def action_confirm(self) -> None:
        """Drive the car along the placed path (R6)."""
        self._act(Confirm())

    def action_deselect(self) -> None:
        """Drop the selected die or tile."""
        self.point(selected=None)

    def action_hint(self) -> None:
        """Ask the expert (in a worker) what it would do here; nothing is played."""
        if not self.human_to_act():
            return
        if self.race.state.is_chance():
            self.advise(_("Roll first (space): the hint looks at your dice."))
            return
        if not self._compute_hint(self.race):
            self.show_hint_line(_("Thinking about a hint…"))

    def action_skip(self) -> None:
        """Skip the car's drive and the bots' pauses until a person decides again."""
        if self.human_to_act():
            return
        self.hurry = True
        if self._frames:
            self._frames = []
        if self._pending is not None:
            self._fire()


__all__ = ["RaceScreen"]
