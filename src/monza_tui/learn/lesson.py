"""The lesson followed action by action: where it stands, what it expects next, and the
race rebuilt at any step (for resuming).

A part of the lesson is one flat list of engine actions (every entry's ``do`` in order), so
its position is just how many of them were played. The player's action is accepted when it
is the expected one, or the same thing with another die of the same colour (Enter and the
die keys may pick either; the script's die is played, so what follows still names the right
dice). Nothing here decides a rule: every action is applied by the engine, which refuses what
the rules do not allow. No I/O (the saved step is :mod:`monza_tui.learn.progress`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from monza_tui.boardfile import load_board
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
    Reroll,
    Roll,
    State,
    TakeBack,
    Tile,
    parse_action_text,
)
from monza_tui.i18n import _, ngettext
from monza_tui.learn.script import COACH_CAR, PARTS, PLAYER_CAR, Entry, Part, Step
from monza_tui.record import Player, Race
from monza_tui.seats import SeatKind

PLAYER = 0
"""The player's seat in every part; the coach (a scripted computer driver) is seat 1."""
SEED = 1
"""The race's seed: unused while the script lasts (its dice are fixed), recorded all the same."""


def new_race(part: Part) -> Race:
    """The part's race at its start: the player and the coach on the start field."""
    players = (
        Player(_("Player {n}").format(n=1), Colour(PLAYER_CAR)),
        Player(_("Coach"), Colour(COACH_CAR), SeatKind.GREEDY),
    )
    return Race.start(
        load_board(part.board),
        players,
        seed=SEED,
        pro=part.pro,
        bonus=part.bonus,
        start_player=part.start_player,
    )


