"""The race chart: every car's spaces to the finish, turn by turn, drawn as rows of styled
cells for a terminal of any size (issue 32's review).

The figures come from the record alone: the cars' spaces after each completed turn
(:attr:`TurnLog.positions`), its push-backs (:attr:`TurnLog.pushed`, R8) and its rounds, each
space counted with :func:`~monza_tui.race.narrate.steps_to_finish`, the one measure of "to
go" the panel says, so the chart and the panel never disagree.

It is drawn here with Rich's styled text rather than a plotting library: plotext colours
with its own names and its own escape codes (not the game's palette, not ``NO_COLOR``'s
rule), textual-plotext pins an older plotext, and neither puts a car's letter on its line;
a step chart of a few cars is a page of code (docs/review.md). Every line is in its car's
tint (:data:`monza_tui.palette.CAR`) and carries the car's letter, the board's
(:func:`~monza_tui.i18n.colour_letter`), at each of its own turns, so under ``NO_COLOR``
the letters tell the cars apart; a push-back is a ``✕`` where the car was struck, the final
round (R10) a dotted rule where it began.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text

from monza_tui.engine import Colour
from monza_tui.i18n import _, colour_letter, colour_name, pgettext
from monza_tui.palette import BOARD, CAR, CAR_STYLE, SURFACE
from monza_tui.race.narrate import steps_to_finish
from monza_tui.record.race import Race

PUSH_MARK = "✕"
"""Where a pushed car was struck (R8)."""
RULE_MARK = "┊"
"""The final round's rule (R10)."""

_AXIS = SURFACE["line"].text
_RULE_STYLE = BOARD["highlight-line"]


@dataclass(frozen=True, slots=True)
class PushBack:
    """A car pushed back (R8) in turn ``at``: its spaces to the finish before and after."""

    at: int
    player: int
    was: int
    now: int


@dataclass(frozen=True, slots=True)
class Course:
    """A race's spaces to the finish, per car, at the start (index 0) and after each turn
    (index ``k`` for the ``k``-th completed turn)."""

    cars: tuple[Colour, ...]
    to_go: tuple[tuple[int, ...], ...]
    """``to_go[k][p]``: car ``p``'s spaces to the finish after turn ``k`` (0: the start)."""
    rounds: tuple[int, ...]
    """The round of each turn (``rounds[0]``: the start, round 0)."""
    movers: tuple[int | None, ...]
    """Whose turn each was (``movers[0]``: the start, nobody's)."""
    pushes: tuple[PushBack, ...]
    final_round: int | None
    """The final round (R10): the round in which the first car reached the finish."""

    @property
    def turns(self) -> int:
        """Completed turns."""
        return len(self.to_go) - 1

    @property
    def far(self) -> int:
        """The top of the chart: the most spaces to the finish any car had (at least 1)."""
        return max(1, *(max(row) for row in self.to_go))

    @property
    def final_from(self) -> int | None:
        """The index before the final round's first turn: where its rule is drawn."""
        if self.final_round is None:
            return None
        return self.rounds.index(self.final_round) - 1


def course(race: Race) -> Course:
    """The chart's figures of ``race``, read from its record: the start and every completed
    turn (an unfinished turn's actions are left out until the turn is done)."""
    board = race.game.board
    distance = steps_to_finish(board)
    to_go = [tuple(distance[s] for s in race.game.new_state().positions)]
    rounds: list[int] = [0]
    movers: list[int | None] = [None]
    pushes: list[PushBack] = []
    final_round: int | None = None
    for k, log in enumerate(race.turns, start=1):
        to_go.append(tuple(distance[s] for s in log.positions))
        rounds.append(log.round)
        movers.append(log.player)
        pushes.extend(
            PushBack(k, p.player, distance[p.origin], distance[p.to]) for p in log.pushed
        )
        if final_round is None and 0 in to_go[-1]:
            final_round = log.round  # R10: the first car at the finish
    return Course(
        race.game.cars, tuple(to_go), tuple(rounds), tuple(movers), tuple(pushes), final_round
    )


