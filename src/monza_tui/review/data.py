"""What a review found, as plain frozen data: the CLI, the race screen and the line game
all word the same :class:`Review` (``review.words``), and ``--json`` prints it as is.

Every number is in *expected turns to the finish* by the game's expert
(:mod:`monza_tui.bots.tables`), rounded to :data:`DIGITS` places when the review is made, so
that the JSON form reads back to an equal value.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

DIGITS = 3
"""Places every turns figure is rounded to (a thousandth of a turn is far below a tie)."""
TIE = 0.05
"""A choice within this many turns of the expert's is the expert's own choice up to a
tie: the review never calls it a loss (its loss is 0)."""
NEAR = 0.2
"""A choice within this many turns of the best counts as near-best."""


class Kind(enum.Enum):
    """The decisions a player makes in a turn (R13, R6, R14, R15)."""

    EXTRA_ROLL = "extra_roll"
    PLACING = "placing"
    TURBO = "turbo"
    BONUS = "bonus"


class RollKind(enum.Enum):
    """The rolls of a turn: the six dice (R1), a re-roll (R13), the turbo (R14)."""

    ROLL = "roll"
    REROLL = "reroll"
    TURBO = "turbo"


@dataclass(frozen=True)
class Decision:
    """One decision, its best alternative by the expert, and what it cost."""

    turn: int
    round: int
    player: int
    """The player who decided (the bonus car's owner for a bonus step, R15)."""
    kind: Kind
    action: int
    """Index of the decision's first action in the race's actions (``Race.replay``), for
    stepping into it in the replay."""
    chosen: tuple[str, ...]
    """The actions chosen, in the record's notation (language-neutral)."""
    best: tuple[str, ...]
    """The expert's choice: the same as ``chosen`` when the choice was the best."""
    loss: float
    """Expected turns the choice cost against the best; 0 for the best and for ties."""
    spaces: int = 0
    """For a placement: how many spaces nearer the finish the best move ended (may be 0 or
    less when the best is worth more for another reason: a push-back, a tile kept)."""

    @property
    def near_best(self) -> bool:
        return self.loss < NEAR


@dataclass(frozen=True)
class RollLuck:
    """How a roll compared with an average roll from the same place (positive: lucky)."""

    turn: int
    round: int
    player: int
    kind: RollKind
    action: int
    dice: str
    """The dice rolled, in the record's notation."""
    luck: float
    """Expected turns the roll saved against an average roll (negative: it cost them)."""


@dataclass(frozen=True)
class PlayerReview:
    """One player's race in a few figures (seating order)."""

    name: str
    car: str
    seat: str
    decisions: int
    loss: float
    best_share: float
    """Share of the decisions that were best or near-best (0..1; 1 with no decision)."""
    luck: float


@dataclass(frozen=True)
class Moment:
    """A key moment of the race: a decision's loss or a roll's luck, by index."""

    kind: str
    """``"loss"`` (``index`` into decisions) or ``"luck"`` (into rolls)."""
    index: int
    turn: int
    action: int


@dataclass(frozen=True)
class Review:
    """The review of one race (see ``docs/review.md``)."""

    board: str
    finished: bool
    players: tuple[PlayerReview, ...]
    decisions: tuple[Decision, ...]
    rolls: tuple[RollLuck, ...]
    moments: tuple[Moment, ...]


def review_json(review: Review) -> dict[str, Any]:
    """The ``--json`` form (``docs/review.md``)."""
    return {
        "board": review.board,
        "finished": review.finished,
        "players": [vars(p).copy() for p in review.players],
        "decisions": [
            {**vars(d), "kind": d.kind.value, "chosen": list(d.chosen), "best": list(d.best)}
            for d in review.decisions
        ],
        "rolls": [{**vars(r), "kind": r.kind.value} for r in review.rolls],
        "moments": [vars(m).copy() for m in review.moments],
    }


def review_from_json(data: dict[str, Any]) -> Review:
    """A review back from :func:`review_json` (a trusted form: the game's own output)."""
    return Review(
        board=data["board"],
        finished=data["finished"],
        players=tuple(PlayerReview(**p) for p in data["players"]),
        decisions=tuple(
            Decision(**{**d, "kind": Kind(d["kind"]), "chosen": tuple(d["chosen"]),
                        "best": tuple(d["best"])})
            for d in data["decisions"]
        ),
        rolls=tuple(RollLuck(**{**r, "kind": RollKind(r["kind"])}) for r in data["rolls"]),
        moments=tuple(Moment(**m) for m in data["moments"]),
    )
