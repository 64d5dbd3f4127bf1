"""The side panel's read-outs: whose turn, the field of cars, the round and final round.

They only show what they are given (the race screen passes the engine state and the
players). What changes from key to key (whose turn, who acts, a finished car) is drawn in the
text's styles, never as a CSS class: a class change restyles the widget and its children
through the stylesheet. The final-round banner, once a race, keeps its class.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import ClassVar

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.cache import LRUCache
from textual.geometry import Offset, Region, Size
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from monza_tui.app.board_marks import CAR_MARK
from monza_tui.app.widgets.common import KeptLines, OwnStyle, put_text
from monza_tui.engine import Colour, Phase, State
from monza_tui.i18n import _, colour_letter, colour_name
from monza_tui.palette import SPACE
from monza_tui.race.narrate import where_short, where_words
from monza_tui.race.pace import acting
from monza_tui.race.setup import ROBOT, seat_label
from monza_tui.record import Player
from monza_tui.wording.lines import wrap_lines

CHIP_STYLE = {c: Style.parse(f"bold {s.text} on {s.background}") for c, s in SPACE.items()}
"""A car's chip in the panel: its letter on its colour, as the dice show colours."""


PANEL_TEXT_WIDTH = 32
"""Columns of text in the side panel, until the widget knows its own width."""


def player_label(player: Player) -> str:
    """A player's name, with the robot mark and level for a computer driver."""
    if not player.seat.is_bot:
        return player.name
    return f"{player.name} {seat_label(player.seat)}"


_WRAPPED: LRUCache[tuple[str, int], tuple[str, ...]] = LRUCache(256)


def wrapped(text: str, width: int) -> tuple[str, ...]:
    """``text`` in lines of ``width`` columns, broken where a ``Static`` breaks it, and
    between Chinese characters by the line-start rules (``wording.lines``; the panel's
    texts repeat from key to key: each is wrapped once)."""
    if width <= 0:
        width = PANEL_TEXT_WIDTH
    key = (text, width)
    lines = _WRAPPED.get(key)
    if lines is None:
        lines = wrap_lines(text, width)
        _WRAPPED[key] = lines
    return lines


class PanelText(KeptLines, OwnStyle, Widget, can_focus=False):
    """A text of the panel (whose tiles, the hint), wrapped to the panel's width and
    painted as lines, as a ``Static`` shows it: at least ``min-height`` lines (CSS), the
    style of the widget's CSS with :meth:`show`'s look over the text. A new text repaints
    the lines that changed, and lays the panel out only when it needs another number of
    lines (a ``Static`` does more work for each, and the panel changes at every turn)."""

    ALLOW_SELECT = False

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.text = ""
        """The text shown (unwrapped)."""
        self._look: Style | None = None

    def show(self, text: str, look: Style | None = None) -> None:
        """Show ``text`` (in ``look`` over the widget's style)."""
        if (text, look) == (self.text, self._look):
            return
        before = self._picture()
        self.text, self._look = text, look
        repaint_lines(self, before, self._picture())

    def _picture(self) -> list[object]:
        """What each line shows (to find the lines a change repaints)."""
        lines = list(wrapped(self.text, self.size.width))
        lines += [""] * (kept_rows(self, len(lines)) - len(lines))
        return [(line, self._look if line else None) for line in lines]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(wrapped(self.text, width))

    def render_line(self, y: int) -> Strip:
        base = self.own_style
        width = self.line_size.width
        lines = wrapped(self.text, width)
        if y >= len(lines):
            return Strip.blank(width, base)
        style = base + self._look if self._look else base
        return Strip([Segment(lines[y], style)]).adjust_cell_length(
            width, Style(bgcolor=base.bgcolor)).simplify()


def kept_rows(widget: Widget, lines: int) -> int:
    """The rows ``widget`` shows for ``lines`` of text: at least its CSS ``min-height``
    (lines kept blank, so that a longer text repaints instead of laying the panel out)."""
    minimum = widget.styles.min_height
    if minimum is not None and minimum.is_cells:
        return max(lines, int(minimum.value))
    return lines


def repaint_lines(widget: Widget, before: Sequence[object], after: Sequence[object]) -> None:
    """Show the change from ``before`` to ``after`` (what each line of ``widget`` shows):
    its lines that changed, or a layout when it needs another number of lines."""
    if len(after) != len(before) or not widget.size:
        widget.refresh(layout=True)
    else:
        refresh_lines(widget, before, after)


