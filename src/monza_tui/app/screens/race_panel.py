"""The race screen's side panel: whose turn, the field, the round (and the final-round
banner), dice, tiles, the hint line, the buttons and the log; and the size check.

A mixin of the race screen: it draws what it is given (the engine state, the choices of
now, the pointer) and touches only the widgets whose text or classes changed.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from monza_tui.app.board_view import BoardView
from monza_tui.app.screens.race_pace import RacePace
from monza_tui.app.widgets.buttons import ButtonRow
from monza_tui.app.widgets.common import KeptLines, one, put_text, show
from monza_tui.app.widgets.dice import DiceTray, TileTray
from monza_tui.app.widgets.evening_line import EveningLine
from monza_tui.app.widgets.panel import PanelText, RoundInfo, Standings, TurnBanner
from monza_tui.app.widgets.race_log import RaceLog
from monza_tui.engine import Die, Edition, Phase, Place, Reroll, State, Tile
from monza_tui.i18n import N_, _
from monza_tui.race.narrate import tell
from monza_tui.race.now import PLACING, Now, Pointer
from monza_tui.race.offers import Waiting
from monza_tui.race.seat_words import change_text
from monza_tui.record import Player
from monza_tui.record.seating import changes_by_step
from monza_tui.seats import shown_names
from monza_tui.wording import board_title, sentences

if TYPE_CHECKING:
    from monza_tui.bots import Hint

PANEL_WIDTH = 36
"""Columns of the side panel (the board gets the rest)."""
PANEL_MIN_HEIGHT = 20
"""Rows the side panel needs."""
SHORT_HEIGHT = 32
"""Below this many rows the panel drops its blank lines (class ``-short``)."""

_BUTTONS = (  # translated when shown (the language may change after import)
    ("roll", N_("Roll")),
    ("reroll", N_("Re-roll")),
    ("keep", N_("Keep")),
    ("confirm", N_("Drive")),
    ("take-back", N_("Take back")),
    ("decline", N_("Decline")),
    ("hint", N_("Hint")),
    ("skip", N_("Skip")),
)


class Panel(KeptLines, Vertical):
    """The side panel's column: its own lines (the border, the background) are painted again
    only when it changes, not with every change of a widget in it."""


class PanelMixin(RacePace):
    """The panel half of the race screen."""

    now: Now
    pointer: Pointer
    hint: Hint | None
    offers_hint = True
    """The Hint button is shown (the lesson's guide is its hint: no button there)."""

    def prompt_text(self) -> str:
        raise NotImplementedError

    def hint_line(self) -> str:
        raise NotImplementedError

    def human_to_act(self) -> bool:
        raise NotImplementedError

    def waiting(self) -> Waiting:
        raise NotImplementedError

    def names(self) -> list[str]:
        return list(shown_names(self.race.players))

    def shown_players(self) -> tuple[Player, ...]:
        """The players with their names as shown (a default name in the screen's
        language: :func:`monza_tui.seats.shown_names`)."""
        players = self.race.players
        return tuple(replace(p, name=n) for p, n in zip(players, shown_names(players),
                                                         strict=True))

    def compose_panel(self) -> ComposeResult:
        race = self.race
        with Panel(id="panel"):
            yield TurnBanner(id="turn")
            yield Standings(len(race.players), id="standings")
            yield RoundInfo("", markup=False, id="round")
            yield EveningLine(id="evening-line")
            yield DiceTray(id="dice")
            if race.game.pro:
                yield PanelText(id="tiles-owner")
                yield TileTray(id="tiles")
            yield PanelText(id="hint-line")
            yield ButtonRow(id="buttons")
            yield RaceLog(id="log", min_width=20)

    def opening_lines(self) -> list[str]:
        """The log's first lines; a resumed race tells its story so far again, from the
        record's history."""
        race = self.race
        game = race.game
        names = self.names()
        variants = [name for on, name in ((game.pro, _("pro")), (game.bonus, _("bonus move")))
                    if on]
        rules = _("Rules: {variants}").format(
            variants=_(", ").join(variants) if variants else _("basic game")
        )
        if variants and game.board.edition is Edition.ORIGINAL:
            rules += " " + _("(house rules on the classic board)")
        first = game.new_state()
        lines = [
            _("{board}: {names}").format(board=board_title(game.board), names=_(", ").join(names)),
            rules,
            _("Round {round}: {name}'s turn").format(round=1, name=names[first.player]),
        ]
        seats = changes_by_step(race) if race.seat_changes else {}  # cars handed over
        step = 0
        for step, (before, action) in enumerate(race.replay(), start=1):
            lines += [change_text(c, names) for c in seats.get(step - 1, ())]
            lines += tell(before, action, before.apply(action), names)
        lines += [change_text(c, names) for c in seats.get(step, ())]
        if race.turns or race.pending:
            lines.append(_("(the race goes on where it stopped)"))
        return lines

    def check_size(self) -> None:
        """Below the smallest usable size, a clear message instead of a broken board."""
        width, height = self.size
        board_w, board_h = width - PANEL_WIDTH, height - 1
        view = one(self, "BoardView", BoardView)
        ok = view.fits(board_w, board_h) and height - 1 >= PANEL_MIN_HEIGHT
        self.set_class(not ok, "-too-small")
        if self.has_class("-short") != (height < SHORT_HEIGHT):
            self.set_class(height < SHORT_HEIGHT, "-short")
            self.show_hint_line(self.hint_line() if self.hint is not None else None)
        if not ok:
            need = view.min_size
            message = _("Please enlarge the terminal: the board and the panel do not fit in "
                        "{width}×{height}.").format(width=width, height=height)
            message = sentences(message, _("The race needs about {w}×{h}.").format(
                w=need[0] + PANEL_WIDTH, h=max(need[1], PANEL_MIN_HEIGHT) + 1
            ))
            put_text(one(self, "#enlarge", Static), message)

    # Drawing -----------------------------------------------------------------------------

    def show_state(self) -> None:
        """What depends on the engine state alone: the field, the round, the banner."""
        state = self.now.state
        one(self, "Standings", Standings).show(state, self.shown_players(),
                                              here=self.monza.yours)
        one(self, "RoundInfo", RoundInfo).show(state, self.names())
        self.show_hint_line(self.hint_line() if self.hint is not None else None)
        self.set_class(state.final_round and not state.is_terminal(), "-final-round")

    def show_hint_line(self, text: str | None) -> None:
        """The hint (or that it is being thought about); None: no hint. Its lines stay in
        the panel, blank, but on a short terminal (race.tcss)."""
        hint_line = one(self, "#hint-line", PanelText)
        hint_line.show(text or "")
        show(hint_line, text is not None or not self.has_class("-short"))

    def show_prompt(self, prompt: str) -> None:
        state = self.now.state
        one(self, "TurnBanner", TurnBanner).show(
            state, self.shown_players(), prompt,
            waiting=not self.now.human and not state.is_terminal()
        )

    def show_dice(self, now: Now, pointer: Pointer, found: Hint | None) -> None:
        state = now.state
        hinted_dice: set[int] = set()
        hinted_tiles: set[object] = set()
        if found is not None:
            for action in found.actions:
                if isinstance(action, Reroll):
                    hinted_dice.update(action.dice)
                elif isinstance(action, Place):
                    if isinstance(action.token, Die):
                        hinted_dice.add(action.token.index)
                    else:
                        hinted_tiles.add(action.token.colour)
        selected = pointer.selected
        one(self, "DiceTray", DiceTray).show(
            state.roll,
            used=now.used_dice,
            selected=selected.index if isinstance(selected, Die) else None,
            marked=pointer.marked if state.phase is Phase.EXTRA_ROLL else (),
            hinted=hinted_dice,
        )
        if state.game.pro:
            player = state.player
            one(self, "TileTray", TileTray).show(
                state.tiles[player],
                state.extra_rolls[player],
                placed={p.token.colour for p in state.path if isinstance(p.token, Tile)},
                selected=selected.colour if isinstance(selected, Tile) else None,
                hinted=hinted_tiles,  # type: ignore[arg-type]
                usable=state.phase is Phase.PLACING,
            )
            # The tiles shown are the mover's; during someone else's bonus move, say whose.
            owner = self.names()[player]
            bonus = state.phase is Phase.BONUS and state.bonus_player not in (None, player)
            text = (_("{name}'s tiles (the bonus move uses none)").format(name=owner) if bonus
                    else _("{name}'s tiles").format(name=owner))
            if state.is_terminal():
                text = ""
            one(self, "#tiles-owner", PanelText).show(text)

    def show_buttons(self, now: Now, pointer: Pointer) -> None:
        human = now.human
        phase = now.phase
        state: State = now.state
        shown = {
            "roll": human and phase is Phase.ROLL,
            "reroll": human and phase is Phase.EXTRA_ROLL,
            "keep": human and phase is Phase.EXTRA_ROLL,
            "confirm": human and phase in PLACING,
            "take-back": human and phase in PLACING,
            "decline": human and phase is Phase.BONUS,
            "hint": self.offers_hint and human and not state.is_chance(),
            # Only what Skip hurries: not a person elsewhere deciding.
            "skip": self.waiting() is Waiting.PACE and not state.is_terminal(),
        }
        off = {
            "confirm": not now.can_confirm,
            "take-back": not now.can_take_back,
            "reroll": not pointer.marked,
        }
        one(self, "ButtonRow", ButtonRow).show(tuple(
            (key, _(label), not off.get(key, False))
            for key, label in _BUTTONS if shown[key]
        ))


__all__ = ["PANEL_MIN_HEIGHT", "PANEL_WIDTH", "SHORT_HEIGHT", "PanelMixin"]
