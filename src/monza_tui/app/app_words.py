"""Textual's own words and keys made the game's, the theme and the language: the base of
:class:`monza_tui.app.app.MonzaApp` (one job: what Textual would otherwise say in English).

- The command palette's commands are ours (:meth:`WordsApp.get_system_commands`), titles
  and help translated; its Quit is the app's q (asks during a race, saves on the way out).
- Key names in the footer (``space``, ``esc``) and the palette's own label and search
  fields are translated; Ctrl+C copies selected text, and only asks to quit otherwise.
- The theme chosen in the palette is remembered (:mod:`monza_tui.settings`).
- A language chosen in the set-up screen applies at once (:meth:`change_language`):
  key labels made at import are relabelled, the set-up screen is drawn again.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from monza_tui.app import textual_shim
from monza_tui.i18n import _, current_language, pgettext, retranslate
from monza_tui.locale.textual_words import modifier_words
from monza_tui.race.setup import RaceSetup, default_seats


def relabel_bindings(nodes: Iterable[Any] = ()) -> None:
    """Every key label (binding descriptions, made with ``_()`` when their class was
    defined) in the current language: each class's bindings, and the copies ``nodes``
    (the app, its screens) made of them."""
    from textual.dom import DOMNode

    def relabel(bindings: Any) -> None:
        for key, items in bindings.key_to_bindings.items():
            bindings.key_to_bindings[key] = [
                replace(item, description=retranslate(item.description),
                        tooltip=retranslate(item.tooltip) if item.tooltip else "")
                for item in items
            ]

    classes: list[type[DOMNode]] = [DOMNode]
    while classes:
        cls = classes.pop()
        classes.extend(cls.__subclasses__())
        merged = textual_shim.class_bindings(cls)
        if merged is not None:
            relabel(merged)
    for node in nodes:
        relabel(textual_shim.node_bindings(node))


def label_keys(node: Any) -> None:
    """Key labels are marked in English (``N_``); an app or screen made in another language
    says them in it before its first frame (English needs nothing: no cost at launch)."""
    from monza_tui import i18n

    if i18n.current_language() != "en":
        relabel_bindings((node,))


class WordsApp(App[None]):
    """Textual in the player's language (see the module's docstring)."""

    setup: RaceSetup

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        label_keys(self)
        self._key_names: dict[tuple[Binding, str], str] = {}
        """Each binding's key as shown, per language (:meth:`get_key_display`)."""

    def get_screen(self, screen: Any) -> Any:  # type: ignore[override]
        """A screen about to be shown says its key labels in the player's language (a
        screen class imported after the language was set keeps its English labels)."""
        found = super().get_screen(screen)
        if not found.is_running:
            label_keys(found)
        return found

    def action_request_quit(self) -> None:
        """Quit as q does (the app decides whether to ask)."""
        self.exit()

    def action_rules(self) -> None:
        """Show the rules (the app decides how)."""

    def show_screen(self, screen: Any) -> None:
        """Show ``screen`` as the main screen (the app decides how)."""
        self.switch_screen(screen)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The command palette's commands, in the player's language; Quit is the same as
        q and Ctrl+Q (asks first during a race, saves on the way out)."""
        yield SystemCommand(_("Rules"), _("The rules of the game in short"), self.action_rules)
        yield SystemCommand(_("Theme"), _("Change the colours of the screen"),
                            self.action_change_theme)
        yield SystemCommand(_("Quit"), _("Leave the game (a race is saved first)"),
                            self.action_request_quit)
        if screen.query("HelpPanel"):
            yield SystemCommand(_("Keys"), _("Hide the keys"), self.action_hide_help_panel)
        else:
            yield SystemCommand(_("Keys"), _("Show the keys of this screen"),
                                self.action_show_help_panel)
        yield SystemCommand(
            _("Screenshot"), _("Save a picture of the screen (SVG)"),
            lambda: self.set_timer(0.1, self.deliver_screenshot),
        )

    def _palette_words(self) -> None:
        """The command palette's key in the footer, in the player's language (Textual
        labels it "palette" itself)."""
        bindings = textual_shim.node_bindings(self).key_to_bindings
        for key, items in bindings.items():
            bindings[key] = [
                replace(item, description=_("palette"), tooltip=_("Open the command palette"))
                if item.action in ("command_palette", "app.command_palette") else item
                for item in items
            ]

    def get_key_display(self, binding: Binding) -> str:
        """A key's name in the footer and the keys panel, in the player's language
        (``space``, ``esc``, ``enter``, ``tab``, the ``super`` modifier; symbols and
        letters stay). Textual's own key labels are msgids too (locale/textual_words.py).
        Worked out once per binding and language: the race screen's key line asks for
        every key each time the keys on offer change."""
        known = (binding, current_language())
        shown = self._key_names.get(known)
        if shown is None:
            shown = self._key_names[known] = self._key_name(binding)
        return shown

    def _key_name(self, binding: Binding) -> str:
        shown = super().get_key_display(binding)
        names = {
            "space": pgettext("key", "space"),
            "esc": pgettext("key", "esc"),
            "enter": pgettext("key", "enter"),
            "tab": pgettext("key", "tab"),
            "del": pgettext("key", "del"),
        }
        shown = names.get(shown, shown)
        for modifier, word in modifier_words().items():  # "super+c" in the keys panel
            shown = shown.replace(f"{modifier}+", f"{word}+")
        return shown

    def action_command_palette(self) -> None:
        """Textual's command palette, its search field in the player's language."""
        from textual.command import CommandPalette

        if self.use_command_palette and not CommandPalette.is_open(self):  # type: ignore[arg-type]
            self.push_screen(
                CommandPalette(id="--command-palette", placeholder=_("Search for commands…"))
            )

    def search_themes(self) -> None:
        """Textual's theme picker, its search field in the player's language."""
        from textual.command import CommandPalette
        from textual.theme import ThemeProvider

        self.push_screen(
            CommandPalette(providers=[ThemeProvider], placeholder=_("Search for themes…"))
        )

    def action_copy_or_quit(self) -> None:
        """Ctrl+C: with text selected (on screen or in a field), copy it; otherwise ask to
        quit, like q."""
        focused = self.focused
        field_text = getattr(focused, "selected_text", "") if focused is not None else ""
        text = field_text or self.screen.get_selected_text()
        if text:
            self.copy_to_clipboard(text)
            self.notify(_("Copied."), timeout=2)
            return
        self.action_request_quit()

    def _apply_saved_theme(self) -> None:
        from monza_tui import settings

        saved = settings.load().theme
        if saved and saved in self.available_themes:
            self.theme = saved
        self.theme_changed_signal.subscribe(self, self._remember_theme)

    def _remember_theme(self, theme: Any) -> None:
        from monza_tui import settings

        settings.remember_theme(theme.name)

    def change_language(self, code: str) -> None:
        """The player chose ``code`` in the set-up screen: speak it from now on, remember
        it, and show the set-up screen again in it, filled in as it was."""
        from monza_tui import i18n, settings
        from monza_tui.app.screens.setup import SetupScreen

        screen = self.screen
        setup = self.setup
        if isinstance(screen, SetupScreen):
            setup = screen.setup  # the form's values (a half-typed seed keeps the last one)
        # Seats still named by default ("Player 1") get the new language's default name.
        defaults = {seat.name: n for n, seat in enumerate(default_seats(6))}
        i18n.set_language(code)
        settings.remember_language(code)
        self.retranslate()
        renamed = default_seats(6)
        self.setup = replace(setup, seats=tuple(
            replace(seat, name=renamed[defaults[seat.name]].name)
            if seat.name in defaults else seat
            for seat in setup.seats
        ))
        if isinstance(screen, SetupScreen):
            self.show_screen(SetupScreen(self.setup))
            self.call_after_refresh(self._focus_language)

    def _focus_language(self) -> None:
        found = self.screen.query("#language")
        if found:
            found.first().focus()

    def retranslate(self) -> None:
        """After a language switch: key labels made at import follow the new language."""
        relabel_bindings((self, *self.screen_stack))
        self._palette_words()
        self.refresh_bindings()
