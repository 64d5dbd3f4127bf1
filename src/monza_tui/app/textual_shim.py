"""Every use of Textual's private names, in one place, for the one Textual it was written for.

The app reaches past Textual's public API in a few spots, for two reasons:

- **speed paths**: a public way exists and is correct, a private one is quicker (the first
  frame sent out of Textual's mount batch, lines kept and painted without Textual's
  styling pass, a repaint straight onto the screen's list, a callback straight after the
  next frame, the set-up screen's lighter drop-down). They are taken only while
  :func:`private` says so: on the Textual version in :data:`TESTED` and with the speed
  tunings on (:mod:`monza_tui.tuning`). Anywhere else each caller goes the public way,
  slower but the same on screen (tests/app/test_shim.py plays a race both ways).
- **needed names**: no public way exists (a toast taken down before its time, key labels
  said again in another language, a widget that paints its own lines emptying Textual's
  list of regions to paint). They are used on any version, looked up with ``getattr``, so
  a Textual that renamed one loses that nicety and nothing else.
- **a mend**: two-cell characters kept whole over the edges of widgets (:class:`WholeGlyphs`),
  on the version in :data:`TESTED` whatever the tunings: a fix, not a speed path.

No other module of ``monza_tui`` names a private attribute of Textual or imports a private
module of it (tests/app/test_shim.py reads the sources). pyproject.toml pins Textual to the
minor versions in :data:`TESTED`; a new one is tested against this module before the pin
moves.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from itertools import accumulate
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.color import Color as RichColor
from rich.console import RenderableType
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import on
from textual import screen as textual_screen
from textual._compositor import ChopsUpdate, Compositor, LayoutUpdate
from textual.color import Color
from textual.css.query import NoMatches
from textual.filter import ANSIToTruecolor
from textual.geometry import Region
from textual.message_pump import MessagePump
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Select
from textual.widgets._select import NoSelection, SelectCurrent, SelectOverlay, SelectType

from monza_tui import tuning

TESTED = ("8.2",)  # the Textual minor versions this module was written for and tested on


def installed_version() -> str:
    """The installed Textual's version, read off its distribution's folder (no
    ``importlib.metadata`` at launch); empty where that is not clear (public paths then)."""
    import textual

    where = os.path.dirname(os.path.dirname(textual.__file__))
    found = [name[len("textual-"):-len(".dist-info")] for name in os.listdir(where)
             if name.startswith("textual-") and name.endswith(".dist-info")]
    return found[0] if len(found) == 1 else ""


KNOWN = ".".join(installed_version().split(".")[:2]) in TESTED
"""Whether the installed Textual is one of :data:`TESTED` (False in a test: the public way)."""


def private() -> bool:
    """Whether the speed paths through Textual's private names are taken now."""
    return KNOWN and tuning.tuned()


# The first frame -----------------------------------------------------------------------


class FrameOut:
    """An app mixin: the first frame goes out as soon as it is drawn, and
    :meth:`frame_out` is called after each frame handed to the terminal (speed paths
    only: the public way has no such moment, and nothing waits for it)."""

    _first_frame_out = False

    def frame_out(self) -> None:
        """A frame was handed to Textual's writer thread (the app's tunings hang here)."""

    def _display(self, screen: Any, renderable: Any) -> None:
        app: Any = self
        if not private():
            super()._display(screen, renderable)  # type: ignore[misc]
            return
        # Textual holds updates back while it mounts the app (a "batch") and drops a frame
        # drawn meanwhile. The first screen is pushed from on_mount, inside that batch, so
        # its whole first frame was drawn and dropped, and the terminal showed the screen
        # only when a later layout happened to send it whole (three frames, 25-35 ms,
        # later). The first whole frame of the top screen goes out as it is drawn; what
        # the batch goes on to change follows in the next frames, as it would have.
        if (app._batch_count and not self._first_frame_out
                and isinstance(renderable, LayoutUpdate) and screen is app.screen):
            held, app._batch_count = app._batch_count, 0
            try:
                super()._display(screen, renderable)  # type: ignore[misc]
            finally:
                app._batch_count = held
        else:
            super()._display(screen, renderable)  # type: ignore[misc]
        if renderable is not None and not app._batch_count:
            self._first_frame_out = True
            self.frame_out()


