"""What the line-by-line game says: pure functions of the engine state.

The situation of the player who decides (whose turn, where the car is, the dice, the
tiles, what lies ahead), the numbered choices, the hint, the field and the results. The
choices are read off :meth:`State.legal_actions` alone (R5, R6, R13, R15), so nothing
offered is a move the rules refuse; what happened is told by the race log's own
narration (:mod:`monza_tui.race.narrate`), not here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from monza_tui.boardfile import Shape
from monza_tui.bots import Hint
from monza_tui.engine import (
    Action,
    BonusStep,
    Colour,
    Confirm,
    DeclineBonus,
    Die,
    KeepRoll,
    Phase,
    Place,
    Placement,
    Reroll,
    State,
    TakeBack,
    Tile,
    Token,
)
from monza_tui.i18n import _, colour_name, ngettext, pgettext
from monza_tui.plain.ahead import Names, ahead_words, from_left, step_words
from monza_tui.race.narrate import where_words
from monza_tui.race.outcome import outcome
from monza_tui.race.pace import acting
from monza_tui.race.words import no_fit_reason
from monza_tui.record import Player, Race
from monza_tui.seats import SeatKind, shown_names
from monza_tui.wording import board_title, sentences, word


@dataclass(frozen=True)
class Choice:
    """One numbered choice: the engine action it plays (None: roll the dice) and its words."""

    action: Action | None
    text: str


ROLL_DICE = Choice(None, "")
"""The choice of a person's roll (chance rolls the dice; the words come with it)."""


def token_words(state: State, token: Token) -> str:
    """``red die``, ``blue tile``."""
    if isinstance(token, Die):
        return _("{colour} die").format(colour=colour_name(state.roll[token.index]))
    return _("{colour} tile").format(colour=colour_name(token.colour))


def placed_words(placement: Placement) -> str:
    """A token already on the board (its colour is its space's)."""
    colour = colour_name(placement.colour)
    if isinstance(placement.token, Die):
        return _("{colour} die").format(colour=colour)
    return _("{colour} tile").format(colour=colour)


def actor(state: State) -> int:
    """The car whose person decides now (never asked once the race is over):
    ``race.pace.acting``, the one "whose turn is it"."""
    acting_now = acting(state)
    assert acting_now is not None, "the race is over"
    return acting_now


def choices(state: State, shape: Shape, names: Names) -> list[Choice]:
    """The numbered choices of the person who decides now, from the legal actions."""
    if state.phase is Phase.ROLL:
        return [replace(ROLL_DICE, text=_("roll the dice"))]
    if state.is_chance() or state.is_terminal():
        return []
    legal = state.legal_actions()
    if state.phase is Phase.EXTRA_ROLL:
        return [Choice(KeepRoll(), _("keep the roll"))]  # a re-roll is typed: reroll 2 5
    if state.phase is Phase.BONUS:
        mover = actor(state)
        found = []
        steps = {a.space: a for a in legal if isinstance(a, BonusStep)}
        for space in from_left(state.board, shape, list(steps)):
            text = _("bonus step to {space}: {where}").format(
                space=step_words(state, shape, space, names, mover=mover),
                where=where_words(state.apply(steps[space]), mover),
            )
            found.append(Choice(steps[space], text))
        found.append(Choice(DeclineBonus(), _("decline the bonus move")))
        return found
    return _placing_choices(state, shape, names, legal)


def _placing_choices(state: State, shape: Shape, names: Names, legal: list[Action]) -> list[Choice]:
    found: list[Choice] = []
    places = [a for a in legal if isinstance(a, Place)]
    for space in from_left(state.board, shape, state.next_spaces()):
        here = [a for a in places if a.space == space]
        # Dice of one colour on one space are the same move: the lowest die stands for
        # them (as the app's Enter does); a tile is never compulsory, so it comes after.
        dice = sorted((a for a in here if isinstance(a.token, Die)),
                      key=lambda a: a.token.index if isinstance(a.token, Die) else 0)
        where = step_words(state, shape, space, names)
        if dice:
            found.append(Choice(dice[0], _("a die on {space}").format(space=where)))
        for action in here:
            if isinstance(action.token, Tile):
                found.append(Choice(action, _("the {colour} tile on {space}").format(
                    colour=colour_name(action.token.colour), space=where)))
    if Confirm() in legal:
        found.append(Choice(Confirm(), drive_words(state)))
    if TakeBack() in legal:
        found.append(Choice(TakeBack(), _("take back the {token}").format(
            token=placed_words(state.path[-1]))))
    return found


