"""The race screen: the board beside the side panel, and the pace of the game.

The screen keeps a pointer (selected die or tile, cursor space, dice marked for the extra
roll, the last hint) and the pace (a car driving, a bot's pause); the race itself is
``app.race``. Keys and clicks become engine actions through ``app.act``; what happens
next, waiting for a person, rolling for chance or letting a bot think in a worker, is
decided from the engine state after every action (:meth:`RaceScreen.advance`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar, cast

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Button, Footer, RichLog, Static

from monza_tui.app import choices
from monza_tui.app.board_view import BoardView
from monza_tui.app.narrate import headlines, space_name, tell
from monza_tui.app.race_setup import seat_label
from monza_tui.app.scene import hinted_path, scene_from_state
from monza_tui.app.widgets.common import put_text, show
from monza_tui.app.widgets.dice import DiceTray, DieChip, TileChip, TileTray
from monza_tui.app.widgets.panel import RoundInfo, Standings, TurnBanner
from monza_tui.bots import Hint, hint
from monza_tui.engine import (
    Action,
    BonusStep,
    Colour,
    Confirm,
    DeclineBonus,
    Die,
    Edition,
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
from monza_tui.record import Race

if TYPE_CHECKING:
    from monza_tui.app.app import MonzaApp

PANEL_WIDTH = 36
"""Columns of the side panel (the board gets the rest)."""
PANEL_MIN_HEIGHT = 20
"""Rows the side panel needs."""
SHORT_HEIGHT = 32
"""Below this many rows the panel drops its blank lines (class ``-short``)."""
"""Smallest board area when the board view does not say (width, height)."""

_PLACING = (Phase.PLACING, Phase.TURBO_PLACING)


class RaceScreen(Screen[None]):
    """Board, side panel, footer; everything by keyboard alone or by mouse alone."""

    CSS_PATH = "race.tcss"
    AUTO_FOCUS = None

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space,r", "roll", _("Roll"), key_display="space"),
        Binding("1", "die(0)", _("Die"), key_display="1-6"),
        Binding("2", "die(1)", _("Die"), show=False),
        Binding("3", "die(2)", _("Die"), show=False),
        Binding("4", "die(3)", _("Die"), show=False),
        Binding("5", "die(4)", _("Die"), show=False),
        Binding("6", "die(5)", _("Die"), show=False),
        Binding("t", "tile", _("Tile")),
        Binding("tab,right,down", "cursor(1)", _("Space"), key_display="⇥/←→"),
        Binding("shift+tab,left,up", "cursor(-1)", _("Space"), show=False),
        Binding("enter", "enter", _("OK")),
        Binding("backspace", "take_back", _("Take back"), key_display="⌫"),
        Binding("k", "keep", _("Keep roll")),
        Binding("d", "decline", _("Decline")),
        Binding("h", "hint", _("Hint")),
        Binding("s", "skip", _("Skip")),
        Binding("escape", "deselect", _("Deselect"), show=False),
        Binding("q", "app.request_quit", _("Quit"), show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.selected: Token | None = None
        self.cursor: int | None = None
        self.marked: set[int] = set()
        self.hint: Hint | None = None
        self.hint_race: Race | None = None
        self.hurry = False
        """Skip pressed: no pauses until a person has to decide again."""
        self._frames: list[State] = []
        self._frame: State | None = None
        self._timer: Timer | None = None
        self._pending: Callable[[], None] | None = None
        self._thinking = False
        self._stalled = False
        self._offered: tuple[bool | None, ...] = ()
        self.told: list[str] = []
        """Every line of the race log, unwrapped (what the log widget shows)."""

    # Access ------------------------------------------------------------------------------

    @property
    def monza(self) -> MonzaApp:
        """The app, typed."""
        return cast("MonzaApp", self.app)

    @property
    def race(self) -> Race:
        """The race shown (the app's only copy)."""
        race = self.monza.race
        assert race is not None
        return race

    def is_bot(self, player: int) -> bool:
        """Whether a computer driver plays ``player``."""
        return self.race.players[player].seat != "human"

    def human_to_act(self) -> bool:
        """Whether a person decides now (and nothing is moving on screen)."""
        if self._frames or self._frame is not None:
            return False
        state = self.race.state
        if state.is_terminal():
            return False
        if state.is_chance():
            return state.phase is Phase.ROLL and not self.is_bot(state.player)
        return not self.is_bot(state.current_player())

    # Layout ------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        race = self.race
        with Horizontal(id="race-body"):
            yield BoardView(race.board_file, id="board")
            with Vertical(id="panel"):
                yield TurnBanner(id="turn")
                yield Standings(len(race.players), id="standings")
                yield RoundInfo("", markup=False, id="round")
                yield DiceTray(id="dice")
                if race.game.pro:
                    yield TileTray(id="tiles")
                yield Static("", markup=False, id="hint-line")
                with Horizontal(id="buttons"):
                    for key, label in (
                        ("roll", _("Roll")),
                        ("reroll", _("Re-roll")),
                        ("keep", _("Keep")),
                        ("confirm", _("Drive")),
                        ("take-back", _("Take back")),
                        ("decline", _("Decline")),
                        ("hint", _("Hint")),
                        ("skip", _("Skip")),
                    ):
                        yield Button(label, id=f"btn-{key}", compact=True)
                yield RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=20)
        yield Static("", markup=False, id="enlarge")
        yield Footer()

    def on_mount(self) -> None:
        for widget in self.query(Button):
            widget.can_focus = False
        self.query_one("#log", RichLog).can_focus = False
        self.set_class(self.race.game.pro, "-pro")
        state = self.race.state
        names = self._names()
        game = self.race.game
        variants = [name for on, name in ((game.pro, _("pro")), (game.bonus, _("bonus move")))
                    if on]
        rules = _("Rules: {variants}").format(
            variants=", ".join(variants) if variants else _("basic game")
        )
        if variants and game.board.edition is Edition.ORIGINAL:
            rules += " " + _("(house rules on the classic board, R16)")
        self.log_lines(
            [
                _("{board}: {names}").format(
                    board=self.race.game.board.title, names=", ".join(names)
                ),
                rules,
                _("Round {round}: {name}'s turn").format(
                    round=state.round, name=names[state.player]
                ),
            ]
        )
        self._reset_pointer()
        self.render_race()
        self._check_size()
        self.advance()

    def on_resize(self, event: events.Resize) -> None:
        self._check_size()

    _bindings_list: ClassVar[list[Binding]] = [
        binding for binding in BINDINGS if isinstance(binding, Binding)
    ]

    @staticmethod
    def _binding_args(action: str) -> tuple[object, ...]:
        if "(" not in action:
            return ()
        inner = action[action.index("(") + 1 : -1]
        return tuple(int(part) for part in inner.split(",") if part.strip())

    def _check_size(self) -> None:
        """Below the smallest usable size, a clear message instead of a broken board."""
        width, height = self.size
        board_w, board_h = width - PANEL_WIDTH, height - 1
        view = self.query_one(BoardView)
        need = view.min_size
        ok = view.fits(board_w, board_h) and height - 1 >= PANEL_MIN_HEIGHT
        self.set_class(not ok, "-too-small")
        self.set_class(height < SHORT_HEIGHT, "-short")
        if not ok:
            message = _("Please enlarge the terminal: the board and the panel do not fit in "
                        "{width}×{height}.").format(width=width, height=height)
            message += " " + _("The race needs about {w}×{h}.").format(
                w=need[0] + PANEL_WIDTH, h=max(need[1], PANEL_MIN_HEIGHT) + 1
            )
            put_text(self.query_one("#enlarge", Static), message)

    # Drawing -----------------------------------------------------------------------------

    def _names(self) -> list[str]:
        return [p.name for p in self.race.players]

    def log_lines(self, lines: list[str]) -> None:
        """Append to the race log."""
        log = self.query_one("#log", RichLog)
        for line in lines:
            self.told.append(line)
            log.write(Text(line))

    def render_race(self) -> None:
        """Draw the state (or the animation frame) and the pointer; nothing else changes."""
        race = self.race
        state = self._frame or race.state
        live = self._frame is None
        scene = scene_from_state(
            state,
            selected=self.selected if live else None,
            cursor=self.cursor if live else None,
        )
        if live and self.hint is not None:
            scene = replace(scene, hinted=hinted_path(state, self.hint))
        self.query_one(BoardView).show(scene)
        self.query_one(TurnBanner).show(state, race.players, self.prompt(state))
        self.query_one(Standings).show(state, race.players)
        self.query_one(RoundInfo).show(state, race.seed)
        self._show_dice(state)
        self._show_buttons(state)
        hint_line = self.query_one("#hint-line", Static)
        put_text(hint_line, self._hint_text())
        show(hint_line, self.hint is not None)
        # State as classes; on the screen only what changes rarely (a class change restyles
        # everything below it).
        self.set_class(state.final_round, "-final-round")
        self.query_one(TurnBanner).set_class(
            not self.human_to_act() and not state.is_terminal(), "-bot-turn"
        )
        # The footer rebuilds itself on every refresh: only when the keys on offer changed.
        offered = tuple(
            self.check_action(binding.action.split("(")[0], self._binding_args(binding.action))
            for binding in self._bindings_list
        )
        if offered != self._offered:
            self._offered = offered
            self.refresh_bindings()

    def _show_dice(self, state: State) -> None:
        hinted_dice: set[int] = set()
        hinted_tiles: set[object] = set()
        if self.hint is not None:
            for action in self.hint.actions:
                if isinstance(action, Reroll):
                    hinted_dice.update(action.dice)
                elif isinstance(action, Place):
                    if isinstance(action.token, Die):
                        hinted_dice.add(action.token.index)
                    else:
                        hinted_tiles.add(action.token.colour)
        used = {p.token.index for p in state.path if isinstance(p.token, Die)}
        selected_die = self.selected.index if isinstance(self.selected, Die) else None
        self.query_one(DiceTray).show(
            state.roll,
            used=used,
            selected=selected_die,
            marked=self.marked if state.phase is Phase.EXTRA_ROLL else (),
            hinted=hinted_dice,
        )
        if state.game.pro:
            player = state.player
            self.query_one(TileTray).show(
                state.tiles[player],
                state.extra_rolls[player],
                placed={p.token.colour for p in state.path if isinstance(p.token, Tile)},
                selected=self.selected.colour if isinstance(self.selected, Tile) else None,
                hinted=hinted_tiles,  # type: ignore[arg-type]
                usable=state.phase is Phase.PLACING,
            )

    def _show_buttons(self, state: State) -> None:
        human = self.human_to_act()
        phase = state.phase
        shown = {
            "roll": human and phase is Phase.ROLL,
            "reroll": human and phase is Phase.EXTRA_ROLL,
            "keep": human and phase is Phase.EXTRA_ROLL,
            "confirm": human and phase in _PLACING,
            "take-back": human and phase in _PLACING,
            "decline": human and phase is Phase.BONUS,
            "hint": human and not state.is_chance(),
            "skip": not human and not state.is_terminal(),
        }
        for key, visible in shown.items():
            show(self.query_one(f"#btn-{key}", Button), visible)
        if human and phase in _PLACING:
            self.query_one("#btn-confirm", Button).disabled = not choices.can_confirm(state)
            self.query_one("#btn-take-back", Button).disabled = not state.path
        if human and phase is Phase.EXTRA_ROLL:
            self.query_one("#btn-reroll", Button).disabled = not self.marked

    def prompt(self, state: State) -> str:
        """What the person at the keyboard is asked to do now (or what is happening)."""
        if self._frame is not None:
            return _("The car drives… (s skips)")
        if state.is_terminal():
            return _("The race is over. Enter shows the results.")
        if not self.human_to_act():
            actor = state.player if state.is_chance() else state.current_player()
            if state.phase is Phase.TURBO_ROLL:
                return _("Turbo roll! (R14)")
            if state.phase is Phase.EXTRA_ROLL and state.is_chance():
                return _("Re-rolling… (R13)")
            if self.is_bot(actor):
                level = seat_label(self.race.players[actor].seat)
                return _("{level} driver at the wheel… (s skips the wait)").format(level=level)
            return _("Rolling…")
        phase = state.phase
        if phase is Phase.ROLL:
            return _("Roll the dice: space or r.")
        if phase is Phase.EXTRA_ROLL:
            if self.marked:
                return _("Extra roll (R13): dice {dice} marked; Enter re-rolls them, "
                         "k keeps the roll.").format(
                    dice=", ".join(str(i + 1) for i in sorted(self.marked))
                )
            return _("Extra roll (R13): mark dice with 1-6, Enter re-rolls them; "
                     "k keeps the roll.")
        if phase is Phase.BONUS:
            return _("Bonus move (R15): pick a free space ahead (←→, Enter) or d to decline.")
        if isinstance(self.selected, Die):
            colour = state.roll[self.selected.index]
            return _("Die {n} ({colour}): pick a lit space (←→) and press Enter.").format(
                n=self.selected.index + 1, colour=colour_name(colour)
            )
        if isinstance(self.selected, Tile):
            return _("{colour} tile: pick a lit space (←→) and press Enter.").format(
                colour=colour_name(self.selected.colour).capitalize()
            )
        if choices.can_confirm(state):
            text = _("No die fits any more: Enter drives the car.")
            if choices.fitting_tiles(state):
                text += " " + _("A tile still fits (t).")
            if state.path:
                text += " " + _("⌫ takes back.")
            return text
        if phase is Phase.TURBO_PLACING:
            return _("Turbo (R14): place the two dice: 1-2, or ←→ and Enter.")
        return _("Place a die: 1-6, or ←→ and Enter on a lit space. ⌫ takes back.")

    def _hint_text(self) -> str:
        found = self.hint
        if found is None:
            return ""
        state = self.race.state
        parts: list[str] = []
        placed: list[str] = []
        for action in found.actions:
            if isinstance(action, Reroll):
                parts.append(
                    _("re-roll dice {dice}").format(
                        dice=", ".join(str(i + 1) for i in action.dice)
                    )
                )
            elif isinstance(action, KeepRoll):
                parts.append(_("keep the roll"))
            elif isinstance(action, Place):
                token = action.token
                mark = (
                    str(token.index + 1)
                    if isinstance(token, Die)
                    else _("tile {letter}").format(letter=token.colour.letter)
                )
                placed.append(mark)
            elif isinstance(action, Confirm):
                if placed:
                    # The spaces are numbered on the board (the hinted path), not named here.
                    parts.append(_("place {dice} where the board shows them").format(
                        dice=", ".join(placed)))
                parts.append(_("drive"))
            elif isinstance(action, BonusStep):
                parts.append(_("bonus step to {space}").format(
                    space=space_name(state, action.space)))
            elif isinstance(action, DeclineBonus):
                parts.append(_("decline the bonus"))
        if not any(isinstance(action, (Place, Reroll)) for action in found.actions):
            # The expert's reason names a kept roll or a bonus step itself (a re-roll by
            # colour only, so the plan gives the dice's keys).
            return _("Hint: {reason}").format(reason=found.reason)
        return _("Hint: {plan} – {reason}").format(plan=", ".join(parts), reason=found.reason)

    # The pointer ---------------------------------------------------------------------------

    def _reset_pointer(self) -> None:
        state = self.race.state
        self.selected = None
        self.cursor = choices.first_target(state)

    def _targets(self) -> tuple[int, ...]:
        return choices.targets(self.race.state, self.selected)

    # Engine changes ----------------------------------------------------------------------

    def race_changed(self, before: Race, action: Action, after: Race) -> None:
        """Called by ``app.act`` after every action: log it, reset the pointer, show it."""
        names = self._names()
        self.log_lines(tell(before.state, action, after.state, names))
        # What changes the race for someone else is also announced in a toast.
        for line in headlines(before.state, action, after.state, names):
            self.notify(line, timeout=4)
        if after.state.phase is not before.state.phase or not isinstance(action, Reroll):
            self.marked = set() if after.state.phase is not Phase.EXTRA_ROLL else self.marked
        self.hint = None
        self._reset_pointer()
        path = before.state.path
        if isinstance(action, Confirm) and path and self.monza.animation_delay and not self.hurry:
            # The car drives along its path, one space a frame (skippable).
            frames = []
            for k in range(1, len(path) + 1):
                positions = list(before.state.positions)
                positions[before.state.player] = path[k - 1].space
                frames.append(replace(before.state, positions=tuple(positions), path=path[k:]))
            self._frames = frames
            self._next_frame()
            return
        self.render_race()
        self.advance()

    def _next_frame(self) -> None:
        if not self._frames:
            self._frame = None
            self.render_race()
            self.advance()
            return
        self._frame = self._frames.pop(0)
        self.render_race()
        self._schedule(self._next_frame, self.monza.animation_delay)

    # Pace ----------------------------------------------------------------------------------

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
        if not self.is_current:
            # Rules or another screen on top: wait until this screen is back.
            self._stalled = True
            self._pending = callback
            return
        callback()

    def on_screen_resume(self) -> None:
        if self._stalled:
            self._stalled = False
            self._fire()

    def advance(self) -> None:
        """Decide what happens next: wait for a person, roll for chance, or a bot's step."""
        race = self.race
        state = race.state
        if state.is_terminal():
            self._schedule(self.monza.show_results, self.monza.bot_delay)
            return
        if state.is_chance():
            if state.phase is Phase.ROLL and not self.is_bot(state.player):
                self.hurry = False
                return
            delay = self.monza.bot_delay
            if not self.is_bot(state.player):
                delay = min(delay, 0.5)
            self._schedule(lambda: self._auto_roll(race), delay)
            return
        actor = state.current_player()
        if self.is_bot(actor):
            self._schedule(lambda: self._start_thinking(race, actor), self.monza.bot_delay)
        else:
            self.hurry = False

    def _auto_roll(self, race: Race) -> None:
        if self.monza.race is race:
            self.monza.roll()

    def _start_thinking(self, race: Race, actor: int) -> None:
        if self.monza.race is not race:
            return
        self._thinking = True
        self._think(race, actor)

    @work(thread=True, exclusive=True, group="bot", exit_on_error=False)
    def _think(self, race: Race, actor: int) -> None:
        """A bot chooses its action in a thread, so the screen never freezes."""
        driver = self.monza.drivers[actor]
        try:
            action: Action | None = driver.choose(race.state)
            error = ""
        except Exception as exc:  # a broken driver must not break the race
            action, error = None, str(exc) or type(exc).__name__
        self.app.call_from_thread(self._bot_chose, race, action, error)

    def _bot_chose(self, race: Race, action: Action | None, error: str) -> None:
        self._thinking = False
        if self.monza.race is not race:
            return
        if action is None or not race.state.is_legal(action):
            # Keep the race going with the first legal action, and say so.
            self.notify(
                _("The computer driver failed ({error}); it plays the first legal move.").format(
                    error=error or _("illegal action")
                ),
                severity="error",
            )
            action = race.state.legal_actions()[0]
        self.monza.act(action)

    # Hints -------------------------------------------------------------------------------

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def _compute_hint(self, race: Race) -> None:
        """The expert's choice for this situation, computed in a thread."""
        try:
            found: Hint | None = hint(race.state)
        except Exception:
            found = None
        self.app.call_from_thread(self._hint_ready, race, found)

    def _hint_ready(self, race: Race, found: Hint | None) -> None:
        if self.monza.race is not race:
            return
        if found is None:
            self.notify(_("No hint for this situation."), severity="warning")
            return
        self.hint = found
        # Point at the expert's first step without playing it.
        for action in found.actions:
            if isinstance(action, Place | BonusStep):
                self.selected = action.token if isinstance(action, Place) else None
                self.cursor = action.space
                break
        self.render_race()

    # Actions (keys, buttons, chips, board clicks) -------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("rules", "quit"):
            return True
        if action == "skip":
            return not self.human_to_act() and not self.race.state.is_terminal()
        if action == "enter" and self.race.state.is_terminal():
            return True  # back to the results
        if not self.human_to_act():
            return False
        state = self.race.state
        phase = state.phase
        if action == "roll":
            return phase is Phase.ROLL
        if action == "die":
            index = parameters[0] if parameters else 0
            return (phase in _PLACING or phase is Phase.EXTRA_ROLL) and cast(
                int, index
            ) < len(state.roll)
        if action == "tile":
            return phase is Phase.PLACING and bool(state.unused_tiles())
        if action == "cursor":
            return len(self._targets()) > 1
        if action == "enter":
            return not state.is_chance()
        if action == "take_back":
            return phase in _PLACING and bool(state.path)
        if action == "keep":
            return phase is Phase.EXTRA_ROLL
        if action == "decline":
            return phase is Phase.BONUS
        if action == "hint":
            return not state.is_chance()
        if action == "deselect":
            return self.selected is not None
        return True

    def _act(self, action: Action) -> None:
        """A person's action, through the app's one door."""
        if self.human_to_act():
            self.monza.act(action)

    def action_roll(self) -> None:
        """Roll the six dice (R1)."""
        state = self.race.state
        if self.human_to_act() and state.phase is Phase.ROLL:
            self.monza.roll()

    def action_die(self, index: int) -> None:
        """A die's key: mark it for the extra roll (R13), or place it (R6)."""
        state = self.race.state
        if not self.human_to_act() or index >= len(state.roll):
            return
        if state.phase is Phase.EXTRA_ROLL:
            self.marked ^= {index}
            self.render_race()
            return
        if state.phase not in _PLACING:
            return
        if index not in state.unused_dice():
            self.notify(_("Die {n} is already placed (⌫ takes it back).").format(n=index + 1))
            return
        lit = choices.die_targets(state, index)
        if not lit:
            self.notify(
                _("Die {n} ({colour}) fits no space ahead.").format(
                    n=index + 1, colour=colour_name(state.roll[index])
                )
            )
            return
        if len(lit) == 1:
            self._act(Place(Die(index), lit[0]))
            return
        if self.selected == Die(index):
            self.selected = None
        else:
            self.selected = Die(index)
            if self.cursor not in lit:
                self.cursor = lit[0]
        self.render_race()

    def action_tile(self) -> None:
        """Select the next accelerator tile that fits (R12); Enter places it."""
        state = self.race.state
        tiles = choices.fitting_tiles(state)
        if not tiles:
            self.notify(_("No tile fits a space ahead."))
            return
        if self.selected in tiles:
            position = tiles.index(self.selected) + 1
            self.selected = tiles[position] if position < len(tiles) else None
        else:
            self.selected = tiles[0]
        lit = self._targets() if self.selected else choices.targets(state)
        if self.cursor not in lit:
            self.cursor = lit[0] if lit else None
        self.render_race()

    def _choose_tile(self, colour: Colour | None) -> None:
        state = self.race.state
        if colour is None:
            if state.phase is Phase.EXTRA_ROLL:
                self.action_enter()
            return
        tile = Tile(colour)
        lit = choices.targets(state, tile) if state.phase is Phase.PLACING else ()
        if not lit:
            self.notify(_("That tile fits no space ahead now."))
            return
        if len(lit) == 1:
            self._act(Place(tile, lit[0]))
            return
        self.selected = tile
        if self.cursor not in lit:
            self.cursor = lit[0]
        self.render_race()

    def action_cursor(self, step: int) -> None:
        """Move the cursor to the next (or previous) lit space."""
        lit = self._targets()
        if not lit:
            return
        if self.cursor not in lit:
            self.cursor = lit[0]
        else:
            self.cursor = lit[(lit.index(self.cursor) + step) % len(lit)]
        self.render_race()

    def action_enter(self) -> None:
        """Enter does the obvious thing: re-roll or keep, place, drive, take the step. (Not
        the roll: in a hot-seat race the next player rolls deliberately, with space or r.)"""
        state = self.race.state
        if state.is_terminal() and self._pending is None:
            self.monza.show_results()
            return
        if not self.human_to_act():
            return
        phase = state.phase
        if phase is Phase.EXTRA_ROLL:
            self._act(Reroll(tuple(sorted(self.marked))) if self.marked else KeepRoll())
        elif phase is Phase.BONUS:
            if self.cursor in choices.targets(state):
                self._act(BonusStep(self.cursor))
        elif phase in _PLACING:
            if self.selected is not None:
                action = choices.place_at(state, cast(int, self.cursor), self.selected)
                if action is not None:
                    self._act(action)
            elif choices.can_confirm(state):
                self._act(Confirm())
            elif self.cursor is not None:
                action = choices.place_at(state, self.cursor)
                if action is not None:
                    self._act(action)

    def action_take_back(self) -> None:
        """Take the last placed die or tile back (R6)."""
        self._act(TakeBack())

    def action_keep(self) -> None:
        """Keep the roll; the extra-roll tile stays for later (R13)."""
        self._act(KeepRoll())

    def action_reroll(self) -> None:
        """Re-roll the marked dice with the extra-roll tile (R13)."""
        if self.marked:
            self._act(Reroll(tuple(sorted(self.marked))))

    def action_decline(self) -> None:
        """Let the bonus step go (R15)."""
        self._act(DeclineBonus())

    def action_confirm(self) -> None:
        """Drive the car along the placed path (R6)."""
        self._act(Confirm())

    def action_deselect(self) -> None:
        """Drop the selected die or tile."""
        self.selected = None
        self.render_race()

    def action_hint(self) -> None:
        """Ask the expert (in a worker) what it would do here; nothing is played."""
        if self.human_to_act() and not self.race.state.is_chance():
            put_text(self.query_one("#hint-line", Static), _("Thinking about a hint…"))
            show(self.query_one("#hint-line", Static), True)
            self._compute_hint(self.race)

    def action_skip(self) -> None:
        """Skip the car's drive and the bots' pauses until a person decides again."""
        if self.human_to_act():
            return
        self.hurry = True
        if self._frames:
            self._frames = []
        if self._pending is not None:
            self._fire()

    # Mouse ---------------------------------------------------------------------------------

    @on(DieChip.Pressed)
    def _die_clicked(self, message: DieChip.Pressed) -> None:
        self.action_die(message.index)

    @on(TileChip.Pressed)
    def _tile_clicked(self, message: TileChip.Pressed) -> None:
        if self.human_to_act():
            self._choose_tile(message.colour)

    @on(BoardView.SpaceClicked)
    def _space_clicked(self, message: BoardView.SpaceClicked) -> None:
        if not self.human_to_act():
            return
        state = self.race.state
        space = message.space
        if state.phase is Phase.BONUS:
            if space in choices.targets(state):
                self._act(BonusStep(space))
            return
        if state.phase not in _PLACING:
            return
        action = choices.place_at(state, space, self.selected) or choices.place_at(state, space)
        if action is None:
            self.notify(_("Nothing you hold fits {space}.").format(space=space_name(state, space)))
            return
        self._act(action)

    @on(Button.Pressed)
    def _button(self, event: Button.Pressed) -> None:
        event.stop()
        handlers = {
            "btn-roll": self.action_roll,
            "btn-reroll": self.action_reroll,
            "btn-keep": self.action_keep,
            "btn-confirm": self.action_confirm,
            "btn-take-back": self.action_take_back,
            "btn-decline": self.action_decline,
            "btn-hint": self.action_hint,
            "btn-skip": self.action_skip,
        }
        handler = handlers.get(event.button.id or "")
        if handler is not None:
            handler()