# Drawing -----------------------------------------------------------------------------

Place = Callable[[int], int]
"""A value's row, or a turn's column."""
Cell = tuple[str, str]
"""A cell's text (one character; ``""`` behind the first half of a wide one) and style."""


class _Grid:
    """Rows of cells to draw into; writes outside it are dropped."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.rows: list[list[Cell]] = [[(" ", "")] * width for _ in range(height)]

    def put(self, y: int, x: int, char: str, style: str) -> None:
        if 0 <= y < len(self.rows) and 0 <= x < self.width:
            self.rows[y][x] = (char, style)

    def write(self, y: int, x: int, text: str, style: str, end: int | None = None) -> int:
        """``text`` from cell ``x``, as far as it fits before ``end``; the cell after it."""
        end = self.width if end is None else min(end, self.width)
        for char in text:
            size = cell_len(char)
            if x + size > end:
                break
            self.put(y, x, char, style)
            if size == 2:
                self.put(y, x + 1, "", style)
            x += size
        return x

    def texts(self) -> list[Text]:
        lines = []
        for row in self.rows:
            line = Text(no_wrap=True, end="")
            run, look = "", ""
            for char, style in row:
                if style != look and run:
                    line.append(run, look)
                    run = ""
                run, look = run + char, style
            line.append(run, look)
            lines.append(line)
        return lines


def chart_title() -> str:
    """The chart's heading: what the lines are and what runs along."""
    return _("Spaces to the finish, round by round")


def final_round_label() -> str:
    """The final round's label on its rule and in the legend (R10)."""
    return pgettext("race chart", "final round")


def push_back_label() -> str:
    """The push-back mark's word in the legend (R8)."""
    return pgettext("race chart", "push-back")


def _legend(cars: Sequence[Colour], width: int) -> list[list[tuple[str, str]]]:
    """The legend's items (letter and name of each car, then the marks), put in lines of
    ``width`` cells, each line a list of (text, style) pieces."""
    items = [
        [(f" {colour_letter(c)} ", CAR_STYLE[c]), (" " + colour_name(c), f"{CAR[c].background}")]
        for c in cars
    ]
    items.append([(PUSH_MARK, "bold"), (" " + push_back_label(), "")])
    items.append([(RULE_MARK, _RULE_STYLE), (" " + final_round_label(), "")])
    lines: list[list[tuple[str, str]]] = [[]]
    used = 0
    for item in items:
        size = sum(cell_len(t) for t, _s in item)
        if lines[-1] and used + 2 + size > width:
            lines.append([])
            used = 0
        if lines[-1]:
            lines[-1].append(("  ", ""))
            used += 2
        lines[-1].extend(item)
        used += size
    return lines


