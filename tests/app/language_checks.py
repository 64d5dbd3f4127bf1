"""Checks of a screen in another language: English left over, text cut off, a track out of
line. Used by the pseudo-locale tests, and on every screen a Pilot test reads or settles on
while the game speaks the pseudo-locale (``pytest --monza-lang xx``: tests/app/helpers.py)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

import pytest
from rich.cells import cell_len
from textual.app import App

from monza_tui import i18n
from monza_tui.locale import catalogue, pseudo
from monza_tui.locale.pseudo import CLOSE, OPEN

PSEUDO = catalogue.PSEUDO
ALLOWED = {"Monza", "Ann", "Bob", "Ben", "SVG", "TOML", "JSON"}
"""ASCII words that may stay on screen in any language (the game's name, test names)."""


@cache
def english_words() -> frozenset[str]:
    """Every word of three or more letters in the catalogue's English messages."""
    words: set[str] = set()
    for message in catalogue.extract():
        for part in (message.id,) if isinstance(message.id, str) else message.id:
            text = re.sub(r"\{[^}]*\}|%\([a-z_]+\)[sdr]|`[^`]*`", " ", part)
            words.update(w.lower() for w in re.findall(r"[A-Za-z]{3,}", text))
    return frozenset(words)


TYPED = re.compile(rf"{pseudo._KEEP.pattern}|\S*[/\\]\S*|\S+\.(?:toml|json|svg)\b")
"""What stays as typed in every language (the pseudo-locale keeps it: ``monza resume``,
``--help``, ``LC_ALL``, placeholders' values) and file paths."""


def english_left(lines: list[str]) -> list[str]:
    """The plain English words on screen (accented pseudo words are not ASCII), what is
    typed and file paths aside."""
    found = []
    for line in lines:
        for word in re.findall(r"(?<![\w-])[A-Za-z]{3,}(?![\w-])", TYPED.sub(" ", line)):
            if word not in ALLOWED and word.lower() in english_words():
                found.append(f"{word!r} in {line.strip()!r}")
    return found


def cut_off(lines: list[str], scrolled: bool = False) -> list[str]:
    """Pseudo messages that do not end on screen: a ``⟦`` whose text neither closes on its
    line nor goes on below it (a wrapped message goes on where its text began on its
    line: after a border or a gap of two blanks), or a ``⟧`` without its start. (A row
    cut where the next row has text in the same column reads as a wrap: that row's own
    end is then checked on the last row.)
    Columns are terminal cells (an emoji takes two). The last line may go on below (it
    scrolls on). ``scrolled``: the lines of a scrolled view, whose first message may have
    begun above it (a ``⟧`` without its start is fine)."""
    problems = []
    open_at: list[int] = []  # where the text of each open message began (its wrap goes on)
    cells = [_cells(line) for line in lines]
    for number, line in enumerate(cells):
        for column, ch in enumerate(line):
            if ch == OPEN:
                open_at.append(_block_start(line, column))
            elif ch == CLOSE:
                if open_at:
                    open_at.pop()
                elif not scrolled and UNKNOWN not in line:
                    problems.append(
                        f"line {number}: a message without its start: {lines[number]!r}"
                    )
        if open_at and line and line[-1] == UNKNOWN:
            continue  # it goes on under a drop-down's list
        if open_at and number + 1 < len(lines):
            column = min(open_at)
            if not _goes_on(line, column, cells[number + 1]):
                problems.append(f"line {number}: cut off: {lines[number].strip()!r}")
                open_at.clear()
    return problems


BORDERS = "│┃▏▕║"
UNKNOWN = "\x00"
"""A cell under an overlay: text may go on there, and nothing opens or closes."""


def _block_start(line: list[str], column: int) -> int:
    """Where the text around ``column`` begins on its line (a wrapped text goes on there
    below): left of it, a border or a gap of two blanks ends the text."""
    while column > 0:
        if line[column - 1] in BORDERS or (column > 1 and line[column - 2:column] == [" ", " "]):
            break
        column -= 1
    while line[column] == " ":
        column += 1
    return column


def _goes_on(line: list[str], column: int, below: list[str]) -> bool:
    """Whether the text that began at ``column`` goes on on the line ``below``: there, at
    that column, or (centred text) at the first character below within the text's span,
    unless that begins a new message."""
    end = column
    while end + 1 < len(line) and line[end + 1] not in BORDERS and line[end:end + 2] != [" ", " "]:
        end += 1
    for at, ch in enumerate(below[column:end + 1]):
        if ch.strip():
            return ch not in BORDERS and (at == 0 or ch != OPEN)  # not a new message
    return False


def _cells(line: str) -> list[str]:
    """A line's terminal cells: a two-cell character, then ``""``."""
    cells: list[str] = []
    for ch in line:
        cells.append(ch)
        cells.extend([""] * (cell_len(ch) - 1))
    return cells


def region_lines(lines: list[str], region: object) -> list[str]:
    """The part of the screen's ``lines`` inside a widget's region (x, y, width, height)."""
    x, y, width, height = region  # type: ignore[misc]
    return [line[x:x + width] for line in lines[y:y + height]]


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """The game in ``code`` for the duration (key labels included), then as before."""
    from monza_tui.app.app_words import relabel_bindings

    before = i18n.current_language()
    i18n.set_language(code)
    relabel_bindings()
    try:
        yield
    finally:
        i18n.set_language(before)
        relabel_bindings()


def screen_cells(app: App[object]) -> list[list[str]]:
    """The screen cell by cell: a two-cell character is followed by ``""`` for its second
    cell, so a column is a terminal column (``screen_lines`` counts characters)."""
    return [_cells(strip.text) for strip in app.screen._compositor.render_strips()]


def _text(cells: list[list[str]]) -> list[str]:
    return ["".join(row).rstrip() for row in cells]


def screen_text_problems(app: App[object]) -> list[str]:
    """English words left and messages cut off on the screen, read widget by widget (a
    message never goes on from one widget into another): each widget that draws (no
    child shown) is read in the part of it that shows. A message open at a widget's end
    is cut, unless the widget (or what holds it) scrolls on; a drop-down's list over the
    form covers what is under it (read on its own, what it covers may go on under it)."""
    from textual.errors import NoWidget

    cells = screen_cells(app)
    screen = app.screen
    shown = []
    for widget in screen.query("*"):
        if not widget.display or any(child.display for child in widget.children):
            continue
        try:
            place = screen.find_widget(widget)
        except NoWidget:
            continue
        visible = place.region.intersection(place.clip)
        if visible.area:
            shown.append((widget, place.region, visible))
    overlays = [v for w, _r, v in shown if type(w).__name__ == "SelectOverlay"]
    problems: list[str] = []
    for widget, region, visible in shown:
        x, y, width, height = visible
        part = [row[x:x + width] for row in cells[y:y + height]]
        if visible not in overlays:
            for over in overlays:
                for oy in range(over.y, over.bottom):
                    if y <= oy < y + height:
                        row = part[oy - y]
                        for ox in range(max(over.x, x), min(over.right, x + width)):
                            row[ox - x] = UNKNOWN
        scrolls = (visible != region or getattr(widget, "max_scroll_y", 0) > 0
                   or lines_above(widget) > 0)
        text = _text(part)
        problems += [f"{type(widget).__name__}: {p}" for p in english_left(text)]
        cut = cut_off([*text, ""] if not scrolls else text, scrolled=scrolls)
        problems += [f"{type(widget).__name__}#{widget.id}: {p}" for p in cut]
    return problems


HEAVY = str.maketrans("─│┼├┤┬┴╭╮╰╯", "━┃╋┣┫┳┻┏┓┗┛")
"""The cursor's outline (the board view draws the space under the cursor heavy)."""


def misaligned_track(app: App[object]) -> tuple[int, list[str]]:
    """Every outline cell of each board on the screen checked against the board's layout:
    ``(cells checked, problems)``. The layout is made from the board and the view's size
    alone (no words), so it is where English draws the track; a letter two cells wide, or
    anything pushing the track, moves the outline cells off it."""
    from monza_tui.app.board_view import BoardView

    screen = screen_cells(app)
    checked, problems = 0, []
    for view in app.screen.query(BoardView):
        area = view.scrollable_content_region
        if not view.display or not area.area or not view.is_on_screen:
            continue
        layout = view.layout_now
        covered = view._map_region()
        scroll, origin = view.scroll_offset, view._origin
        for y, row in enumerate(layout.rows):
            vy = y + origin.y - scroll.y
            if not 0 <= vy < area.height:
                continue
            for x, cell in enumerate(row):
                vx = x + origin.x - scroll.x
                if cell is None or cell.line is None or not 0 <= vx < area.width:
                    continue
                if covered is not None and covered.contains(vx, vy):
                    continue
                shown = screen[area.y + vy][area.x + vx]
                checked += 1
                if shown not in (cell.line, cell.line.translate(HEAVY)):
                    problems.append(
                        f"track cell ({x}, {y}) shows {shown!r}, not {cell.line!r}: "
                        f"{''.join(screen[area.y + vy]).rstrip()!r}"
                    )
    return checked, problems[:5]


STANDINGS_CUT = (
    "the race panel's standings give the place (3rd, 5 to go) at most half the panel's "
    "row and a name its first line: a longer place or name is cut (app/widgets/panel.py, "
    "the lead's)"
)
TILES_CUT = (
    "the race panel's tiles row (Tiles r b g y p w +roll) is one line: the label and the "
    "extra roll's tile do not fit a longer word (app/widgets/dice.py, the lead's)"
)
KEYS_CUT = (
    "the race screen's footer (the keys of the moment) is one line: at 80 columns the "
    "last keys' longer labels are cut (app/widgets/key_line.py, the lead's)"
)
PROMPT_GROWS = (
    "the turn banner keeps six lines, a longer prompt grows it and moves the panel's rows "
    "(app/widgets/panel.py TurnBanner, the lead's)"
)


CHAMPION_CUT = (
    "the set-up's champion line is one line (it sits in the blank line under the title so "
    "that six seats still fit 80x24): the longer 'no reigning champion yet: ...' sentence "
    "is cut at 80 columns (app/screens/setup.tcss #champion, stats' line)"
)
BOARD_CHOICE_CUT = (
    "the set-up's board drop-down is 44 cells wide: the classic board's longer label "
    "(Classic (original edition, 2-6 cars)) is cut (app/screens/setup.tcss #board, the "
    "set-up form's)"
)
KNOWN_PROBLEMS: dict[str, str] = {
    r"^Standings#standings: line \d+: cut off: ": STANDINGS_CUT,
    r"^TileTray#tiles: line 0: cut off: ": TILES_CUT,
    r"^KeyLine#keys: line 0: cut off: ": KEYS_CUT,
    r"^ChampionLine#champion: line 0: cut off: ": CHAMPION_CUT,
    r"^ChoiceLine#None: line 0: cut off: '.*, 2-6 ": BOARD_CHOICE_CUT,
}
"""Problems the app has today, each matched by a pattern of its report, with why and whose
file it is: they are left out of the checks until fixed (docs/i18n.md). Keep it short:
anything new fails."""


def known_problem(reason: str) -> pytest.MarkDecorator:
    """A test that fails in the pseudo-locale for a known problem of the app (``reason``:
    what and whose file): expected to fail there, strictly, so that the fix shows (the
    mark must then go). English sessions run it as usual."""
    return pytest.mark.xfail(
        i18n.current_language() == PSEUDO, reason=f"pseudo-locale: {reason}", strict=True
    )


def screen_problems(app: App[object]) -> list[str]:
    """English words left, messages cut off and a track out of line on the screen (less the
    :data:`KNOWN_PROBLEMS`)."""
    found = [*screen_text_problems(app), *misaligned_track(app)[1]]
    return [p for p in found if not any(re.search(k, p) for k in KNOWN_PROBLEMS)]


def lines_above(widget: Any) -> int:
    """The race log's lines out of view above the first line shown (0 for any other
    widget)."""
    lines, back = getattr(widget, "lines", None), getattr(widget, "back", None)
    if not isinstance(lines, list) or not isinstance(back, int):
        return 0
    return max(0, len(lines) - widget.size.height - back)
