"""Reading records: every turn is played again through the engine and must come out
exactly as written, so a record is never trusted, only checked."""

from __future__ import annotations

import json
from dataclasses import replace
from functools import lru_cache

from pydantic import ValidationError

from monza_tui.boardfile import (
    BUILTIN,
    BoardFile,
    BoardFileError,
    board_from_definition,
    load_board,
)
from monza_tui.engine import (
    BonusResult,
    Colour,
    Die,
    GameConfigError,
    IllegalActionError,
    Phase,
    Placement,
    Push,
    Roll,
    State,
    Tile,
    TurnLog,
    parse_action_text,
    seeded_roll,
)
from monza_tui.errors import echo
from monza_tui.limits import (
    MAX_LINE_CHARS,
    MAX_RACES_PER_FILE,
    MAX_TURNS_PER_RACE,
)
from monza_tui.record.lines import (
    HeaderLine,
    MoveLine,
    ResultLine,
    TurnLine,
    UnfinishedLine,
)
from monza_tui.record.race import (
    RECORD,
    VERSION,
    Player,
    Race,
    RecordError,
    result_json,
    turn_actions,
    turn_json,
)


def parse_records(text: str, source: str) -> list[Race]:
    """Parse and re-validate the races of a record's text (see :func:`read_records`)."""
    reader = _Reader(source)
    for number, raw in enumerate(text.split("\n"), start=1):
        if len(raw.rstrip("\r")) > MAX_LINE_CHARS:
            raise reader.fail(number, f"longer than {MAX_LINE_CHARS} characters")
        if raw.strip():
            reader.feed(number, raw)
    return reader.close()


def _too_many_races(source: str, number: int) -> str:
    return (f"{source}: line {number}: more than {MAX_RACES_PER_FILE} races in one file; "
            "no record monza-tui writes holds as many")


@lru_cache(maxsize=len(BUILTIN))
def _builtin_board(name: str) -> BoardFile:
    """A built-in board, loaded once per process (a record of many races names it often)."""
    return load_board(name)


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
        self.turns: list[TurnLog] = []
        """The completed turns of the current race (kept here, not re-copied per turn)."""
        self.boards: dict[str, BoardFile] = {}
        """Board files carried by headers, by their JSON: each is validated once."""

    def fail(self, number: int, message: str) -> RecordError:
        return RecordError(f"{self.source}: line {number}: {message}")

    def feed(self, number: int, raw: str) -> None:
        self.last_line = number
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
            if number == 1 and not raw.lstrip().startswith('{"record"'):
                raise self.fail(number, f"not a monza game record ({what})") from None
            raise self.fail(number, f"not JSON ({what}); the file may be truncated") from None
        if not isinstance(data, dict):
            raise self.fail(number, "a record line is a JSON object")
        version = data.get("version")
        if data.get("record") == RECORD and type(version) is int and version > VERSION:
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
            self.races.append(replace(race, turns=tuple(self.turns)))
        self.race = None
        self.turns = []

    def _header(self, number: int, line: HeaderLine) -> None:
        if line.record != RECORD:
            raise self.fail(number, f"record: {echo(line.record)} is not a monza game record")
        if line.version > VERSION:
            raise self.fail(
                number,
                f"version: {line.version} is newer than this monza-tui "
                f"reads ({VERSION}); update monza-tui",
            )
        if line.version < 1:
            raise self.fail(number, f"version: {line.version} is not a record version")
        self._end_race(number - 1)
        if len(self.races) >= MAX_RACES_PER_FILE:
            raise RecordError(_too_many_races(self.source, number))
        try:
            if line.board_file is not None:
                board_file = self._board_file(line.board_file)
                if board_file.board.name != line.board:
                    raise self.fail(
                        number,
                        f"board: {echo(line.board)} but board_file is the "
                        f"{board_file.board.name!r} board",
                    )
                if line.board in BUILTIN:
                    if board_file.definition != _builtin_board(line.board).definition:
                        # Not passed off as the built-in board it is named after.
                        raise self.fail(
                            number,
                            f"board_file: called {line.board!r} but not the built-in "
                            f"{line.board} board; a board file needs a name of its own",
                        )
                    board_file = _builtin_board(line.board)
            elif line.board in BUILTIN:
                board_file = _builtin_board(line.board)
            else:
                raise self.fail(
                    number,
                    f"board: {echo(line.board)} is not built in and the record carries "
                    "no board_file",
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
        self.turns = []
        self.result_seen = False
        self.seeded_dice = line.dice == "seed"

    def _board_file(self, definition: dict[str, object]) -> BoardFile:
        key = json.dumps(definition, sort_keys=True)
        if key not in self.boards:
            self.boards[key] = board_from_definition(definition, "board_file")
        return self.boards[key]

    def _space(self, number: int, field: str, space_id: str) -> int:
        assert self.race is not None
        try:
            return self.race.game.board.index_of(space_id)
        except KeyError:
            raise self.fail(number, f"{field}: no space {echo(space_id)} on this board") from None

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
        if len(self.turns) >= MAX_TURNS_PER_RACE:
            raise self.fail(
                number,
                f"more than {MAX_TURNS_PER_RACE} turns in one race; no real race lasts as long",
            )
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
                # Dice come from the seed (Race.roll): an edited roll shows.
                if (
                    isinstance(action, Roll)
                    and self.seeded_dice
                    and action != seeded_roll(race.seed, race.state)
                ):
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
        played = race.turns[-1] if race.turns else None
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
        self.turns.append(played)
        # The race carries no turns while it is read: copying them at every turn would make
        # reading quadratic; _end_race puts them back.
        self.race = replace(race, turns=())

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
                action = parse_action_text(race.game.board, text)
                if (
                    isinstance(action, Roll)
                    and self.seeded_dice
                    and action != seeded_roll(race.seed, race.state)
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


def _missing(state: State) -> str:
    phase = state.phase
    if phase is Phase.PLACING or phase is Phase.TURBO_PLACING:
        return "a die still fits, the move must go on (R6)"
    if phase is Phase.TURBO_ROLL:
        return "all six dice were placed, the turbo roll is missing (R14)"
    if phase is Phase.BONUS:
        return "a bonus move is owed, the bonus field is missing (R15)"
    return f"it stops in the {phase.value} phase"
