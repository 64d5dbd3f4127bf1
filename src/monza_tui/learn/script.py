"""The lesson as data: two parts (the oval, then the long track in the pro variant with the
bonus move), each a list of entries that together are every action of the race, in order.

An entry is either a :class:`Step` the player does (what to do, what happened, the answer to
any other key) or a :class:`Watch`, played by the computer driver and the dice. Actions are
written in the engine's notation (``roll PGRBPW``, ``d0@b1``, ``tR@c4``, ``reroll 4,5``,
``back``, ``go``, ``bonus@b7``): the dice of every roll are fixed here, and
``tests/learn/test_script.py`` plays the whole list through the engine and checks that each
step does what its words say (``scripts/learn_check.py`` prints it). The words are msgids,
translated when shown; rule numbers stay in this comment and the tests (R5 etc.).
"""

from __future__ import annotations

from dataclasses import dataclass

from monza_tui.i18n import N_


@dataclass(frozen=True)
class Step:
    """Something the player does: ``say`` asks for it, ``done`` explains what happened,
    ``wrong`` answers any other key or click meanwhile."""

    say: str
    done: str
    wrong: str
    do: tuple[str, ...]


@dataclass(frozen=True)
class Watch:
    """What the computer driver (and the dice) do meanwhile; ``say`` is shown while it plays."""

    say: str
    do: tuple[str, ...]


Entry = Step | Watch


@dataclass(frozen=True)
class Part:
    """One race of the lesson: its board, variants, who starts, and its entries."""

    board: str
    pro: bool
    bonus: bool
    start_player: int
    """0: the player, 1: the coach (the computer driver)."""
    entries: tuple[Entry, ...]
    end: str
    """Shown when the part is over (Enter goes on)."""


WRONG_PLACE = N_("Not that one: place the dice as numbered on the board (Enter places on the "
                 "marked space).")
"""The answer to another key in the steps that only repeat what was taught."""

OVAL = Part(
    board="oval",
    pro=False,
    bonus=False,
    start_player=1,
    entries=(
        Watch(
            N_("Welcome to Monza! You drive the yellow car against the coach (blue). The coach "
               "starts: watch its turn."),
            ("roll PGRBPW", "d0@b1", "d1@b2", "d2@b3", "d3@b4", "d4@b5", "d5@b6", "go"),
        ),
        Step(
            N_("Your turn with the yellow car. Press space to roll the six dice."),
            N_("Each die shows one of the six colours."),
            N_("First roll the dice: press space."),
            ("roll PRYWPW",),
        ),
        Step(
            N_("A die goes on a space of its own colour, one step forward. From the start the "
               "white and purple spaces are open. Put the purple die on the purple space "
               "marked 1: press Enter."),
            N_("Your first die lies on the purple space: that is where your path begins."),
            N_("Put the purple die on the purple space marked 1: press Enter."),
            ("d0@b1",),
        ),
        Step(
            N_("Change lanes: put the red die on the space marked 2 in the inner lane. A lane "
               "change is allowed when the new space's front edge lies ahead of the edge of "
               "the space you are on."),
            N_("The red space ends further ahead than the purple one, so you could change "
               "lanes."),
            N_("Put the red die on the space marked 2 (Enter): it is the lane change."),
            ("d1@a2",),
        ),
        Step(
            N_("Go on along the inner lane: put the dice on the spaces marked 3 and 4 (Enter, "
               "Enter)."),
            N_("Ahead in your lane lies a grey space with a tire."),
            WRONG_PLACE,
            ("d2@a3", "d3@a4"),
        ),
        Step(
            N_("Nothing may ever enter a tire. The space beside you in the middle lane ends "
               "level with yours, so its front edge is not ahead: no step either. The only step "
               "is the purple space marked 5: put your second purple die there."),
            N_("You went round the tire through the middle lane."),
            N_("Round the tire: the purple space marked 5 is the only step. Press Enter."),
            ("d4@b5",),
        ),
        Step(
            N_("The last die goes on the white space marked 6, where the coach's car stands: "
               "you may put dice on other cars' spaces. Then press Enter to drive."),
            N_("Your car ended on the coach's space, so the coach was pushed back along its "
               "lane to the nearest free space."),
            N_("Put the white die on the space marked 6, then press Enter to drive."),
            ("d5@b6", "go"),
        ),
        Watch(
            N_("That was a push-back. Now the coach drives again: watch."),
            ("roll BWRPGY", "d0@a7", "d1@a8", "d2@a9", "d3@a10", "d4@a11", "d5@a12", "go"),
        ),
        Step(
            N_("Your turn: roll the dice (space)."),
            N_("A new roll."),
            N_("First roll the dice: press space."),
            ("roll GRPWRY",),
        ),
        Step(
            N_("Put the green die on the green space marked 1 (Enter)."),
            N_("The green die is placed."),
            N_("Put the green die on the space marked 1: press Enter."),
            ("d0@c9",),
        ),
        Step(
            N_("Placed dice are only a plan until you drive. Take the green die back: press "
               "Backspace (⌫)."),
            N_("The green die is back in your hand."),
            N_("Take the green die back: press Backspace (⌫)."),
            ("back",),
        ),
        Step(
            N_("Now go the other way: put the dice on the spaces marked 1 to 5 (Enter each "
               "time)."),
            N_("Your green die fits none of the spaces ahead."),
            WRONG_PLACE,
            ("d1@b7", "d2@b8", "d3@b9", "d4@b10", "d5@b11"),
        ),
        Step(
            N_("No die fits any more: your move is complete even with a die left over. Press "
               "Enter to drive."),
            N_("When no die fits, the car drives to the last placed die."),
            N_("No die fits any more: press Enter to drive."),
            ("go",),
        ),
        Watch(
            N_("The coach's turn: watch."),
            ("roll GWRPBY", "d0@b13", "d1@b14", "d2@b15", "d3@b16", "d4@b17", "d5@b18", "go"),
        ),
        Step(
            N_("Your turn: roll (space), then put the dice as numbered and drive (Enter each "
               "time)."),
            N_("A good long move."),
            WRONG_PLACE,
            ("roll BGYBGW", "d0@b12", "d1@b13", "d2@c15", "d3@c16", "d4@c17", "d5@c18", "go"),
        ),
        Watch(
            N_("The coach's turn: watch."),
            ("roll PRBPWR", "d0@b19", "d1@c19", "d2@c20", "d3@c21", "d4@c22", "d5@c23", "go"),
        ),
        Step(
            N_("Your turn: roll (space), then put the dice as numbered and drive (Enter each "
               "time)."),
            N_("The finish is near."),
            WRONG_PLACE,
            ("roll PWYGRB", "d0@b19", "d1@a19", "d2@a20", "d3@a21", "d4@a22", "d5@a23", "go"),
        ),
        Watch(
            N_("The coach's turn: watch closely."),
            ("roll YGRPYW", "d0@c24", "d1@c25", "d2@c26", "d3@b26", "d4@b27", "d5@finish",
             "go"),
        ),
        Step(
            N_("The coach reached the finish with all six dice: this is the final round, played "
               "out so that everyone has had as many turns. Roll (space): reach the finish with "
               "fewer dice to win."),
            N_("Your roll is good enough for the finish."),
            N_("First roll the dice: press space."),
            ("roll GPBGWY",),
        ),
        Step(
            N_("Put the dice as numbered, the white one on the finish, then press Enter to "
               "drive."),
            N_("Both cars reached the finish. When several do, the one whose player placed the "
               "fewest dice in the final round wins: you placed five, the coach six. You win!"),
            WRONG_PLACE,
            ("d0@a24", "d1@a25", "d2@a26", "d3@a27", "d4@finish", "go"),
        ),
    ),
    end=N_("Press Enter for the second part: the long track with accelerator tiles, the extra "
           "roll, the turbo roll and the bonus move."),
)

