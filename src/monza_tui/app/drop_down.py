"""The set-up screen's drop-down: Textual's ``Select``, cheaper to put on screen.

A Textual ``Select`` is six widgets: the line that shows the choice (a container of three
``Static``: the label, a down arrow and a hidden up arrow) and the list of choices (an
``OptionList`` kept mounted but hidden). The set-up screen has eight of them, so half of its
widgets were never seen at launch, and each had to be styled, laid out and mounted before
the first frame. :class:`DropDown` is the same control (same keys, mouse, messages, value
API and look) with two differences that do not show:

- the line is one widget that draws the label and the arrow itself (:class:`ChoiceLine`);
- the list of choices is made the first time it opens (a few milliseconds, once).

Everything else is Textual's: Enter, Space, Up or Down open the list; in it the arrows,
Home/End, typing to search, Enter to choose and Escape to close; a click opens it and a click
on a choice chooses. ``Select.Changed`` is posted as before, so the screen's handlers and the
tests that query ``Select`` do not change.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.color import Color
from rich.console import RenderableType
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import on
from textual.css.query import NoMatches
from textual.strip import Strip
from textual.widgets import Select
from textual.widgets._select import NoSelection, SelectCurrent, SelectOverlay, SelectType


class ChoiceLine(SelectCurrent):
    """What the drop-down shows when closed: the chosen label and an arrow, drawn by this
    widget alone, cell for cell as Textual's three child widgets draw them."""

    DEFAULT_CSS = """
    ChoiceLine {
        height: 1;
        & > .choice-line--dim {
            color: $foreground 50%;
        }
    }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {"choice-line--dim"}
    """The arrow's (and an empty choice's) faint colour, as Textual's arrow has it."""

    def compose(self) -> Any:
        return iter(())

    def _watch_has_value(self, has_value: bool) -> None:
        # Textual's line marks it with a class for its label's colour: a restyle of the
        # line (at launch, one per drop-down). This line reads it when drawn.
        self.refresh()

    def update(self, label: RenderableType | NoSelection) -> None:
        self.label = label
        self.has_value = not isinstance(label, NoSelection)
        self.refresh()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self.refresh()  # the styles of the line are read when it is drawn

    def render_line(self, y: int) -> Strip:
        width = self.content_size.width
        base = self.rich_style
        blank = Style(bgcolor=base.bgcolor)  # what Textual leaves beside a label
        if y or not width:
            return Strip.blank(width, blank)
        dim = base + Style(color=self._dim_colour())
        room = max(0, width - 2)  # the label's (then a space and the arrow)
        shown = self.placeholder if isinstance(self.label, NoSelection) else self.label
        text = shown.copy() if isinstance(shown, Text) else Text(str(shown))
        label: list[Segment] = []
        if room and text:
            # As Textual's label (a Static, cut to one line here): its first wrapped line.
            lines = text.wrap(self.app.console, room, overflow="fold", no_wrap=False)
            first = lines[0] if lines else Text()
            first.rstrip()
            label = list(first.render(self.app.console))
            label = [Segment(t, (dim if not self.has_value else base) + s if s else
                             (dim if not self.has_value else base)) for t, s, _ in label]
        used = Segment.get_line_length(label)
        expanded = isinstance(self.parent, Select) and self.parent.expanded
        segments = [
            *label,
            Segment(" " * (room - used + 1), blank),
            Segment("▲" if expanded else "▼", dim),
        ]
        return Strip(segments).adjust_cell_length(width, blank)

    def _dim_colour(self) -> Color:
        """$foreground at 50% over this line's background, blended as Textual does."""
        styles = self.get_component_styles("choice-line--dim")
        _, background = self.background_colors
        return (background + styles.color).rich_color


class DropDown(Select[SelectType]):
    """A ``Select`` whose line is one widget and whose list is made when first opened."""

    def compose(self) -> Any:
        yield ChoiceLine(self.prompt)

    # The list of choices, made on demand ------------------------------------------------

    _list: SelectOverlay | None = None
    """The list of choices, once made."""

    def _overlay(self) -> SelectOverlay | None:
        return self._list

    async def _make_overlay(self) -> SelectOverlay:
        """The list of choices, mounted (and filled) the first time it is needed."""
        overlay = self._overlay()
        if overlay is None:
            overlay = SelectOverlay(type_to_search=self._type_to_search)
            overlay.compact = self.compact
            self._list = overlay
            await self.mount(overlay)
            self._setup_options_renderables()
            self._highlight_value(overlay)
        return overlay

    def _highlight_value(self, overlay: SelectOverlay) -> None:
        for index, (_prompt, value) in enumerate(self._options):
            if value == self.value:
                overlay.highlighted = index
                break

    def watch_compact(self, compact: bool) -> None:
        overlay = self._overlay()  # (Select binds its list's compact to its own)
        if overlay is not None:
            overlay.compact = compact

    def _setup_options_renderables(self) -> None:
        if self._overlay() is not None:  # else made with the list
            super()._setup_options_renderables()

    def _watch_value(self, value: SelectType | NoSelection) -> None:
        # Select's own, without a list of choices to keep in step until there is one.
        self._value = value
        try:
            line = self.query_one(ChoiceLine)
        except NoMatches:
            return
        if value == self.NULL:
            line.update(self.NULL)
        else:
            for _prompt, option in self._options:
                if option == value:
                    line.update(_prompt)
                    break
            overlay = self._overlay()
            if overlay is not None:
                self._highlight_value(overlay)
        self.post_message(self.Changed(self, value))

    def _watch_expanded(self, expanded: bool) -> None:
        if self._overlay() is None:
            self.set_class(expanded, "-expanded")
            return
        super()._watch_expanded(expanded)
        self.query_one(ChoiceLine).refresh()  # the arrow points up while open

    def _watch_prompt(self, prompt: str) -> None:
        if not self.is_mounted:
            return
        line = self.query_one(ChoiceLine)
        line.placeholder = prompt
        if self.value == self.NULL:
            line.update(self.NULL)
        if self._allow_blank and self._overlay() is not None:
            super()._watch_prompt(prompt)

    def action_show_overlay(self) -> None:
        if self._overlay() is None:
            self.call_next(self._open_list)  # right after this key: the list is made first
        else:
            super().action_show_overlay()

    async def _open_list(self) -> None:
        await self._make_overlay()
        super().action_show_overlay()

    @on(SelectCurrent.Toggle)
    async def _toggle_list(self, event: SelectCurrent.Toggle) -> None:
        # A click on the line: open (making the list first) or close.
        event.stop()
        event.prevent_default()  # Select's own handler expects the list to exist
        if not self.expanded:
            await self._make_overlay()
        self.expanded = not self.expanded
