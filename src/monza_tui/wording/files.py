"""Errors about the user's files as sentences: a board file (:mod:`monza_tui.boardfile`)
and any file read as text (:mod:`monza_tui.files`)."""

from __future__ import annotations

import errno

from monza_tui.i18n import N_
from monza_tui.wording.plural import Message

MESSAGES: dict[str, Message] = {
    # A board file
    "board.no_such": N_("{ref}: no such board; built in are {builtin}, or give a .toml file"),
    "board.unreadable": N_("{source}: {why}"),
    "board.toml": N_("{source}: not valid TOML ({where})"),
    "toml.at": N_("line {line}, column {column}"),
    "toml.somewhere": N_("somewhere in the file"),
    "toml.end": N_("at the end of the file"),
    "board.nested": N_("{source}: not a board file (nested too deeply)"),
    "board.long_number": N_("{source}: not a board file (a number far too long)"),
    "board.lanes": N_("{source}: {why}"),
    "board.too_long": N_("{source}: lanes: {length} track units long; a board has at most {most}"),
    "board.builtin_name": N_(
        "{source}: name: {name!r} is a built-in board's name and this board is not that "
        "one; give it a name of its own"
    ),
    "board.legs": N_(
        "{source}: shape.legs cover {legs} track units but the track to draw is {drawn}"
    ),
    "board.field": N_("{source}: {problem}"),
    # Any file read as text
    "file.empty_name": N_("an empty file name"),
    "file.cannot_read": N_("cannot read: {why}"),
    "file.special": N_("{kind}, not a regular file"),
    "file.special_target": N_("{kind}, not a regular file; give a new file name"),
    "file.too_large": N_("larger than {size}"),
    "file.utf8": N_("not UTF-8 text (byte {byte})"),
    "kind.folder": N_("a folder"),
    "kind.fifo": N_("a FIFO"),
    "kind.device": N_("a device"),
    "kind.socket": N_("a socket"),
    "kind.special": N_("a special file"),
    "kind.symlink": N_("a symbolic link"),
    "file.os": "{why}",
    f"file.os.{errno.ENOENT}": N_("no such file or folder"),
    f"file.os.{errno.EACCES}": N_("permission denied"),
    f"file.os.{errno.EISDIR}": N_("a folder, not a file"),
    f"file.os.{errno.ENOTDIR}": N_("a part of the path is not a folder"),
    f"file.os.{errno.ENOSPC}": N_("no space left on the disk"),
    f"file.os.{errno.EROFS}": N_("the disk is read-only"),
    f"file.os.{errno.ELOOP}": N_("symbolic links that lead round in a loop"),
    f"file.os.{errno.ENAMETOOLONG}": N_("a name too long for this computer"),
}
"""The files' codes to their English messages (``file.os`` says the system's reason; a
common one, ``file.os.<errno>``, is said in the player's language)."""
