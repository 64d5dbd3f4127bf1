"""Racing computer drivers against each other, and summarising many races.

A race is fixed by its set-up and its *race seed*, which is derived from the simulation
seed and the race's index alone, never from which worker process ran it: so a summary is
the same whatever the number of workers. The dice come from the same function as the game
record's (:func:`monza_tui.engine.seeded_roll`), so a logged race is a seeded record
whose every roll a reader can check. The start player rotates from race to race, so no
seat keeps the first move (R3). A race is driven as every front end drives one: what is due
from the one pace policy (:func:`monza_tui.race.pace.next_step`), the computer drivers and
their seeds from :mod:`monza_tui.race.drivers`, the result from
:func:`monza_tui.race.outcome.outcome`.
"""

from __future__ import annotations

import hashlib
import math
import statistics
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from monza_tui.boardfile import BoardFile
from monza_tui.engine import Action, Colour, seeded_roll
from monza_tui.portable import pool_context
from monza_tui.race.drivers import Drivers, bot_move
from monza_tui.race.outcome import outcome
from monza_tui.race.pace import StepKind, next_step
from monza_tui.record import Player, Race
from monza_tui.seats import bot_record_name

MAX_ACTIONS = 1_000_000
"""A race still running after this many actions is a bug (every turn moves on, R7)."""


@dataclass(frozen=True)
class Setup:
    """What every race of a simulation shares."""

    board_file: BoardFile
    seats: tuple[str, ...]
    """The driver level of each seat, in turn order (R3)."""
    pro: bool = False
    bonus: bool = False
    seed: int = 1
    keep_actions: bool = False
    """Keep every action, to write the races as game records."""

    @property
    def cars(self) -> tuple[Colour, ...]:
        """The cars in seat order: the edition's cars, first ones first (R2)."""
        return self.board_file.board.edition.cars[: len(self.seats)]


@dataclass(frozen=True)
class RaceResult:
    """What one race came to, in numbers."""

    index: int
    seed: int
    start_player: int
    winners: tuple[int, ...]
    """The race's outcome's winners (R11)."""
    rounds: int
    turns: int
    turbos: int
    """Turns with a turbo roll (R14)."""
    pushbacks: int
    """Cars pushed back (R8)."""
    no_moves: int
    """Turns in which the car did not move (R7)."""
    failures: int = 0
    """Steps at which a driver failed and the first legal action was played instead
    (``race.drivers.bot_move``): a driver's bug, which would skew the numbers."""
    actions: tuple[Action, ...] = field(default=(), repr=False)


