"""Translations: every user-visible string goes through :func:`_` (gettext).

The English text is the source; the other languages' catalogues are
``monza_tui/locale/<lang>/LC_MESSAGES/monza.mo`` (built by ``python -m
monza_tui.locale.catalogue``, shipped in the package). Which language: ``--lang``, else the
one chosen in the set-up screen (:mod:`monza_tui.settings`), else ``LANGUAGE``/``LC_ALL``/
``LC_MESSAGES``/``LANG`` as gettext reads them; a missing catalogue is English, no error.
Only the standard library's :mod:`gettext` runs here: Babel is needed to build catalogues,
never to play.
"""

from __future__ import annotations

import gettext
import os
from pathlib import Path

from monza_tui.engine.colours import Colour

DOMAIN = "monza"
LOCALE_DIR = Path(__file__).parent / "locale"

LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "pl": "Polski",
    "zh": "中文",
    "ru": "Русский",
}
"""Every language of the game, by code, named in itself: a new language is its
``locale/<code>/LC_MESSAGES/monza.po`` and one line here."""
PSEUDO = "xx"
"""The pseudo-locale: every message bracketed, accented and longer (tests and translators;
``MONZA_PSEUDO=1 monza --lang xx``)."""
PSEUDO_SWITCH = "MONZA_PSEUDO"
"""The environment variable that opens the pseudo-locale: without it ``xx`` is English, so
no player meets the test language by accident (``LANG=xx``, a typo)."""

LETTER_CONTEXT = "colour letter"
"""The msgctxt of a colour's one-cell letter (the msgid is the English letter)."""

def _load(code: str | None) -> gettext.NullTranslations:
    languages = [code] if code else None  # None: gettext reads the environment
    found = gettext.find(DOMAIN, localedir=LOCALE_DIR, languages=languages)
    if found is None or Path(found).parent.parent.name == "en":
        # English is the source: its catalogue translates every message to itself (it is
        # there so that "en" ends gettext's search through LANGUAGE), not worth reading at
        # every launch (a thousand messages).
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=languages, fallback=True)


_translation: gettext.NullTranslations = _load(None)
"""The catalogue in use: the environment's language until :func:`set_language`."""


def set_language(code: str | None) -> str:
    """Speak ``code`` from now on (None: as the environment says); the language in effect
    (``en`` when no catalogue fits). Text already made stays as it was: entry points call
    this before they build anything (the set-up screen re-renders itself)."""
    global _translation
    _translation = _load(code.strip() if code else None)
    if current_language() == PSEUDO and not os.environ.get(PSEUDO_SWITCH):
        _translation = gettext.NullTranslations()  # a test language, not for players
    return current_language()


def current_language() -> str:
    """The code of the catalogue in use (``en`` when it is the English source)."""
    info = _translation.info() if isinstance(_translation, gettext.GNUTranslations) else {}
    return info.get("language", "en").replace("-", "_") or "en"


def installed_languages() -> dict[str, str]:
    """The languages a player can choose: English and every one with a compiled catalogue."""
    return {
        code: name
        for code, name in LANGUAGES.items()
        if code == "en" or (LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo").exists()
    }


def _(message: str) -> str:
    """The message in the user's language."""
    return _translation.gettext(message)


def N_(message: str) -> str:
    """Mark a message for the catalogue without translating it yet (it is translated where
    it is shown, with ``_(message)``)."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural message for ``n`` in the user's language."""
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """The message in the user's language, where the same English has another meaning
    elsewhere (``context`` tells the translator which)."""
    return _translation.pgettext(context, message)


class Said(str):
    """Text in the player's language that remembers its English msgid.

    Key labels are made once and kept by Textual; to say them again in another language
    the msgid is needed, and a translation cannot be read back to it (French says "Garder"
    for both "Keep" and "Keep roll")."""

    msgid: str


def retranslate(text: str) -> str:
    """``text`` in the current language: a :class:`Said` by its msgid, any other text taken
    as the English msgid itself (labels are marked with :func:`N_`, so made in English)."""
    msgid = getattr(text, "msgid", text)
    said = Said(_(msgid))
    said.msgid = msgid
    return said


def every_language(message: str) -> tuple[str, ...]:
    """``message`` as every installed language says it (English first), to recognise text
    made in another language than the one spoken now (a default name set up in Chinese,
    shown in German). Each catalogue is read once, on the first question."""
    return tuple(_catalogue(code).gettext(message) for code in _every_code())


def _every_code() -> tuple[str, ...]:
    return (*installed_languages(), PSEUDO)


_catalogues: dict[str, gettext.NullTranslations] = {}


def _catalogue(code: str) -> gettext.NullTranslations:
    found = _catalogues.get(code)
    if found is None:
        found = _catalogues[code] = (
            gettext.NullTranslations() if code == "en"
            else gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[code],
                                     fallback=True))
    return found


def colour_name(colour: Colour) -> str:
    """A colour's name in the user's language (the engine's names are the record's)."""
    return _colour_words()[0][colour]


def colour_letter(colour: Colour) -> str:
    """A colour's letter in the user's language: exactly one terminal cell, distinct from
    the other five (tests/app/test_languages.py checks every catalogue). The board, the
    dice, the panel, the log, the results and the replay all show this one; the record
    keeps the engine's English letters (:attr:`Colour.letter`)."""
    return _colour_words()[1][colour]


_colour_cache: tuple[object, dict[Colour, str], dict[Colour, str]] | None = None


def _colour_words() -> tuple[dict[Colour, str], dict[Colour, str]]:
    """The colours' names and letters in the language in effect, looked up once per
    language (every repaint of the board, the dice and the log asks for them)."""
    global _colour_cache
    if _colour_cache is None or _colour_cache[0] is not _translation:
        names = {
            Colour.RED: _("red"),
            Colour.BLUE: _("blue"),
            Colour.GREEN: _("green"),
            Colour.YELLOW: _("yellow"),
            Colour.PURPLE: _("purple"),
            Colour.WHITE: _("white"),
        }
        letters = {
            Colour.RED: pgettext("colour letter", "R"),
            Colour.BLUE: pgettext("colour letter", "B"),
            Colour.GREEN: pgettext("colour letter", "G"),
            Colour.YELLOW: pgettext("colour letter", "Y"),
            Colour.PURPLE: pgettext("colour letter", "P"),
            Colour.WHITE: pgettext("colour letter", "W"),
        }
        _colour_cache = (_translation, names, letters)
    return _colour_cache[1], _colour_cache[2]


def number(value: float, decimals: int = 0) -> str:
    """A number as the player's language writes it: the thousands separator and the
    decimal separator are messages (``1,000,000`` and ``12.5`` in English, ``1.000.000`` and
    ``12,5`` in German). The one home for numbers a player reads (help, simulate, results)."""
    exact = isinstance(value, int) and not decimals  # a big int stays exact (no float)
    text = f"{value:,}" if exact else f"{value:,.{decimals}f}"
    return text.translate({
        ord(","): pgettext("thousands separator", ","),
        ord("."): pgettext("decimal separator", "."),
    })


def split_blocks(text: str) -> list[str]:
    """Markdown paragraphs (blocks between blank lines): the unit of translation of the
    rules summary (the catalogue tool and the rules screen split it alike)."""
    return [block.strip() for block in text.split("\n\n") if block.strip()]


def translate_argparse() -> None:
    """argparse's own words (``usage:``, ``options``, ``show this help message and exit``)
    from our catalogue: argparse looks up its module-level ``_``/``ngettext`` on every call,
    and their msgids are in ours (``locale/argparse_words.py``)."""
    import argparse

    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
