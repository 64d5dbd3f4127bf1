"""A client's mirror of the host's race: what each message from the host makes of it.

Kept apart from the connection (:mod:`.client`: joining, the line, reconnecting) because
it is the race's side: every step is the engine's (the welcome's actions replayed, each
new action applied, each seat change made), so the mirror is always the host's race or,
when a message does not fit it, is known to be out of step (None) and sent afresh. These
are pure functions of the mirror and a message; the client keeps the answers.
"""

from __future__ import annotations

import hmac
import json
import logging
import re
import time
from collections.abc import Mapping
from dataclasses import replace

from monza_tui.engine import (
    Action,
    IllegalActionError,
    InvalidActionError,
    Roll,
    parse_action_text,
)
from monza_tui.net import codes
from monza_tui.net.protocol import (
    ActionWire,
    Over,
    Presence,
    PresenceWire,
    Refused,
    Seats,
    Welcome,
)
from monza_tui.record import Race, RecordError
from monza_tui.record.seating import SeatChange

log = logging.getLogger(__name__)


def mirror(welcome: Welcome) -> Race:
    """The race a welcome describes: its header (the seed unknown: 0) replayed through
    the engine with every action and seat change. :class:`ValueError` if the host sent a
    race this version cannot read."""
    from monza_tui.record import parse_records

    header = dict(welcome.header)
    header.pop("seed_hash", None)
    header["seed"] = 0
    header["dice"] = "free"
    try:
        (race,) = parse_records(json.dumps(header), "host")
        board = race.game.board
        for text in welcome.actions:
            race = race.apply(parse_action_text(board, text))
        players = list(race.players)
        changes: list[SeatChange] = []
        for wire in welcome.seat_changes:
            if not 0 <= wire.player < len(players):
                raise ValueError("no such seat")
            was = players[wire.player].seat
            players[wire.player] = replace(players[wire.player], seat=wire.seat)
            changes.append(SeatChange(wire.turn, wire.at, wire.player, wire.seat, was))
        return replace(race, players=tuple(players), seat_changes=tuple(changes))
    except (RecordError, ValueError) as error:
        log.warning("unreadable welcome: %s", error)
        raise ValueError("unreadable welcome") from None


def played(race: Race, seq: int, message: ActionWire) -> tuple[Race, Action] | None:
    """The mirror after the host's action ``message`` (``seq``: the actions seen), and
    the action; None if it does not fit the mirror (out of step)."""
    if message.seq != seq:
        return None
    try:
        action = parse_action_text(race.game.board, message.action)
        return race.apply(action), action
    except (InvalidActionError, IllegalActionError):
        return None


def seat_changed(race: Race, seq: int, message: Seats) -> Race | None:
    """The mirror after the host's seat change; None if it does not fit (out of step)."""
    change = message.change
    if message.seq != seq:
        return None
    try:
        return race.with_seat_change(change.turn, change.at, change.player, change.seat)
    except ValueError:
        return None


FAIR = "net.dice_fair"
"""The end's check passed: the seed is the one promised and the dice seen are its dice."""
CHECK_FAILED = frozenset({"net.seed_mismatch", "net.record_mismatch", "net.rolls_differ"})
"""What the end's check says when the host's word fails it."""
HASH = re.compile(r"[0-9a-f]{64}")
"""The form of ``seed_hash`` (sha256 in lower-case hex)."""


def rolls_of(race: Race) -> list[Roll]:
    """Every roll of ``race`` so far, in order (a take-back never undoes a roll, so the
    n-th roll of the race is the n-th roll seen on the wire and in the record)."""
    return [action for _, action in race.replay() if isinstance(action, Roll)]


def finished(
    race: Race, message: Over, seed_hash: str, seen: Mapping[int, Roll]
) -> tuple[Race, str]:
    """The end's check of the host's word, and the race to show: the host's record (with
    the seed) when the check passes (:data:`FAIR`), else the mirror, what was seen. The
    published seed and salt must give ``seed_hash``, the hash pinned from the first
    welcome (``net.seed_mismatch``); the record must read as one finished race whose every
    roll is that seed's (``net.record_mismatch``); ``seen``, every roll the client was
    told (by its place among the race's rolls, as first told), must be the record's
    (``net.rolls_differ``); and the record must end as the mirror did, the race played
    (``net.record_mismatch``)."""
    from monza_tui.record import parse_records

    try:
        salt = bytes.fromhex(message.salt)
    except ValueError:
        salt = b""
    if not hmac.compare_digest(codes.seed_hash(message.seed, salt), seed_hash):
        return race, "net.seed_mismatch"
    try:
        races = parse_records(message.record, "host")
    except RecordError as error:
        log.warning("the host's record cannot be read: %s", error)
        return race, "net.record_mismatch"
    if (len(races) != 1 or races[0].seed != message.seed or not races[0].seeded
            or not races[0].state.is_terminal()):
        return race, "net.record_mismatch"
    (record,) = races
    theirs = rolls_of(record)
    if (len(theirs) != len(rolls_of(race))
            or any(k >= len(theirs) or theirs[k] != roll for k, roll in seen.items())):
        return race, "net.rolls_differ"
    if record.state != race.state:  # (the dice of a turn are the seed's whatever the play)
        return race, "net.record_mismatch"
    return record, FAIR


def explained(race: Race, message: Refused) -> tuple[str, dict[str, object]]:
    """A refusal's code and values, with the engine's own reason for an illegal action
    (the mirror says exactly why, in the player's language)."""
    params: dict[str, object] = dict(message.params)
    if message.code == "net.illegal" and isinstance(params.get("action"), str):
        try:
            race.state.apply(parse_action_text(race.game.board, str(params["action"])))
        except (IllegalActionError, InvalidActionError) as error:
            params["why"] = error
            return "net.illegal_why", params
    return message.code, params


def presence_of(wires: list[PresenceWire]) -> dict[int, Presence]:
    """Each seat's presence as the host told it (its grace counted from now)."""
    now = time.monotonic()
    return {p: Presence.from_wire(wire, now) for p, wire in enumerate(wires)}


__all__ = [
    "CHECK_FAILED",
    "FAIR",
    "HASH",
    "explained",
    "finished",
    "mirror",
    "played",
    "presence_of",
    "rolls_of",
    "seat_changed",
]