# Painting (app/widgets/common.py's KeptLines) -------------------------------------------


def lines_clean(widget: Widget) -> bool:
    """Whether Textual marked none of ``widget``'s lines to be painted again."""
    return not widget._styles_cache._dirty_lines


def inner_style(widget: Widget, base_background: Color, background: Color) -> Style:
    """The style a plain widget's lines are padded in, as Textual's styling pass has it."""
    inner, _ = widget._styles_cache.get_inner_outer(base_background, background)
    return inner.rich_style


def plain_lines(widget: Widget, crop: Region, inner: Style, background: Color,
                clean: Callable[[Strip], bool]) -> list[Strip]:
    """What ``StylesCache.render`` paints for a widget without borders, padding, outline,
    tint, hatching or opacity: each line padded to the width in ``inner``, filtered,
    cropped; Textual's cache of lines and its dirty marks kept as it keeps them.
    ``clean(strip)``: whether the true-colour filter would leave the strip as it is."""
    cache = widget._styles_cache
    width, height = widget.region.size
    if width != cache._width:
        cache.clear()
        cache._width = width
    lines = cache._cache
    dirty = cache._dirty_lines
    render_line = widget.render_line
    filters = widget.get_line_filters()
    truecolor = next((f for f in filters if type(f) is ANSIToTruecolor), None)
    strips: list[Strip] = []
    for y in crop.line_range:
        strip = lines.get(y)
        if strip is None or y in dirty:
            if y < height:
                strip = render_line(y).adjust_cell_length(width, inner)
            else:
                strip = Strip.blank(width, inner)
            lines[y] = strip
            if truecolor is not None and clean(strip):
                # What the filter would make of it, without making it (the filter builds
                # every segment again): the strip as it is.
                strip._filter_cache[(truecolor, background)] = strip
        for line_filter in filters:
            strip = strip.apply_filter(line_filter, background)
        strips.append(strip)
    dirty.difference_update(crop.line_range)
    if crop.column_span != (0, width):
        x1, x2 = crop.column_span
        strips = [strip.crop(x1, x2) for strip in strips]
    return strips


def repaint_directly(widget: Widget, screen: Any, regions: tuple[Region, ...]) -> None:
    """What ``Widget.refresh`` does for a repaint, then what the screen does with the
    message that would have come (``Screen._on_update``)."""
    widget._layout_cache.clear()
    widget._set_dirty(*regions)
    widget.clear_cached_dimensions()
    widget._rich_style_cache.clear()
    if screen in screen._compositor:
        screen._dirty_widgets.add(widget)
        screen.check_idle()


def after_frame(pump: MessagePump, callback: Callable[[], object]) -> bool:
    """Put ``callback`` straight on the screen's list of what runs after its next frame;
    False where it is not (the public way then: ``call_after_refresh``)."""
    app: Any = pump.app
    if not (private() and app._running and app._screen_stack):
        return False
    app.screen._invoke_later(callback, pump)
    return True