def drive_words(state: State) -> str:
    """What driving now does: where the car ends, a turbo roll earned (R14), or staying."""
    player = state.player
    if not state.path:
        if state.phase is Phase.TURBO_PLACING:
            return _("end the turn: no turbo die fits")
        return _("end the turn: no die fits, the car stays")
    after = state.apply(Confirm())
    where = where_words(after, player)
    if after.phase is Phase.TURBO_ROLL:
        return _("drive and earn the turbo roll: {where}").format(where=where)
    return _("drive: {where}").format(where=where)


def roll_words(colours: Sequence[Colour]) -> str:
    """A roll as the line game tells it: the colours' names (a screen reader reads the
    board's letters as letters)."""
    return _(", ").join(colour_name(colour) for colour in colours)


def dice_words(state: State) -> str:
    """The dice in play by number: ``1 red, 2 blue (placed), ...``."""
    used = {p.token.index for p in state.path if isinstance(p.token, Die)}
    items = []
    for index, colour in enumerate(state.roll):
        text = _("{n} {colour}").format(n=index + 1, colour=colour_name(colour))
        if index in used:
            text = _("{die} (placed)").format(die=text)
        items.append(text)
    return _("Dice: {dice}.").format(dice=_(", ").join(items))


def tiles_words(state: State) -> str:
    """The accelerator tiles the player may still place (R12); none in the turbo (R14)."""
    tiles = sorted(state.tiles[state.player], key=lambda c: c.index)
    placed = {p.token.colour for p in state.path if isinstance(p.token, Tile)}
    left = [colour_name(c) for c in tiles if c not in placed]
    if not left:
        return _("Tiles: none left.")
    return _("Tiles: {tiles}.").format(tiles=_(", ").join(left))


def ask_words(state: State, names: Names) -> str:
    """The one line that says who decides and what about."""
    name = names[actor(state)]
    phase = state.phase
    if phase is Phase.ROLL:
        return _("{name}, your turn: roll the dice (Enter).").format(name=name)
    if phase is Phase.EXTRA_ROLL:
        return _("{name}, extra roll: keep the roll, or re-roll some dice once with the "
                 "extra-roll tile (reroll and their numbers, for example reroll 2 5).").format(
                     name=name)
    if phase is Phase.BONUS:
        car = colour_name(state.game.cars[actor(state)])
        return _("{name}, a bonus move for your {car} car: one free step forward, or "
                 "decline.").format(name=name, car=car)
    if Confirm() in state.legal_actions() and state.unused_dice():
        text = _("{name}, no die fits any more.").format(name=name)
        reason = no_fit_reason(state)
        return sentences(text, reason) if reason else text
    if phase is Phase.TURBO_PLACING:
        return _("{name}, turbo: place the two new dice.").format(name=name)
    if not state.path:
        return _("{name}, place your dice, one at a time.").format(name=name)
    return _("{name}, place the next die.").format(name=name)


def situation(state: State, shape: Shape, names: Names, *, full: bool) -> list[str]:
    """The lines that tell a person what they decide about. ``full``: also where their car
    is and the tiles (once per decision; the next placement of a move needs less)."""
    who = actor(state)
    lines = [ask_words(state, names)]
    if state.phase is Phase.ROLL:
        if full:
            lines.append(_("Your car: {where}.").format(where=where_words(state, who)))
        return lines
    if full:
        lines.append(_("Your car: {where}.").format(where=where_words(state, who)))
    if state.phase in (Phase.EXTRA_ROLL, Phase.PLACING, Phase.TURBO_PLACING):
        lines.append(dice_words(state))
    if state.phase is Phase.PLACING and state.game.pro:
        lines.append(tiles_words(state))
    if state.path:
        lines.append(_("Placed: {tokens}.").format(
            tokens=_(", ").join(placed_words(p) for p in state.path)))
    origin = state.positions[who] if state.phase is Phase.BONUS else None
    lines.append(ahead_words(state, shape, names, origin))
    return lines


def choice_lines(found: list[Choice]) -> list[str]:
    """The numbered list: ``1. a die on the red space straight ahead``."""
    lines = [_("Choices:")]
    lines.extend(_("{n}. {choice}").format(n=n, choice=c.text) for n, c in enumerate(found, 1))
    return lines


def placed_line(state: State, shape: Shape, names: Names, action: Place) -> str:
    """What a person's placement did (the log tells only the drive)."""
    return _("Placed the {token} on {space}.").format(
        token=token_words(state, action.token),
        space=step_words(state, shape, action.space, names))


def taken_back_line(state: State) -> str:
    """What a take-back did (R6)."""
    return _("Took back the {token}.").format(token=placed_words(state.path[-1]))


