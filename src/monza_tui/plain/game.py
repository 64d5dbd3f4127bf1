"""The loop of the line-by-line game: read a line, hand the engine an action, say what
happened, save. Input and output are injected streams, so a test drives a whole race with
a string and reads the transcript.

Like the app, it holds one :class:`Race` and changes it only by engine actions; what is
due next is the race core's one pace policy (:func:`monza_tui.race.pace.next_step`, with no
pauses), chance's dice are the race's seeded dice (or a test's roller), the computer drivers
and their seeds are the race core's (:mod:`monza_tui.race.drivers`), the hint is the app's
(:func:`monza_tui.bots.hint`), and every action is autosaved to the same save files
(:func:`monza_tui.saves.autosave`), so a race goes on in the full-screen game with ``monza
resume`` and back. Nothing is ever redrawn: each line is written once, and no escape
sequence is ever written (control characters in a name or a typed line are shown as
``?``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import TextIO

from monza_tui import saves
from monza_tui.bots import Hint, hint
from monza_tui.engine import (
    Action,
    Colour,
    Confirm,
    IllegalActionError,
    KeepRoll,
    Phase,
    Place,
    Reroll,
    Roll,
    State,
    TakeBack,
    seeded_roll,
)
from monza_tui.errors import unsafe_char
from monza_tui.i18n import _, ngettext, pgettext, split_blocks
from monza_tui.plain.commands import Command, command_word, help_lines, read_line
from monza_tui.plain.words import (
    Choice,
    choice_lines,
    choices,
    field_lines,
    hint_words,
    intro_lines,
    placed_line,
    results_lines,
    roll_words,
    situation,
    taken_back_line,
)
from monza_tui.portable import load_line_editor
from monza_tui.race.drivers import Drivers, bot_move
from monza_tui.race.narrate import tell
from monza_tui.race.pace import StepKind, next_step
from monza_tui.race.words import driver_failed
from monza_tui.record import Race
from monza_tui.seats import shown_names
from monza_tui.wording import board_title, word
from monza_tui.wording.going_on import go_on

Roller = Callable[[State], tuple[Colour, ...]]
"""Test hook: the dice chance rolls now (instead of the race's seeded dice), as the app's."""

PROMPT = "> "
MAX_LINE = 200
"""A typed line longer than this is cut (it is no command anyway)."""

def clean(text: str) -> str:
    """``text`` without control characters: nothing written here moves the cursor, clears
    the screen, changes a colour or turns the line around (a bidi override), whatever a
    name, a board's title or a typed line holds (:func:`~monza_tui.errors.unsafe_char`)."""
    if text.isprintable():  # (the common line: nothing to look at twice)
        return text
    return "".join("?" if unsafe_char(char) else char for char in text)


def rules_lines() -> list[str]:
    """The rules summary the app's rules screen shows (``app/rules.md``), paragraph by
    paragraph in the player's language."""
    text = resources.files("monza_tui.app").joinpath("rules.md").read_text("utf-8")
    return [_(block) for block in split_blocks(text)]


def line_editing(lines: TextIO, out: TextIO) -> bool:
    """Whether to read lines with line editing and history: both streams are this
    process's terminal, and Python has ``readline`` (not on Windows, whose console edits
    lines and keeps their history itself). Loading it is what turns ``input`` into an
    editor; a test's streams or a pipe are read as they are."""
    if lines is not sys.stdin or out is not sys.stdout:
        return False
    try:
        if not (lines.isatty() and out.isatty()):
            return False
    except (AttributeError, ValueError):
        return False
    return load_line_editor()


class Talk:
    """The game's two streams: lines written once each, lines read after a prompt."""

    def __init__(self, lines: TextIO, out: TextIO, *, echo: bool = False) -> None:
        """``echo``: write each line read after the prompt (input that is not a terminal,
        so that a transcript reads as a dialogue)."""
        self.lines = lines
        self.out = out
        self.echo = echo
        self.gone = False
        """Whether the output is gone (its reader closed the pipe): nothing more is said."""
        self.editing = line_editing(lines, out)
        """Whether lines are read with line editing and history (:func:`line_editing`)."""

    def _read_edited(self) -> str | None:
        """The next line typed at a terminal, with the arrows, line editing and the history
        of earlier lines (Python's ``input`` with ``readline`` loaded)."""
        try:
            line = input(PROMPT)
        except EOFError:
            self.out.write("\n")
            return None
        return line[:MAX_LINE]

    def say(self, *texts: str) -> None:
        """Write lines, each once, and flush (a screen reader reads them as they come)."""
        if self.gone:
            return
        for text in texts:
            for line in text.split("\n"):
                self.out.write(clean(line) + "\n")
        self.out.flush()

    def read(self) -> str | None:
        """The next line typed (without its end), None at the end of the input."""
        if self.editing:
            return self._read_edited()
        self.out.write(PROMPT)
        self.out.flush()
        try:
            line = self.lines.readline()
        except UnicodeDecodeError:
            line = "\ufffd\n"
        if not line:
            self.out.write("\n")
            return None
        line = line.rstrip("\r\n")[:MAX_LINE]
        if self.echo:
            self.out.write(clean(line) + "\n")
        return line


class PlainGame:
    """One race, played line by line over ``lines`` (input) and ``out`` (output)."""

    def __init__(
        self,
        race: Race,
        *,
        lines: TextIO,
        out: TextIO,
        echo: bool = False,
        roller: Roller | None = None,
        save: Callable[[Race], Path | None] = saves.autosave,
        hinter: Callable[[State], Hint] = hint,
        drivers: Drivers | None = None,
    ) -> None:
        """``echo``: write each line read after the prompt (see :class:`Talk`);
        ``drivers``: the race's computer drivers (a test seats its own)."""
        self.race = race
        self.talk = Talk(lines, out, echo=echo)
        self.say = self.talk.say
        self.roller = roller
        self.save = save
        self.hinter = hinter
        self.names = list(shown_names(race.players))
        self.shape = race.board_file.shape
        # The race core's drivers and seeds: a bot plays the same moves as in the app.
        self.drivers = Drivers() if drivers is None else drivers
        self._asked: State | None = None
        self._offered: list[Choice] = []
        self._saved: Path | None = None
        self._save_error: str | None = None

    # The race ------------------------------------------------------------------------

    def is_bot(self, player: int) -> bool:
        """Whether a computer driver plays ``player``."""
        return self.race.players[player].seat.is_bot

    def run(self) -> int:
        """Play until the race is over (0), the input ends or the player quits (0: saved),
        or Ctrl+C (130, saved too); a closed output saves too, and raises
        :class:`BrokenPipeError` on. A race the saves folder refused is written elsewhere
        (:meth:`_rescue`); one written nowhere at all ends with 1."""
        try:
            self.say(*intro_lines(self.race))
            return self._loop()
        except KeyboardInterrupt:
            self.talk.out.write("\n")
            self._leave()
            return 130
        except BrokenPipeError:
            # The output's reader went away (``monza play --plain | head``): leave as at the
            # end of the input, saving, without a word (nothing can be written any more);
            # the command line ends quietly (cli.main).
            self.talk.gone = True
            self._leave()
            raise

    def _loop(self) -> int:
        while True:
            # The race core's pace policy says what is due; lines need no pauses.
            step = next_step(self.race)
            if step.kind is StepKind.END:
                # The last action's save decides what the end may promise (issue 31).
                saved = self._save_error is None
                self.say(*results_lines(self.race, saved=saved))
                if not saved:  # (the rescue's line, where the race went, is the last word:
                    return self._rescue()  # `monza review PATH` reviews it from there)
                self._after_the_race()
                return 0
            if step.kind is StepKind.ROLL:
                self._roll()
                continue
            if step.kind is StepKind.BOT:
                self._bot(step.player)
                continue
            self._ask(self.race.state)  # a person decides (their first roll too)
            line = self.talk.read()
            if line is None or self._answer(line) is Command.QUIT:
                return self._leave()

    def act(self, action: Action) -> None:
        """Play ``action`` (legal now), say what happened, save."""
        before = self.race.state
        lines: list[str] = []
        if isinstance(action, Place) and not self.is_bot(before.player):
            lines.append(placed_line(before, self.shape, self.names, action))
        elif isinstance(action, TakeBack):
            lines.append(taken_back_line(before))
        self.race = self.race.apply(action)
        lines.extend(tell(before, action, self.race.state, self.names, dice_text=roll_words))
        self.say(*lines)
        self._save()

    def _roll(self) -> None:
        state = self.race.state
        if self.roller is not None:
            self.act(Roll(self.roller(state)))
        else:
            self.act(seeded_roll(self.race.seed, state))

    def _bot(self, player: int) -> None:
        # One action at a time, each told; a failed driver is the race core's to mend.
        move = bot_move(self.drivers.of(self.race, player), self.race.state)
        if move.failed:
            self.say(driver_failed(move.error))
        for action in move.actions:
            self.act(action)

    # Saving ----------------------------------------------------------------------------

    def _save(self) -> None:
        try:
            self._saved = self.save(self.race) or self._saved
        except saves.SaveError as error:
            if str(error) != self._save_error:
                self.say(str(error))  # once per reason; the race goes on
            self._save_error = str(error)
            return
        self._save_error = None

    def _leave(self) -> int:
        """Save once more on the way out and say where the race is: 0, or 1 when it is
        written nowhere."""
        self._save()
        if self._save_error is not None:
            return self._rescue()
        if self._saved is None:
            self.say(_("Nothing was played yet, so nothing is saved."))
        else:
            self.say(_("The race is saved: monza resume --plain continues it here, and "
                       "monza resume in the full-screen game."))
        return 0

    def _rescue(self) -> int:
        """The saves folder refused the race (a full disk, a folder not writable): write
        it elsewhere, as the app offers on quitting (:func:`monza_tui.saves.rescue`), and
        say where; 1 when that fails too, so no script takes a lost race for a kept one."""
        try:
            where = saves.rescue(self.race)
        except saves.SaveError as error:
            self.say(_("The race could not be saved anywhere: {why}").format(why=error))
            return 1
        finished = self.race.state.is_terminal()
        self.say(go_on("rescued_finished" if finished else "rescued", path=where))
        return 0

    # A person decides ------------------------------------------------------------------

    def _ask(self, state: State) -> None:
        if self._asked is state:
            return
        before = self._asked
        # The whole situation once per decision; the next die of the same move needs less.
        full = not (before is not None and before.turn == state.turn
                    and before.phase is state.phase and state.path)
        self._asked = state
        self._offered = choices(state, self.shape, self.names)
        self.say(*situation(state, self.shape, self.names, full=full))
        if state.phase is not Phase.ROLL:
            self.say(*choice_lines(self._offered))

    def _answer(self, line: str) -> Command | None:
        """Do what the line asks; the command it was, if any."""
        state = self.race.state
        typed = read_line(line)
        offered = self._offered
        if typed.number is not None:
            if 1 <= typed.number <= len(offered):
                chosen = offered[typed.number - 1].action
                if chosen is None:
                    self._roll()
                else:
                    self.act(chosen)
            else:
                self._not_understood(line)
            return None
        if typed.empty:
            if state.phase is Phase.ROLL:
                self._roll()
            else:
                self._asked = None  # say it again
            return None
        command = typed.command
        if command is None:
            self._not_understood(line)
        elif command is Command.ROLL:
            if state.phase is Phase.ROLL:
                self._roll()
            else:
                self.say(_("There are no dice to roll now."))
        elif command is Command.BACK:
            self._engine_decides(TakeBack())
        elif command is Command.DRIVE:
            self._engine_decides(Confirm())
        elif command is Command.KEEP:
            self._engine_decides(KeepRoll())
        elif command is Command.REROLL:
            self._reroll(typed.dice)
        elif command is Command.HINT:
            self._hint()
        elif command is Command.LOOK:
            self._asked = None
        elif command is Command.FIELD:
            self.say(*field_lines(self.race))
        elif command is Command.HELP:
            self.say(*help_lines())
        elif command is Command.RULES:
            self.say(*rules_lines())
        elif command is Command.REVIEW:
            self._review()
        return command

    # The review (issue 32) -------------------------------------------------------------

    def _after_the_race(self) -> None:
        """One more line read once the race is over: the review, if it is asked for;
        anything else (an empty line, the end of the input, Ctrl+C) leaves."""
        self.say(_("Type {review} for where the race was won, or an empty line to "
                   "leave.").format(review=command_word(Command.REVIEW)))
        try:
            line = self.talk.read()
        except KeyboardInterrupt:
            self.talk.out.write("\n")
            return
        if line is not None and read_line(line).command is Command.REVIEW:
            self._review()

    def _review(self) -> None:
        """The review of the race (up to where it stands), as ``monza review`` says it."""
        from monza_tui.review import TooLarge
        from monza_tui.review.cache import cached_review
        from monza_tui.review.words import review_lines, too_large_line

        try:
            self.say(*review_lines(cached_review(self.race)))
        except TooLarge as error:
            where = board_title(self.race.game.board)
            self.say(too_large_line(where, error.spaces, error.most))

    def _engine_decides(self, action: Action) -> None:
        """Play ``action`` if the rules allow it now, else say the engine's reason."""
        state = self.race.state
        try:
            state.apply(action)
        except IllegalActionError as error:
            self.say(word(error))
            return
        self.act(action)

    def _reroll(self, typed: tuple[int, ...]) -> None:
        state = self.race.state
        count = len(state.roll)
        if state.phase is not Phase.EXTRA_ROLL or not count:
            self.say(_("The extra roll comes only right after the roll, before any die is "
                       "placed."))
            return
        if not typed or any(not 1 <= n <= count for n in typed):
            self.say(_("Reroll needs the numbers of the dice, 1 to {n}: reroll 2 5.").format(
                n=count))
            return
        self._engine_decides(Reroll(tuple(sorted({n - 1 for n in typed}))))

    def _hint(self) -> None:
        state = self.race.state
        if state.is_chance():
            self.say(_("No hint for this situation."))
            return
        try:
            found: Hint | None = self.hinter(state)
        except Exception:
            found = None
        self.say(*hint_words(state, found, self._offered))

    def _not_understood(self, line: str) -> None:
        count = len(self._offered)
        text = " ".join(line.split())[:40]
        self.say(ngettext("{text}: not a choice here; type {n}, or help.",
                          "{text}: not a choice here; type a number from 1 to {n}, or help.",
                          count).format(text=text, n=count))


def ask_yes_no(question: str, lines: TextIO, out: TextIO, *, echo: bool) -> bool:
    """One question before a race (continue the saved race?): 1 or yes, 2 or no; the end of
    the input or anything else is no."""
    talk = Talk(lines, out, echo=echo)
    talk.say(question, _("{n}. {choice}").format(n=1, choice=_("Continue")),
             _("{n}. {choice}").format(n=2, choice=_("New race")))
    line = talk.read()
    answer = " ".join((line or "").split()).casefold()
    return answer in ("1", "y", "yes", pgettext("plain answer", "yes").casefold())


def play(race: Race, lines: TextIO, out: TextIO, *, echo: bool) -> int:
    """Play ``race`` line by line until it is over or the player leaves."""
    return PlainGame(race, lines=lines, out=out, echo=echo).run()


__all__ = ["PROMPT", "PlainGame", "clean", "play", "rules_lines"]
