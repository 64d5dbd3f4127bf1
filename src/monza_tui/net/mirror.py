"""A client's mirror of the host's race: what each message from the host makes of it.

Kept apart from the connection (:mod:`.client`: joining, the line, reconnecting) because
it is the race's side: every step is the engine's (the welcome's actions replayed, each
new action applied, each seat change made), so the mirror is always the host's race or,
when a message does not fit it, is known to be out of step (None) and sent afresh. These
are pure functions of the mirror and a message; the client keeps the answers.
"""

from __future__ import annotations

import contextlib
import json
import logging
import time
from dataclasses import replace

from monza_tui.engine import Action, IllegalActionError, InvalidActionError, parse_action_text
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


def finished(race: Race, message: Over, seed_hash: str) -> tuple[Race, bool]:
    """The race at the end: the host's record (with the seed) if its seed matches the
    hash shown at the start and it reads as one finished race, else the mirror; and
    whether the seed matched (``net.seed_mismatch`` otherwise)."""
    from monza_tui.record import parse_records

    try:
        salt = bytes.fromhex(message.salt)
    except ValueError:
        salt = b""
    if codes.seed_hash(message.seed, salt) != seed_hash:
        return race, False
    with contextlib.suppress(RecordError):
        races = parse_records(message.record, "host")
        if len(races) == 1 and races[0].state.is_terminal():
            return races[0], True
    return race, True


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


__all__ = ["explained", "finished", "mirror", "played", "presence_of", "seat_changed"]
