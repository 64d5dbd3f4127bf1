"""The replay viewer: a recorded race stepped through move by move, the board as it was.

A record holds no pictures, only turns; the viewer plays them through the engine again
(:meth:`Race.replay`) and keeps every state, so stepping back is as cheap as stepping
forward and what is drawn is exactly what the rules made of the record. Keys: ←/→ one
action, ↑/↓ one turn, Home/End, n/p the next or previous race of a file that holds several
(``monza simulate --log``), v the race's review, q to leave.

From the review a key moment is stepped into (``docs/review.md``): the replay stands just
before the decision (or on the roll) with the moment's sentence beside the board, and the
board draws the choice made and the expert's best (:mod:`monza_tui.app.review_paths`);
any step or Escape leaves the moment.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, ClassVar

from rich.cells import set_cell_size
from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from monza_tui import heap
from monza_tui.app.app_words import WordsApp, label_keys
from monza_tui.app.board_view import BoardView
from monza_tui.engine import (
    Action,
    BonusStep,
    Die,
    Phase,
    Place,
    Roll,
    State,
    TakeBack,
    Tile,
    action_text,
)
from monza_tui.errors import UserError
from monza_tui.i18n import N_, _, colour_letter, colour_name, pgettext
from monza_tui.palette import STYLE
from monza_tui.plain.ahead import step_words
from monza_tui.race.narrate import dice_text, space_short, tell
from monza_tui.race.outcome import outcome
from monza_tui.race.pace import acting
from monza_tui.race.scene import scene_from_state
from monza_tui.race.seat_words import change_text
from monza_tui.race.setup import ROBOT
from monza_tui.record import Race
from monza_tui.record.seating import SeatChange, changes_by_step, seats_at
from monza_tui.seats import shown_names as names_shown
from monza_tui.web import emoji
from monza_tui.wording import board_title, listing, phase_name
from monza_tui.wording.commands import variant_names

if TYPE_CHECKING:
    from monza_tui.app.review_paths import Moment


@dataclass(frozen=True)
class Timeline:
    """A race as a sequence of states: ``states[k]`` is the race after ``k`` actions and
    ``actions[k]`` turns ``states[k]`` into ``states[k + 1]``."""

    race: Race
    states: tuple[State, ...]
    actions: tuple[Action, ...]
    seats: Mapping[int, tuple[SeatChange, ...]] = field(default_factory=dict)
    """The seats that changed hands, by the step they were changed at."""

    @classmethod
    def of(cls, race: Race) -> Timeline:
        """Replay the race through the engine, keeping every state."""
        # One chain of states (the replay's own), so that what an action leaves unchanged
        # stays the same object: the log tells a finished turn by identity (narrate).
        states: list[State] = []
        actions: list[Action] = []
        last: State | None = None
        for state, action in race.replay():
            states.append(state)
            actions.append(action)
            last = state.apply(action)
        states.append(last if last is not None else race.game.new_state())
        return cls(race, tuple(states), tuple(actions), changes_by_step(race))

    @property
    def last(self) -> int:
        """The index of the final state."""
        return len(self.actions)

    def turn_starts(self) -> tuple[int, ...]:
        """The steps at which a turn begins (its roll is the next action), and the end."""
        starts = [k for k, state in enumerate(self.states[:-1]) if state.phase is Phase.ROLL]
        return (*starts, self.last)

    def next_turn(self, step: int) -> int:
        """The start of the next turn after ``step`` (or the end)."""
        return next((k for k in self.turn_starts() if k > step), self.last)

    def previous_turn(self, step: int) -> int:
        """The start of the turn ``step`` is in, or of the one before if ``step`` is at one."""
        return max((k for k in self.turn_starts() if k < step), default=0)


def shown_names(race: Race) -> list[str]:
    """The players' names as the replay shows them (a simulated driver's in the player's
    language: :func:`monza_tui.seats.player_name`)."""
    return list(names_shown(race.players))


def describe(timeline: Timeline, step: int) -> str:
    """One line for the log: what the action that led to ``states[step]`` did, and the
    seats that changed hands then."""
    text = _describe_action(timeline, step)
    names = shown_names(timeline.race)
    for change in timeline.seats.get(step, ()):
        text += " · " + change_text(change, names)
    return text


def _describe_action(timeline: Timeline, step: int) -> str:
    race = timeline.race
    names = shown_names(race)
    if step == 0:
        return _("Start: {names} on the start field of {board}").format(
            names=_(", ").join(names), board=board_title(race.game.board)
        )
    before, action, after = (
        timeline.states[step - 1],
        timeline.actions[step - 1],
        timeline.states[step],
    )
    if isinstance(action, Place):
        token = action.token
        # In the family's words, as the line game says a step ("the red space straight
        # ahead"), never the board's grid codes (c1, a48).
        space = step_words(before, race.board_file.shape, action.space, names)
        if isinstance(token, Die):
            colour = before.roll[token.index]
            text = _("{name} places die {n} ({colour}) on {space}").format(
                name=names[before.player],
                n=token.index + 1,
                colour=colour_name(colour),
                space=space,
            )
        else:
            text = _("{name} places the {colour} tile on {space}").format(
                name=names[before.player], colour=colour_name(token.colour), space=space
            )
    elif isinstance(action, TakeBack):
        text = _("{name} takes the last token back").format(name=names[before.player])
    else:
        told = tell(before, action, after, names)
        text = told[0] if told else action_text(before.board, action)
        if len(told) > 1:
            text += " · " + " · ".join(told[1:])
    if isinstance(action, Roll) and before.phase is Phase.ROLL:
        text = _("Turn {turn}, round {round}: ").format(turn=before.turn, round=before.round) + (
            text
        )
    return text


class MoveLog(OptionList, can_focus=False):
    """The move log: one line per step, the current one highlighted. Never focused, so the
    arrow keys step through the race instead of moving the list's own cursor."""


