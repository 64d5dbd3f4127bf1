"""The wire format of a shared race: one JSON object per websocket text frame.

Every message is a pydantic model with ``extra="forbid"`` and bounded fields, and the
one place a frame is read (:func:`parse_client`, :func:`parse_host`) or written
(:func:`dump`) is here: a frame that is not JSON, names no known ``type`` or carries a
field too many or too long becomes a :class:`ProtocolError` with a language-neutral code
(``docs/network.md`` lists every message with an example).

Actions travel as the game record's action text (:mod:`monza_tui.engine.notation`,
``d0@a5``, ``tP@b2``, ``bonus@finish``, ``go``), so the wire and the record are one
notation; a roll travels as the roll's text *after* the host rolled it.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    TypeAdapter,
    ValidationError,
)

from monza_tui.limits import MAX_NAME_CHARS
from monza_tui.seats import SeatKind

PROTOCOL = 1
"""The protocol version this code speaks (``hello.version``, ``welcome.version``)."""

MAX_CLIENT_FRAME = 8 * 1024
"""The largest frame the host reads from a client (websockets closes with 1009 above)."""
MAX_HOST_FRAME = 4 * 1024 * 1024
"""The largest frame a client reads from the host: a welcome carries the whole race so far
(a header with a board file is about 12 K; a long race a few thousand short actions)."""
MAX_ACTION_CHARS = 40
MAX_CODE_CHARS = 16
MAX_TOKEN_CHARS = 64
MAX_SEQ = 1_000_000
MAX_PLAYERS = 6
MAX_LEFT = 3600.0
"""The longest grace a presence tells (seconds)."""

Seq = Annotated[StrictInt, Field(ge=0, le=MAX_SEQ)]
PlayerIndex = Annotated[StrictInt, Field(ge=0, lt=MAX_PLAYERS)]
Names = Annotated[
    list[Annotated[str, Field(max_length=MAX_NAME_CHARS)]], Field(max_length=MAX_PLAYERS)
]
"""Seats' names in a refusal (the free seats), worded by the client as a list."""
Param = str | int | float | bool | None | Names


class ProtocolError(ValueError):
    """A frame the other side cannot use: ``code`` (``net.bad_json``, ``net.bad_message``)
    and ``params``, sent back as a ``refused`` message."""

    def __init__(self, code: str, **params: Param) -> None:
        super().__init__(code)
        self.code = code
        self.params: dict[str, Param] = params


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# Client -> host ----------------------------------------------------------------------


class Hello(_Message):
    """The first frame of every connection: who may come in, and as whom."""

    type: Literal["hello"] = "hello"
    version: StrictInt = Field(ge=0, le=1000)
    code: str = Field(max_length=MAX_CODE_CHARS)
    name: str | None = Field(default=None, min_length=1, max_length=MAX_NAME_CHARS)
    token: str | None = Field(default=None, min_length=1, max_length=MAX_TOKEN_CHARS)
    watch: StrictBool = False


class Act(_Message):
    """An action of a seat this client drives, after ``seq`` actions it has seen."""

    type: Literal["act"] = "act"
    seq: Seq
    action: str = Field(min_length=1, max_length=MAX_ACTION_CHARS)


class RollDice(_Message):
    """The seat whose roll is due asks the host to roll (as space does at one keyboard)."""

    type: Literal["roll"] = "roll"
    seq: Seq


class Hand(_Message):
    """The host's terminal hands a seat to another driver (the race screen's ``c``)."""

    type: Literal["hand"] = "hand"
    seq: Seq
    player: PlayerIndex
    seat: SeatKind


class Ping(_Message):
    type: Literal["ping"] = "ping"


ClientMessage = Annotated[Hello | Act | RollDice | Hand | Ping, Field(discriminator="type")]


# Host -> client ----------------------------------------------------------------------

PresenceKind = Literal["here", "away", "waiting", "bot"]


class PresenceWire(_Message):
    """One seat's presence: ``left`` is the seconds of grace left for ``away``."""

    kind: PresenceKind
    left: float | None = Field(default=None, ge=0, le=MAX_LEFT)


class SeatChangeWire(_Message):
    """A seat that changed hands, as the record keeps it (after ``at`` actions of ``turn``)."""

    turn: StrictInt = Field(ge=0, le=MAX_SEQ)
    at: StrictInt = Field(ge=0, le=MAX_SEQ)
    player: PlayerIndex
    seat: SeatKind


class Welcome(_Message):
    """Everything a client needs to show the race: the record's header without the seed
    (with ``seed_hash``), every action so far, the seat changes, who is here."""

    type: Literal["welcome"] = "welcome"
    version: StrictInt
    seats: list[PlayerIndex] = Field(max_length=MAX_PLAYERS)
    token: str = Field(max_length=MAX_TOKEN_CHARS)
    host: StrictBool = False
    header: dict[str, Any]
    actions: list[Annotated[str, Field(max_length=MAX_ACTION_CHARS)]] = Field(
        max_length=MAX_SEQ
    )
    seat_changes: list[SeatChangeWire] = Field(default_factory=list, max_length=10_000)
    presence: list[PresenceWire] = Field(max_length=MAX_PLAYERS)


