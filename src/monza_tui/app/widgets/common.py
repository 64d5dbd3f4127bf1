"""Small helpers every panel widget uses: change a widget only when what it shows changed.

Restyling and relayout are what a repaint costs in Textual; the race screen redraws after
every action, so widgets whose text and classes did not change must not be touched.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, Self, TypeVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.color import Color
from textual.dom import DOMNode, NoScreen
from textual.geometry import Region, Size
from textual.message_pump import MessagePump
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from monza_tui import tuning
from monza_tui.app import textual_shim
from monza_tui.engine import COLOURS, Colour

W = TypeVar("W", bound=Widget)

COLOUR_CLASSES = tuple(f"-{c.value}" for c in COLOURS)
"""The classes of the six game colours (app.tcss styles them)."""


def set_colour_class(widget: Widget, colour: Colour | None) -> None:
    """Give ``widget`` exactly one colour class (or none), touching it only on a change."""
    wanted = f"-{colour.value}" if colour is not None else None
    for name in COLOUR_CLASSES:
        if name != wanted and widget.has_class(name):
            widget.remove_class(name)
    if wanted is not None and not widget.has_class(wanted):
        widget.add_class(wanted)


def put_text(
    widget: Static, text: str, *, layout: bool = True, style: Style | None = None
) -> None:
    """Show ``text`` in ``widget`` unless it shows it already; ``layout=False`` for widgets
    of a fixed size (no relayout of the screen needed); otherwise a relayout only when the
    text takes another number of lines (a widget as wide as its text lays out on every
    change). ``style``: the text's look, where a CSS class would restyle the widget."""
    shown = text if style is None else (text, style)
    if getattr(widget, "_monza_text", None) == shown:
        return
    widget._monza_text = shown  # type: ignore[attr-defined]
    content: str | Text = text if style is None else Text(text, style=style)
    size = widget.content_size
    width = widget.styles.width
    if not layout or not widget.display or not size.width or (width is not None and width.is_auto):
        widget.update(content, layout=layout)
        return
    # Lay the screen out again only if the text needs another number of lines: a layout
    # costs the whole screen, a repaint only this widget.
    widget.update(content, layout=False)
    widget.clear_cached_dimensions()
    parent = widget.parent
    container = parent.size if isinstance(parent, Widget) else widget.app.size
    lines = widget.get_content_height(container, widget.app.size, size.width)
    minimum = widget.styles.min_height
    if minimum is not None and minimum.is_cells:
        lines = max(lines, int(minimum.value))  # a region of a constant height
    if lines != size.height:
        widget.refresh(layout=True)


class OwnStyle:
    """A widget mixin: its own Rich style and its components', worked out once per restyle.

    ``rich_style`` walks up the DOM blending every ancestor's background (about 20 µs), and
    so does a component's style each time the widget is refreshed (Textual empties its
    cache of them at every refresh); the panel's widgets paint with these on every line of
    every repaint. Textual tells a widget when its style may have changed (its own restyle,
    an ancestor's, a new theme: each calls ``notify_style_update`` on it), and only then are
    they worked out again."""

    _own_style: Style | None = None
    _own_components: dict[tuple[str, bool], Style] | None = None

    @property
    def own_style(self) -> Style:
        style = self._own_style
        if style is None:
            style = self._own_style = self.rich_style  # type: ignore[attr-defined]
        return style

    def component_style(self, name: str, *, partial: bool = False) -> Style:
        """``get_component_rich_style(name, partial=partial)``, kept until a restyle."""
        styles = self._own_components
        if styles is None:
            styles = self._own_components = {}
        style = styles.get((name, partial))
        if style is None:
            style = styles[(name, partial)] = self.get_component_rich_style(  # type: ignore[attr-defined]
                name, partial=partial
            )
        return style

    def notify_style_update(self) -> None:
        super().notify_style_update()  # type: ignore[misc]
        self._own_style = None
        self._own_components = None