# The set-up screen's drop-down -----------------------------------------------------------
#
# A Textual ``Select`` is six widgets: the line that shows the choice (a container of the
# label, a down arrow and a hidden up arrow) and the list of choices (an ``OptionList`` kept
# mounted, hidden). The set-up screen has eight, so half its widgets were never seen at
# launch, each styled, laid out and mounted before the first frame. :class:`DropDown` is
# the same control (keys, mouse, messages, value API, look) but for two things that do not
# show: the line is one widget that draws label and arrow (:class:`ChoiceLine`), and the list
# is made the first time it opens (a few milliseconds, once). All else is Textual's: Enter,
# Space, Up or Down open the list; there the arrows, Home/End, typing to search, Enter to
# choose and Escape to close; a click opens it, a click on a choice chooses.
# ``Select.Changed`` is posted as before (the screen's handlers and tests query ``Select``).


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

    def _dim_colour(self) -> RichColor:
        """$foreground at 50% over this line's background, blended as Textual does."""
        styles = self.get_component_styles("choice-line--dim")
        _, background = self.background_colors
        return (background + styles.color).rich_color


class DropDown(Select[SelectType]):
    """A ``Select`` whose line is one widget and whose list is made when first opened
    (a speed path: elsewhere it is Textual's ``Select`` as it is)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._lean = private()  # (for the widget's whole life)
        super().__init__(*args, **kwargs)

    def compose(self) -> Any:
        if not self._lean:
            yield from super().compose()
            return
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
        # (Select binds its list's compact to its own)
        overlay = self._overlay() if self._lean else None
        if overlay is not None:
            overlay.compact = compact

    def _setup_options_renderables(self) -> None:
        if not self._lean or self._overlay() is not None:  # else made with the list
            super()._setup_options_renderables()

    def _watch_value(self, value: SelectType | NoSelection) -> None:
        if not self._lean:
            super()._watch_value(value)
            return
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
        if not self._lean:
            super()._watch_expanded(expanded)
            return
        if self._overlay() is None:
            self.set_class(expanded, "-expanded")
            return
        super()._watch_expanded(expanded)
        self.query_one(ChoiceLine).refresh()  # the arrow points up while open

    def _watch_prompt(self, prompt: str) -> None:
        if not self._lean:
            super()._watch_prompt(prompt)
            return
        if not self.is_mounted:
            return
        line = self.query_one(ChoiceLine)
        line.placeholder = prompt
        if self.value == self.NULL:
            line.update(self.NULL)
        if self._allow_blank and self._overlay() is not None:
            super()._watch_prompt(prompt)

    def action_show_overlay(self) -> None:
        if self._lean and self._overlay() is None:
            self.call_next(self._open_list)  # right after this key: the list is made first
        else:
            super().action_show_overlay()

    async def _open_list(self) -> None:
        await self._make_overlay()
        super().action_show_overlay()

    @on(SelectCurrent.Toggle)
    async def _toggle_list(self, event: SelectCurrent.Toggle) -> None:
        # A click on the line: open (making the list first) or close.
        if not self._lean:
            return  # (Select's own handler)
        event.stop()
        event.prevent_default()  # Select's own handler expects the list to exist
        if not self.expanded:
            await self._make_overlay()
        self.expanded = not self.expanded


# Needed names: no public way ----------------------------------------------------------


def forget_dirty_regions(widget: Widget) -> None:
    """Empty the regions ``widget`` was refreshed in: Textual's own ``render_line`` does,
    and a widget that paints its lines itself never did (they piled up all race long)."""
    regions = getattr(widget, "_dirty_regions", None)
    if isinstance(regions, set):
        regions.clear()


def notifications(app: Any) -> list[Any]:
    """The toasts up (``Notification``), oldest first; none where Textual has no such list."""
    return list(getattr(app, "_notifications", ()))


def drop_notifications(app: Any, messages: Iterable[str]) -> None:
    """Take down the toasts that say any of ``messages`` (Textual has no public way to
    remove one toast: elsewhere they go at their timeout)."""
    shown = getattr(app, "_notifications", None)
    unnotify = getattr(app, "_unnotify", None)
    again = getattr(app, "_refresh_notifications", None)
    if shown is None or unnotify is None or again is None:
        return
    wanted = set(messages)
    for notification in list(shown):
        if notification.message in wanted:
            unnotify(notification, refresh=False)
    again()


def node_bindings(node: Any) -> Any:
    """A node's own copy of its bindings (a ``BindingsMap``), to relabel its keys."""
    return getattr(node, "_bindings", None)