def refresh_lines(widget: Widget, before: Sequence[object], after: Sequence[object]) -> None:
    """Repaint the lines of ``widget`` whose content differs from ``before`` to ``after``
    (as many of each): fewer lines for Textual to paint and for the terminal to show."""
    width = widget.size.width
    changed = [Region(0, y, width, 1)
               for y, (was, now) in enumerate(zip(before, after, strict=True)) if was != now]
    if changed:  # (refresh() with no region repaints it all)
        widget.refresh(*changed)


class TurnBanner(KeptLines, OwnStyle, Widget, can_focus=False):
    """Who acts now, with their car, and what they are asked to do: the announcement of
    every turn, and the prompt that answers every key.

    ONE widget painting its lines: the car's chip and whose turn it is (a longer name or
    language wraps it, aligned after the chip), then the prompt (wrapped as a ``Static``
    wraps it), in at least the rows its CSS ``min-height`` keeps, so that a shorter prompt
    repaints instead of laying the panel out. It was five widgets (a row of two above the
    prompt); in a repaint Textual's own work per widget, whatever it shows, is about a
    tenth of a millisecond, and every key repaints the prompt."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES: ClassVar[set[str]] = {"turn-banner--name", "turn-banner--prompt"}
    CAR_WIDTH = 4
    """Columns of the car's chip (`` ●R ``); the name starts a blank after it."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.car: tuple[str, Style] | None = None
        """The chip of the car whose turn it is, and its look (None: the race is over)."""
        self.heading = ""
        """Whose turn it is, in words (after the car's chip)."""
        self.prompt = ""
        """What the person at the keyboard is asked to do (or what is happening)."""
        self._looks: tuple[Style | None, Style | None] = (None, None)
        """The name's and the prompt's own colour where it is not the theme's (a computer
        driver's, or while nobody at the keyboard decides)."""

    def show(
        self, state: State, players: Sequence[Player], prompt: str, *, waiting: bool = False
    ) -> None:
        """Announce whose move it is (the bonus player's during a bonus move, R15); a
        computer driver's name and the prompt while nobody at the keyboard decides
        (``waiting``) in the theme's secondary colour. Looks are the texts' styles, not
        classes: a class change restyles the banner (every turn did)."""
        mover = acting(state)
        secondary = Style(color=self.app.theme_variables.get("secondary"))
        name_look: Style | None = None
        if mover is None:
            car, heading = None, _("The race is over")
            waiting = False
        else:
            player = players[mover]
            colour = state.game.cars[mover]
            car = (f" {CAR_MARK}{colour_letter(colour)} ", CHIP_STYLE[colour])
            if state.phase is Phase.BONUS:
                text = _("Bonus move: {name} ({car})")
            else:
                text = _("{name}'s turn ({car})")
            heading = text.format(name=player.name, car=colour_name(colour))
            name_look = secondary if player.seat.is_bot else None
        looks = (name_look, secondary if waiting else None)
        if (car, heading, prompt, looks) == (self.car, self.heading, self.prompt, self._looks):
            return
        before = self._picture()
        self.car, self.heading, self.prompt, self._looks = car, heading, prompt, looks
        # Only the lines that changed (a prompt of the same words keeps its first lines;
        # the kept blank lines stay blank), unless it needs another number of lines.
        repaint_lines(self, before, self._picture())

    def _picture(self) -> list[object]:
        """What each line shows (to find the lines a change repaints)."""
        width = self.size.width
        heading = [(self.car if y == 0 else None, line, self._looks[0])
                   for y, line in enumerate(self._heading_lines(width))]
        prompt = [(line, self._looks[1]) for line in wrapped(self.prompt, width)]
        lines: list[object] = [*heading, *prompt]
        return lines + [("", None)] * (kept_rows(self, len(lines)) - len(lines))

    def _heading_lines(self, width: int) -> tuple[str, ...]:
        """Whose turn it is, wrapped beside (and under) the car's chip."""
        return wrapped(self.heading, max(1, (width or PANEL_TEXT_WIDTH) - self.CAR_WIDTH - 1))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._heading_lines(width)) + len(wrapped(self.prompt, width))

    @property
    def prompt_offset(self) -> Offset:
        """Where the prompt's first line starts on the screen (the terminal's cursor waits
        there when nothing else is pointed at: a screen reader reads the prompt)."""
        below = len(self._heading_lines(self.size.width))
        return self.content_region.offset + Offset(0, below)

    def render_line(self, y: int) -> Strip:
        base = self.own_style
        blank = Style(bgcolor=base.bgcolor)  # (a Static's padding: its background alone)
        width = self.line_size.width
        name_look, prompt_look = self._looks
        heading = self._heading_lines(width)
        if y < len(heading):
            if y == 0:
                chip_text, chip_style = self.car or (" " * self.CAR_WIDTH, blank)
                segments = [Segment(chip_text, base + chip_style), Segment(" ", blank)]
            else:
                segments = [Segment(" " * (self.CAR_WIDTH + 1), blank)]
            style = base + self.component_style("turn-banner--name")
            segments.append(Segment(heading[y], style + name_look if name_look else style))
        else:
            lines = wrapped(self.prompt, width)
            style = base + self.component_style("turn-banner--prompt")
            y -= len(heading)
            if y >= len(lines):  # (the lines kept for a longer prompt: as a Static's)
                return Strip.blank(width, style)
            segments = [Segment(lines[y], style + prompt_look if prompt_look else style)]
        return Strip(segments).adjust_cell_length(width, blank).simplify()