class KeptLines:
    """A widget mixin: the lines it painted last, handed back as they are while none of
    them is to be painted again; and a plain widget's lines painted without Textual's
    styling pass.

    Textual paints a frame as the band of screen that holds every change (from the board's
    top row to the keys' line at the bottom, most keys), and asks each widget in that band
    for all its lines: one that did not change still works out its backgrounds (a walk up
    the DOM), its filters and every line from its cache, 50-100 µs a widget and a key.
    Textual itself marks what is to be painted again (a refresh of the widget or of some of
    its lines, a new size or style): while nothing is, the last lines are the lines.

    A widget that changed goes through Textual's styling pass line by line (borders,
    padding, outline, tint, opacity, hatching), which costs more than most of these
    widgets' own lines. Most have none of those (their spacing is margins): for them the
    pass comes down to padding each line to the width in the widget's background and the
    app's filters (no colour, for one), which ``textual_shim.plain_lines`` does itself,
    with Textual's own cache of lines and its marks of the lines to paint again. And their
    repaints reach the screen without Textual's messages (:meth:`refresh`). All of it is a
    speed path of the shim: elsewhere (another Textual, ``MONZA_NO_TUNING``) the widget
    paints and repaints Textual's way."""

    _kept_lines: tuple[Region, list[Strip]] | None = None
    _line_size: Size | None = None
    _plain_look: tuple[Style, Color] | Literal[False] | None = None
    """The background a plain widget's lines are padded in and its colour (for the
    filters), False for a widget with more to its look; None: not worked out since the
    last restyle."""

    @property
    def line_size(self) -> Size:
        """The widget's ``size``, for ``render_line``: asked once a paint, not once a line
        (``Widget.size`` asks the screen where the widget is, a couple of microseconds,
        and the race log paints a dozen lines a key)."""
        return self._line_size or self.size  # type: ignore[attr-defined]

    def render_lines(self, crop: Region) -> list[Strip]:
        if not textual_shim.private():  # (Textual's way: the same lines, slower)
            self._kept_lines = None
            return super().render_lines(crop)  # type: ignore[misc,no-any-return]
        widget: Widget = self  # type: ignore[assignment]
        kept = self._kept_lines
        if kept is not None and kept[0] == crop and textual_shim.lines_clean(widget):
            return kept[1]
        look = self._plain_look
        if look is None:
            look = self._plain_look = _plain_look(self)  # type: ignore[arg-type]
        self._line_size = self.size  # type: ignore[attr-defined]
        try:
            if look is False or self.hover_style.link_id:  # type: ignore[attr-defined]
                # (a link under the mouse: Textual's pass restyles it)
                strips: list[Strip] = super().render_lines(crop)  # type: ignore[misc]
            else:
                strips = textual_shim.plain_lines(widget, crop, *look, _true_coloured)
        finally:
            self._line_size = None
        self._kept_lines = (crop, strips)
        return strips

    def refresh(self, *regions: Region, **changes: bool) -> Self:
        """A repaint goes straight on the screen's list of widgets to paint in its next
        frame, on a screen that asks for it (:class:`RepaintsDirectly`). Textual's own way
        prompts the widget, which on its turn tells the screen by a message: two messages
        and a task switch per widget, and the race screen repaints half a dozen of them on
        most keys (a third of a millisecond of each key, before the frame). A layout, a
        recompose, or a widget not shown yet go Textual's way."""
        self._kept_lines = None
        widget: Widget = self  # type: ignore[assignment]
        plain = changes.get("repaint", True) and not (
            changes.get("layout") or changes.get("recompose")
        )
        if not plain or not widget.is_mounted or not widget.display or not textual_shim.private():
            return super().refresh(*regions, **changes)  # type: ignore[misc,no-any-return]
        try:
            screen = widget.screen
        except NoScreen:  # (on its way out: nothing to paint)
            return self
        if not isinstance(screen, RepaintsDirectly):
            return super().refresh(*regions, **changes)  # type: ignore[misc,no-any-return]
        textual_shim.repaint_directly(widget, screen, regions)
        return self

    def notify_style_update(self) -> None:
        super().notify_style_update()  # type: ignore[misc]
        self._kept_lines = None
        self._plain_look = None


