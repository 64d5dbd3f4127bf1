"""The language choice of the set-up screen: one compact drop-down, self-contained.

Choosing a language switches at once: it is remembered in the settings file
(:mod:`monza_tui.settings`) and the app re-renders the set-up screen, form as filled in,
with every key label in the new language (:meth:`MonzaApp.change_language`). The
languages offered are English and those with a compiled catalogue.
"""

from __future__ import annotations

from textual.widgets import Select

from monza_tui import i18n
from monza_tui.app.textual_shim import DropDown
from monza_tui.i18n import _


class LanguageChoice(DropDown[str]):
    """English, Deutsch, Français…: each language named in itself."""

    DEFAULT_CSS = """
    LanguageChoice {
        width: 16;
    }
    """

    def __init__(self) -> None:
        languages = i18n.installed_languages()
        current = i18n.current_language()
        code = current if current in languages else current.split("_")[0]
        options = [(name, key) for key, name in languages.items()]
        if code not in languages:  # the pseudo-locale, or a catalogue not listed yet
            options.append((code, code))
        super().__init__(options, value=code, allow_blank=False, id="language", compact=True)
        self.tooltip = _("Language (remembered for the next time)")

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        code = str(event.value)
        if code != i18n.current_language():
            self.app.call_later(self.app.change_language, code)  # type: ignore[attr-defined]