class Standings(KeptLines, OwnStyle, Widget, can_focus=False):
    """Every car in turn order (R3), one line each: its car chip (``●R`` on its colour),
    ``▶`` for whoever acts now, the player (robot mark and level), "(you)" after the cars
    this terminal drives in a race over the network, and where the car stands.

    ONE widget painting its lines (a row of three widgets per car, with classes for the
    player acting and the finished cars, restyled at every turn); its tooltip tells the
    place in words of the row under the mouse."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "standings--current", "standings--where", "standings--finished"
    }
    WHERE_WIDTH = 13
    """Columns of the place (``3rd, 5 to go``), right-aligned."""

    def __init__(self, players: int, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.players = players
        self.rows: tuple[tuple[Colour, str, str, bool, bool, str], ...] = ()
        """(car, name with its marker, place, acting, finished, "(you)" or "") of each
        row."""
        self._state: State | None = None
        """The state shown (the tooltips read it when the mouse comes)."""

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.players

    def show(self, state: State, players: Sequence[Player], *,
             here: Collection[int] = ()) -> None:
        """Update every row (a repaint only when one of them changed); ``here``: the cars
        of this terminal's person in a race over the network, marked "you" (at one
        keyboard every car is someone's here, and none is marked)."""
        mover = acting(state)
        you = _("(you)") if here else ""
        rows = []
        for index, player in enumerate(players):
            marker = "▶ " if index == mover else "  "
            rows.append((
                state.game.cars[index],
                marker + player_label(player),
                where_short(state, index),
                index == mover,
                state.board.is_finish(state.positions[index]),
                you if index in here else "",
            ))
        self._state = state
        before, self.rows = self.rows, tuple(rows)
        if len(before) != len(self.rows) or self._place_width(before) != self._place_width():
            self.refresh()
        else:  # only the rows that changed (a turn changes two or three of them)
            refresh_lines(self, before, self.rows)

    def _place_width(self, rows: Sequence[tuple[Colour, str, str, bool, bool, str]] | None = None,
                     ) -> int:
        """Columns of the place, right-aligned: as wide as its longest entry ("=5th, 15 to
        go" with six cars), at least :attr:`WHERE_WIDTH`, and never more than half the
        row."""
        longest = max((cell_len(row[2]) for row in (self.rows if rows is None else rows)),
                      default=0)
        return min(max(self.WHERE_WIDTH, longest), self.line_size.width // 2)

    def render_line(self, y: int) -> Strip:
        base = self.own_style
        width = self.line_size.width
        if y >= len(self.rows):
            return Strip.blank(width, base)
        car, name, where, current, finished, you = self.rows[y]
        chip = f" {CAR_MARK}{colour_letter(car)} "
        place_width = self._place_width()
        name_width = max(0, width - cell_len(chip) - place_width)
        name_text, where_text = standings_columns(name, where, name_width, place_width,
                                                  mark=you)
        name_style = base + (self.component_style("standings--current", partial=True)
                             if current else Style())
        where_style = base + self.component_style(
            "standings--finished" if finished else "standings--where", partial=True
        )
        return Strip([
            Segment(chip, base + CHIP_STYLE[car]),
            Segment(name_text, name_style),
            Segment(where_text, where_style),
        ]).adjust_cell_length(width, base).simplify()

    def tip(self, row: int) -> str | None:
        """The tooltip of ``row``: the place in words (worked out when the mouse is there,
        not at every key)."""
        state = self._state
        if state is None or not 0 <= row < len(self.rows):
            return None
        return where_words(state, row)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        tip = self.tip(event.y)
        if self.tooltip != tip:
            self.tooltip = tip


def standings_columns(name: str, where: str, name_width: int,
                      place_width: int, *, mark: str = "") -> tuple[str, str]:
    """A standings row's name and place, each set to its column's width: the name after a
    blank, cut between words so that a blank always parts it from the place (a computer
    driver's "Ben 🤖 greedy" ran into "1st, 37 to go"), the place to the right. ``mark``
    ("(you)") follows the name whole: a long name gives way to it, never it to the name."""
    room = max(0, name_width - 2)
    if mark and cell_len(mark) + 1 < room:
        kept = room - cell_len(mark) - 1
        shown = first_line(name, kept)
        if cell_len(shown) > kept:
            shown = set_cell_size(shown, kept)
        shown = f"{shown.rstrip()} {mark}"
    else:
        shown = first_line(name, room)
    if cell_len(shown) > room:  # (one word longer than the column: cut)
        shown = set_cell_size(shown, room)
    name_text = set_cell_size(" " + shown, name_width)
    where_text = set_cell_size(where, place_width)
    if cell_len(where) < place_width:
        where_text = " " * (place_width - cell_len(where)) + where
    return name_text, where_text


def first_line(text: str, width: int) -> str:
    """The first line of ``text`` wrapped at ``width`` columns, broken between words (as a
    one-line ``Static`` shows it): a long name loses whole words, never half of one, but
    a first word longer than the line is cut to it."""
    if cell_len(text) <= width:
        return text
    words = text.split(" ")
    line = words[0]
    for word in words[1:]:
        if cell_len(line) + 1 + cell_len(word) > width:
            if not any(ch.isalnum() for ch in line):
                # Nothing of the name kept yet (a marker at most: "▶ Maximiliane-Sophie"):
                # its first word is cut instead of lost.
                return set_cell_size(f"{line} {word}", width)
            break
        line += " " + word
    return line


def still_to_drive(state: State) -> tuple[int, ...]:
    """The players who still drive in this round: the one at the wheel, then everyone
    before the start player comes round again, cars at the finish left out (R10)."""
    if state.is_terminal():
        return ()
    n = state.game.players
    start = state.game.start_player
    players = []
    player = state.player
    while True:
        if not state.board.is_finish(state.positions[player]) or player == state.player:
            players.append(player)
        player = (player + 1) % n
        if player == start:
            return tuple(players)


def wrap_words(words: Sequence[str], width: int) -> str:
    """``words`` in lines of at most ``width`` columns, broken only between words (a word
    may contain spaces: it stays whole; one longer than a line gets a line of its own)."""
    lines: list[str] = []
    for word in words:
        if lines and cell_len(lines[-1]) + 1 + cell_len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "\n".join(lines)


class RoundInfo(KeptLines, Static):
    """The round counter, and the final-round banner once a car reached the finish (R10):
    it names who still drives."""

    _words: tuple[str, ...] = ()

    def show(self, state: State, names: Sequence[str]) -> None:
        """Show the round; in the final round a banner with the drivers still to come."""
        text = _("Round {round}").format(round=state.round)
        final = state.final_round and not state.is_terminal()
        self._words = (text,)
        if final:
            # A name is one word of the layout ("Bot 3" never breaks after "Bot").
            drivers = [names[p] for p in still_to_drive(state)]
            words = _("FINAL ROUND · still to drive:").split(" ")
            words += [name + _(",") for name in drivers[:-1]] + drivers[-1:]
            self._words = tuple(words)
        self._lay_out()
        self.set_class(final, "-final-round")

    def on_resize(self) -> None:
        self._lay_out()

    def _lay_out(self) -> None:
        width = self.content_size.width or PANEL_TEXT_WIDTH
        put_text(self, wrap_words(self._words, width))


__all__ = [
    "ROBOT",
    "RoundInfo",
    "Standings",
    "TurnBanner",
    "player_label",
    "still_to_drive",
    "wrap_words",
]
