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
from monza_tui.errors import Said, echo, field_problem, said
from monza_tui.limits import (
    MAX_LINE_CHARS,
    MAX_RACES_PER_FILE,
    MAX_TURNS_PER_RACE,
)
from monza_tui.record.lines import (
    HeaderLine,
    MoveLine,
    ResultLine,
    SeatLine,
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
            raise reader.fail(number, "record.line_long", most=MAX_LINE_CHARS)
        if raw.strip():
            reader.feed(number, raw)
    return reader.close()


def _too_many_races(source: str, number: int) -> RecordError:
    return _failed(source, number, "record.races", most=MAX_RACES_PER_FILE)


def _failed(source: str, number: int, code: str, **params: object) -> RecordError:
    """A record's error: file, line and the problem (a code and its values, worded when
    shown; the record itself stays English)."""
    return RecordError(code="record.at", source=source, line=number, problem=said(code, **params))


@lru_cache(maxsize=len(BUILTIN))
def _builtin_board(name: str) -> BoardFile:
    """A built-in board, loaded once per process (a record of many races names it often)."""
    return load_board(name)


class _Reader:
    """Reads record lines one by one, replaying each turn as it comes."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.races: list[Race] = []
        self.race: Race | None = None
        self.result_seen = False
        self.seeded_dice = True
        self.unfinished_seen = False
        self.last_line = 0
        self.turns: list[TurnLog] = []
        """The completed turns of the current race (kept here, not re-copied per turn)."""
        self.boards: dict[str, BoardFile] = {}
        """Board files carried by headers, by their JSON: each is validated once."""

    def fail(self, number: int, code: str, **params: object) -> RecordError:
        return _failed(self.source, number, code, **params)

    def feed(self, number: int, raw: str) -> None:
        self.last_line = number
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError) as error:
            # JSONDecodeError; a plain ValueError is int() refusing more than 4300 digits.
            if isinstance(error, json.JSONDecodeError):
                what = said("json.column", column=error.colno)
            elif isinstance(error, RecursionError):
                what = said("json.nested")
            else:
                what = said("json.long_number")
            if number == 1 and not raw.lstrip().startswith('{"record"'):
                raise self.fail(number, "record.not_record", what=what) from None
            raise self.fail(number, "record.not_json", what=what) from None
        if not isinstance(data, dict):
            raise self.fail(number, "record.not_object")
        version = data.get("version")
        if data.get("record") == RECORD and type(version) is int and version > VERSION:
            # Before the schema: a newer version may have changed the very fields checked.
            raise self.fail(number, "record.newer", version=version, ours=VERSION)
        try:
            if "record" in data:
                self._header(number, HeaderLine.model_validate(data))
            elif self.race is None:
                raise self.fail(number, "record.no_header")
            elif "result" in data:
                self._result(number, ResultLine.model_validate(data))
            elif "unfinished" in data:
                self._unfinished(number, UnfinishedLine.model_validate(data))
            else:
                self._turn(number, TurnLine.model_validate(data))
        except ValidationError as error:
            raise self.fail(number, "record.field", problem=field_problem(error)) from None

    def close(self) -> list[Race]:
        if self.race is None:
            raise RecordError(code="record.empty", source=self.source)
        self._end_race(self.last_line)
        return self.races

    def _end_race(self, number: int) -> None:
        race = self.race
        if race is not None and race.state.is_terminal() and not self.result_seen:
            raise self.fail(number, "R10.no_result")
        if race is not None:
            self.races.append(replace(race, turns=tuple(self.turns)))
        self.race = None
        self.turns = []

    def _header(self, number: int, line: HeaderLine) -> None:
        if line.record != RECORD:
            raise self.fail(number, "record.kind", record=echo(line.record))
        if line.version > VERSION:
            raise self.fail(number, "record.newer", version=line.version, ours=VERSION)
        if line.version < 1:
            raise self.fail(number, "record.version", version=line.version)
        self._end_race(number - 1)
        if len(self.races) >= MAX_RACES_PER_FILE:
            raise _too_many_races(self.source, number)
        try:
            if line.board_file is not None:
                board_file = self._board_file(line.board_file)
                if board_file.board.name != line.board:
                    raise self.fail(
                        number,
                        "record.board_name",
                        board=echo(line.board),
                        carried=board_file.board.name,
                    )
                if line.board in BUILTIN:
                    if board_file.definition != _builtin_board(line.board).definition:
                        # Not passed off as the built-in board it is named after.
                        raise self.fail(number, "record.builtin_name", board=line.board)
                    board_file = _builtin_board(line.board)
            elif line.board in BUILTIN:
                board_file = _builtin_board(line.board)
            else:
                raise self.fail(number, "record.no_board", board=echo(line.board))
            if board_file.board.edition.value != line.edition:
                raise self.fail(
                    number, "record.edition", board=line.board, edition=board_file.board.edition
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
            raise self.fail(number, "record.setup", why=error) from None
        self.race = race
        self.turns = []
        self.result_seen = False
        self.unfinished_seen = False
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
            raise self.fail(number, "record.space", field=field, space=echo(space_id)) from None

    def _placements(self, number: int, field: str, moves: list[MoveLine]) -> tuple[Placement, ...]:
        placements = []
        for i, move in enumerate(moves):
            where = f"{field}[{i}]"
            if (move.die is None) == (move.tile is None):
                raise self.fail(number, "record.die_or_tile", field=where)
            token = Die(move.die) if move.die is not None else Tile(Colour(move.tile))
            space = self._space(number, f"{where}.to", move.to)
            placements.append(Placement(token, space, Colour(move.colour)))
        return tuple(placements)

    def _car(self, number: int, field: str, car: str) -> int:
        assert self.race is not None
        cars = [c.value for c in self.race.game.cars]
        if car not in cars:
            raise self.fail(number, "record.car", field=field, car=Colour(car))
        return cars.index(car)

    def _turn(self, number: int, line: TurnLine) -> None:
        race = self.race
        assert race is not None
        state = race.state
        if self.result_seen or state.is_terminal():
            raise self.fail(number, "R10.turn_after_end")
        if race.pending or self.unfinished_seen:
            raise self.fail(number, "record.turn_after_unfinished")
        if len(self.turns) >= MAX_TURNS_PER_RACE:
            raise self.fail(number, "record.turns", most=MAX_TURNS_PER_RACE)
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
                raise self.fail(
                    number,
                    "record.out_of_step",
                    field=field,
                    written=repr(written),
                    actual=repr(actual),
                )
        race = self._seats(number, "seats", race, line.seats)
        count = 0
        try:
            for action in turn_actions(state, log):
                count += 1
                # Dice come from the seed (Race.roll): an edited roll shows.
                if (
                    isinstance(action, Roll)
                    and self.seeded_dice
                    and action != seeded_roll(race.seed, race.state)
                ):
                    which = {Phase.ROLL: "roll", Phase.TURBO_ROLL: "turbo.roll"}.get(
                        race.state.phase, "reroll.roll"
                    )
                    raise self.fail(number, "record.edited_dice", field=which, seed=race.seed)
                race = race.apply(action)
        except IllegalActionError as error:
            rule = error.code.partition(".")[0]  # the ruling, for whoever edited the file
            if rule.startswith("R"):
                raise self.fail(number, "record.illegal_rule", why=error, rule=rule) from None
            raise self.fail(number, "record.illegal", why=error) from None
        played = race.turns[-1] if race.turns else None
        if played is None:
            raise self.fail(number, "record.incomplete", why=_missing(race.state))
        for i, seat in enumerate(line.seats):
            if seat.at >= count:  # after the turn's last action: the next turn's, at 0
                raise self.fail(number, "record.seat_after", field=f"seats[{i}].at",
                                at=seat.at, count=count)
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
                raise self.fail(
                    number, "record.rules_give", field=name, value=json.dumps(expected[name])
                )
        self.turns.append(played)
        # The race carries no turns while it is read: copying them at every turn would make
        # reading quadratic; _end_race puts them back.
        self.race = replace(race, turns=())

    def _result(self, number: int, line: ResultLine) -> None:
        race = self.race
        assert race is not None
        if not race.state.is_terminal():
            raise self.fail(number, "R10.result_early")
        expected = result_json(race.state)["result"]
        written = line.result.model_dump(mode="json")
        for field in ("final_round", "finished", "dice_used", "winners"):
            if written[field] != expected[field]:
                raise self.fail(
                    number,
                    "R11.result",
                    field=f"result.{field}",
                    value=json.dumps(expected[field]),
                )
        self.result_seen = True

    def _unfinished(self, number: int, line: UnfinishedLine) -> None:
        race = self.race
        assert race is not None
        if race.state.is_terminal():
            raise self.fail(number, "R10.unfinished_after_end")
        if self.unfinished_seen:
            raise self.fail(number, "record.turn_after_unfinished")
        if line.unfinished.turn != race.state.turn:
            raise self.fail(
                number,
                "record.unfinished_turn",
                written=line.unfinished.turn,
                actual=race.state.turn,
            )
        self.unfinished_seen = True
        count = len(line.unfinished.actions)
        for i, seat in enumerate(line.unfinished.seats):
            if seat.at > count:
                raise self.fail(number, "record.seat_at", field=f"unfinished.seats[{i}].at",
                                at=seat.at, count=count)
        race = self._seats(number, "unfinished.seats", race, line.unfinished.seats)
        for i, text in enumerate(line.unfinished.actions):
            try:
                action = parse_action_text(race.game.board, text)
                if (
                    isinstance(action, Roll)
                    and self.seeded_dice
                    and action != seeded_roll(race.seed, race.state)
                ):
                    raise ValueError(said("record.seed_dice", seed=race.seed))
                race = race.apply(action)
            except (ValueError, IllegalActionError) as error:
                raise self.fail(
                    number, "record.unfinished_action", index=i, why=_reason(error)
                ) from None
            if race.state.turn != line.unfinished.turn or race.state.is_terminal():
                raise self.fail(number, "record.unfinished_ends", index=i)
        self.race = race


    def _seats(self, number: int, field: str, race: Race, seats: list[SeatLine]) -> Race:
        """The race with the seat changes of a turn made (who drives is not the engine's:
        checked here, in the order written, against the seats so far)."""
        at = 0
        for i, seat in enumerate(seats):
            where = f"{field}[{i}]"
            if seat.at < at:
                raise self.fail(number, "record.seat_order", field=f"{where}.at", at=seat.at,
                                before=at)
            at = seat.at
            if seat.player >= len(race.players):
                raise self.fail(number, "record.seat_player", field=f"{where}.player",
                                player=seat.player)
            if race.players[seat.player].seat is seat.seat:
                raise self.fail(number, "record.seat_same", field=f"{where}.seat",
                                name=race.players[seat.player].name, seat=seat.seat.value)
            race = race.with_seat_change(race.state.turn, seat.at, seat.player, seat.seat)
        return race


def _missing(state: State) -> Said:
    phase = state.phase
    if phase is Phase.PLACING or phase is Phase.TURBO_PLACING:
        return said("R6.missing_die")
    if phase is Phase.TURBO_ROLL:
        return said("R14.missing_turbo")
    if phase is Phase.BONUS:
        return said("R15.missing_bonus")
    return said("record.stops", phase=phase)


def _reason(error: Exception) -> object:
    """What to say for an error met while replaying: its sentence as data, or the error."""
    first = error.args[0] if error.args else None
    return first if isinstance(first, Said) else error
