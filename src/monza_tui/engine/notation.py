"""Notation: an action's text on a board and its parser, kept beside the engine the way
python-chess keeps SAN beside the board.

An action has one text form (``str(action)``, read back by :func:`parse_action`); on a
board the spaces in it are named by their ids (``d0@a5``, ``bonus@b3``), as the record,
``monza boards show`` and the players name them, never by internal index. Everything that
writes an action for a person or a file, or reads one back, goes through this module: the
record's unfinished turn, its reader, the replay screen and the engine's own messages.

Two errors, as in python-chess: text that is no action on this board (a typo, a space the
board lacks) raises :class:`InvalidActionError` here; an action that reads fine but is not
allowed now raises the engine's :class:`IllegalActionError` when it is applied.
"""

from __future__ import annotations

from monza_tui.engine.actions import (
    Action,
    BonusStep,
    InvalidActionError,
    Place,
    parse_action,
)
from monza_tui.engine.board import Board


def action_text(board: Board, action: Action) -> str:
    """The text of ``action`` with the spaces named by their ids on ``board``.

    A space the board does not have (only an illegal action names one) keeps its index, so
    that an error message can still show what was tried."""
    if isinstance(action, Place | BonusStep):
        head, _, _ = str(action).partition("@")
        return f"{head}@{_space_id(board, action.space)}"
    return str(action)


def parse_action_text(board: Board, text: str) -> Action:
    """The action ``text`` names on ``board`` (the form :func:`action_text` writes).

    :class:`InvalidActionError` if it is no action or names a space the board lacks; whether
    the action is legal is the engine's question (:meth:`State.apply`)."""
    head, at, space_id = text.strip().partition("@")
    if not at:
        return parse_action(head)
    try:
        index = board.index_of(space_id)
    except KeyError:
        raise InvalidActionError(f"no space {space_id!r} on this board") from None
    return parse_action(f"{head}@{index}")


def _space_id(board: Board, index: int) -> str:
    spaces = board.spaces
    return spaces[index].id if 0 <= index < len(spaces) else str(index)