LONG = Part(
    board="long",
    pro=True,
    bonus=True,
    start_player=0,
    entries=(
        Step(
            N_("The long track, with the pro variant and the bonus move. You start: roll the "
               "dice (space)."),
            N_("Three green dice are of little use here."),
            N_("First roll the dice: press space."),
            ("roll WYBGGG",),
        ),
        Step(
            N_("Once per race your extra-roll tile re-rolls any dice, right after the roll. Mark "
               "dice 5 and 6 (keys 5 and 6), then press Enter to re-roll them."),
            N_("Dice 5 and 6 were rolled again; the extra-roll tile is spent."),
            N_("Mark dice 5 and 6 (keys 5 and 6) and press Enter to re-roll them."),
            ("reroll 4,5", "roll BY"),
        ),
        Step(
            N_("Put the dice on the spaces marked 1, 2 and 3 (Enter each time)."),
            N_("No die is red, but the next space is."),
            WRONG_PLACE,
            ("d0@c1", "d1@c2", "d2@c3"),
        ),
        Step(
            N_("You hold six accelerator tiles, one of each colour, each for once. A tile goes "
               "on a space of its colour like a die: put the red tile on the space marked 4 "
               "(Enter)."),
            N_("The red tile took you on. Tiles are never compulsory and do not count as dice."),
            N_("Put the red tile on the space marked 4: press Enter (or t, then Enter)."),
            ("tR@c4",),
        ),
        Step(
            N_("Put the dice on the spaces marked 5, 6 and 7, then press Enter to drive."),
            N_("All six dice are placed: that earns the turbo roll. Your car drove to the last "
               "die and two dice were rolled."),
            WRONG_PLACE,
            ("d3@c5", "d4@c6", "d5@c7", "go", "roll GY"),
        ),
        Step(
            N_("Turbo roll: place the two dice from where your car stands (spaces marked 1 and "
               "2), then drive (Enter each time)."),
            N_("The last die you placed was yellow, the colour of your own car: that earns a "
               "bonus move."),
            WRONG_PLACE,
            ("d0@c8", "d1@b6", "go"),
        ),
        Step(
            N_("Bonus move: the car of the last placed colour may take one free step onto an "
               "empty space, no die needed. Press Enter to take the lit step."),
            N_("Your car took the free step."),
            N_("Press Enter to take the lit bonus step."),
            ("bonus@b7",),
        ),
    ),
    end=N_("You have met every rule of Monza. The lesson is over: press Enter for the set-up "
           "screen and a race of your own."),
)

PARTS: tuple[Part, ...] = (OVAL, LONG)
"""The lesson's races, in order."""

PLAYER_CAR = "yellow"
COACH = 1
"""The coach's seat (player index): the player drives seat 0."""
COACH_CAR = "blue"