def seat_words(player: Player) -> str:
    """Who drives a seat: nothing for a person, the computer's level for a bot."""
    levels = {SeatKind.RANDOM: _("random"), SeatKind.GREEDY: _("greedy"),
              SeatKind.EXPERT: _("expert")}
    return levels.get(player.seat, "")


def field_lines(race: Race) -> list[str]:
    """Every car: its player, its colour, who drives it, where it is."""
    names = shown_names(race.players)
    lines = []
    for index, player in enumerate(race.players):
        level = seat_words(player)
        car = colour_name(player.car)
        where = where_words(race.state, index)
        if level:
            text = _("{name}, {car} car, computer driver ({level}): {where}.").format(
                name=names[index], car=car, level=level, where=where)
        else:
            text = _("{name}, {car} car: {where}.").format(name=names[index], car=car,
                                                           where=where)
        lines.append(text)
    return lines


def intro_lines(race: Race) -> list[str]:
    """How a race opens (or resumes): the board, the variants, the field."""
    game = race.game
    lines = [_("Monza, line by line. The {board} board.").format(board=board_title(game.board))]
    if game.pro:
        lines.append(_("Pro variant: accelerator tiles, the extra roll and the turbo roll."))
    if game.bonus:
        lines.append(_("Bonus-move variant."))
    if race.turns or race.pending:
        lines.append(_("The race goes on: round {round}, turn {turn}.").format(
            round=race.state.round, turn=race.state.turn))
    lines.extend(field_lines(race))
    lines.append(_("Type help for the commands."))
    return lines


def results_lines(race: Race, *, saved: bool = True) -> list[str]:
    """The end (R10, R11): how each car finished, read from the race's outcome, and the
    seed that replays the race when the race is ``saved`` (a race the disk refused is
    told where it went instead). :class:`ValueError` while the race goes on."""
    state = race.state
    result = outcome(state)
    if result is None:
        raise ValueError("the race is not over")
    lines = [_("Results:")]
    for index, player in enumerate(race.players):
        n = result.dice_of(index)
        if n is None:
            lines.append(_("{name} did not finish: {where}.").format(
                name=player.name, where=where_words(state, index)))
        elif index in result.bonus_finishers:
            lines.append(_("{name} reached the finish with a bonus step, no dice.").format(
                name=player.name))
        else:
            lines.append(ngettext(
                "{name} reached the finish with {n} die in the final round.",
                "{name} reached the finish with {n} dice in the final round.", n,
            ).format(name=player.name, n=n))
    if saved:
        lines.append(_("Seed {seed}: monza replay shows the race again.").format(
            seed=race.seed))
    return lines


def hint_words(state: State, found: Hint | None, offered: list[Choice]) -> list[str]:
    """The expert's plan (the app's hint, :func:`monza_tui.bots.hint`) in words, and which
    numbered choice begins it."""
    if found is None:
        return [_("No hint for this situation.")]
    parts: list[str] = []
    placed: list[str] = []
    for action in found.actions:
        if isinstance(action, Reroll):
            parts.append(_("re-roll dice {dice}").format(
                dice=_(", ").join(str(i + 1) for i in action.dice)))
        elif isinstance(action, KeepRoll):
            parts.append(_("keep the roll"))
        elif isinstance(action, Place):
            placed.append(token_words(state, action.token))
        elif isinstance(action, Confirm):
            if placed:
                parts.append(_("place {tokens}").format(tokens=_(", ").join(placed)))
            parts.append(_("drive"))
        elif isinstance(action, BonusStep):
            parts.append(_("take the bonus step"))
        elif isinstance(action, DeclineBonus):
            parts.append(_("decline the bonus"))
    plan = pgettext("hint steps", ", ").join(parts)
    lines = [_("Hint: {plan} – {reason}").format(plan=plan, reason=word(found.reason))]
    number = choice_of(state, found.actions[0] if found.actions else None, offered)
    if number is not None:
        lines.append(_("That is choice {n} now.").format(n=number))
    return lines


def choice_of(state: State, action: Action | None, offered: list[Choice]) -> int | None:
    """The number of the choice that plays ``action`` (a die of the same colour on the same
    space counts: the list offers one die per colour and space)."""

    def same(offer: Action | None) -> bool:
        if (isinstance(action, Place) and isinstance(offer, Place)
                and isinstance(action.token, Die) and isinstance(offer.token, Die)):
            return action.space == offer.space and (
                state.roll[action.token.index] is state.roll[offer.token.index])
        return offer == action

    if action is None:
        return None
    return next((n for n, choice in enumerate(offered, 1) if same(choice.action)), None)


__all__ = ["Choice", "choices", "field_lines", "hint_words", "intro_lines", "results_lines",
           "situation"]
