"""The host's save: the game record, as every save, plus what ``monza host --resume`` needs.

A hosted race is saved after every change like any race (``docs/saves.md``: in
``saves/``, atomically, moved to ``history/`` when it is over), and its header carries one
more field, ``host``::

    {"record": "monza-game", ..., "seed": 8127..., "host":
     {"code": "7K3-Q9P", "remote": [1, 2], "salt": "9f2c...", "port": 8765}}

``code`` is the join code, kept so that the players' ``monza join`` commands still work
after a restart; ``remote`` the seats of people elsewhere; ``salt`` the salt of the
seed's hash the clients were shown; ``port`` where the host listened, or (instead) the
``relay`` it registered the race on and its ``key`` there, so that a resumed host
registers the same code again with the same key. Tokens are not kept: a client coming back to a
restarted host asks for its seat by name. The record readers ignore the field (headers
may carry fields a reader does not know), so ``monza replay --check`` reads the save as
any other record, and ``monza resume`` plays it on at one keyboard.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Collection
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from monza_tui import saves
from monza_tui.errors import UserError, field_problem
from monza_tui.files import atomic_write_text, shown
from monza_tui.limits import MAX_LINE_CHARS
from monza_tui.net import codes
from monza_tui.net.invitation import MAX_RELAY_CHARS, check_relay
from monza_tui.record import Race, RecordError, record_text

HOST_FIELD = "host"


class HostInfo(BaseModel):
    """The header's ``host`` field (read from an untrusted file: checked)."""

    model_config = ConfigDict(extra="forbid")

    code: str = Field(min_length=6, max_length=8, pattern=r"^[2-9A-HJ-NP-Z]{3}-?[2-9A-HJ-NP-Z]{3}$")
    remote: list[int] = Field(max_length=6)
    salt: str = Field(pattern=r"^[0-9a-f]{32}$")
    port: int | None = Field(default=None, ge=1, le=65535)
    """Where the host listened (a resumed host listens there again, so that the others
    come back by themselves); missing in a save from before the host listened."""
    relay: str | None = Field(default=None, max_length=MAX_RELAY_CHARS,
                              pattern=r"^wss?://[^\s]+$")
    """The relay the race is registered on (docs/relay.md), if any."""
    key: str | None = Field(default=None, pattern=r"^[A-Za-z0-9_-]{22,64}$")
    """The host's key for the code on that relay."""


@dataclass(frozen=True)
class HostSave:
    """A hosted race read back from its save."""

    race: Race
    remote: frozenset[int]
    code: str
    salt: bytes
    path: Path
    port: int | None = None
    relay: str | None = None
    key: str | None = None


@dataclass(frozen=True)
class Reach:
    """How the others reach a hosted race, as its save keeps it: the port the host
    listened on, or the relay and the host's key there."""

    port: int | None = None
    relay: str | None = None
    key: str | None = None


def host_save_text(race: Race, *, code: str, remote: Collection[int], salt: bytes,
                   reach: Reach = Reach()) -> str:
    """The save's text: the record with the unfinished turn, and the header's ``host``."""
    text = record_text([race], save=True)
    first, _, rest = text.partition("\n")
    header = json.loads(first)
    header[HOST_FIELD] = {"code": code, "remote": sorted(remote), "salt": salt.hex()}
    if reach.port is not None:
        header[HOST_FIELD]["port"] = reach.port
    if reach.relay is not None and reach.key is not None:
        header[HOST_FIELD]["relay"] = reach.relay
        header[HOST_FIELD]["key"] = reach.key
    line = json.dumps(header, separators=(", ", ": "))
    if len(line) > MAX_LINE_CHARS:  # never write what cannot be read back
        raise RecordError(code="write.line", count=len(line), most=MAX_LINE_CHARS)
    return line + "\n" + rest


def write_host_save(
    race: Race, path: Path, *, code: str, remote: Collection[int], salt: bytes,
    reach: Reach = Reach(),
) -> Path:
    """Write the save atomically; a finished race goes to the history (same name), as
    :func:`monza_tui.saves.write_save` does. Returns where the race now is;
    :class:`~monza_tui.saves.SaveError` if the disk refuses."""
    try:
        text = host_save_text(race, code=code, remote=remote, salt=salt, reach=reach)
        if race.state.is_terminal() and path.parent.resolve() == saves.saves_dir().resolve():
            target = saves.history_dir() / path.name
            atomic_write_text(target, text)
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
            saves.unlock(path)
            return target
        atomic_write_text(path, text)
        return path
    except (OSError, RecordError) as error:
        why = saves._why(error)
        raise saves.SaveError(code="save.cannot", path=shown(path), why=why) from None


def saver(
    path: Path | None, *, code: str, remote: Collection[int], salt: bytes,
    reach: Callable[[], Reach] = Reach,
) -> Callable[[Race], object]:
    """The server's ``save`` callback: the first save with an action picks a new file in
    ``saves/`` (``path`` None), then every save rewrites the same one; ``reach`` says
    where the host listens or which relay it is on (kept for ``monza host --resume``)."""
    where: list[Path] = [path] if path is not None else []

    def save(race: Race) -> None:
        if not where:
            if not race.turns and not race.pending:
                return  # nothing to lose yet
            where.append(saves.new_save_path(race))
        where[0] = write_host_save(race, where[0], code=code, remote=remote, salt=salt,
                                   reach=reach())

    return save


def read_host_save(path: Path | str) -> HostSave:
    """A hosted race's save, re-validated with the engine; :class:`UserError` (one line)
    for a file that is no hosted race or is damaged."""
    path = Path(path)
    race = saves.load_save(path)
    info = _host_field(path)
    if info is None:
        raise UserError(code="net.not_hosted", path=shown(path))
    remote = frozenset(info.remote)
    if any(not 0 <= p < len(race.players) for p in remote):
        raise UserError(code="net.bad_host_field", path=shown(path))
    return HostSave(race, remote, info.code, bytes.fromhex(info.salt), path, info.port,
                    info.relay if info.key else None, info.key if info.relay else None)


def _host_field(path: Path) -> HostInfo | None:
    """The ``host`` field of a save's header, or None if it has none."""
    try:
        with path.open(encoding="utf-8") as handle:
            first = handle.readline(MAX_LINE_CHARS + 1)
        header = json.loads(first)
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(header, dict) or HOST_FIELD not in header:
        return None
    try:
        info = HostInfo.model_validate(header[HOST_FIELD])
    except ValidationError as error:
        raise UserError(code="net.bad_host_field", path=shown(path),
                        why=field_problem(error)) from None
    if not codes.valid_code(info.code):
        raise UserError(code="net.bad_host_field", path=shown(path))
    if info.relay is not None:
        try:
            check_relay(info.relay)
        except UserError:
            raise UserError(code="net.bad_host_field", path=shown(path)) from None
    return info


def latest_host_save() -> Path | None:
    """The newest save of an unfinished hosted race that no other process plays."""
    for path in saves.save_files(history=False):
        with contextlib.suppress(UserError):
            if _host_field(path) is not None and not saves.in_use(path):
                return path
    return None


__all__ = [
    "HOST_FIELD",
    "HostSave",
    "Reach",
    "host_save_text",
    "latest_host_save",
    "read_host_save",
    "saver",
    "write_host_save",
]
