"""The catalogue tool (Babel) and the choice of language: the files are up to date,
updating keeps every translation, the pseudo-locale keeps placeholders, ``--lang`` and the
environment choose, a missing catalogue is English, and playing never imports Babel."""

from __future__ import annotations

import ast
import gettext
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from app.helpers import said
from monza_tui import i18n, settings
from monza_tui.cli import pop_lang
from monza_tui.locale import catalogue
from monza_tui.locale.pseudo import pseudo_message

APP = Path(catalogue.PACKAGE) / "app"


def test_catalogue_files_are_up_to_date() -> None:
    # Regenerate with: python -m monza_tui.locale.catalogue
    assert [str(p.relative_to(catalogue.PACKAGE.parent)) for p in catalogue.stale_files()] == []
    assert catalogue.main(["--check"]) == 0


def test_english_catalogue_loads_and_translates() -> None:
    english = gettext.translation(
        catalogue.DOMAIN, localedir=catalogue.LOCALE, languages=["en"]
    )
    assert isinstance(english, gettext.GNUTranslations)
    assert english.gettext("Roll the dice: space or r.") == "Roll the dice: space or r."
    one = english.ngettext("{name} drives to {space} with {dice} die",
                           "{name} drives to {space} with {dice} dice", 1)
    assert one == "{name} drives to {space} with {dice} die"
    assert english.gettext("## Keys") == "## Keys"  # a paragraph of the rules is a message
    assert english.pgettext("colour letter", "R") == "R"
    assert english.gettext("show this help message and exit") == \
        "show this help message and exit"  # argparse's own words are ours too


def test_template_has_contexts_flags_and_no_line_numbers() -> None:
    text = catalogue.POT.read_text("utf-8")
    assert 'msgctxt "colour letter"\nmsgid "R"' in text
    assert 'msgctxt "key"\nmsgid "space"' in text
    assert "#, python-brace-format" in text and "#, python-format" in text
    assert "#: monza_tui/app/rules.md" in text
    assert ".py:" not in text  # locations without line numbers: fewer merge conflicts


def _template(*ids: str) -> Catalog:
    template = Catalog(fuzzy=False)
    for msgid in ids:
        template.add(msgid, locations=[("x.py", None)])
    return template


def test_updating_keeps_translations_and_keeps_the_gone_ones_as_obsolete(
    tmp_path: Path,
) -> None:
    po = tmp_path / "fr" / "LC_MESSAGES" / "monza.po"
    po.parent.mkdir(parents=True)
    po.write_text(
        'msgid ""\nmsgstr ""\n"Language: fr\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgid "Quit"\nmsgstr "Quitter"\n\nmsgid "Old words"\nmsgstr "Vieux mots"\n\n'
        'msgid "B"\nmsgstr "L"\n',
        "utf-8",
    )
    template = _template("Quit", "Rules")
    template.add("B", context="colour letter", locations=[("x.py", None)])
    updated = catalogue.updated(po, template)
    # A colour letter translated without its context (the template before) moves over.
    assert updated.get("B", context="colour letter").string == "L"
    assert not updated.get("B", context="colour letter").fuzzy
    assert updated.get("Quit").string == "Quitter"
    assert not updated.get("Rules").string
    assert "Old words" in updated.obsolete
    text = catalogue._po_bytes(updated).decode("utf-8")
    assert '#~ msgid "Old words"\n#~ msgstr "Vieux mots"' in text
    # French plural rule, whatever the file said (0 is singular).
    assert "Plural-Forms: nplurals=2; plural=(n > 1);" in text
    again = read_po(io.BytesIO(text.encode()))
    assert again.get("Quit").string == "Quitter"


