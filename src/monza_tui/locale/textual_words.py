"""Textual's own key labels a player can meet (the keys panel, a drop-down's footer, the
command palette), as msgids of our catalogue: :func:`monza_tui.app.app_words.relabel_bindings`
says every binding's description by its English text, so these only need marking here.

The strings are Textual's exactly (8.x: ``Screen``, ``Input``, ``Select``, ``OptionList``,
``Button``, ``Checkbox``, scrolling containers, ``CommandPalette``); this module only marks
them. A Textual upgrade that renames one shows it in English again: the pseudo-locale's
tests catch it.
"""

from __future__ import annotations

from monza_tui.i18n import N_, pgettext

WORDS = (
    N_("Focus Next"),
    N_("Focus Previous"),
    N_("Copy selected text"),
    N_("Cut selected text"),
    N_("Paste text from the clipboard"),
    N_("Press button"),
    N_("Toggle"),
    N_("Show menu"),
    N_("Dismiss menu"),
    N_("Submit"),
    N_("Select"),
    N_("Select all"),
    N_("Select line start"),
    N_("Select line end"),
    N_("Up"),
    N_("Down"),
    N_("First"),
    N_("Last"),
    N_("Page Up"),
    N_("Page Down"),
    N_("Page Left"),
    N_("Page Right"),
    N_("Scroll Up"),
    N_("Scroll Down"),
    N_("Scroll Left"),
    N_("Scroll Right"),
    N_("Scroll Home"),
    N_("Scroll End"),
    N_("Go to start"),
    N_("Go to end"),
    N_("Go to top"),
    N_("Go to bottom"),
    N_("Move cursor left"),
    N_("Move cursor right or accept the completion suggestion"),
    N_("Move cursor left and select"),
    N_("Move cursor right and select"),
    N_("Move cursor left a word"),
    N_("Move cursor right a word"),
    N_("Move cursor left a word and select"),
    N_("Move cursor right a word and select"),
    N_("Delete character left"),
    N_("Delete character right"),
    N_("Delete left to start of word"),
    N_("Delete right to start of word"),
    N_("Delete all to the left"),
    N_("Delete all to the right"),
    N_("Next command"),
    N_("Previous command"),
    N_("Next page"),
    N_("Previous page"),
    N_("Exit the command palette"),
)


def modifier_words() -> dict[str, str]:
    """Key modifiers as the keys panel spells them (``super+c``), in the player's
    language (``ctrl`` is shown as ``^`` and ``shift``, ``alt`` as on the keyboard)."""
    return {"super": pgettext("key", "super")}