_HOME_END = pgettext("key", "home") + "/" + pgettext("key", "end")
"""The Home and End keys as the player's keyboard names them (made when the replay opens)."""


class ReplayScreen(Screen[None]):
    """Board on the left, the state and the move log on the right; one race at a time."""

    DEFAULT_CSS = """
    ReplayScreen { layout: vertical; }
    #replay-body { height: 1fr; }
    #replay-board { width: 1fr; height: 1fr; }
    #replay-side { width: 46; height: 1fr; padding: 0 1; border-left: vkey $primary-muted; }
    #replay-title { height: auto; text-style: bold; }
    #replay-state { height: auto; margin-bottom: 1; }
    #replay-moment { height: auto; margin-bottom: 1; padding: 0 1; background: $boost; }
    #replay-moment.-none { display: none; }
    #replay-log { height: 1fr; border: none; padding: 0; }
    #replay-status { height: 1; padding: 0 1; background: $panel; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        # The footer shows each pair of keys once ("←→ Step"), so that it fits 80 columns
        # in the longer languages; the keys panel (F1 / palette) lists every key.
        Binding("left", "step(-1)", N_("Step"), key_display="←→"),
        Binding("right", "step(1)", N_("Forward"), key_display="→", show=False),
        Binding("up", "turn(-1)", N_("Turn"), key_display="↑↓"),
        Binding("down", "turn(1)", N_("Next turn"), key_display="↓", show=False),
        Binding("home", "jump('start')", N_("Start/end"), key_display=_HOME_END),
        Binding("end", "jump('end')", N_("End"), show=False),
        Binding("n", "race(1)", N_("Race"), key_display="n/p"),
        Binding("p", "race(-1)", N_("Previous race"), show=False),
        # Where the race was won (the results screen's key): the review of this race.
        Binding("v", "review", N_("Review"), id="replay.review"),
        Binding("q", "close", N_("Close")),
        # Escape leaves a key moment first (its paths cleared), then the replay.
        Binding("escape", "escape", N_("Close"), show=False),
    ]

    def __init__(self, races: Sequence[Race], *, index: int = 0, source: str = "",
                 moment: Moment | None = None, review_below: bool = False) -> None:
        super().__init__()
        label_keys(self)
        if not races:
            raise ValueError("nothing to replay")
        self.races = races
        self.source = source
        self.index = max(0, min(index, len(self.races) - 1))
        self.timeline = Timeline.of(self.races[self.index])
        self.step = 0
        self.moment: Moment | None = moment
        """The key moment shown (its sentence, its paths on the board), if any."""
        self.review_below = review_below
        """Whether a review opened this replay (``v`` goes back to it, not to another)."""

    # Layout ------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Horizontal(id="replay-body"):
            yield BoardView(self.timeline.race.board_file, id="replay-board")
            with Vertical(id="replay-side"):
                yield Static("", id="replay-title", markup=False)
                yield Static("", id="replay-state", markup=False)
                yield Static("", id="replay-moment", markup=False, classes="-none")
                yield MoveLog(id="replay-log")
        yield Static("", id="replay-status", markup=False)
        # Room for the keys in every language: compact where German's would be cut at 80.
        yield Footer(show_command_palette=False, compact=self.app.size.width < 100)

    def on_mount(self) -> None:
        self._load_log()
        if self.moment is not None:
            self.show_moment(self.moment)
        else:
            self.show_step(0)

    def _load_log(self) -> None:
        log = self.query_one("#replay-log", OptionList)
        log.clear_options()
        timeline = self.timeline
        log.add_options(
            Option(Text(describe(timeline, k)), id=str(k))
            for k in range(timeline.last + 1)
        )

    # Showing one step --------------------------------------------------------------------

    def show_moment(self, moment: Moment) -> None:
        """Step into a key moment of the review: its step, its sentence, its paths."""
        self.show_step(moment.step, moment=moment)

    def show_step(self, step: int, *, moment: Moment | None = None) -> None:
        """Draw the race after ``step`` actions: board, state panel, log, status line; and
        ``moment``'s sentence and paths (any other step leaves a moment shown)."""
        from monza_tui.app.review_paths import with_paths

        timeline = self.timeline
        self.step = max(0, min(step, timeline.last))
        self.moment = moment
        state = timeline.states[self.step]
        scene = scene_from_state(state)
        # A replay shows what happened, not what could: mark the space just played.
        marked: frozenset[int] = frozenset()
        if self.step:
            action = timeline.actions[self.step - 1]
            if isinstance(action, Place | BonusStep):
                marked = frozenset({action.space})
        scene = replace(scene, highlights=marked, cursor=None)
        view = self.query_one(BoardView)
        if moment is not None:
            scene = with_paths(scene, moment)
            # Where the board scrolls (80x24), the paths and the car they start from in view.
            near = {*moment.chosen, *moment.best, *([scene.origin] if scene.origin else [])}
            self.call_after_refresh(view.bring_into_view, near)
        view.show(scene)
        self.query_one("#replay-title", Static).update(self._title())
        self.query_one("#replay-state", Static).update(self._state_text(state))
        log = self.query_one("#replay-log", OptionList)
        log.highlighted = self.step
        if self._tell(moment):
            # The moment took rows from the log or gave them back: its line kept in view.
            self.call_after_refresh(log.scroll_to_highlight)
        self.query_one("#replay-status", Static).update(
            _("step {step}/{last} · turn {turn}, round {round}{over}").format(
                step=self.step,
                last=timeline.last,
                turn=state.turn,
                round=state.round,
                over=" · " + pgettext("race over", "finished") if state.is_terminal() else "",
            )
        )

    def _tell(self, moment: Moment | None) -> bool:
        """Show ``moment``'s sentence and what its marks mean above the log (hidden with
        no moment); whether it appeared or went."""
        from monza_tui.app.review_paths import paths_legend

        told = self.query_one("#replay-moment", Static)
        if moment is not None:
            legend = paths_legend(moment)
            told.update(Group(Text(moment.sentence), legend) if legend else moment.sentence)
        was = not told.has_class("-none")
        told.set_class(moment is None, "-none")
        return was != (moment is not None)

    def _title(self) -> Text:
        race = self.timeline.race
        game = race.game
        variants = variant_names(pro=game.pro, bonus=game.bonus)
        text = Text(board_title(game.board), style="bold")
        if variants:
            text.append(_(" ({variants})").format(variants=listing(variants)), style="dim")
        text.append("  " + _("seed {seed}").format(seed=race.seed), style="dim")
        if len(self.races) > 1:
            text.append("\n" + _("race {n} of {count}").format(
                n=self.index + 1, count=len(self.races)), style="dim")
        return text

    def _state_text(self, state: State) -> Text:
        race = self.timeline.race
        text = Text()
        mover = acting(state)  # (the roller at chance nodes, nobody at the end)
        names = shown_names(race)
        drivers = seats_at(race, self.timeline.seats, self.step)
        for player, seat in enumerate(race.players):
            car = seat.car
            mark = "▶ " if player == mover else "  "
            text.append(mark)
            text.append(f" {colour_letter(car)} ", STYLE[car])
            name = names[player]
            if drivers[player].is_bot:  # a computer driver at that moment (seats change hands)
                name = f"{set_cell_size(name, 13).rstrip()} {emoji(ROBOT)}"
            text.append(f" {set_cell_size(name, 16)} ")  # cells: 小明 is 4
            text.append(space_short(state, state.positions[player]))
            if race.game.pro:
                tiles = "".join(sorted(colour_letter(c) for c in state.tiles[player]))
                text.append(f"  {tiles}", style="dim")
            text.append("\n")
        if state.roll:
            used = {p.token.index for p in state.path if isinstance(p.token, Die)}
            text.append(_("dice:") + " ")
            for index, colour in enumerate(state.roll):
                style = STYLE[colour] + (" dim strike" if index in used else "")
                text.append(f" {colour_letter(colour)} ", style)
                text.append(" ")
            text.append("\n")
        placed_tiles = [p.colour for p in state.path if isinstance(p.token, Tile)]
        if placed_tiles:
            text.append(_("tiles placed: {tiles}").format(tiles=dice_text(placed_tiles)) + "\n")
        result = outcome(state)
        if result is not None:
            winners = _(", ").join(names[p] for p in result.winners)
            text.append(_("Winner: {names}").format(names=winners), style="bold green")
        else:
            text.append(_("phase: {phase}").format(phase=phase_name(state.phase)), style="dim")
        return text

    # Keys --------------------------------------------------------------------------------

    def action_step(self, delta: int) -> None:
        """One action forward or back."""
        self.show_step(self.step + delta)

    def action_turn(self, delta: int) -> None:
        """To the start of the next turn, or of this (or the previous) one."""
        timeline = self.timeline
        step = timeline.next_turn(self.step) if delta > 0 else timeline.previous_turn(self.step)
        self.show_step(step)

    def action_jump(self, where: str) -> None:
        """To the start or the end of the race."""
        self.show_step(0 if where == "start" else self.timeline.last)

    async def action_race(self, delta: int) -> None:
        """The next or previous race of the file (its board may differ)."""
        index = self.index + delta
        if not 0 <= index < len(self.races):
            self.notify(_("No more races in this file."), timeout=2)
            return
        old_board = self.timeline.race.board_file.board
        try:
            race = self.races[index]  # a long record reads each race when it is opened
        except UserError as error:
            self.notify(str(error), severity="error", timeout=10)
            return
        self.index = index
        self.timeline = Timeline.of(race)
        if self.timeline.race.board_file.board != old_board:
            view = self.query_one(BoardView)
            new_view = BoardView(self.timeline.race.board_file, id="replay-board")
            parent = self.query_one("#replay-body", Horizontal)
            await view.remove()
            await parent.mount(new_view, before=0)
        self._load_log()
        self.show_step(0)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A click on a log line jumps there."""
        self.show_step(event.option_index)

    def action_review(self) -> None:
        """The review of the race shown (worked out on that screen, off the event loop); a
        key moment chosen there is stepped into here."""
        if self.review_below:
            self.dismiss(None)  # (back to the review this replay was opened from)
            return
        from monza_tui.app.screens.review import ReviewScreen

        def step_in(moment: Moment | None) -> None:
            if moment is not None and self.is_attached:
                self.show_moment(moment)

        self.app.push_screen(ReviewScreen(self.timeline.race, from_replay=True), step_in)

    def action_escape(self) -> None:
        """Leave the key moment shown (the same step, the paths cleared), else the viewer."""
        if self.moment is not None:
            self.show_step(self.step)
        else:
            self.dismiss(None)

    def action_close(self) -> None:
        """Leave the viewer."""
        self.dismiss(None)


class ReplayApp(WordsApp):
    """The viewer on its own, for ``monza replay FILE`` (a :class:`WordsApp`: its keys'
    names, ``esc`` among them, in the player's language, as in the game)."""

    TITLE = "Monza replay"
    ENABLE_COMMAND_PALETTE = False
    """Textual's palette would speak English here (the game's own is :class:`MonzaApp`'s)."""

    def __init__(self, races: Sequence[Race], *, index: int = 0, source: str = "") -> None:
        super().__init__()
        self.races = races
        self.index = index
        self.source = source
        if source:
            self.sub_title = source

    def on_mount(self) -> None:
        self.push_screen(
            ReplayScreen(self.races, index=self.index, source=self.source),
            callback=lambda _result: self.exit(),
        )
        self.call_after_refresh(heap.settle)
