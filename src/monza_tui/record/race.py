"""Races and their record lines: the set-up, the turns so far, and the JSON forms of each.

A :class:`Race` is the set-up plus every completed turn and the actions of the turn in
progress; its engine :class:`State` is always the result of replaying them.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

from monza_tui.boardfile import (
    BoardFile,
)
from monza_tui.engine import (
    Action,
    BonusStep,
    Colour,
    Confirm,
    DeclineBonus,
    Die,
    Game,
    GameConfigError,
    KeepRoll,
    Phase,
    Place,
    Placement,
    Reroll,
    Roll,
    State,
    TakeBack,
    TurnLog,
    action_text,
    seeded_roll,
)
from monza_tui.errors import UserError
from monza_tui.files import atomic_write_text
from monza_tui.limits import (
    MAX_LINE_CHARS,
    MAX_PENDING_ACTIONS,
    MAX_RACES_PER_FILE,
    MAX_RECORD_BYTES,
    MAX_TURNS_PER_RACE,
    names_problem,
    seed_problem,
)
from monza_tui.record.seating import SeatChange, clamp, seats_json
from monza_tui.seats import SeatKind

RECORD = "monza-game"
VERSION = 1
"""The record version this code writes and the newest it reads."""

ColourName = Literal["red", "blue", "green", "yellow", "purple", "white"]


class RecordError(UserError, ValueError):
    """A record that cannot be used; the one-line message names file, line and field."""


@dataclass(frozen=True, slots=True)
class Player:
    """A player of a race: a name, a car, and who drives it (``seat``, the record's word)."""

    name: str
    car: Colour
    seat: SeatKind = SeatKind.HUMAN

    def __post_init__(self) -> None:
        # "greedy" and SeatKind.GREEDY are the same seat; keep the enum.
        object.__setattr__(self, "seat", SeatKind(self.seat))


# The race ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Race:
    """A race from its set-up: the state now, the turns that led there, the turn in progress."""

    game: Game
    players: tuple[Player, ...]
    seed: int
    board_file: BoardFile
    state: State
    turns: tuple[TurnLog, ...] = ()
    pending: tuple[Action, ...] = ()
    """The actions of the turn in progress (what a save needs beyond the turn lines)."""
    seeded: bool = True
    """Whether every roll so far is the one :meth:`roll` makes from the seed, so that a reader
    can check the dice too; a race fed other dice is recorded with ``"dice": "free"``."""
    seat_changes: tuple[SeatChange, ...] = ()
    """Every seat that changed hands so far, in order; ``players`` holds who drives now and
    :meth:`starting_players` who drove at the start (the header's seats)."""

    @classmethod
    def start(
        cls,
        board_file: BoardFile,
        players: Sequence[Player],
        *,
        seed: int,
        pro: bool = False,
        bonus: bool = False,
        start_player: int = 0,
    ) -> Race:
        """A new race with every car on the start field (R3, R12). Names and seed are
        checked here, so that no race the game writes can hold what its reader refuses
        (:class:`GameConfigError`, one line)."""
        problem = names_problem(p.name for p in players) or seed_problem(seed)
        if problem is not None:
            raise GameConfigError(problem, "worded", text=problem)  # limits words its own
        game = Game(
            board_file.board,
            tuple(p.car for p in players),
            pro=pro,
            bonus=bonus,
            start_player=start_player,
        )
        return cls(game, tuple(players), seed, board_file, game.new_state())

    def apply(self, action: Action) -> Race:
        """The race after one more action; the engine decides legality.

        A take-back cancels the placement it takes back instead of being kept: the state
        is the same either way, and so the unfinished turn of a save stays short however
        often a player changes their mind (:data:`~monza_tui.limits.MAX_PENDING_ACTIONS`)."""
        state = self.state.apply(action)
        seeded = self.seeded and (
            not isinstance(action, Roll) or action == seeded_roll(self.seed, self.state)
        )
        if state.last_turn is not self.state.last_turn:
            assert state.last_turn is not None
            turns = (*self.turns, state.last_turn)
            return replace(self, state=state, turns=turns, pending=(), seeded=seeded)
        if isinstance(action, TakeBack) and self.pending and isinstance(self.pending[-1], Place):
            pending = self.pending[:-1]
            changes = clamp(self.seat_changes, self.state.turn, len(pending))
            return replace(self, state=state, pending=pending, seeded=seeded,
                           seat_changes=changes)
        return replace(self, state=state, pending=(*self.pending, action), seeded=seeded)

    def hand_seat(self, player: int, seat: SeatKind) -> Race:
        """The race with ``player``'s car driven by ``seat`` from now on (a person leaves
        and a computer driver takes over, or a person takes a car back). The game's state
        is untouched: who drives is not part of it. :class:`ValueError` once the race is
        over, for a seat that does not exist, or for the driver it already has."""
        return self.with_seat_change(self.state.turn, len(self.pending), player, seat)

    def with_seat_change(self, turn: int, at: int, player: int, seat: SeatKind) -> Race:
        """The race with a seat change made after ``at`` actions of ``turn`` (a record's)."""
        seat = SeatKind(seat)
        if self.state.is_terminal():
            raise ValueError("the race is over")
        if not 0 <= player < len(self.players):
            raise ValueError(f"no seat {player}")
        current = self.players[player]
        if current.seat is seat:
            raise ValueError(f"seat {player} is already driven by {seat}")
        change = SeatChange(turn, at, player, seat, current.seat)
        players = list(self.players)
        players[player] = replace(current, seat=seat)
        return replace(self, players=tuple(players), seat_changes=(*self.seat_changes, change))

    def starting_players(self) -> tuple[Player, ...]:
        """The players as the race began (the header's seats), before any change."""
        if not self.seat_changes:
            return self.players
        players = list(self.players)
        for change in reversed(self.seat_changes):
            players[change.player] = replace(players[change.player], seat=change.was)
        return tuple(players)

    def roll(self) -> Race:
        """Let chance roll the dice due now, the ones the seed gives (R1)."""
        return self.apply(seeded_roll(self.seed, self.state))

    def lines(self) -> list[dict[str, Any]]:
        """The record: header, one line per completed turn, the result once it is over."""
        lines = [header_json(self)]
        for log in self.turns:
            line = turn_json(self.game, log)
            if self.seat_changes and (seats := seats_json(self.seat_changes, log.turn)):
                line["seats"] = seats
            lines.append(line)
        if self.state.is_terminal():
            lines.append(result_json(self.state))
        return lines

    def save_lines(self) -> list[dict[str, Any]]:
        """The record plus the actions of an unfinished turn, for a save."""
        lines = self.lines()
        seats = [] if self.state.is_terminal() else seats_json(self.seat_changes, self.state.turn)
        if self.pending or seats:
            board = self.game.board
            unfinished: dict[str, Any] = {
                "turn": self.state.turn,
                "actions": [action_text(board, a) for a in self.pending],
            }
            if seats:
                unfinished["seats"] = seats
            lines.append({"unfinished": unfinished})
        return lines

    def replay(self) -> Iterator[tuple[State, Action]]:
        """Every (state, action) from the start to now, for stepping through a race."""
        state = self.game.new_state()
        for log in self.turns:
            for action in turn_actions(state, log):
                yield state, action
                state = state.apply(action)
        for action in self.pending:
            yield state, action
            state = state.apply(action)


def record_text(races: Sequence[Race], *, save: bool = False) -> str:
    """The record of ``races`` as text, checked against the reader's limits first
    (:mod:`monza_tui.limits`): what cannot be read back is never written
    (:class:`RecordError` instead)."""
    if len(races) > MAX_RACES_PER_FILE:
        raise RecordError(code="write.races", count=len(races), most=MAX_RACES_PER_FILE)
    chunks = []
    size = 0
    for race in races:
        if len(race.turns) > MAX_TURNS_PER_RACE:
            raise RecordError(code="write.turns", count=len(race.turns), most=MAX_TURNS_PER_RACE)
        if save and len(race.pending) > MAX_PENDING_ACTIONS:
            raise RecordError(
                code="write.pending", count=len(race.pending), most=MAX_PENDING_ACTIONS
            )
        for line in race.save_lines() if save else race.lines():
            chunk = json.dumps(line, separators=(", ", ": "))
            if len(chunk) > MAX_LINE_CHARS:
                raise RecordError(code="write.line", count=len(chunk), most=MAX_LINE_CHARS)
            size += len(chunk) + 1  # ASCII: json.dumps escapes the rest
            chunks.append(chunk)
    if size > MAX_RECORD_BYTES:
        raise RecordError(code="write.bytes", count=size, most=MAX_RECORD_BYTES)
    return "\n".join(chunks) + "\n"


def write_records(path: Path | str, races: Sequence[Race], *, save: bool = False) -> None:
    """Write races to one JSON Lines file, atomically (never a half-written file)."""
    atomic_write_text(Path(path), record_text(races, save=save))


# JSON forms ----------------------------------------------------------------------------


def header_json(race: Race) -> dict[str, Any]:
    """The header line of a race."""
    game = race.game
    header: dict[str, Any] = {
        "record": RECORD,
        "version": VERSION,
        "board": game.board.name,
        "edition": game.board.edition.value,
        "variants": {"pro": game.pro, "bonus": game.bonus},
        "seed": race.seed,
        "start_player": game.start_player,
        "players": [
            {"name": p.name, "car": p.car.value, "seat": p.seat}
            for p in race.starting_players()
        ],
    }
    if not race.seeded:
        header["dice"] = "free"
    if not race.board_file.builtin:
        header["board_file"] = race.board_file.definition
    return header


def _move_json(board_ids: Sequence[str], placement: Placement) -> dict[str, Any]:
    token = placement.token
    key, value = ("die", token.index) if isinstance(token, Die) else ("tile", token.colour.value)
    return {key: value, "colour": placement.colour.value, "to": board_ids[placement.space]}


def turn_json(game: Game, log: TurnLog) -> dict[str, Any]:
    """The line of one completed turn."""
    ids = [s.id for s in game.board.spaces]
    car = [c.value for c in game.cars]
    return {
        "turn": log.turn,
        "round": log.round,
        "player": log.player,
        "car": car[log.player],
        "roll": [c.value for c in log.roll],
        "reroll": None
        if log.reroll is None
        else {
            "dice": list(log.reroll[0]),
            "roll": [c.value for c in log.reroll[1]],
        },
        "moves": [_move_json(ids, p) for p in log.moves],
        "turbo": None
        if log.turbo_roll is None
        else {
            "roll": [c.value for c in log.turbo_roll],
            "moves": [_move_json(ids, p) for p in log.turbo_moves],
        },
        "pushed": [
            {"car": car[p.player], "from": ids[p.origin], "to": ids[p.to]} for p in log.pushed
        ],
        "bonus": None
        if log.bonus is None
        else {
            "car": car[log.bonus.player],
            "from": ids[log.bonus.origin],
            "to": None if log.bonus.to is None else ids[log.bonus.to],
        },
        "positions": {car[p]: ids[s] for p, s in enumerate(log.positions)},
    }


def result_json(state: State) -> dict[str, Any]:
    """The result line of a finished race (R10, R11)."""
    cars = state.game.cars
    return {
        "result": {
            "final_round": state.round,
            "finished": [cars[p].value for p in state.finished()],
            "dice_used": {cars[p].value: state.dice_used(p) for p in state.finished()},
            "winners": [cars[p].value for p in state.winners()],
        }
    }


# Turn lines back into actions --------------------------------------------------------


def turn_actions(state: State, log: TurnLog) -> Iterator[Action]:
    """The actions that play ``log`` from ``state`` (the start of that turn). Which steps
    exist (extra roll, turbo, bonus) depends on the state, so it is walked as it goes; an
    action the rules refuse raises :class:`IllegalActionError` from the engine."""

    def step(action: Action) -> Action:
        nonlocal state
        state = state.apply(action)
        return action

    yield step(Roll(log.roll))
    if state.phase is Phase.EXTRA_ROLL:
        if log.reroll is None:
            yield step(KeepRoll())
        else:
            yield step(Reroll(log.reroll[0]))
            yield step(Roll(log.reroll[1]))
    for placement in log.moves:
        yield step(Place(placement.token, placement.space))
    yield step(Confirm())
    if state.phase is Phase.TURBO_ROLL and log.turbo_roll is not None:
        yield step(Roll(log.turbo_roll))
        for placement in log.turbo_moves:
            yield step(Place(placement.token, placement.space))
        yield step(Confirm())
    if state.phase is Phase.BONUS and log.bonus is not None:
        yield step(DeclineBonus() if log.bonus.to is None else BonusStep(log.bonus.to))
