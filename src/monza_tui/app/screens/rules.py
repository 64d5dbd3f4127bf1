"""The rules screen: the project's own rules summary (docs/rules.md), variants included.

The summary ships inside the package as ``monza_tui/app/rules.md`` (``docs/rules.md`` is
a link to it). Each paragraph goes through gettext, so a catalogue can translate the rules
paragraph by paragraph like any other message.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import ClassVar

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown, Static

from monza_tui.app.legend import legend
from monza_tui.app.widgets.buttons import DialogButton
from monza_tui.i18n import N_, _, current_language, split_blocks
from monza_tui.wording.lines import wrap_lines


def rules_blocks() -> list[str]:
    """The summary's paragraphs, untranslated."""
    return split_blocks(resources.files("monza_tui.app").joinpath("rules.md").read_text("utf-8"))


def rules_text() -> str:
    """The rules summary in the user's language."""
    return _rules_text(current_language())


@cache
def _rules_text(language: str) -> str:
    return "\n\n".join(_(block) for block in rules_blocks())


def laid_out(text: str, width: int) -> str:
    """The rules' Markdown with each paragraph of Chinese (wide) characters broken into
    lines of ``width`` columns by the line-start rules (``wording.lines``), as hard line
    breaks: the Markdown widget would cut such a paragraph wherever the width ends, "，" or
    "）" first on a line. Headings and paragraphs of other languages are left to the
    widget, which breaks them at blanks as ``wrap_lines`` would."""
    if width <= 0:
        return text
    blocks = []
    for block in text.split("\n\n"):
        if not block.startswith("#") and any(cell_len(char) == 2 for char in block):
            block = "\\\n".join(wrap_lines(" ".join(block.split("\n")), width))
        blocks.append(block)
    return "\n\n".join(blocks)


class RulesMarkdown(Markdown):
    """The rules, laid out again for each width of their paragraphs (see
    :func:`laid_out`: Chinese only; other languages are shown as written)."""

    _width = 0
    """The width the rules were laid out for (0: as written)."""

    def on_resize(self) -> None:
        width = self.content_region.width
        text = rules_text()
        if width != self._width and laid_out(text, width) != text:
            self._width = width
            self.update(laid_out(text, width))


class RulesScreen(ModalScreen[None]):
    """The rules over the current screen; Escape, q or ? closes it."""

    CSS_PATH = "rules.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark,f1", "dismiss", N_("Close"), id="rules.close"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="rules-box"):
            with VerticalScroll(id="rules"):
                yield RulesMarkdown(rules_text())
                yield Static(_("Reading the board"), id="legend-title", markup=False)
                yield Static(legend(), id="legend")
            yield DialogButton(_("Close"), id="close-rules", compact=True, action="screen.dismiss")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules", VerticalScroll).focus()
