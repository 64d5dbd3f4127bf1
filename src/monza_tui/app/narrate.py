"""The race log: one plain sentence per thing that happened, told from two engine states.

The log is told from the states before and after an action, never kept beside them, so
what it says is what the engine did: the roll, the extra roll (R13), the drive (R6, R7),
the turbo (R14), push-backs (R8), the bonus move (R15), the final round (R10).
"""

from __future__ import annotations

from collections.abc import Sequence

from monza_tui.engine import (
    Action,
    BonusStep,
    Colour,
    Confirm,
    DeclineBonus,
    Die,
    KeepRoll,
    Phase,
    Reroll,
    Roll,
    State,
    Tile,
    TurnLog,
)
from monza_tui.i18n import _, colour_name, ngettext


def dice_text(colours: Sequence[Colour]) -> str:
    """Dice as their letters, e.g. ``R B G`` (readable without colour)."""
    return " ".join(c.letter for c in colours)


def space_name(state: State, space: int) -> str:
    """A space as the player sees it: the start, the finish, or its id."""
    board = state.board
    if space == board.start:
        return _("the start")
    if board.is_finish(space):
        return _("the finish")
    return board.spaces[space].id


def short_space_name(state: State, space: int) -> str:
    """A space in a few letters, for tables: ``start``, ``finish`` or its id."""
    board = state.board
    if space == board.start:
        return _("start")
    if board.is_finish(space):
        return _("finish")
    return board.spaces[space].id


def finished_turn(before: State, after: State) -> TurnLog | None:
    """The turn log completed by this action, if it completed one."""
    if after.last_turn is not None and after.last_turn is not before.last_turn:
        return after.last_turn
    return None


def push_lines(before: State, log: TurnLog, names: Sequence[str]) -> list[str]:
    """The push-backs of a turn (R8), one line each."""
    return [
        _("{name} pushes {other} back from {origin} to {to} (R8)").format(
            name=names[log.player],
            other=names[push.player],
            origin=space_name(before, push.origin),
            to=space_name(before, push.to),
        )
        for push in log.pushed
    ]


def final_round_line() -> str:
    """The announcement of the final round (R10)."""
    return _("A car reached the finish: this is the final round (R10)")


def headlines(before: State, action: Action, after: State, names: Sequence[str]) -> list[str]:
    """The lines of :func:`tell` that change the race for someone else and deserve more
    than the log: push-backs (R8) and the final round (R10)."""
    lines: list[str] = []
    if isinstance(action, Confirm) and after.phase is not Phase.TURBO_ROLL:
        done = finished_turn(before, after)
        lines.extend(push_lines(before, done if done is not None else after.log, names))
    if after.final_round and not before.final_round:
        lines.append(final_round_line())
    return lines


def tell(before: State, action: Action, after: State, names: Sequence[str]) -> list[str]:
    """What happened when ``action`` turned ``before`` into ``after``."""
    lines: list[str] = []
    who = names[before.player]
    done = finished_turn(before, after)
    log = done if done is not None else after.log

    if isinstance(action, Roll):
        if before.phase is Phase.ROLL:
            lines.append(_("{name} rolls {dice}").format(name=who, dice=dice_text(action.colours)))
        elif before.phase is Phase.TURBO_ROLL:
            lines.append(_("Turbo roll: {dice} (R14)").format(dice=dice_text(action.colours)))
        else:
            lines.append(
                _("Extra roll: {dice} (R13)").format(dice=dice_text(action.colours))
            )
    elif isinstance(action, Reroll):
        count = len(action.dice)
        lines.append(
            ngettext(
                "{name} re-rolls {n} die with the extra-roll tile",
                "{name} re-rolls {n} dice with the extra-roll tile",
                count,
            ).format(name=who, n=count)
        )
    elif isinstance(action, KeepRoll):
        lines.append(_("{name} keeps the roll").format(name=who))
    elif isinstance(action, Confirm):
        lines.extend(_drive(before, after, log, names))
    elif isinstance(action, BonusStep):
        owner = names[before.bonus_player if before.bonus_player is not None else before.player]
        lines.append(
            _("{name} takes the bonus step to {space} (R15)").format(
                name=owner, space=space_name(before, action.space)
            )
        )
    elif isinstance(action, DeclineBonus):
        owner = names[before.bonus_player if before.bonus_player is not None else before.player]
        lines.append(_("{name} declines the bonus move (R15)").format(name=owner))

    if after.final_round and not before.final_round:
        lines.append(final_round_line())
    if after.is_terminal():
        winners = ", ".join(names[p] for p in after.winners())
        lines.append(_("The race is over. Winner: {names}").format(names=winners))
    elif done is not None:
        lines.append(
            _("Round {round}: {name}'s turn").format(round=after.round, name=names[after.player])
        )
    return lines


def _drive(before: State, after: State, log: TurnLog, names: Sequence[str]) -> list[str]:
    lines: list[str] = []
    who = names[before.player]
    path = before.path
    dice = sum(isinstance(p.token, Die) for p in path)
    tiles = sum(isinstance(p.token, Tile) for p in path)
    turbo = before.phase is Phase.TURBO_PLACING
    if not path and turbo:
        # The car has moved this turn already; only the turbo dice found no space.
        lines.append(
            _("No turbo die fits: {name} stays at {space} (R14)").format(
                name=who, space=space_name(before, before.positions[before.player])
            )
        )
    elif not path:
        lines.append(_("{name} cannot move and stays (R7)").format(name=who))
    else:
        to = space_name(before, path[-1].space)
        if turbo:
            text = ngettext(
                "{name} drives on to {space} with {dice} turbo die",
                "{name} drives on to {space} with {dice} turbo dice",
                dice,
            )
        else:
            text = ngettext(
                "{name} drives to {space} with {dice} die",
                "{name} drives to {space} with {dice} dice",
                dice,
            )
        line = text.format(name=who, space=to, dice=dice)
        if tiles:
            line += ngettext(" and {n} tile", " and {n} tiles", tiles).format(n=tiles)
        lines.append(line)
    if after.phase is Phase.TURBO_ROLL:
        lines.append(_("All six dice placed: turbo roll! (R14)"))
        return lines
    lines.extend(push_lines(before, log, names))
    if after.phase is Phase.BONUS and after.bonus_player is not None:
        car = after.game.cars[after.bonus_player]
        lines.append(
            _("Bonus move (R15): the {car} car may step forward").format(car=colour_name(car))
        )
    elif log.bonus is not None and log.bonus.to is None:
        car = after.game.cars[log.bonus.player]
        lines.append(
            _("Bonus move (R15): the {car} car has no free space ahead").format(
                car=colour_name(car)
            )
        )
    return lines

