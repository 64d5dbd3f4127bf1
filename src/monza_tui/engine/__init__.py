"""The rules of Monza as a pure engine: no I/O, no UI, no global randomness.

Start with :class:`Game` (fixed for a race) and its :meth:`Game.new_state`; drive a race
with :meth:`State.current_player`, :meth:`State.legal_actions` and :meth:`State.apply`.
"""

from monza_tui.engine.actions import (
    Action,
    BonusStep,
    Confirm,
    DeclineBonus,
    Die,
    IllegalActionError,
    InvalidActionError,
    KeepRoll,
    Place,
    Reroll,
    Roll,
    TakeBack,
    Tile,
    Token,
    parse_action,
)
from monza_tui.engine.board import Board, BoardError, Edition, Space, SpaceKind
from monza_tui.engine.colours import ANNIVERSARY_CARS, COLOURS, ORIGINAL_CARS, Colour
from monza_tui.engine.config import CarCountError, GameConfigError, check_car_count
from monza_tui.engine.dice import chance_rng, outcomes, roll_dice, seeded_roll
from monza_tui.engine.notation import action_text, parse_action_text
from monza_tui.engine.state import CHANCE, TERMINAL, Game, State
from monza_tui.engine.turn import (
    DICE,
    TURBO_DICE,
    BonusResult,
    Phase,
    Placement,
    Push,
    TurnLog,
    push_back_target,
)

__all__ = [
    "ANNIVERSARY_CARS",
    "CHANCE",
    "COLOURS",
    "DICE",
    "ORIGINAL_CARS",
    "TERMINAL",
    "TURBO_DICE",
    "Action",
    "Board",
    "BoardError",
    "BonusResult",
    "BonusStep",
    "CarCountError",
    "Colour",
    "Confirm",
    "DeclineBonus",
    "Die",
    "Edition",
    "Game",
    "GameConfigError",
    "IllegalActionError",
    "InvalidActionError",
    "KeepRoll",
    "Phase",
    "Place",
    "Placement",
    "Push",
    "Reroll",
    "Roll",
    "Space",
    "SpaceKind",
    "State",
    "TakeBack",
    "Tile",
    "Token",
    "TurnLog",
    "action_text",
    "chance_rng",
    "check_car_count",
    "outcomes",
    "parse_action",
    "parse_action_text",
    "push_back_target",
    "roll_dice",
    "seeded_roll",
]
