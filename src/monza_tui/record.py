"""The game record: races as JSON Lines, written by saves, replays and simulation logs.

Like PGN for chess, one format serves everything; ``docs/game-record.md`` documents it. A
:class:`Race` is the set-up plus every completed turn and the actions of the turn in progress;
its engine :class:`State` is always the result of replaying them. Reading a record never
trusts it: every turn is played again through the engine and must come out exactly as written.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from monza_tui.boardfile import (
    BUILTIN,
    BoardFile,
    BoardFileError,
    board_from_definition,
    load_board,
)
from monza_tui.engine import (
    Action,
    BonusResult,
    BonusStep,
    Colour,
    Confirm,
    DeclineBonus,
    Die,
    Game,
    GameConfigError,
    IllegalActionError,
    KeepRoll,
    Phase,
    Place,
    Placement,
    Push,
    Reroll,
    Roll,
    State,
    TakeBack,
    Tile,
    TurnLog,
    roll_dice,
)
from monza_tui.errors import UserError
from monza_tui.files import atomic_write_text

RECORD = "monza-game"
VERSION = 1
"""The record version this code writes and the newest it reads."""
MAX_RECORD_BYTES = 256 * 1024 * 1024
MAX_LINE_CHARS = 64 * 1024

Seat = Literal["human", "random", "greedy", "expert"]
ColourName = Literal["red", "blue", "green", "yellow", "purple", "white"]


class RecordError(UserError, ValueError):
    """A record that cannot be used; the one-line message names file, line and field."""


@dataclass(frozen=True, slots=True)
class Player:
    """A seat at the table: a name, a car, and who drives it."""

    name: str
    car: Colour
    seat: Seat = "human"


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
        """A new race with every car on the start field (R3, R12)."""
        game = Game(
            board_file.board,
            tuple(p.car for p in players),
            pro=pro,
            bonus=bonus,
            start_player=start_player,
        )
        return cls(game, tuple(players), seed, board_file, game.new_state())

    def apply(self, action: Action) -> Race:
        """The race after one more action; the engine decides legality."""
        state = self.state.apply(action)
        seeded = self.seeded and (
            not isinstance(action, Roll)
            or action.colours == roll_dice(self.chance_rng(), len(action.colours))
        )
        if state.last_turn is not self.state.last_turn:
            assert state.last_turn is not None
            turns = (*self.turns, state.last_turn)
            return replace(self, state=state, turns=turns, pending=(), seeded=seeded)
        return replace(self, state=state, pending=(*self.pending, action), seeded=seeded)

    def chance_rng(self) -> random.Random:
        """The generator for the dice rolled now, fixed by seed, turn and phase, so a race
        resumed after an interruption rolls exactly the dice it would have rolled."""
        return random.Random(f"monza/{self.seed}/{self.state.turn}/{self.state.phase.value}")

    def roll(self) -> Race:
        """Let chance roll the dice due now (R1)."""
        dice = roll_dice(self.chance_rng(), self.state.dice_to_roll())
        return self.apply(Roll(dice))

    def lines(self) -> list[dict[str, Any]]:
        """The record: header, one line per completed turn, the result once it is over."""
        lines = [header_json(self)]
        lines.extend(turn_json(self.game, log) for log in self.turns)
        if self.state.is_terminal():
            lines.append(result_json(self.state))
        return lines

    def save_lines(self) -> list[dict[str, Any]]:
        """The record plus the actions of an unfinished turn, for a save."""
        lines = self.lines()
        if self.pending:
            board = self.game.board
            lines.append(
                {
                    "unfinished": {
                        "turn": self.state.turn,
                        "actions": [action_text(board, a) for a in self.pending],
                    }
                }
            )
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


def write_records(path: Path | str, races: Sequence[Race], *, save: bool = False) -> None:
    """Write races to one JSON Lines file, atomically (never a half-written file)."""
    chunks = []
    for race in races:
        for line in race.save_lines() if save else race.lines():
            chunks.append(json.dumps(line, separators=(", ", ": ")))
    atomic_write_text(Path(path), "\n".join(chunks) + "\n")


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
        "players": [{"name": p.name, "car": p.car.value, "seat": p.seat} for p in race.players],
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


def action_text(board_ids_source: Any, action: Action) -> str:
    """An action's text with space ids instead of indices (for the unfinished turn)."""
    spaces = board_ids_source.spaces
    if isinstance(action, Place):
        return f"{action.token}@{spaces[action.space].id}"
    if isinstance(action, BonusStep):
        return f"bonus@{spaces[action.space].id}"
    return str(action)


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