class ActionWire(_Message):
    """An accepted action: the ``seq``-th action of the race (from 0), of ``player``."""

    type: Literal["action"] = "action"
    seq: Seq
    action: str = Field(min_length=1, max_length=MAX_ACTION_CHARS)
    player: PlayerIndex


class Seats(_Message):
    """A seat changed hands after ``seq`` actions (a drop handed to a computer driver, a
    person back, the host's seat change)."""

    type: Literal["seats"] = "seats"
    seq: Seq
    change: SeatChangeWire


class PresenceMessage(_Message):
    type: Literal["presence"] = "presence"
    presence: list[PresenceWire] = Field(max_length=MAX_PLAYERS)


class Refused(_Message):
    """What the host would not do, as a language-neutral code and values."""

    type: Literal["refused"] = "refused"
    code: str = Field(max_length=40)
    params: dict[Annotated[str, Field(max_length=20)], Param] = Field(
        default_factory=dict, max_length=8
    )


class Over(_Message):
    """The race is over: the seed (secret until now), the salt of its hash, the record."""

    type: Literal["over"] = "over"
    seed: StrictInt = Field(ge=0)
    salt: str = Field(max_length=64)
    record: str = Field(max_length=MAX_HOST_FRAME)


class Pong(_Message):
    type: Literal["pong"] = "pong"


HostMessage = Annotated[
    Welcome | ActionWire | Seats | PresenceMessage | Refused | Over | Pong,
    Field(discriminator="type"),
]

_CLIENT: TypeAdapter[Hello | Act | RollDice | Hand | Ping] = TypeAdapter(ClientMessage)
_HOST: TypeAdapter[Welcome | ActionWire | Seats | PresenceMessage | Refused | Over | Pong] = (
    TypeAdapter(HostMessage)
)


def _load(frame: str | bytes) -> dict[str, Any]:
    if isinstance(frame, bytes):
        raise ProtocolError("net.bad_json")  # text frames only
    try:
        data = json.loads(frame)
    except (ValueError, RecursionError):
        raise ProtocolError("net.bad_json") from None
    if not isinstance(data, dict):
        raise ProtocolError("net.bad_json")
    return data


def _problem(error: ValidationError, data: dict[str, Any]) -> ProtocolError:
    first = error.errors()[0]
    kind = data.get("type")
    if first["type"] in ("union_tag_invalid", "union_tag_not_found"):
        return ProtocolError("net.unknown_type", type=str(kind)[:20] if kind else None)
    place = ".".join(str(part) for part in first["loc"][1:])[:40]
    version = data.get("version") if kind == "hello" else None
    if type(version) is int:  # a hello of another version is refused as such
        return ProtocolError("net.bad_message", field=place or None, version=version)
    return ProtocolError("net.bad_message", field=place or None)


def parse_client(frame: str | bytes) -> Hello | Act | RollDice | Hand | Ping:
    """A client's frame as its message; :class:`ProtocolError` for anything else."""
    data = _load(frame)
    try:
        return _CLIENT.validate_python(data)
    except ValidationError as error:
        raise _problem(error, data) from None


def parse_host(
    frame: str | bytes,
) -> Welcome | ActionWire | Seats | PresenceMessage | Refused | Over | Pong:
    """The host's frame as its message; :class:`ProtocolError` for anything else."""
    data = _load(frame)
    try:
        return _HOST.validate_python(data)
    except ValidationError as error:
        raise _problem(error, data) from None


def dump(message: _Message) -> str:
    """The frame of ``message``: compact JSON, ``type`` first."""
    data = message.model_dump(mode="json")
    ordered = {"type": data.pop("type"), **data}
    return json.dumps(ordered, separators=(",", ":"), ensure_ascii=False)


# Presence, as a client keeps it ------------------------------------------------------


@dataclass(frozen=True)
class Presence:
    """Whether a seat's driver is here: ``here`` (connected, or the host's keyboard),
    ``away`` (dropped; a computer driver takes over at ``until``), ``waiting`` (a remote
    seat nobody has taken yet), ``bot`` (a computer driver drives it)."""

    kind: PresenceKind
    until: float | None = None
    """For ``away``: the :func:`time.monotonic` moment on this machine the grace ends."""

    def seconds_left(self, now: float | None = None) -> int:
        """Whole seconds of grace left, rounded up (0 when not away, or over), for
        "away (12 s)"."""
        if self.until is None:
            return 0
        now = time.monotonic() if now is None else now
        return max(0, math.ceil(self.until - now))

    @classmethod
    def from_wire(cls, wire: PresenceWire, now: float | None = None) -> Presence:
        now = time.monotonic() if now is None else now
        return cls(wire.kind, None if wire.left is None else now + wire.left)


__all__ = [
    "MAX_CLIENT_FRAME",
    "MAX_HOST_FRAME",
    "PROTOCOL",
    "Act",
    "ActionWire",
    "Hand",
    "Hello",
    "Over",
    "Ping",
    "Pong",
    "Presence",
    "PresenceMessage",
    "PresenceWire",
    "ProtocolError",
    "Refused",
    "RollDice",
    "SeatChangeWire",
    "Seats",
    "Welcome",
    "dump",
    "parse_client",
    "parse_host",
]
