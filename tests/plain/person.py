"""A scripted person at the line-by-line game, and the race that tells every rule once.

The golden transcript's input (``tests/golden/plain-long.in``) was typed by :class:`Person`:
it reads the state the game asks about and answers what a careful player would type, the
expert's hint turned into a choice's number, plus a few detours (help, a wrong line, a
number too big, a take-back, a declined bonus move). The file keeps what it typed, so the
test is a fixed stdin; ``python tests/plain/person.py`` types it again after a change of
the game's words or rules (then read the new transcript before committing it).
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from monza_tui.bots import hint
from monza_tui.engine import Colour, DeclineBonus, Die, KeepRoll, Phase, Place, Reroll
from monza_tui.plain.game import PlainGame
from monza_tui.plain.words import choice_of
from monza_tui.race.setup import RaceSetup, Seat, start_race
from monza_tui.record import Race
from monza_tui.seats import SeatKind

GOLDEN = Path(__file__).parent.parent / "golden"
SCRIPT = GOLDEN / "plain-long.in"
TRANSCRIPT = GOLDEN / "plain-long.txt"
SEED = 15

SEATS = (
    Seat("Ann", Colour.RED),
    Seat("Bot 1", Colour.BLUE, SeatKind.GREEDY),
    Seat("Bot 2", Colour.GREEN, SeatKind.EXPERT),
)


def long_race(seed: int = SEED) -> Race:
    """Ann against a greedy and an expert driver on the long track, pro and bonus."""
    return start_race(RaceSetup(board="long", pro=True, bonus=True, seats=SEATS, seed=seed))


class Person(io.StringIO):
    """Answers the game's prompts from the state it shows (readline is all the game calls)."""

    def __init__(self) -> None:
        super().__init__()
        self.game: PlainGame | None = None
        self.typed: list[str] = []
        self.detours = ["help", "look at the board", "99", "field"]
        self.took_back = False
        self.declined = False
        self.hinted = False

    def readline(self, size: int | None = -1) -> str:
        assert self.game is not None
        line = self.answer()
        self.typed.append(line)
        return line + "\n"

    def answer(self) -> str:
        game = self.game
        assert game is not None
        state = game.race.state
        if len(self.typed) > 2000:
            return "quit"
        if state.is_terminal():
            return ""  # no review: leave after the results
        if state.phase is Phase.ROLL:
            if self.detours:
                return self.detours.pop(0)
            return "roll" if len(self.typed) < 8 else ""
        if not self.hinted and state.phase is Phase.PLACING and not state.path:
            self.hinted = True
            return "hint"
        found = hint(state)
        first = found.actions[0]
        if state.phase is Phase.EXTRA_ROLL:
            if isinstance(first, Reroll):
                return "reroll " + " ".join(str(i + 1) for i in first.dice)
            assert isinstance(first, KeepRoll)
            return "keep"
        if state.phase is Phase.BONUS:
            if not self.declined:
                self.declined = True
                number = choice_of(state, DeclineBonus(), game._offered)
            else:
                number = choice_of(state, first, game._offered)
            assert number is not None
            return str(number)
        if (not self.took_back and len(state.path) == 2
                and isinstance(state.path[-1].token, Die) and isinstance(first, Place)):
            self.took_back = True
            return "back"
        number = choice_of(state, first, game._offered)
        assert number is not None, (first, game._offered)
        return str(number)


def play_as_person(race: Race) -> tuple[PlainGame, list[str], str]:
    """The race played by :class:`Person` (no saving): the game, the lines, the output."""
    person = Person()
    out = io.StringIO()
    game = PlainGame(race, lines=person, out=out, echo=True, save=lambda race: None)
    person.game = game
    game.run()
    return game, person.typed, out.getvalue()


def everything_met(race: Race) -> list[str]:
    """What the race lacks of the rules the transcript must show (empty: all met)."""
    turns = race.turns
    ann = [t for t in turns if t.player == 0]
    met = {
        "extra roll": any(t.reroll is not None for t in ann),
        "tile": any(not isinstance(p.token, Die) for t in ann for p in t.moves),
        "turbo": any(t.turbo_roll is not None for t in ann),
        "bonus taken": any(t.bonus is not None and t.bonus.player == 0 and t.bonus.to is not None
                           for t in turns),
        "bonus declined": any(t.bonus is not None and t.bonus.player == 0 and t.bonus.to is None
                              for t in turns),
        "push-back": any(t.pushed for t in turns),
        "final round": race.state.is_terminal(),
    }
    return [what for what, ok in met.items() if not ok]


def main() -> None:
    from monza_tui import i18n

    i18n.set_language("en")
    for seed in range(SEED, SEED + 200) if "--search" in sys.argv else [SEED]:
        game, typed, text = play_as_person(long_race(seed))
        missing = everything_met(game.race)
        print(seed, missing or "all met")
        if not missing and "--search" not in sys.argv:
            SCRIPT.write_text("\n".join(typed) + "\n", encoding="utf-8")
            TRANSCRIPT.write_text(text, encoding="utf-8")
        if not missing:
            break


if __name__ == "__main__":
    main()