class RepaintsDirectly:
    """A screen mixin: its :class:`KeptLines` widgets repaint straight into its next frame.

    Only for a screen whose widgets that change with a key all do: the screen wakes for the
    first repaint and may draw its frame before the messages of a widget that goes
    Textual's way have come, and that widget's change then waits for the next frame (the
    replay viewer's board went straight, its status line and log did not: a key's first
    frame showed the board alone, and the whole change came 40 ms after the key instead
    of 12)."""


def _plain_look(widget: Widget) -> tuple[Style, Color] | Literal[False]:
    """For :class:`KeptLines`: a plain widget's background style and colour, or False."""
    styles = widget.styles
    if (
        widget.BLANK
        or styles.gutter != (0, 0, 0, 0)
        or any(edge for edge, _ in styles.outline)
        or styles.tint.a
        or styles.text_opacity != 1.0
        or widget.opacity != 1.0
        or (styles.has_rule("hatch") and styles.hatch != "none")
        or widget.border_title is not None
        or widget.border_subtitle is not None
    ):
        return False
    base_background, background = widget.background_colors
    return textual_shim.inner_style(widget, base_background, background), background


_TRUE_COLOURED: dict[Style | None, bool] = {}
"""Styles the app paints with, and whether each is left as it is by Textual's filter that
turns the terminal's sixteen colours into true colours (see :func:`_true_coloured`)."""


def _true_coloured(strip: Strip) -> bool:
    """Whether ``strip`` has only true colours and no dim colour, all that
    ``ANSIToTruecolor.truecolor_style`` would change. Most of the app's lines (the
    palette's colours, the theme's) have only those."""
    known = _TRUE_COLOURED
    if len(known) > 4096:  # (styles come from the palette and the theme: a few hundred)
        known.clear()
    for segment in strip:
        style = segment.style
        clean = known.get(style)
        if clean is None:
            clean = known[style] = style is None or not (
                (style.color is not None and (style.color.triplet is None or style.dim))
                or (style.bgcolor is not None and style.bgcolor.triplet is None)
            )
        if not clean:
            return False
    return True


def after_frame(pump: MessagePump, callback: Callable[[], object]) -> None:
    """``pump.call_after_refresh(callback)`` without its message: the callback goes
    straight on the screen's list of what runs after its next frame. Textual's own way posts
    a message that the app handles before that frame is drawn (a twentieth of a millisecond
    of each key: the autosave and the hint ahead are handed one on every action)."""
    if not textual_shim.after_frame(pump, callback):
        pump.call_after_refresh(callback)  # (Textual's way: starting, closing, untuned)


def show(widget: Widget, visible: bool) -> None:
    """Display or hide ``widget`` unless it is so already."""
    if widget.display != visible:
        widget.display = visible


def one(node: DOMNode, selector: str, kind: type[W]) -> W:
    """``node.query_one(selector, kind)``, looked up once: the race screen's widgets stay
    for its whole life, and a query walks the DOM (many times per key otherwise)."""
    found: dict[str, Widget] = node.__dict__.setdefault("_monza_found", {})
    widget = found.get(selector)
    if widget is None or widget.parent is None:  # (removed: look again)
        widget = found[selector] = node.query_one(selector, kind)
    return widget  # type: ignore[return-value]


class StyledOnMount:
    """A screen mixin: its first resume does not restyle it again.

    Textual restyles a screen and every widget in it each time the screen resumes; a
    screen just pushed has had its style applied a moment before, as each widget mounted
    (its stylesheet is loaded before that), so the first pass is done twice for nothing (a
    good part of the launch on the set-up screen). Later resumes (back from the rules or a
    dialog, perhaps with another theme) restyle as before.
    """

    _resumed_before = False

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        # Textual calls this before Screen's own handler (every class of the MRO has its
        # turn), which reads ``refresh_styles``.
        if not self._resumed_before and tuning.tuned():
            self._resumed_before = True
            event.refresh_styles = False
