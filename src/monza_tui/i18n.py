"""Translations: every user-visible string goes through :func:`_` (gettext).

The English text is the source; catalogues for the rulebooks' other languages go under
``monza_tui/locale/<lang>/LC_MESSAGES/monza.mo``. ``LANGUAGE``/``LANG`` pick the language as
usual; a missing catalogue falls back to English.
"""

from __future__ import annotations

import gettext
from pathlib import Path

from monza_tui.engine.colours import Colour

DOMAIN = "monza"
LOCALE_DIR = Path(__file__).parent / "locale"

_translation = gettext.translation(DOMAIN, localedir=LOCALE_DIR, fallback=True)


def _(message: str) -> str:
    """The message in the user's language."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural message for ``n`` in the user's language."""
    return _translation.ngettext(singular, plural, n)


def colour_name(colour: Colour) -> str:
    """A colour's name in the user's language (the engine's names are the record's)."""
    names = {
        Colour.RED: _("red"),
        Colour.BLUE: _("blue"),
        Colour.GREEN: _("green"),
        Colour.YELLOW: _("yellow"),
        Colour.PURPLE: _("purple"),
        Colour.WHITE: _("white"),
    }
    return names[colour]
