"""The dice and the tiles of the side panel: coloured chips with their letter and key.

Each chip shows its state as CSS classes (``-used``, ``-selected``, ``-marked`` for the
extra roll, ``-hint``), its colour as a class (``-red`` ...), so the look lives in the
stylesheet and a click on a chip is the same as its key.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Static

from monza_tui.app.widgets.common import COLOUR_CLASSES, put_text, set_colour_class, show
from monza_tui.engine import COLOURS, Colour
from monza_tui.i18n import _, colour_letter, colour_name

_DIE_CLASSES = frozenset(
    {*COLOUR_CLASSES, "-used", "-selected", "-marked", "-hint"}
)
"""The classes :meth:`DieChip.show` sets (the others, ``chip die``, stay)."""


class DieChip(Static):
    """One die: its key (1-6) and its colour's letter on its colour."""

    class Pressed(Message):
        """The die was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, index: int) -> None:
        super().__init__("", markup=False, id=f"die-{index}", classes="chip die")
        self.index = index

    def show(self, colour: Colour | None, **states: bool) -> None:
        """Show the die's colour (None: no such die now) and its states as classes; a chip
        whose colour and states did not change is not touched (restyling costs)."""
        look = (colour, tuple(states.items()))
        if getattr(self, "_monza_look", None) == look:
            return
        self._monza_look = look
        show(self, colour is not None)
        if colour is None:
            return
        # All classes in one change: each class change restyles the chip.
        wanted = {name for name in self.classes if name not in _DIE_CLASSES}
        wanted.add(f"-{colour.value}")
        wanted.update(f"-{state}" for state, on in states.items() if on)
        if wanted != set(self.classes):
            self.set_classes(wanted)
        # A placed die shows a dot instead of its letter: readable without colour too.
        used = states.get("used", False)
        put_text(self, f"{self.index + 1}{'·' if used else colour_letter(colour)}", layout=False)
        tip = _("die {n}: {colour}").format(n=self.index + 1, colour=colour_name(colour))
        if self.tooltip != tip:
            self.tooltip = tip

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Pressed(self.index))


class DiceTray(Horizontal):
    """The six dice of the roll (two in the turbo roll)."""

    @property
    def chips(self) -> list[DieChip]:
        """The six chips (looked up once)."""
        found: list[DieChip] | None = self.__dict__.get("_chips")
        if found is None:
            found = self.__dict__["_chips"] = list(self.query(DieChip))
        return found

    def compose(self) -> ComposeResult:
        for index in range(6):
            yield DieChip(index)

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
        for chip in self.chips:
            i = chip.index
            chip.show(
                roll[i] if i < len(roll) else None,
                used=i in used,
                selected=i == selected,
                marked=i in marked,
                hint=i in hinted,
            )


class TileChip(Static):
    """An accelerator tile (R12): its colour's letter on its colour, or the extra-roll tile."""

    class Pressed(Message):
        """The tile was clicked (colour None: the extra-roll tile)."""

        def __init__(self, colour: Colour | None) -> None:
            super().__init__()
            self.colour = colour

    def __init__(self, colour: Colour | None) -> None:
        name = colour.value if colour is not None else "extra"
        super().__init__("", markup=False, id=f"tile-{name}", classes="chip tile")
        self.colour = colour
        if colour is not None:
            set_colour_class(self, colour)
            self.update(colour_letter(colour).lower())
            self.tooltip = _("{colour} accelerator tile").format(colour=colour_name(colour))
        else:
            self.add_class("-extra")
            self.update(_("+roll"))
            self.tooltip = _("extra-roll tile: re-roll some dice once")

    def show(self, **states: bool) -> None:
        """Show the tile's states as classes (``-gone``, ``-selected``, ``-hint``...). A
        placed or spent tile shows a dot instead of its letter, as a placed die does: gone
        without colour too."""
        look = tuple(states.items())
        if getattr(self, "_monza_look", None) == look:
            return
        self._monza_look = look
        if self.colour is not None:
            away = states.get("used", False) or states.get("gone", False)
            put_text(self, "·" if away else colour_letter(self.colour).lower(), layout=False)
        # All classes in one change: each class change restyles the chip.
        names = {f"-{state}" for state in states}
        wanted = {name for name in self.classes if name not in names}
        wanted.update(f"-{state}" for state, on in states.items() if on)
        if wanted != set(self.classes):
            self.set_classes(wanted)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Pressed(self.colour))


class TileTray(Horizontal):
    """The player's six accelerator tiles and extra-roll tile (pro variant, R12)."""

    def compose(self) -> ComposeResult:
        yield Static(_("Tiles"), classes="tray-label")
        for colour in COLOURS:
            yield TileChip(colour)
        yield TileChip(None)

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
        chips: list[TileChip] | None = self.__dict__.get("_chips")
        if chips is None:
            chips = self.__dict__["_chips"] = list(self.query(TileChip))
        for chip in chips:
            if chip.colour is None:
                chip.show(gone=not extra_roll)
                continue
            chip.show(
                gone=chip.colour not in tiles,
                used=chip.colour in placed,
                selected=chip.colour == selected,
                hint=chip.colour in hinted,
                idle=not usable,
            )
