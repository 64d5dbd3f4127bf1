"""The race log: one plain sentence per thing that happened, told from two engine states.

The log is told from the states before and after an action, never kept beside them, so
what it says is what the engine did: the roll, the extra roll (R13), the drive (R6, R7),
the turbo (R14), push-backs (R8), the bonus move (R15), the final round (R10).

A family reads it: places are said as "3rd, 5 spaces to the finish" (counted along the
board's own forward steps), never as the board file's coordinates, and rule numbers stay
in the code and on the rules screen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from monza_tui.engine import (
    Action,
    Board,
    BonusStep,
    Colour,
    Confirm,
    DeclineBonus,
    Die,
    KeepRoll,
    Phase,
    Push,
    Reroll,
    Roll,
    State,
    Tile,
    TurnLog,
)
from monza_tui.i18n import _, colour_letter, colour_name, ngettext, pgettext


def dice_text(colours: Sequence[Colour]) -> str:
    """Dice as their letters, e.g. ``R B G`` (readable without colour)."""
    return " ".join(colour_letter(c) for c in colours)


_DISTANCES: dict[int, tuple[Board, tuple[int, ...]]] = {}


def steps_to_finish(board: Board) -> tuple[int, ...]:
    """Per space, the fewest forward steps (the board's own steps, R5) to a finish space;
    a space with no way to the finish (a tire) counts as far as the board is long."""
    known = _DISTANCES.get(id(board))
    if known is not None and known[0] is board:
        return known[1]
    far = len(board.spaces)
    back: list[list[int]] = [[] for _ in board.spaces]
    for a, ahead in enumerate(board.steps):
        for b in ahead:
            back[b].append(a)
    distance = [far] * len(board.spaces)
    queue = list(board.finishes)
    for f in queue:
        distance[f] = 0
    for a in queue:  # breadth first: the queue grows while it is read
        for b in back[a]:
            if distance[b] == far:
                distance[b] = distance[a] + 1
                queue.append(b)
    found = tuple(distance)
    _DISTANCES[id(board)] = (board, found)
    return found


def ordinal(place: int) -> str:
    """1st, 2nd, 3rd..."""
    words = {1: _("1st"), 2: _("2nd"), 3: _("3rd"), 4: _("4th"), 5: _("5th"), 6: _("6th")}
    return words.get(place, _("{n}th").format(n=place))


def _rank_keys(state: State) -> list[tuple[int, int, int]]:
    """Per player, what ranks them (smaller is ahead): the forward steps to the finish,
    then, on a tie, who is further ahead on the board (the front edge of the space, then
    its back edge, in track units, R4)."""
    distance = steps_to_finish(state.board)
    spaces = state.board.spaces
    return [(distance[s], -spaces[s].front, -spaces[s].back) for s in state.positions]


def places(state: State) -> tuple[int, ...]:
    """Each player's place in the race now (1 = ahead). Cars as many steps from the finish
    are ranked by who is further ahead on the board; only cars level on the board as well
    share a place (see :func:`place_words`)."""
    keys = _rank_keys(state)
    return tuple(1 + sum(other < mine for other in keys) for mine in keys)


def place_words(state: State, player: int) -> str:
    """``3rd``, or ``=3rd`` for a place shared with a car level with this one."""
    keys = _rank_keys(state)
    place = ordinal(places(state)[player])
    if keys.count(keys[player]) > 1:
        return _("={place}").format(place=place)
    return place


def to_go(state: State, player: int) -> int:
    """Forward steps from ``player``'s car to the finish."""
    return steps_to_finish(state.board)[state.positions[player]]


def where_words(state: State, player: int) -> str:
    """Where a car is, for a family: ``3rd, 5 spaces to the finish``."""
    space = state.positions[player]
    if state.board.is_finish(space):
        return _("at the finish")
    if space == state.board.start:
        return _("at the start")
    n = to_go(state, player)
    return ngettext(
        "{place}, {n} space to the finish", "{place}, {n} spaces to the finish", n
    ).format(place=place_words(state, player), n=n)


def where_short(state: State, player: int) -> str:
    """Where a car is, in a few letters for the panel: ``3rd, 5 to go``."""
    space = state.positions[player]
    if state.board.is_finish(space):
        return pgettext("car at the finish", "finished")
    if space == state.board.start:
        return _("start")
    return _("{place}, {n} to go").format(
        place=place_words(state, player), n=to_go(state, player)
    )


def space_name(state: State, space: int) -> str:
    """A space as the player sees it: the start, the finish, or its id."""
    board = state.board
    if space == board.start:
        return _("the start")
    if board.is_finish(space):
        return _("the finish")
    return board.spaces[space].id


def space_short(state: State, space: int) -> str:
    """A space in a few letters, for a column beside a name (the replay's panel): "start",
    "finish" or its id; :func:`space_name` is the form for a sentence ("the start")."""
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


def push_distance(board: Board, push: Push) -> int | None:
    """How many spaces of its lane a pushed car went back (R8); None: to the start."""
    if push.to == board.start:
        return None
    lane = board.lane_spaces[board.spaces[push.origin].lane]
    if push.origin not in lane or push.to not in lane:
        return None
    return lane.index(push.origin) - lane.index(push.to)


def push_lines(after: State, log: TurnLog, names: Sequence[str]) -> list[str]:
    """The push-backs of a turn (R8), one line each: how far back, and where the pushed
    car is now (its place counts who is ahead on the board, so the line never reads as
    if nothing happened when the steps to the finish stay the same)."""
    lines = []
    for push in log.pushed:
        back = push_distance(after.board, push)
        if back is None:
            text = _("{name} pushes {other} back to the start: {where}")
        else:
            text = ngettext(
                "{name} pushes {other} back {n} space: {where}",
                "{name} pushes {other} back {n} spaces: {where}",
                back,
            )
        lines.append(
            text.format(
                name=names[log.player],
                other=names[push.player],
                n=back,
                where=where_words(after, push.player),
            )
        )
    return lines


def final_round_line() -> str:
    """The announcement of the final round (R10)."""
    return _("A car reached the finish: this is the final round")


def headlines(before: State, action: Action, after: State, names: Sequence[str]) -> list[str]:
    """The lines of :func:`tell` that change the race for someone else and deserve more
    than the log: push-backs (R8) and the final round (R10)."""
    lines: list[str] = []
    if isinstance(action, Confirm) and after.phase is not Phase.TURBO_ROLL:
        done = finished_turn(before, after)
        lines.extend(push_lines(after, done if done is not None else after.log, names))
    if after.final_round and not before.final_round:
        lines.append(final_round_line())
    return lines


def tell(
    before: State,
    action: Action,
    after: State,
    names: Sequence[str],
    dice_text: Callable[[Sequence[Colour]], str] = dice_text,
) -> list[str]:
    """What happened when ``action`` turned ``before`` into ``after``; rolls as their
    letters (the board's), or as ``dice_text`` says them (the line game: their names)."""
    lines: list[str] = []
    who = names[before.player]
    done = finished_turn(before, after)
    log = done if done is not None else after.log

    if isinstance(action, Roll):
        if before.phase is Phase.ROLL:
            lines.append(_("{name} rolls {dice}").format(name=who, dice=dice_text(action.colours)))
        elif before.phase is Phase.TURBO_ROLL:
            lines.append(_("Turbo roll: {dice}").format(dice=dice_text(action.colours)))
        else:
            lines.append(
                _("Extra roll: {dice}").format(dice=dice_text(action.colours))
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
        mover = before.bonus_player if before.bonus_player is not None else before.player
        lines.append(
            _("{name} takes the bonus step: {where}").format(
                name=names[mover], where=where_words(after, mover)
            )
        )
    elif isinstance(action, DeclineBonus):
        owner = names[before.bonus_player if before.bonus_player is not None else before.player]
        lines.append(_("{name} declines the bonus move").format(name=owner))

    if after.final_round and not before.final_round:
        lines.append(final_round_line())
    if after.is_terminal():
        from monza_tui.race.outcome import outcome  # (it reads this module's distances)

        result = outcome(after)
        assert result is not None
        winners = _(", ").join(names[p] for p in result.winners)
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
            _("No turbo die fits: {name} stays, {where}").format(
                name=who, where=where_words(after, before.player)
            )
        )
    elif not path:
        lines.append(_("{name} cannot move and stays").format(name=who))
    else:
        if turbo:
            text = ngettext(
                "{name} drives on with {dice} turbo die",
                "{name} drives on with {dice} turbo dice",
                dice,
            )
        else:
            text = ngettext(
                "{name} drives with {dice} die", "{name} drives with {dice} dice", dice
            )
        line = text.format(name=who, dice=dice)
        if tiles:
            line += ngettext(" and {n} tile", " and {n} tiles", tiles).format(n=tiles)
        where = where_words(after, before.player)
        lines.append(_("{line}: {where}").format(line=line, where=where))
    if after.phase is Phase.TURBO_ROLL:
        lines.append(_("All six dice placed: turbo roll!"))
        return lines
    lines.extend(push_lines(after, log, names))
    if after.phase is Phase.BONUS and after.bonus_player is not None:
        car = after.game.cars[after.bonus_player]
        lines.append(
            _("Bonus move: the {car} car may step forward").format(car=colour_name(car))
        )
    elif log.bonus is not None and log.bonus.to is None:
        car = after.game.cars[log.bonus.player]
        lines.append(
            _("Bonus move: the {car} car has no free space ahead").format(
                car=colour_name(car)
            )
        )
    return lines

