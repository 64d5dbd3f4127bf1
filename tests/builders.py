"""Test-state builders: small purpose-made boards and states set up exactly as a test needs.

In the spirit of Pgx's test helpers: a rule is easiest to pin down on a board of a few
spaces drawn for that rule, with the cars, the roll and the tiles put where the test says,
rather than by playing a race until the situation happens to arise. Boards are built from
lane strings (``docs/boards.md``); spaces are named by their ids ("start", "a1", "finish")
so that tests read like the rulebook's pictures.

A tiny move language keeps examples readable (see :func:`play`):

- ``"W@a2"``: place an unused die of colour W (the lowest-numbered one) on space ``a2``
- ``"tP@a7"``: place the purple accelerator tile on ``a7``
- ``"bonus@b2"``: the bonus step onto ``b2``
- anything else is an action's text form (``"go"``, ``"back"``, ``"keep"``, ``"nobonus"``,
  ``"roll RB"``, ``"reroll 0,3"``), read with :func:`monza_tui.engine.parse_action`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace

from monza_tui.engine import (
    Action,
    Board,
    BonusStep,
    Colour,
    Confirm,
    Die,
    Edition,
    Game,
    Phase,
    Place,
    Placement,
    Roll,
    State,
    TakeBack,
    Tile,
    TurnLog,
    parse_action,
    roll_dice,
)

R, B, G, Y, P, W = (
    Colour.RED,
    Colour.BLUE,
    Colour.GREEN,
    Colour.YELLOW,
    Colour.PURPLE,
    Colour.WHITE,
)


def board(
    *lanes: str,
    finish: Colour | None = Colour.WHITE,
    edition: Edition = Edition.ANNIVERSARY,
    name: str = "test",
) -> Board:
    """A board from lane strings, e.g. ``board("S2 W1 R1 F2", "S2 P2 F2")``."""
    return Board.from_lanes(name, lanes, edition=edition, finish_colour=finish)


def colours(text: str) -> tuple[Colour, ...]:
    """Colours from letters: ``colours("BYPPWR")``."""
    return tuple(Colour.from_letter(c) for c in text if not c.isspace())


def sid(b: Board, space: str | int) -> int:
    """A space index from its id (indices pass through)."""
    return space if isinstance(space, int) else b.index_of(space)


def ids(b: Board, spaces: Iterable[int]) -> tuple[str, ...]:
    """Space ids of some indices, for readable assertions."""
    return tuple(b.spaces[i].id for i in spaces)


def step_ids(b: Board, space: str) -> set[str]:
    """The ids one forward step (R5) ahead of a space."""
    return set(ids(b, b.steps[b.index_of(space)]))


def game(
    b: Board,
    cars: str | Sequence[Colour] = "RB",
    *,
    pro: bool = False,
    bonus: bool = False,
    start_player: int = 0,
) -> Game:
    """A game with cars given as letters (``"RGBY"``) in turn order."""
    cars_t = colours(cars) if isinstance(cars, str) else tuple(cars)
    return Game(b, cars_t, pro=pro, bonus=bonus, start_player=start_player)


def state(
    g: Game,
    *,
    positions: Sequence[str | int] | None = None,
    player: int | None = None,
    phase: Phase = Phase.PLACING,
    roll: str | Sequence[Colour] = "",
    tiles: Mapping[int, str] | None = None,
    extra_rolls: Sequence[bool] | None = None,
    round: int = 1,
    turn: int = 1,
    final_round: bool = False,
    round_dice: Sequence[int | None] | None = None,
    path: Sequence[tuple[str, str]] = (),
) -> State:
    """A state of ``g`` with the given cars, phase, roll and tiles.

    ``positions``: each player's space id (default: all on the start). ``tiles``: per
    player, the accelerator tile letters still in hand (others keep :meth:`Game.new_state`'s
    default). ``path``: already placed tokens as ``("W", "a2")`` for a die of that colour
    or ``("tW", "a2")`` for a tile.
    """
    b = g.board
    base = g.new_state()
    who = g.start_player if player is None else player
    roll_t = colours(roll) if isinstance(roll, str) else tuple(roll)
    pos = base.positions if positions is None else tuple(sid(b, p) for p in positions)
    if len(pos) != g.players:
        raise ValueError(f"{len(pos)} positions for {g.players} players")
    tiles_t = list(base.tiles)
    for p, letters in (tiles or {}).items():
        tiles_t[p] = frozenset(colours(letters))
    extra = base.extra_rolls if extra_rolls is None else tuple(extra_rolls)
    log = TurnLog(turn=turn, round=round, player=who)
    if phase in (Phase.EXTRA_ROLL, Phase.PLACING):
        log = replace(log, roll=roll_t)
    elif phase is Phase.TURBO_PLACING:
        log = replace(log, turbo_roll=roll_t)
    s = replace(
        base,
        phase=phase,
        player=who,
        round=round,
        turn=turn,
        positions=pos,
        tiles=tuple(tiles_t),
        extra_rolls=extra,
        log=log,
        roll=roll_t,
        final_round=final_round,
        round_dice=base.round_dice if round_dice is None else tuple(round_dice),
    )
    placed: list[Placement] = []
    for token_text, space in path:
        index = sid(b, space)
        colour = b.spaces[index].colour
        assert colour is not None
        s = replace(s, path=tuple(placed))
        placed.append(Placement(_token(s, token_text), index, colour))
    return replace(s, path=tuple(placed))


def _token(s: State, text: str) -> Die | Tile:
    if text.startswith("t") and len(text) == 2:
        return Tile(Colour.from_letter(text[1]))
    colour = Colour.from_letter(text)
    for i in s.unused_dice():
        if s.roll[i] is colour:
            return Die(i)
    raise AssertionError(f"no unused {colour} die in {s.roll}")


def action(s: State, move: str) -> Action:
    """The action a move-language string means in state ``s`` (see the module docstring)."""
    head, at, space = move.partition("@")
    if at and head == "bonus":
        return BonusStep(sid(s.board, space))
    if at and not space.isdigit():
        return Place(_token(s, head), sid(s.board, space))
    return parse_action(move)


def play(s: State, *moves: str) -> State:
    """Apply moves one after another (each must be legal; the engine raises otherwise)."""
    for move in moves:
        s = s.apply(action(s, move))
    return s


def where(s: State) -> tuple[str, ...]:
    """Every car's space id, in player order."""
    return ids(s.board, s.positions)


