"""The player's settings: language, theme, the turn bell, the family's relay and the last
set-up, in one small JSON file.

Where: ``$MONZA_CONFIG/settings.json`` if set, else ``$MONZA_HOME/settings.json`` (so one
variable keeps a test or a second person's games apart), else the user's config folder
(platformdirs' ``user_config_dir("monza-tui")``). The file is untrusted (each field checked,
unknown ones ignored): a damaged or unreadable one never stops the game (defaults are
used, and it is kept beside as ``settings.json.damaged`` before the next write); writes are
atomic (temp, fsync, rename).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from monza_tui.files import atomic_write_text

FILE_NAME = "settings.json"
LIMIT = 64 * 1024
"""A settings file is a few hundred bytes; anything far larger is not ours."""
_CODE = re.compile(r"^[a-z]{2,3}(_[A-Z]{2})?(@[a-z]+)?$")


@dataclass(frozen=True)
class Settings:
    """What the game remembers between runs (None: not chosen, the default applies)."""

    language: str | None = None
    """A language code (``de``, ``pt_BR``): chosen in the set-up screen."""
    theme: str | None = None
    """A Textual theme name, chosen in the command palette."""
    last_setup: dict[str, Any] = field(default_factory=dict)
    """The last set-up, as the set-up screen writes it (plain JSON values)."""
    bell: bool | None = None
    """Whether the terminal's bell rings when a turn over the network becomes this
    person's (None: yes; ``monza join --no-bell`` turns it off for one race)."""

    relay: str | None = None
    """The relay ``monza host`` registers its races on and ``monza join CODE`` joins
    through (``wss://relay.example``; docs/relay.md), set once by a family; None: races
    are hosted on the home network."""

    @property
    def turn_bell(self) -> bool:
        """The bell of a race over the network: on unless turned off."""
        return self.bell is not False


FOLDER_VARIABLES = ("MONZA_CONFIG", "MONZA_HOME")
"""The environment's folders of the game's files (settings; saves and history)."""


def folder() -> Path:
    """The folder of the settings file (RuntimeError: a ``~user`` that names no user)."""
    for variable in FOLDER_VARIABLES:
        override = os.environ.get(variable)
        if override:
            return Path(override).expanduser()
    from platformdirs import user_config_dir

    return Path(user_config_dir("monza-tui", appauthor=False))


def check_folders() -> None:
    """:class:`UserError` if ``MONZA_HOME`` or ``MONZA_CONFIG`` names a folder the game
    cannot use: a ``~user`` that names no user, a symbolic link that loops, a name too long
    for the system, a file. Asked once, before a command runs, so that every command says
    so in one line instead of failing at its first save (a folder not made yet is fine:
    the first save makes it)."""
    from monza_tui.errors import UserError, clip

    for variable in FOLDER_VARIABLES:
        given = os.environ.get(variable)
        if not given:
            continue
        shown = clip(given, 80)
        try:
            where = Path(given).expanduser()
        except RuntimeError:  # "~nosuchuser/x"
            user = given[1:].partition("/")[0]
            raise UserError(code="env.no_user", variable=variable, folder=shown,
                            user=clip(user)) from None
        try:
            found = where.stat()
        except FileNotFoundError:
            continue
        except (OSError, ValueError) as error:  # a loop, a name too long, "\0"...
            from monza_tui.files import cannot_read

            why = cannot_read(error) if isinstance(error, OSError) else str(error)
            raise UserError(code="env.folder", variable=variable, folder=shown,
                            why=why) from None
        if not stat.S_ISDIR(found.st_mode):
            raise UserError(code="env.not_folder", variable=variable, folder=shown)


def path() -> Path:
    """The settings file."""
    return folder() / FILE_NAME


def _parse(text: str) -> Settings:
    """Settings from the file's text; ValueError if it is not ours. Checked by hand, not
    with pydantic: the file is read at every launch, and four fields do not justify
    importing pydantic before the first frame."""
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    language, theme = data.get("language"), data.get("theme")
    last_setup = data.get("last_setup", {})
    if language is not None and not (isinstance(language, str) and _CODE.fullmatch(language)):
        raise ValueError("language: not a language code")
    if theme is not None and not (isinstance(theme, str) and 0 < len(theme) <= 60):
        raise ValueError("theme: not a theme name")
    if not isinstance(last_setup, dict):
        raise ValueError("last_setup: not a JSON object")
    bell = data.get("bell")
    if bell is not None and not isinstance(bell, bool):
        raise ValueError("bell: not true or false")
    relay = data.get("relay")
    if relay is not None and not (isinstance(relay, str) and 0 < len(relay) <= 200
                                  and relay.startswith(("ws://", "wss://"))):
        raise ValueError("relay: not a ws:// or wss:// address")
    return Settings(language, theme, last_setup, bell, relay)


def load() -> Settings:
    """The saved settings; defaults if there are none, the file is damaged or its folder
    cannot be used (:func:`check_folders` says why, once a command runs)."""
    from monza_tui.files import UnreadableFile, read_text

    try:
        where = path()
        if not where.exists():
            return Settings()
        return _parse(read_text(where, LIMIT))
    except (UnreadableFile, ValueError, OSError, RuntimeError):
        return Settings()


def save(settings: Settings) -> None:
    """Write ``settings`` (a damaged file there is kept as ``settings.json.damaged``)."""
    where = path()
    if where.exists():
        try:
            from monza_tui.files import read_text

            _parse(read_text(where, LIMIT))
        except Exception:  # not ours: keep it for the player to look at
            with contextlib.suppress(OSError):
                where.replace(where.with_name(FILE_NAME + ".damaged"))
    atomic_write_text(where, json.dumps(asdict(settings), indent=2, ensure_ascii=False) + "\n")


def update(**changes: Any) -> Settings:
    """Load, change the given fields, save; the new settings. An unwritable folder only
    means the choice is not remembered (OSError is swallowed: playing matters more)."""
    settings = replace(load(), **changes)
    with contextlib.suppress(OSError, RuntimeError):
        save(settings)
    return settings


def remember_language(code: str) -> Settings:
    """Remember the language chosen in the set-up screen."""
    return update(language=code)


def remember_theme(theme: str) -> Settings:
    """Remember the theme chosen in the command palette."""
    return update(theme=theme)