def race_seed(seed: int, index: int) -> int:
    """The seed of race ``index``: a hash of (simulation seed, index), so it does not depend
    on the order races are run in."""
    digest = hashlib.sha256(f"monza-simulate/{seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def start_race(setup: Setup, index: int) -> Race:
    """Race ``index`` of ``setup`` at its start: its seed, the start player rotating (R3),
    every seat a computer driver named as the records name them."""
    players = [
        Player(bot_record_name(level, seat), car, level)  # type: ignore[arg-type]
        for seat, (level, car) in enumerate(zip(setup.seats, setup.cars, strict=True))
    ]
    return Race.start(
        setup.board_file,
        players,
        seed=race_seed(setup.seed, index),
        pro=setup.pro,
        bonus=setup.bonus,
        start_player=index % len(setup.seats),
    )


def run_race(setup: Setup, index: int) -> RaceResult:
    """Play race ``index`` of ``setup`` to the end, as every front end drives a race: what
    is due from the one pace policy (no pauses), the seed's dice, and the race core's seeded
    drivers, each asked for its actions up to the next roll at once."""
    race = start_race(setup, index)
    drivers = Drivers()
    actions: list[Action] = []
    count = turns = turbos = pushbacks = no_moves = failures = 0
    last = race.state.last_turn
    while True:
        step = next_step(race)
        if step.kind is StepKind.END:
            break
        if step.kind is StepKind.ROLL:
            played: tuple[Action, ...] = (seeded_roll(race.seed, race.state),)
        elif step.kind is StepKind.BOT:
            move = bot_move(drivers.of(race, step.player), race.state, whole_turn=True)
            failures += move.failed
            played = move.actions
        else:  # every seat is a computer driver's: nobody to wait for
            raise RuntimeError(f"race {index}: a simulated race waits for a person")
        for action in played:
            race = race.apply(action)
            count += 1
            if setup.keep_actions:
                actions.append(action)
            state = race.state
            if state.last_turn is not last:
                last = state.last_turn
                assert last is not None
                turns += 1
                turbos += last.turbo_roll is not None
                pushbacks += len(last.pushed)
                no_moves += not last.moves
        if count > MAX_ACTIONS:
            raise RuntimeError(
                f"race {index} (seed {race.seed}) did not end in {MAX_ACTIONS} actions"
            )
    result = outcome(race.state)
    assert result is not None
    return RaceResult(
        index=index,
        seed=race.seed,
        start_player=race.game.start_player,
        winners=result.winners,
        rounds=race.state.round,
        turns=turns,
        turbos=turbos,
        pushbacks=pushbacks,
        no_moves=no_moves,
        failures=failures,
        actions=tuple(actions),
    )


# Running many ---------------------------------------------------------------------------

_SETUP: Setup | None = None


def _init_worker(setup: Setup) -> None:
    global _SETUP
    _SETUP = setup


def _run_index(index: int) -> RaceResult:
    assert _SETUP is not None
    return run_race(_SETUP, index)


def prepare(setup: Setup) -> None:
    """Build the drivers' per-board tables once, before worker processes are forked, so that
    every worker shares them instead of building its own."""
    if "expert" in setup.seats:
        from monza_tui.bots.tables import tables_for

        tables_for(setup.board_file.board, setup.pro)


def run_races(setup: Setup, games: int, jobs: int = 1) -> Iterator[RaceResult]:
    """Every race of a simulation, in index order, on ``jobs`` worker processes."""
    prepare(setup)
    if jobs <= 1 or games <= 1:
        for index in range(games):
            yield run_race(setup, index)
        return
    # On Linux, fork shares the tables already built (prepare) with the workers; elsewhere
    # spawned workers build their own (portable.start_method).
    context = pool_context()
    chunk = max(1, min(16, games // (jobs * 8)))
    with context.Pool(jobs, initializer=_init_worker, initargs=(setup,)) as pool:
        yield from pool.imap(_run_index, range(games), chunksize=chunk)


# Summary --------------------------------------------------------------------------------


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a share (95% by default): honest at 0 and 1 too."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: Sequence[int], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, by linear interpolation."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    at = q * (len(ordered) - 1)
    low = math.floor(at)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (at - low)


def summarise(setup: Setup, results: Sequence[RaceResult]) -> dict[str, Any]:
    """The numbers of a simulation (the ``--json`` output of ``monza simulate``)."""
    games = len(results)
    players = len(setup.seats)
    seat_wins = [0] * players
    order_wins = [0] * players
    for result in results:
        for winner in result.winners:
            seat_wins[winner] += 1
            order_wins[(winner - result.start_player) % players] += 1
    rounds = [r.rounds for r in results]
    turns = sum(r.turns for r in results)

    def share(wins: int) -> dict[str, Any]:
        low, high = wilson(wins, games)
        return {
            "wins": wins,
            "win_share": round(wins / games, 4) if games else 0.0,
            "ci95": [round(low, 4), round(high, 4)],
        }

    histogram: dict[str, int] = {}
    for value in sorted(set(rounds)):
        histogram[str(value)] = rounds.count(value)
    return {
        "games": games,
        "board": setup.board_file.board.name,
        "pro": setup.pro,
        "bonus": setup.bonus,
        "players": players,
        "seed": setup.seed,
        "seats": [
            {"seat": level, "car": car.value, **share(seat_wins[i])}
            for i, (level, car) in enumerate(zip(setup.seats, setup.cars, strict=True))
        ],
        "seat_order": [
            {"position": k + 1, **share(order_wins[k])} for k in range(players)
        ],
        "shared_wins": sum(len(r.winners) > 1 for r in results),
        "rounds": {
            "mean": round(statistics.fmean(rounds), 3) if rounds else 0.0,
            "sd": round(statistics.pstdev(rounds), 3) if rounds else 0.0,
            "min": min(rounds, default=0),
            "p10": percentile(rounds, 0.1),
            "median": percentile(rounds, 0.5),
            "p90": percentile(rounds, 0.9),
            "max": max(rounds, default=0),
            "histogram": histogram,
        },
        "turns": turns,
        "turbo_rate": round(sum(r.turbos for r in results) / turns, 4) if turns else 0.0,
        "pushbacks_per_race": round(sum(r.pushbacks for r in results) / games, 4)
        if games
        else 0.0,
        "no_move_share": round(sum(r.no_moves for r in results) / turns, 4) if turns else 0.0,
        "driver_failures": sum(r.failures for r in results),
    }


def simulate(
    setup: Setup,
    games: int,
    jobs: int = 1,
    progress: Callable[[RaceResult], None] | None = None,
) -> list[RaceResult]:
    """Run ``games`` races and return their results in index order."""
    results: list[RaceResult] = []
    for result in run_races(setup, games, jobs):
        results.append(result)
        if progress is not None:
            progress(result)
    return results


def race_record(setup: Setup, result: RaceResult) -> Race:
    """A race of the simulation as a game record, replayed through the engine from its
    actions (needs ``Setup.keep_actions``)."""
    race = start_race(setup, result.index)
    for action in result.actions:
        race = race.apply(action)
    return race