@dataclass
class Lesson:
    """One part of the lesson and how far it has come."""

    part_index: int
    position: int = 0
    """How many of the part's actions were played."""
    wrong: bool = False
    """The player's last key was not the one asked for (the guide says so)."""

    @property
    def part(self) -> Part:
        return PARTS[self.part_index]

    @cached_property
    def actions(self) -> tuple[Action, ...]:
        """Every action of the part, in order (parsed on the part's board)."""
        board = load_board(self.part.board).board
        return tuple(
            parse_action_text(board, text) for entry in self.part.entries for text in entry.do
        )

    @cached_property
    def starts(self) -> tuple[int, ...]:
        """Where each entry's actions begin in :attr:`actions`."""
        found, at = [], 0
        for entry in self.part.entries:
            found.append(at)
            at += len(entry.do)
        return tuple(found)

    # Where the lesson stands ----------------------------------------------------------

    @property
    def over(self) -> bool:
        """Every action of the part was played."""
        return self.position >= len(self.actions)

    @property
    def entry_index(self) -> int:
        """The entry being played (the number of entries once the part is over)."""
        index = 0
        for i, start in enumerate(self.starts):
            if start <= self.position:
                index = i
        return len(self.starts) if self.over else index

    @property
    def entry(self) -> Entry | None:
        index = self.entry_index
        entries = self.part.entries
        return entries[index] if index < len(entries) else None

    @property
    def step(self) -> Step | None:
        """The player's step under way (None while the coach plays or the part is over)."""
        entry = self.entry
        return entry if isinstance(entry, Step) else None

    def last_done(self) -> Step | None:
        """The player's last completed step (its ``done`` words explain what happened)."""
        for entry in reversed(self.part.entries[: self.entry_index]):
            if isinstance(entry, Step):
                return entry
        return None

    def step_number(self) -> int:
        """The player's step under way, counted over the whole lesson from 1."""
        count = 0
        for index, part in enumerate(PARTS):
            entries = part.entries if index < self.part_index else \
                part.entries[: self.entry_index + (0 if self.over else 1)]
            if index > self.part_index:
                break
            count += sum(isinstance(e, Step) for e in entries)
        return max(count, 1)

    def expected(self) -> Action | None:
        """The next action of the script (None once the part is over)."""
        return None if self.over else self.actions[self.position]

    # Following the race ---------------------------------------------------------------

    def accept(self, state: State, action: Action) -> Action | None:
        """The script's action if ``action`` is it (or the same with another die of that
        colour), else None."""
        wanted = self.expected()
        if wanted is None:
            return None
        if action == wanted:
            return wanted
        if isinstance(action, Roll) and isinstance(wanted, Roll):
            return wanted  # the script fixes the dice; the player only rolls
        if (
            isinstance(action, Place) and isinstance(wanted, Place)
            and isinstance(action.token, Die) and isinstance(wanted.token, Die)
            and action.space == wanted.space
            and state.roll[action.token.index] is state.roll[wanted.token.index]
        ):
            return wanted
        return None

    def played(self, action: Action) -> None:
        """The race moved on by the script's next action."""
        if action == self.expected():
            self.position += 1
            self.wrong = False

    def rolls(self, state: State) -> Roll | None:
        """The dice due now, when the script's next action is a roll."""
        wanted = self.expected()
        if isinstance(wanted, Roll) and state.is_chance():
            return wanted
        return None

    def coach_move(self, state: State) -> Action:
        """The coach's next action: the script's, else (only past the script, which the
        lesson never plays) declining what can be declined."""
        wanted = self.expected()
        if wanted is not None and not isinstance(wanted, Roll) and state.is_legal(wanted):
            return wanted
        if state.phase is Phase.BONUS:
            return DeclineBonus()
        return state.legal_actions()[0]

    def offers(self, key_action: str) -> bool:
        """Whether a race key (its action's name) can lead to the script's next action: the
        footer offers only those (a key offered and then refused taught the wrong thing:
        h, d, k, c). Keys that are not the race's (rules, quit) and those that only point
        (Esc letting go of a die) are left to the race screen."""
        wanted = self.expected()
        if key_action in ("hint", "seats", "hand_over"):
            return False  # the guide is the hint; the lesson's seats stay as they are
        if key_action == "roll":
            return isinstance(wanted, Roll)
        if key_action == "die":
            return isinstance(wanted, Reroll) or (
                isinstance(wanted, Place) and isinstance(wanted.token, Die))
        if key_action == "tile":
            return isinstance(wanted, Place) and isinstance(wanted.token, Tile)
        if key_action == "take_back":
            return isinstance(wanted, TakeBack)
        if key_action == "keep":
            return isinstance(wanted, KeepRoll)
        if key_action == "decline":
            return isinstance(wanted, DeclineBonus)
        if key_action == "cursor":
            return isinstance(wanted, Place | BonusStep)
        if key_action == "enter":
            return isinstance(wanted, Place | Confirm | BonusStep | Reroll | KeepRoll)
        return True

    def mistake(self, state: State, marked: frozenset[int], picked: Die | Tile | None) -> str:
        """What takes a wrong choice back, after a refused key: dice marked for the extra
        roll (R13) that the step does not re-roll are unmarked by their keys again, a die or
        tile picked that the step does not place is let go with Esc. "" when nothing is."""
        wanted = self.expected()
        wrong = sorted(marked - set(wanted.dice)) if isinstance(wanted, Reroll) else []
        if wrong:
            dice = _(", ").join(str(i + 1) for i in wrong)
            return ngettext(
                "Die {dice} is marked too: press {dice} again to unmark it.",
                "Dice {dice} are marked too: press their keys again to unmark them.",
                len(wrong),
            ).format(dice=dice)
        if picked is not None and not (isinstance(wanted, Place) and (
            picked == wanted.token or self.accept(state, Place(picked, wanted.space)))):
            return _("Esc lets go of the die or tile you picked.")
        return ""

    def hinted(self, state: State) -> tuple[Action, ...]:
        """The placements (and the bonus step) the player is asked for from here on in this
        step, drawn on the board as numbered spaces."""
        step = self.step
        if step is None:
            return ()
        end = self.starts[self.entry_index] + len(step.do)
        ahead = []
        for action in self.actions[self.position:end]:
            if not isinstance(action, Place | BonusStep):
                break
            ahead.append(action)
        return tuple(ahead)

    def race_at(self, entry_index: int) -> Race:
        """The part's race rebuilt up to the beginning of entry ``entry_index`` (every
        action through the engine), with this lesson moved there."""
        race = new_race(self.part)
        stop = self.starts[entry_index] if entry_index < len(self.starts) else len(self.actions)
        for action in self.actions[:stop]:
            race = race.apply(action)
        self.position = stop
        self.wrong = False
        return race


__all__ = ["PLAYER", "SEED", "Lesson", "new_race"]
