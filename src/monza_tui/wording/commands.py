"""The command line's own errors and figures as sentences (:mod:`monza_tui.commands`):
flags that do not fit, the variants of a race, a share as a percentage."""

from __future__ import annotations

from monza_tui.i18n import N_, _, number
from monza_tui.wording.plural import Message

MESSAGES: dict[str, Message] = {
    "sim.level": N_("--seats: unknown driver {level}; the levels are {levels}"),
    "sim.players": N_("--players {players} but --seats names {seats} drivers; give one of them"),
    "sim.log_write": N_("--log {log}: cannot write: {why}"),
    "sim.log_empty": N_("--log: an empty file name"),
    "sim.log": N_("--log {log}: {why}"),
    "sim.log_folder": N_("--log {log}: not a file in an existing folder"),
    "sim.log_races": N_(
        "--log: a record holds at most {most} races, not {games}; run fewer --games"
    ),
    "sim.log_exists": N_(
        "--log {log}: the file exists; give --force to replace it, or a new file name"
    ),
    "env.no_user": N_("{variable}={folder}: no user {user} on this computer"),
    "env.folder": N_("{variable}={folder}: {why}"),
    "env.not_folder": N_("{variable}={folder}: not a folder"),
    "boards.needs": N_("monza boards {action} needs a board name or file"),
    "boards.empty": N_("monza boards {action}: an empty file name"),
}
"""The commands' codes to their English messages."""

_VARIANTS = (N_("pro"), N_("bonus move"))


def variant_names(*, pro: bool, bonus: bool) -> list[str]:
    """The variants a race is played with, named in the player's language."""
    return [_(name) for on, name in zip((pro, bonus), _VARIANTS, strict=True) if on]


def percent(share: float) -> str:
    """A share (0 to 1) as a percentage with one decimal, as the player's language writes
    it (French ``12,5 %``, German ``12,5 %``, English ``12.5%``)."""
    return _("{number}%").format(number=number(100 * share, 1))