# Reading ---------------------------------------------------------------------------


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class _Open(BaseModel):
    model_config = ConfigDict(extra="allow", populate_by_name=True)


class PlayerLine(_Strict):
    name: str = Field(min_length=1, max_length=40)
    car: ColourName
    seat: Seat = "human"

    @field_validator("name")
    @classmethod
    def _printable(cls, name: str) -> str:
        # Names are printed to terminals: an escape sequence in a shared record must not
        # reach one (clear the screen, retitle the window, ...).
        if any(ord(c) < 32 or 127 <= ord(c) < 160 for c in name):
            raise ValueError("a name has no control characters")
        return name


class Variants(_Strict):
    pro: bool = False
    bonus: bool = False


class HeaderLine(_Open):
    record: str
    version: int
    board: str = Field(min_length=1, max_length=40)
    edition: Literal["anniversary", "original"]
    variants: Variants
    seed: int
    start_player: int = Field(ge=0)
    players: list[PlayerLine] = Field(min_length=2, max_length=6)
    board_file: dict[str, Any] | None = None
    dice: Literal["seed", "free"] = "seed"


class MoveLine(_Strict):
    die: int | None = Field(default=None, ge=0, le=5)
    tile: ColourName | None = None
    colour: ColourName
    to: str = Field(max_length=20)


class RerollLine(_Strict):
    dice: list[int] = Field(min_length=1, max_length=6)
    roll: list[ColourName] = Field(min_length=1, max_length=6)


class TurboLine(_Strict):
    roll: list[ColourName] = Field(min_length=2, max_length=2)
    moves: list[MoveLine] = Field(max_length=2)


class PushLine(_Strict):
    car: ColourName
    origin: str = Field(alias="from", max_length=20)
    to: str = Field(max_length=20)


class BonusLine(_Strict):
    car: ColourName
    origin: str = Field(alias="from", max_length=20)
    to: str | None = Field(max_length=20)


class TurnLine(_Open):
    turn: int = Field(ge=1)
    round: int = Field(ge=1)
    player: int = Field(ge=0, le=5)
    car: ColourName
    roll: list[ColourName] = Field(min_length=6, max_length=6)
    reroll: RerollLine | None = None
    moves: list[MoveLine] = Field(max_length=12)
    turbo: TurboLine | None = None
    pushed: list[PushLine] = Field(default_factory=list, max_length=6)
    bonus: BonusLine | None = None
    positions: dict[ColourName, str]


class ResultBody(_Open):
    final_round: int
    finished: list[ColourName]
    dice_used: dict[ColourName, int]
    winners: list[ColourName]


class ResultLine(_Strict):
    result: ResultBody


class UnfinishedBody(_Strict):
    turn: int
    actions: list[str] = Field(max_length=64)


class UnfinishedLine(_Strict):
    unfinished: UnfinishedBody


def read_records(path: Path | str) -> list[Race]:
    """Every race in a record file, each re-validated turn by turn with the engine."""
    path = Path(path)
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_RECORD_BYTES + 1)
    except OSError as error:
        raise RecordError(f"{path}: cannot read: {error.strerror or error}") from None
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(f"{path}: larger than {MAX_RECORD_BYTES // 2**20} MiB")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RecordError(f"{path}: not UTF-8 text (byte {error.start})") from None
    return parse_records(text, str(path))