def draw(chart: Course, width: int, height: int) -> list[Text]:
    """The chart in ``width`` × ``height`` cells, one :class:`Text` a row: the title, the
    final round's label, the lines (0 spaces to the finish at the bottom), the rounds'
    axis and the legend. A size too small for that gets the rows that fit, cut."""
    width, height = max(width, 1), max(height, 1)
    grid = _Grid(width, height)
    legend = _legend(chart.cars, width)[:2]
    far = chart.far
    gutter = len(str(far)) + 1
    ends = len(chart.cars) + 1  # the cars' letters past the end of their lines
    plot_x = gutter + 1
    plot_w = max(width - plot_x - ends, 1)
    plot_y = 2
    plot_h = max(height - plot_y - 2 - len(legend), 2)

    def row_of(value: int) -> int:
        return plot_y + (plot_h - 1) - round(value * (plot_h - 1) / far)

    def col_of(k: int) -> int:
        turns = max(chart.turns, 1)
        return plot_x + round(k * (plot_w - 1) / turns)

    grid.write(0, 0, chart_title(), "bold")
    # The axes: spaces to the finish up the left, the rounds along the bottom.
    axis_y = plot_y + plot_h
    for y in range(plot_y, axis_y):
        grid.put(y, gutter, "│", _AXIS)
    grid.put(axis_y, gutter, "└", _AXIS)
    for x in range(plot_x, plot_x + plot_w):
        grid.put(axis_y, x, "─", _AXIS)
    step = max(1, (plot_h - 1) // 4)
    marks = [y for y in range(axis_y - 1, plot_y + 1, -step)]  # the top's own label aside
    for y in [*marks, plot_y]:
        value = round((axis_y - 1 - y) * far / (plot_h - 1))
        grid.write(y, 0, str(value).rjust(gutter - 1), _AXIS)
    _round_ticks(grid, chart, axis_y, col_of)
    # The final round's rule, behind the lines, with its label above the chart.
    start = chart.final_from
    if start is not None:
        x = col_of(start)
        for y in range(plot_y, axis_y):
            grid.put(y, x, RULE_MARK, _RULE_STYLE)
        label = final_round_label()
        left = x if x + cell_len(label) + 2 <= width else max(0, width - cell_len(label) - 2)
        grid.write(1, left, f"{RULE_MARK} {label}" if left == x else f"{label} {RULE_MARK}",
                   _RULE_STYLE)
    # Each car's line, then its letters at its own turns, then the push-backs on top.
    for p in range(len(chart.cars)):
        _line(grid, chart, p, row_of, col_of)
    for k, mover in enumerate(chart.movers):
        if mover is not None:
            car = chart.cars[mover]
            grid.put(row_of(chart.to_go[k][mover]), col_of(k), colour_letter(car),
                     f"bold {CAR[car].background}")
    for push in chart.pushes:
        car = chart.cars[push.player]
        grid.put(row_of(push.now), col_of(push.at), PUSH_MARK, f"bold {CAR[car].background}")
    # Where each car ended, past the lines: cars on the same row side by side.
    taken: dict[int, int] = {}
    for p, car in enumerate(chart.cars):
        y = row_of(chart.to_go[-1][p])
        x = plot_x + plot_w + 1 + taken.get(y, 0)
        taken[y] = taken.get(y, 0) + 1
        grid.put(y, x, colour_letter(car), f"bold {CAR[car].background}")
    for i, pieces in enumerate(legend):
        x = 0
        for text, style in pieces:
            x = grid.write(axis_y + 2 + i, x, text, style)
    return grid.texts()


def _line(grid: _Grid, chart: Course, p: int, row_of: Place, col_of: Place) -> None:
    """Car ``p``'s line, as steps: level while it waits, up or down at the column of the
    turn that moved it (several turns in one column: the last one's value)."""
    style = CAR[chart.cars[p]].background or ""
    at: dict[int, int] = {}
    for k, row in enumerate(chart.to_go):
        at[col_of(k)] = row_of(row[p])
    first = min(at)
    last_x = max(at)
    y = at[first]
    for x in range(first, last_x + 1):
        new = at.get(x, y)
        if new == y:
            grid.put(y, x, "─", style)
            continue
        down = new > y
        grid.put(y, x, "╮" if down else "╯", style)
        for between in range(min(y, new) + 1, max(y, new)):
            grid.put(between, x, "│", style)
        grid.put(new, x, "╰" if down else "╭", style)
        y = new


def _round_ticks(grid: _Grid, chart: Course, axis_y: int, col_of: Place) -> None:
    """A tick where each round ends, and the round's number under its stretch (skipped
    where the numbers would run into each other)."""
    free = 0
    for r in sorted(set(chart.rounds[1:])):
        first = chart.rounds.index(r)
        last = len(chart.rounds) - 1 - chart.rounds[::-1].index(r)
        left, right = col_of(first - 1), col_of(last)
        grid.put(axis_y, right, "┴", _AXIS)
        label = str(r)
        x = (left + right + 1) // 2 - len(label) // 2
        if x >= free:
            free = grid.write(axis_y + 1, x, label, _AXIS) + 1