def test_init_starts_a_language_with_its_plural_rule(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(catalogue, "LOCALE", tmp_path)
    path = catalogue.init_language("pl")
    text = path.read_text("utf-8")
    assert "Language: pl" in text and "nplurals=3;" in text
    assert 'msgctxt "colour letter"' in text
    with pytest.raises(SystemExit):
        catalogue.init_language("pl")


def test_pseudo_messages_keep_placeholders_and_stay_one_cell_for_letters() -> None:
    text = "{name} drives to {space} with %(n)s dice: press --help"
    pseudo = pseudo_message(text)
    assert pseudo.startswith("⟦") and pseudo.endswith("⟧")
    for kept in ("{name}", "{space}", "%(n)s", "--help"):
        assert kept in pseudo
    assert "drives" not in pseudo
    assert len(pseudo) >= 1.3 * len(text)
    assert pseudo_message("R") == "Ŕ"
    assert pseudo_message("## Keys").startswith("## ⟦")


def test_the_catalogue_tool_imports_no_screen_and_playing_imports_no_babel() -> None:
    code = (
        "import sys, monza_tui.locale.catalogue;"
        "assert not [m for m in sys.modules if m.startswith('textual')], 'textual';"
        "del sys.modules['monza_tui.locale.catalogue'];"
        "[sys.modules.pop(m) for m in list(sys.modules) if m.startswith('babel')];"
        "import monza_tui.cli as cli; cli.choose_language('xx');"
        "import monza_tui.app.app, monza_tui.app.screens.setup;"
        "assert not [m for m in sys.modules if m.startswith('babel')], 'babel'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_pop_lang_takes_the_flag_out_anywhere() -> None:
    args = ["--lang", "de", "boards", "--lang=fr", "show"]
    assert pop_lang(args) == "fr"
    assert args == ["boards", "show"]
    assert pop_lang(["play"]) is None


def _monza(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items()
                   if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    environment.update(env or {})
    return subprocess.run([sys.executable, "-m", "monza_tui.cli", *args], env=environment,
                          capture_output=True, text=True, timeout=60)


def test_lang_translates_help_with_argparses_own_words(tmp_path: Path) -> None:
    out = _monza("--lang", "xx", "boards", "--help", env={"MONZA_HOME": str(tmp_path)}).stdout
    assert out.startswith("⟦ûšåĝé:")
    assert "show this help message and exit" not in out
    assert "⟦šĥöŵ ţĥîš ĥéļþ ɱéššåĝé åñð éẋîţ" in out
    assert "--lang ⟦" in out  # the metavar (CODE) is a message too


def test_the_environment_chooses_and_a_missing_catalogue_is_english(tmp_path: Path) -> None:
    home = {"MONZA_HOME": str(tmp_path)}
    assert "⟦ûšåĝé:" in _monza("--help", env={**home, "LANGUAGE": "xx"}).stdout
    assert "⟦ûšåĝé:" in _monza("--help", env={**home, "LANG": "xx"}).stdout
    missing = _monza("--lang", "tlh", "--help", env=home)
    assert missing.returncode == 0 and missing.stdout.startswith("usage: ")
    assert missing.stderr == ""


def test_the_saved_language_is_used_and_lang_wins(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"language": "xx"}), "utf-8")
    home = {"MONZA_HOME": str(tmp_path)}
    assert "⟦ûšåĝé:" in _monza("--help", env=home).stdout
    assert _monza("--lang", "en", "--help", env=home).stdout.startswith("usage: ")


def test_settings_round_trip_and_a_damaged_file_is_kept_aside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MONZA_CONFIG", str(tmp_path))
    assert settings.load() == settings.Settings()
    settings.remember_language("de")
    settings.remember_theme("nord")
    settings.update(last_setup={"board": "long", "seats": [["Ann", "red", "human"]]})
    loaded = settings.load()
    assert (loaded.language, loaded.theme) == ("de", "nord")
    assert loaded.last_setup["board"] == "long"
    (tmp_path / "settings.json").write_text('{"language": "../../etc"}', "utf-8")
    assert settings.load() == settings.Settings()
    settings.remember_language("fr")
    assert (tmp_path / "settings.json.damaged").read_text("utf-8") == '{"language": "../../etc"}'
    assert settings.load().language == "fr"


def test_set_language_switches_and_falls_back_without_error() -> None:
    before = i18n.current_language()
    try:
        assert i18n.set_language("xx") == "xx"
        assert i18n._("Quit").startswith("⟦")
        said = i18n.retranslate("Quit")
        assert said.startswith("⟦")
        assert i18n.set_language("tlh") == "en"
        assert i18n._("Quit") == "Quit"
        assert i18n.retranslate(said) == "Quit"
    finally:
        i18n.set_language(before)


def test_a_key_label_comes_back_from_a_language_that_says_two_labels_alike() -> None:
    # French says "Garder" for both "Keep" (a button) and "Keep roll" (the k key): the
    # label must remember its msgid, not be read back from the French.
    before = i18n.current_language()
    try:
        i18n.set_language("fr")
        keep_roll = i18n.retranslate("Keep roll")
        assert keep_roll == i18n._("Keep") == "Garder"
        i18n.set_language("en")
        assert i18n.retranslate(keep_roll) == "Keep roll"
    finally:
        i18n.set_language(before)


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


def test_lang_without_a_code_is_one_clear_line(capsys: pytest.CaptureFixture[str]) -> None:
    from monza_tui.cli import main

    assert main(["--lang"]) == 2
    codes = said(", ").join(i18n.LANGUAGES)
    line = said("monza: {error}", error=said("--lang needs a language code: {codes}", codes=codes))
    if i18n.current_language() == "en":
        assert line.startswith("monza: --lang needs a language code: en, de, fr")
    assert capsys.readouterr().err.startswith(line)


def test_the_pseudo_locale_is_closed_to_players(monkeypatch: pytest.MonkeyPatch) -> None:
    before = i18n.current_language()
    try:
        monkeypatch.delenv("MONZA_PSEUDO")
        assert i18n.set_language("xx") == "en"
        monkeypatch.setenv("MONZA_PSEUDO", "1")
        assert i18n.set_language("xx") == "xx"
    finally:
        i18n.set_language(before)