def parse_records(text: str, source: str) -> list[Race]:
    """Parse and re-validate the races of a record's text (see :func:`read_records`)."""
    reader = _Reader(source)
    for number, raw in enumerate(text.splitlines(), start=1):
        if raw.strip():
            reader.feed(number, raw)
    return reader.close()


def _first_error(error: ValidationError) -> str:
    first = error.errors()[0]
    place = ".".join(str(part) for part in first["loc"])
    # Our own validators' messages are whole sentences; drop pydantic's label.
    message = first["msg"].removeprefix("Value error, ")
    return f"{place}: {message}" if place else message


class _Reader:
    """Reads record lines one by one, replaying each turn as it comes."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.races: list[Race] = []
        self.race: Race | None = None
        self.result_seen = False
        self.seeded_dice = True
        self.last_line = 0

    def fail(self, number: int, message: str) -> RecordError:
        return RecordError(f"{self.source}: line {number}: {message}")

    def feed(self, number: int, raw: str) -> None:
        self.last_line = number
        if len(raw) > MAX_LINE_CHARS:
            raise self.fail(number, f"longer than {MAX_LINE_CHARS} characters")
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError) as error:
            # JSONDecodeError; a plain ValueError is int() refusing more than 4300 digits.
            if isinstance(error, json.JSONDecodeError):
                what = error.msg
            elif isinstance(error, RecursionError):
                what = "nested too deeply"
            else:
                what = "a number far too long"
            if number == 1:
                raise self.fail(number, f"not a monza game record ({what})") from None
            raise self.fail(number, f"not JSON ({what}); the file may be truncated") from None
        if not isinstance(data, dict):
            raise self.fail(number, "a record line is a JSON object")
        version = data.get("version")
        if (
            data.get("record") == RECORD
            and type(version) is int
            and version > VERSION
        ):
            # Before the schema: a newer version may have changed the very fields checked.
            raise self.fail(
                number,
                f"version: {version} is newer than this monza-tui reads ({VERSION}); "
                "update monza-tui",
            )
        try:
            if "record" in data:
                self._header(number, HeaderLine.model_validate(data))
            elif self.race is None:
                raise self.fail(number, "not a monza game record (no header line)")
            elif "result" in data:
                self._result(number, ResultLine.model_validate(data))
            elif "unfinished" in data:
                self._unfinished(number, UnfinishedLine.model_validate(data))
            else:
                self._turn(number, TurnLine.model_validate(data))
        except ValidationError as error:
            raise self.fail(number, _first_error(error)) from None

    def close(self) -> list[Race]:
        if self.race is None:
            raise RecordError(f"{self.source}: empty, not a monza game record")
        self._end_race(self.last_line)
        return self.races

    def _end_race(self, number: int) -> None:
        race = self.race
        if race is not None and race.state.is_terminal() and not self.result_seen:
            raise self.fail(number, "the race is over but its result line is missing")
        if race is not None:
            self.races.append(race)

    def _header(self, number: int, line: HeaderLine) -> None:
        if line.record != RECORD:
            raise self.fail(number, f"record: {line.record!r} is not a monza game record")
        if line.version > VERSION:
            raise self.fail(
                number,
                f"version: {line.version} is newer than this monza-tui "
                f"reads ({VERSION}); update monza-tui",
            )
        if line.version < 1:
            raise self.fail(number, f"version: {line.version} is not a record version")
        self._end_race(number - 1)
        try:
            if line.board_file is not None:
                board_file = board_from_definition(line.board_file, "board_file")
                if board_file.board.name != line.board:
                    raise self.fail(
                        number,
                        f"board: {line.board!r} but board_file is the "
                        f"{board_file.board.name!r} board",
                    )
            elif line.board in BUILTIN:
                board_file = load_board(line.board)
            else:
                raise self.fail(
                    number,
                    f"board: {line.board!r} is not built in and the record carries no board_file",
                )
            if board_file.board.edition.value != line.edition:
                raise self.fail(
                    number, f"edition: the {line.board} board is {board_file.board.edition.value}"
                )
            players = tuple(Player(p.name, Colour(p.car), p.seat) for p in line.players)
            race = Race.start(
                board_file,
                players,
                seed=line.seed,
                pro=line.variants.pro,
                bonus=line.variants.bonus,
                start_player=line.start_player,
            )
        except (BoardFileError, GameConfigError) as error:
            raise self.fail(number, str(error)) from None
        self.race = race
        self.result_seen = False
        self.seeded_dice = line.dice == "seed"

    def _space(self, number: int, field: str, space_id: str) -> int:
        assert self.race is not None
        try:
            return self.race.game.board.index_of(space_id)
        except KeyError:
            raise self.fail(number, f"{field}: no space {space_id!r} on this board") from None

    def _placements(self, number: int, field: str, moves: list[MoveLine]) -> tuple[Placement, ...]:
        placements = []
        for i, move in enumerate(moves):
            where = f"{field}[{i}]"
            if (move.die is None) == (move.tile is None):
                raise self.fail(number, f"{where}: a move places either a die or a tile")
            token = Die(move.die) if move.die is not None else Tile(Colour(move.tile))
            space = self._space(number, f"{where}.to", move.to)
            placements.append(Placement(token, space, Colour(move.colour)))
        return tuple(placements)

    def _car(self, number: int, field: str, car: str) -> int:
        assert self.race is not None
        cars = [c.value for c in self.race.game.cars]
        if car not in cars:
            raise self.fail(number, f"{field}: no {car} car in this race")
        return cars.index(car)

    def _turn(self, number: int, line: TurnLine) -> None:
        race = self.race
        assert race is not None
        state = race.state
        if self.result_seen or state.is_terminal():
            raise self.fail(number, "a turn after the end of the race (R10)")
        if race.pending:
            raise self.fail(number, "a turn after the unfinished one")
        log = TurnLog(
            turn=line.turn,
            round=line.round,
            player=line.player,
            roll=tuple(Colour(c) for c in line.roll),
            reroll=None
            if line.reroll is None
            else (tuple(line.reroll.dice), tuple(Colour(c) for c in line.reroll.roll)),
            moves=self._placements(number, "moves", line.moves),
            turbo_roll=None if line.turbo is None else tuple(Colour(c) for c in line.turbo.roll),
            turbo_moves=()
            if line.turbo is None
            else self._placements(number, "turbo.moves", line.turbo.moves),
            pushed=tuple(
                Push(
                    self._car(number, f"pushed[{i}].car", p.car),
                    self._space(number, f"pushed[{i}].from", p.origin),
                    self._space(number, f"pushed[{i}].to", p.to),
                )
                for i, p in enumerate(line.pushed)
            ),
            bonus=None
            if line.bonus is None
            else BonusResult(
                self._car(number, "bonus.car", line.bonus.car),
                self._space(number, "bonus.from", line.bonus.origin),
                None if line.bonus.to is None else self._space(number, "bonus.to", line.bonus.to),
            ),
        )
        for field, written, actual in (
            ("turn", line.turn, state.turn),
            ("round", line.round, state.round),
            ("player", line.player, state.player),
            ("car", line.car, race.game.cars[state.player].value),
        ):
            if written != actual:
                raise self.fail(number, f"{field}: {written!r} but the race is at {actual!r}")
        try:
            for action in turn_actions(state, log):
                if isinstance(action, Roll) and self.seeded_dice:
                    # Dice come from the seed (Race.roll): an edited roll shows.
                    seeded = roll_dice(race.chance_rng(), race.state.dice_to_roll())
                    if action.colours != seeded:
                        which = {Phase.ROLL: "roll", Phase.TURBO_ROLL: "turbo.roll"}.get(
                            race.state.phase, "reroll.roll"
                        )
                        raise self.fail(
                            number,
                            f"{which}: not the dice of seed {race.seed}; the record was edited",
                        )
                race = race.apply(action)
        except IllegalActionError as error:
            raise self.fail(number, f"illegal move: {error}") from None
        played = race.turns[-1] if race.turns and race.turns[-1].turn == line.turn else None
        if played is None:
            raise self.fail(number, "the turn is incomplete: " + _missing(race.state))
        # Nothing written is trusted: the replayed turn must match the line field by field.
        expected = turn_json(race.game, played)
        names = [car.value for car in race.game.cars]
        checks: tuple[tuple[str, object, object], ...] = (
            ("moves", log.moves, played.moves),
            ("turbo", (log.turbo_roll, log.turbo_moves), (played.turbo_roll, played.turbo_moves)),
            ("pushed", log.pushed, played.pushed),
            ("bonus", log.bonus, played.bonus),
            ("positions", line.positions, {n: expected["positions"][n] for n in names}),
        )
        for name, ours, theirs in checks:
            if ours != theirs:
                raise self.fail(number, f"{name}: the rules give {json.dumps(expected[name])}")
        self.race = race

    def _result(self, number: int, line: ResultLine) -> None:
        race = self.race
        assert race is not None
        if not race.state.is_terminal():
            raise self.fail(number, "a result line but the race is not over (R10)")
        expected = result_json(race.state)["result"]
        written = line.result.model_dump(mode="json")
        for field in ("final_round", "finished", "dice_used", "winners"):
            if written[field] != expected[field]:
                raise self.fail(
                    number,
                    f"result.{field}: the rules give {json.dumps(expected[field])} (R10, R11)",
                )
        self.result_seen = True

    def _unfinished(self, number: int, line: UnfinishedLine) -> None:
        race = self.race
        assert race is not None
        if race.state.is_terminal():
            raise self.fail(number, "an unfinished turn after the end of the race")
        if line.unfinished.turn != race.state.turn:
            raise self.fail(
                number,
                f"unfinished.turn: {line.unfinished.turn} but the race is "
                f"at turn {race.state.turn}",
            )
        for i, text in enumerate(line.unfinished.actions):
            try:
                action = parse_record_action(race.game, text)
                if (
                    isinstance(action, Roll)
                    and self.seeded_dice
                    and action.colours != roll_dice(race.chance_rng(), race.state.dice_to_roll())
                ):
                    raise ValueError(f"not the dice of seed {race.seed}; the record was edited")
                race = race.apply(action)
            except (ValueError, IllegalActionError) as error:
                raise self.fail(number, f"unfinished.actions[{i}]: {error}") from None
            if race.state.turn != line.unfinished.turn or race.state.is_terminal():
                raise self.fail(
                    number, f"unfinished.actions[{i}]: ends the turn; write it as a turn line"
                )
        self.race = race


def parse_record_action(game: Game, text: str) -> Action:
    """Read an action written by :func:`action_text` (space ids, not indices)."""
    from monza_tui.engine import InvalidActionError, parse_action

    board = game.board
    head, at, space_id = text.partition("@")
    if at:
        try:
            index = board.index_of(space_id)
        except KeyError:
            raise InvalidActionError(f"no space {space_id!r} on this board") from None
        return parse_action(f"{head}@{index}")
    return parse_action(text)


def _missing(state: State) -> str:
    phase = state.phase
    if phase is Phase.PLACING or phase is Phase.TURBO_PLACING:
        return "a die still fits, the move must go on (R6)"
    if phase is Phase.TURBO_ROLL:
        return "all six dice were placed, the turbo roll is missing (R14)"
    if phase is Phase.BONUS:
        return "a bonus move is owed, the bonus field is missing (R15)"
    return f"it stops in the {phase.value} phase"


__all__ = [
    "Player",
    "Race",
    "RecordError",
    "TakeBack",
    "parse_records",
    "read_records",
    "write_records",
]