def class_bindings(cls: type) -> Any:
    """A DOM class's merged bindings, if Textual worked them out already (``BindingsMap``)."""
    return cls.__dict__.get("_merged_bindings")


def title_terminal(app: Any, title: str) -> None:
    """Title the terminal's window or tab (a browser tab's through the page of ``monza
    serve``, which reads the same escape): OSC 2 written through the app's driver, as
    Textual writes its own bell and its clipboard's OSC 52 (Textual sets no terminal title
    itself: ``App.title`` is only its header's). Not on the headless driver (tests), where
    nothing is written."""
    driver = getattr(app, "_driver", None)
    if driver is None or app.is_headless:
        return
    shown = "".join(ch for ch in title if ch.isprintable())  # (no escape of its own)
    driver.write(f"\x1b]2;{shown}\x07")


# A mend: two-cell characters kept whole ------------------------------------------------


class WholeGlyphs(Compositor):
    """Textual's compositor, cutting a widget's line only where it must. It cut each line
    at all edges of all widgets on it, the covered ones' too, and a two-cell character across
    one became two spaces (a Chinese toast over the panel read "现在是    一轮", Textual
    issue 6357): here the pieces a widget wins side by side are one (the others empty, that
    no widget below takes them). And a frame of changes ends each span it writes where a
    character ends (a terminal wipes a two-cell character whose half is written over)."""

    def _render_chops(self, crop: Region, is_rendered_line: Callable[[int], bool]) -> Any:
        cuts = self.cuts
        chops: list[dict[int, Strip | None]] = [dict.fromkeys(line[:-1]) for line in cuts]
        empty = Strip([], 0)
        for region, clip, strips in self._get_renders(crop):
            render_region = region.intersection(clip)
            first_cut, last_cut = render_region.column_span
            for y, strip in zip(render_region.line_range, strips, strict=False):
                line = chops[y]
                edges = [cut for cut in cuts[y] if last_cut >= cut >= first_cut]
                if not is_rendered_line(y) or len(edges) < 2:
                    continue
                won = [line.get(cut) is None for cut in edges[:-1]]
                keep = [cut for n, cut in enumerate(edges[1:-1], 1) if won[n - 1] != won[n]]
                starts = [edges[0], *keep]  # (where it starts or stops winning)
                pieces = strip.divide([cut - first_cut for cut in (*keep, edges[-1])])
                for start, piece in zip(starts, pieces, strict=False):
                    if line[start] is None:
                        line[start] = piece
                for cut in edges[1:-1]:
                    if line[cut] is None:  # (won, inside a piece)
                        line[cut] = empty
        return chops

    def render_partial_update(self) -> ChopsUpdate | None:
        update = super().render_partial_update()
        if update is not None:  # each chop ends where its piece does; each span, a character
            update.chop_ends = [[end if strip is None else x + strip.cell_length
                                 for (x, strip), end in zip(line.items(), ends, strict=False)]
                                for line, ends in zip(update.chops, update.chop_ends, strict=False)]
            update.spans = [(y, x1, _glyph_end(update.chops[y], x2)) for y, x1, x2 in update.spans]
        return update


def _glyph_end(line: Any, x2: int) -> int:
    """``x2``, or one cell on where a two-cell character of the line stands across it."""
    for x, strip in line.items():
        if strip is not None and x < x2 < x + strip.cell_length:
            for text, _style, _control in strip:
                width = cell_len(text)
                if x + width > x2:
                    ends = accumulate(map(cell_len, text), initial=x)
                    return x2 if width == len(text) else next(e for e in ends if e >= x2)
                x += width
    return x2


if KNOWN:  # every screen made from now on (Textual's module makes their compositors)
    textual_screen.Compositor = WholeGlyphs  # type: ignore[attr-defined]
