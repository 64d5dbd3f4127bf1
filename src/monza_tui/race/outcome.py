"""The result of a race as one value, as python-chess's ``Outcome``: who won, who reached
the finish with how many dice, how far the others were left, and why the race ended.

Every place that says or counts a race's result (the results screen, the line game, the
race log's last line, the standings, ``simulate``) reads it from here, so a shared win, a
bonus-step finish and a car left behind mean the same everywhere. It is worked out from the
engine's final :class:`State` alone (R9-R11); nothing is kept beside the race.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from monza_tui.engine import State
from monza_tui.race.narrate import steps_to_finish


class Ending(Enum):
    """Why a race ended. A race ends one way only, at the end of the final round (R10: the
    first car at the finish starts it, and it is played out so that everyone had as many
    turns); the members say whether anyone was left behind when it did."""

    FINAL_ROUND = "final_round"
    """The final round was played out with some cars short of the finish: they stay where
    they are, and only the cars at the finish compare their dice (R11)."""
    ALL_FINISHED = "all_finished"
    """Every car reached the finish by the end of the final round (R10): nobody was left
    to drive, and every car's dice count (R11)."""


@dataclass(frozen=True)
class Outcome:
    """A finished race's result, by player index (turn order, R3)."""

    ending: Ending
    winners: tuple[int, ...]
    """The cars that share the win (R11), in player order: the finishers with the fewest
    dice in their turn of the final round."""
    finishers: tuple[int, ...]
    """The cars at the finish, in finishing order: fewest dice first (R11), cars level on
    dice in the order they drove in the final round (from the start player). The engine
    keeps no clock, so this is the result's order, not who crossed the line first."""
    dice: tuple[int, ...]
    """The dice each of :attr:`finishers` placed in its turn of the final round, in the same
    order: turbo dice count, tiles do not; 0 for a bonus-step finish (R11, R14, R15)."""
    bonus_finishers: tuple[int, ...]
    """The finishers that reached the finish by a bonus step before their turn of the final
    round came, so placed no dice at all (R15), in player order."""
    behind: tuple[tuple[int, int], ...]
    """Each car that did not finish, in player order, with how far it was from the finish:
    the fewest forward steps of the board (R5)."""

    @property
    def shared(self) -> bool:
        """Whether the win is shared (a tie on dice, R11)."""
        return len(self.winners) > 1

    def is_winner(self, player: int) -> bool:
        """Whether ``player`` won, alone or sharing the win."""
        return player in self.winners

    def dice_of(self, player: int) -> int | None:
        """``player``'s dice in the final round (R11); None: the car did not finish."""
        if player not in self.finishers:
            return None
        return self.dice[self.finishers.index(player)]

    def places(self) -> tuple[tuple[int, int], ...]:
        """Every car with its place, in finishing order: the winners share the 1st (R11);
        the other finishers follow by their dice, cars level on dice sharing a place; then
        the cars left behind, nearest the finish first, cars as far sharing a place. As
        sports count: after two cars share the 2nd, the next is 4th."""
        ranked = [(player, (0, dice)) for player, dice in zip(self.finishers, self.dice,
                                                                strict=True)]
        ranked += sorted(((player, (1, steps)) for player, steps in self.behind),
                         key=lambda item: item[1][1])
        places: list[tuple[int, int]] = []
        for index, (player, key) in enumerate(ranked):
            if player in self.winners:
                place = 1
            elif index and key == ranked[index - 1][1] and ranked[index - 1][0] not in (
                    self.winners):
                place = places[-1][1]
            else:
                place = index + 1
            places.append((player, place))
        return tuple(places)

    def steps_left(self, player: int) -> int:
        """How far ``player``'s car was from the finish (0: it reached it)."""
        return dict(self.behind).get(player, 0)


def outcome(state: State) -> Outcome | None:
    """The result of the race at ``state``; None while the race goes on."""
    if not state.is_terminal():
        return None
    game = state.game
    finished = state.finished()
    # R11: the fewest dice in the final round win; a bonus-step finish counts none.
    order = sorted(
        finished,
        key=lambda p: (state.dice_used(p), (p - game.start_player) % game.players),
    )
    distance = steps_to_finish(state.board)
    behind = tuple(
        (p, distance[space])
        for p, space in enumerate(state.positions)
        if p not in finished
    )
    return Outcome(
        ending=Ending.FINAL_ROUND if behind else Ending.ALL_FINISHED,
        winners=state.winners(),  # the engine's rule (R11), not a second one
        finishers=tuple(order),
        dice=tuple(state.dice_used(p) for p in order),
        bonus_finishers=tuple(p for p in finished if state.round_dice[p] is None),
        behind=behind,
    )


__all__ = ["Ending", "Outcome", "outcome"]