def place_ids(s: State) -> set[tuple[str, str]]:
    """The legal placements now as ``(token text, space id)``: ``("d0", "a2")``, ``("tW", ...)``."""
    return {
        (str(a.token), s.board.spaces[a.space].id)
        for a in s.legal_actions()
        if isinstance(a, Place)
    }


# Random play -------------------------------------------------------------------------

Policy = Callable[[State, random.Random], Action]


def random_policy(s: State, rng: random.Random) -> Action:
    """A uniformly random legal action, taking back only now and then so turns end."""
    legal = s.legal_actions()
    forward = [a for a in legal if not isinstance(a, TakeBack)]
    if len(forward) < len(legal) and rng.random() < 0.1:
        return TakeBack()
    if Confirm() in forward and rng.random() < 0.2:
        return Confirm()
    return rng.choice(forward)


def advance(s: State, rng: random.Random, policy: Policy = random_policy) -> State:
    """One step of a race: chance rolls with ``rng``, a player acts by ``policy``."""
    if s.is_chance():
        return s.apply(Roll(roll_dice(rng, s.dice_to_roll())))
    return s.apply(policy(s, rng))


def race(
    g: Game, seed: int, *, cap: int = 20_000, policy: Policy = random_policy
) -> tuple[State, list[TurnLog]]:
    """Play a seeded race to the end; returns the final state and every completed turn.

    Raises ``AssertionError`` if the race has not ended after ``cap`` actions.
    """
    rng = random.Random(seed)
    s = g.new_state()
    turns: list[TurnLog] = []
    for _ in range(cap):
        if s.is_terminal():
            return s, turns
        before = s.last_turn
        s = advance(s, rng, policy)
        if s.last_turn is not before and s.last_turn is not None:
            turns.append(s.last_turn)
    raise AssertionError(f"race (seed {seed}) not over after {cap} actions")
