"""The English catalogue: every user-visible message of the package is in monza.pot and in
en/LC_MESSAGES/monza.po, the compiled .mo is current, and gettext loads it."""

from __future__ import annotations

import ast
import gettext
from pathlib import Path

from monza_tui.locale import catalogue

APP = Path(catalogue.PACKAGE) / "app"


def test_catalogue_files_are_up_to_date() -> None:
    # Regenerate with: python -m monza_tui.locale.catalogue
    stale = [
        str(path.relative_to(catalogue.PACKAGE.parent))
        for path, data in catalogue.expected_files().items()
        if not path.exists() or path.read_bytes() != data
    ]
    assert stale == []


def test_english_catalogue_loads_and_translates() -> None:
    english = gettext.translation(
        catalogue.DOMAIN, localedir=catalogue.LOCALE, languages=["en"]
    )
    assert isinstance(english, gettext.GNUTranslations)
    assert english.gettext("Roll the dice: space or r.") == "Roll the dice: space or r."
    one = english.ngettext("{name} drives to {space} with {dice} die",
                           "{name} drives to {space} with {dice} dice", 1)
    assert one == "{name} drives to {space} with {dice} die"
    # A paragraph of the rules summary is one message.
    assert english.gettext("## Keys") == "## Keys"
    # The catalogue knows every message it was made from.
    messages = catalogue.parse_po((catalogue.LOCALE / "en/LC_MESSAGES/monza.po").read_text())
    assert "Please enlarge the terminal: the board and the panel do not fit in {width}×{height}." \
        in messages


def test_po_round_trip_of_escapes() -> None:
    messages = {"a \"quoted\"\nline": catalogue.Message("a \"quoted\"\nline", None, {"x"})}
    text = catalogue.render(messages, "en")
    assert catalogue.parse_po(text)["a \"quoted\"\nline"] == "a \"quoted\"\nline"


def _literal_ui_strings(path: Path) -> list[str]:
    """String literals passed straight to widgets that show text, bypassing _()."""
    shown = {"Static", "Label", "Button", "notify", "update", "put_text", "Checkbox"}
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        if name not in shown:
            continue
        for arg in node.args[:1]:
            literal = isinstance(arg, ast.Constant) and isinstance(arg.value, str)
            if literal and any(ch.isalpha() for ch in arg.value):
                found.append(f"{path.name}:{node.lineno}: {arg.value!r}")
    return found


def test_app_shows_no_untranslated_literal_text() -> None:
    mine = [p for p in APP.rglob("*.py") if p.name not in ("board_view.py", "track_layout.py",
                                                             "scene.py")]
    problems = [line for path in mine for line in _literal_ui_strings(path)]
    assert problems == []
