"""The dice and the tiles of the side panel: coloured chips with their letter and key.

Each tray is ONE widget of one row that paints its chips as styled text (``ChipRow``):
a roll, a placed die or a marked one changes the text and its styles, never the widgets or
their CSS classes, so a key repaints one line of the panel and lays nothing out (six chip
widgets whose classes changed restyled themselves through the whole stylesheet on every
roll). The game colours come from :mod:`monza_tui.palette`, the states' looks (placed,
spent, idle) from the theme through component classes; a click on a chip is the same as
its key, and its tooltip follows the mouse.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from monza_tui.app.widgets.common import KeptLines, OwnStyle
from monza_tui.engine import COLOURS, Colour
from monza_tui.i18n import _, colour_letter, colour_name
from monza_tui.palette import SPACE

_BOLD = Style(bold=True)
_SELECTED = Style(bold=True, reverse=True)
_HINT = Style(bold=True, underline=True)
_STRIKE = Style(strike=True)
_COLOUR_STYLE = {c: Style.parse(f"{SPACE[c].text} on {SPACE[c].background}") for c in COLOURS}


@dataclass(frozen=True, slots=True)
class Chip:
    """One chip of a tray: its text, look and width, what a click on it means, its tip."""

    text: str
    style: Style
    width: int
    key: object = None
    tip: str | None = None
    margin: int = 0
    """Blank columns after the chip."""


class ChipRow(KeptLines, OwnStyle, Widget, can_focus=False):
    """A row of chips painted as one line; repainted only when a chip changed."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "chip-row--gone", "chip-row--idle", "chip-row--label"
    }

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._chips: tuple[Chip, ...] = ()
        self._spans: list[tuple[int, int, Chip]] = []
        self._shown_for: object = None
        """What the chips were made from (a tray shown again for the same is left alone:
        most keys change neither the dice nor the tiles)."""

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._shown_for = None  # the chips' looks come from the theme, too

    def unchanged(self, shown_for: object) -> bool:
        """Whether the tray already shows what ``shown_for`` describes (else it is noted:
        the caller makes the chips)."""
        if shown_for == self._shown_for:
            return True
        self._shown_for = shown_for
        return False

    def put(self, chips: tuple[Chip, ...]) -> None:
        """Show ``chips``; the same chips as shown cost nothing (one row: never a layout)."""
        if chips == self._chips:
            return
        self._chips = chips
        x = 0
        spans = []
        for chip in chips:
            spans.append((x, x + chip.width, chip))
            x += chip.width + chip.margin
        self._spans = spans
        self.refresh()

    def chip_x(self, key: object) -> int | None:
        """The first column of the chip whose click means ``key`` (tests click there)."""
        for start, _end, chip in self._spans:
            if chip.key == key:
                return start
        return None

    def chip_at(self, x: int) -> Chip | None:
        for start, end, chip in self._spans:
            if start <= x < end:
                return chip
        return None

    def render_line(self, y: int) -> Strip:
        base = self.own_style
        if y:
            return Strip.blank(self.line_size.width, base)
        segments: list[Segment] = []
        blank = Style(bgcolor=base.bgcolor)
        for chip in self._chips:
            text = chip.text
            pad = chip.width - cell_len(text)
            text = " " * (pad // 2) + text + " " * (pad - pad // 2)
            segments.append(Segment(text, base + chip.style))
            if chip.margin:
                segments.append(Segment(" " * chip.margin, base + blank))
        return Strip(segments).adjust_cell_length(self.line_size.width, base).simplify()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        chip = self.chip_at(event.x)
        tip = chip.tip if chip is not None else None
        if self.tooltip != tip:
            self.tooltip = tip

    def on_click(self, event: events.Click) -> None:
        event.stop()
        chip = self.chip_at(event.x)
        if chip is not None and chip.key is not None:
            self.pressed(chip.key)

    def pressed(self, key: object) -> None:
        """A chip was clicked."""


class DiceTray(ChipRow):
    """The six dice of the roll (two in the turbo roll): ``1R`` on red, a placed die
    ``4·`` struck through, a selected or marked one reversed, a hinted one underlined."""

    class Pressed(Message):
        """Die ``index`` was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    looks: tuple[tuple[Colour, frozenset[str]], ...] = ()
    """Each die's colour and states (``used``, ``selected``, ``marked``, ``hint``)."""

    def show(
        self,
        roll: Sequence[Colour],
        *,
        used: Collection[int] = (),
        selected: int | None = None,
        marked: Collection[int] = (),
        hinted: Collection[int] = (),
    ) -> None:
        """Show the dice in play and which are placed, selected, marked or hinted."""
        if self.unchanged((tuple(roll), frozenset(used), selected, frozenset(marked),
                           frozenset(hinted))):
            return
        looks = []
        chips = []
        for i, colour in enumerate(roll):
            states = frozenset(
                name for name, on in (
                    ("used", i in used), ("selected", i == selected),
                    ("marked", i in marked), ("hint", i in hinted),
                ) if on
            )
            looks.append((colour, states))
            if "used" in states:
                style = self.component_style("chip-row--gone", partial=True) + _STRIKE
            else:
                style = _COLOUR_STYLE[colour] + _BOLD
            if "selected" in states or "marked" in states:
                style += _SELECTED
            if "hint" in states:
                style += _HINT
            # A placed die shows a dot instead of its letter: readable without colour too.
            text = f"{i + 1}{'·' if 'used' in states else colour_letter(colour)}"
            tip = _("die {n}: {colour}").format(n=i + 1, colour=colour_name(colour))
            chips.append(Chip(text, style, 4, i, tip, margin=1))
        self.looks = tuple(looks)
        self.put(tuple(chips))

    def pressed(self, key: object) -> None:
        self.post_message(self.Pressed(int(key)))  # type: ignore[call-overload]


class TileTray(ChipRow):
    """The player's six accelerator tiles and extra-roll tile (pro variant, R12): ``r`` on
    red; a placed or spent tile a struck dot; ``+roll`` while the extra roll is held."""

    class Pressed(Message):
        """A tile was clicked (colour None: the extra-roll tile)."""

        def __init__(self, colour: Colour | None) -> None:
            super().__init__()
            self.colour = colour

    looks: dict[Colour | None, frozenset[str]] = {}  # noqa: RUF012 (replaced, never mutated)
    """Each tile's states (``gone``, ``used``, ``selected``, ``hint``, ``idle``)."""

    def show(
        self,
        tiles: Collection[Colour],
        extra_roll: bool,
        *,
        placed: Collection[Colour] = (),
        selected: Colour | None = None,
        hinted: Collection[Colour] = (),
        usable: bool = True,
    ) -> None:
        """Show which tiles the player still has, has placed, selected or is hinted."""
        if self.unchanged((frozenset(tiles), extra_roll, frozenset(placed), selected,
                           frozenset(hinted), usable)):
            return
        gone_style = self.component_style("chip-row--gone", partial=True) + _STRIKE
        idle_style = self.component_style("chip-row--idle", partial=True)
        looks: dict[Colour | None, frozenset[str]] = {}
        label = self.component_style("chip-row--label", partial=True)
        chips = [Chip(set_cell_size(_("Tiles"), 6), label, 6)]
        for colour in COLOURS:
            states = frozenset(
                name for name, on in (
                    ("gone", colour not in tiles), ("used", colour in placed),
                    ("selected", colour == selected), ("hint", colour in hinted),
                    ("idle", not usable),
                ) if on
            )
            looks[colour] = states
            if "gone" in states:
                style = gone_style
            elif "used" in states:
                style = _COLOUR_STYLE[colour] + Style(bold=True, strike=True, dim=True)
            else:
                style = _COLOUR_STYLE[colour] + _BOLD
                if "idle" in states:
                    style += idle_style
            if "selected" in states:
                style += _SELECTED
            if "hint" in states:
                style += _HINT
            away = "gone" in states or "used" in states
            text = "·" if away else colour_letter(colour).lower()
            tip = _("{colour} accelerator tile").format(colour=colour_name(colour))
            chips.append(Chip(text, style, 3, colour, tip))
        looks[None] = frozenset({"gone"} if not extra_roll else ())
        extra = _("+roll")
        style = (gone_style if not extra_roll
                 else self.component_style("tile-tray--extra", partial=True) + _BOLD)
        chips[-1] = replace(chips[-1], margin=1)
        # Spent, it is a dot like a spent colour tile (a strike alone is lost without
        # colour or where the terminal draws no strikes), keeping its width.
        shown = extra if extra_roll else "·".center(cell_len(extra))
        chips.append(Chip(f" {shown} ", style, cell_len(extra) + 2, "extra",
                          _("extra-roll tile: re-roll some dice once")))
        self.looks = looks
        self.put(tuple(chips))

    COMPONENT_CLASSES: ClassVar[set[str]] = {*ChipRow.COMPONENT_CLASSES, "tile-tray--extra"}

    def pressed(self, key: object) -> None:
        self.post_message(self.Pressed(None if key == "extra" else key))  # type: ignore[arg-type]
