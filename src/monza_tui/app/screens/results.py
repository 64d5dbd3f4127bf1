"""The results screen: who reached the finish, their dice in the final round, the winners
with their trophies (R10, R11), and a rematch."""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from monza_tui.app import textual_shim
from monza_tui.app.evening_words import heading
from monza_tui.app.screens.standings import ChampionLine
from monza_tui.app.widgets.buttons import DialogButton
from monza_tui.app.widgets.common import set_colour_class
from monza_tui.app.widgets.panel import player_label
from monza_tui.app.widgets.podium import podium
from monza_tui.engine import State
from monza_tui.i18n import N_, _, colour_letter, ngettext, number, retranslate
from monza_tui.race.narrate import ordinal
from monza_tui.race.outcome import Outcome, outcome
from monza_tui.record import Race
from monza_tui.seats import shown_names
from monza_tui.stats.evening import Evening, table
from monza_tui.stats.words import TROPHY
from monza_tui.web import emoji, served
from monza_tui.wording import board_title
from monza_tui.wording.going_on import go_on

CHOOSE_AFTER = 0.8
"""Seconds after the results appear before their first button is chosen (focused)."""
WIDE = 100
"""Columns from which the footer has room for every key at its usual spacing."""
BUTTON_KEYS = frozenset({"results.rematch", "results.new-setup", "results.evening",
                         "results.download"})
"""The keys whose buttons are on the screen: the footer leaves them out when narrow."""


def finished_race(state: State) -> Outcome:
    """The outcome of the race over at ``state`` (:class:`ValueError` while it goes on)."""
    result = outcome(state)
    if result is None:
        raise ValueError("the race is not over")
    return result


def dice_words(state: State, player: int) -> str:
    """A car's dice in the final round (R11), said so that no number puzzles: a car that
    reached the finish on a bonus step before its turn placed none; a car not at the
    finish has no count, and says how far it was left. Read from the race's outcome."""
    result = finished_race(state)
    dice = result.dice_of(player)
    if dice is None:
        steps = result.steps_left(player)
        return ngettext("did not finish: {n} space to go", "did not finish: {n} spaces to go",
                        steps).format(n=number(steps))
    if player in result.bonus_finishers:
        return _("0 (bonus step)")
    return str(dice)


def rule_note(pro: bool) -> str:
    """How the winner is found (R11), naming only what this race's variants have: tiles
    and the turbo roll belong to the pro variant (R12, R14)."""
    if pro:
        return _("The finishers' dice in their turn of the final round decide: fewest wins, "
                 "tiles do not count, turbo dice do.")
    return _("The finishers' dice in their turn of the final round decide: fewest wins.")


def rematch_msgid(evening: Evening | None) -> str:
    """What the rematch button and its key say, in English (the msgid): the evening's next
    race, a new evening after its last, else a rematch."""
    if evening is None:
        return N_("Rematch")
    return N_("New evening") if evening.over else N_("Next race")


def rematch_label(evening: Evening | None) -> str:
    """The rematch button's label in the player's language."""
    return _(rematch_msgid(evening))


def evening_msgid(evening: Evening) -> str:
    """What the evening's button and key say, in English (the msgid): its running table
    between races, its podium after the last."""
    return N_("The evening's podium") if evening.over else N_("Evening table")


class ResultsScreen(Screen[None]):
    """The end of a race: finishers, dice in the final round, winners, what next."""

    CSS_PATH = "results.tcss"
    AUTO_FOCUS = ""  # nothing chosen at first: Enter, the last move's key, starts nothing

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "app.rematch", N_("Rematch"), id="results.rematch"),
        Binding("n", "app.new_setup", N_("New set-up"), id="results.new-setup"),
        Binding("escape", "board", N_("Board"), id="results.board"),
        Binding("i", "details", N_("Details"), id="results.details"),
        Binding("t", "standings", N_("Standings"), id="results.standings"),
        # Where the race was won (issue 32): the review and the race chart.
        Binding("v", "review", N_("Review"), id="results.review"),
        # Only in an evening of races: its table, or its podium after the last race.
        Binding("e", "evening", N_("Evening table"), id="results.evening"),
        # Only in a browser (monza serve): in a terminal the record is in the history.
        Binding("d", "download", N_("Download the record"), id="results.download"),
        # The footer shows ^q already.
        Binding("q", "app.quit", N_("Quit"), show=False, id="results.quit"),
    ]

    def __init__(self, race: Race, evening: Evening | None = None, *,
                 note: str | None = None) -> None:
        super().__init__()
        self.race = race
        self.evening = evening
        """The evening this race belongs to (its running table, or the final podium)."""
        self.note = note
        """A line under the summary (a race over the network: whether its dice were fair)."""
        # The footer's r says what the button says ("Next race", "New evening"): this
        # screen's copy of the binding, by its id (a keymap may have moved it to another
        # key); a Said keeps its msgid, so a language switch says it again.
        labels = {"results.rematch": retranslate(rematch_msgid(evening))}
        if evening is not None:
            labels["results.evening"] = retranslate(evening_msgid(evening))
        bindings = textual_shim.node_bindings(self).key_to_bindings
        for key, items in bindings.items():
            bindings[key] = [
                replace(item, description=labels.get(item.id or "", item.description))
                for item in items
            ]
        self._shown = {item.id: item.show for items in bindings.values() for item in items}
        """Each binding's own ``show``, before the footer is fitted to the width."""
        self._fit_footer(self.app.size.width)

    def _fit_footer(self, width: int) -> None:
        """Keys in the footer that fit ``width`` in every language: under :data:`WIDE`
        columns (the compact footer), the keys of the buttons on the screen are left out
        (they take 85 to 113 columns in German, French, Polish and Russian); the buttons
        say them, and the keys still work. Wider, in an evening its key takes the place of
        the details' (i still shows the seed)."""
        hidden: frozenset[str] = BUTTON_KEYS
        if width >= WIDE:
            hidden = frozenset({"results.details"} if self.evening is not None else ())
        bindings = textual_shim.node_bindings(self).key_to_bindings
        for key, items in bindings.items():
            bindings[key] = [
                replace(item, show=self._shown.get(item.id, item.show) and item.id not in hidden)
                for item in items
            ]

    def compose(self) -> ComposeResult:
        race = self.race
        state = race.state
        winners = finished_race(state).winners
        names = shown_names(race.players)
        # Who won stays in sight above the rest, which scrolls on a small terminal (80x24:
        # the buttons at the bottom, chosen, would scroll the headline away).
        with Vertical(id="results-head"):
            yield Static(_("The race is over"), classes="title", id="results-title")
            if len(winners) == 1:
                headline = _("{trophy} {name} wins!").format(
                    trophy=emoji(TROPHY), name=names[winners[0]]
                )
            else:
                headline = _("{trophy} {names} share the win").format(
                    trophy=emoji(TROPHY), names=_(" and ").join(names[p] for p in winners)
                )
            yield Static(headline, id="headline", markup=False)
        with VerticalScroll(id="results"):
            # The winners are the reigning champions until the next race (rulebook).
            yield ChampionLine(tuple(names[p] for p in winners), id="reigning")
            yield Static(
                ngettext("{board}, {n} round", "{board}, {n} rounds", state.round).format(
                    board=board_title(race.game.board), n=state.round
                ),
                id="summary",
                markup=False,
            )
            if self.note is not None:
                yield Static(self.note, id="results-note", markup=False)
            result = finished_race(state)
            places = result.places()
            yield Static(podium(places, names, state.game.cars), id="podium")
            with Vertical(id="result-table"):
                with Horizontal(classes="result-row result-head"):
                    yield Static(_("Place"), classes="result-place")
                    yield Static("", classes="result-car")
                    yield Static(_("Player"), classes="result-name")
                    yield Static(_("Dice in the final round"), classes="result-dice")
                    yield Static("", classes="result-trophy")
                # In finishing order (R11): the winners, the other finishers by their
                # dice, then the cars left behind, nearest the finish first.
                for player, place in places:
                    seat = race.players[player]
                    row = Horizontal(classes="result-row", id=f"result-{player}")
                    row.set_class(player in winners, "-winner")
                    with row:
                        yield Static(ordinal(place), classes="result-place")
                        car = Static(
                            colour_letter(state.game.cars[player]), classes="chip result-car",
                            markup=False,
                        )
                        set_colour_class(car, state.game.cars[player])
                        yield car
                        label = player_label(replace(seat, name=names[player]))
                        yield Static(label, classes="result-name", markup=False)
                        yield Static(dice_words(state, player), classes="result-dice")
                        yield Static(emoji(TROPHY) if player in winners else "",
                                     classes="result-trophy")
            yield Static(rule_note(race.game.pro), classes="note", id="rule-note")
            if self.evening is not None:
                # One line here: the table (the podium after the last race) is its own
                # screen, its button the first (e).
                yield Static(heading(self.evening), id="evening", markup=False)
            # The seed is a detail for replaying the race, shown on request (i).
            details = Static(
                go_on("seed", seed=race.seed),
                id="details",
                markup=False,
            )
            details.display = False
            yield details
            with Horizontal(id="result-buttons"):
                if self.evening is not None:
                    yield DialogButton(_(evening_msgid(self.evening)), id="evening-table",
                                       compact=True, action="screen.evening")
                if self.app.check_action("rematch", ()):  # (not over the network)
                    yield DialogButton(rematch_label(self.evening), id="rematch",
                                       compact=True, action="app.rematch")
                yield DialogButton(_("New set-up"), id="new-setup", compact=True,
                             action="app.new_setup")
                if served():
                    yield DialogButton(_("Download the record"), id="download", compact=True,
                                 action="screen.download")
                yield DialogButton(_("Quit"), id="quit", compact=True, action="app.quit")
        # As on the race screen: no command-palette key in the footer (^p still opens it).
        # Compact on a narrow terminal: after an evening's last race, its keys at their
        # usual spacing take 81 columns.
        yield Footer(show_command_palette=False, compact=self.app.size.width < WIDE)

    def on_resize(self, event: events.Resize) -> None:
        # The footer's keys and spacing follow the terminal's width.
        self._fit_footer(event.size.width)
        self.query_one(Footer).compact = event.size.width < WIDE
        self.refresh_bindings()

    def on_mount(self) -> None:
        # The first button is chosen (and looks it) a moment after the results appear:
        # Enter then presses it, as on every dialog; an Enter meant for the race's last
        # move, or held down, comes before and does nothing (nothing looks chosen yet).
        self.set_timer(CHOOSE_AFTER, self._choose_first)

    def _choose_first(self) -> None:
        if self.focused is None and self.is_attached:
            self.query(DialogButton).first().focus()

    def action_board(self) -> None:
        """Back to the final board (the results stay one key away: the race is over)."""
        self.dismiss()

    def action_standings(self) -> None:
        """The standings of every race played here, this race's board first."""
        from monza_tui.app.screens.standings import StandingsScreen

        names = tuple(p.name for p in self.race.players)  # (the standings' own names)
        self.app.push_screen(StandingsScreen(self.race.game.board.name, names))

    def action_review(self) -> None:
        """The race's review and chart (worked out on that screen, off the event loop)."""
        from monza_tui.app.screens.review import ReviewScreen

        self.app.push_screen(ReviewScreen(self.race))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The download is a browser's (monza serve): hidden and off in a terminal; the
        # evening's table only in an evening.
        if action == "evening":
            return self.evening is not None
        return served() if action == "download" else True

    def action_evening(self) -> None:
        """The evening's running table, or its podium after the last race."""
        from monza_tui.app.screens.evening import EveningScreen

        if self.evening is not None:
            self.app.push_screen(EveningScreen(self.evening, table(self.evening)))

    def action_download(self) -> None:
        """Send the race's record to the visitor's browser (docs/web.md)."""
        from monza_tui.web.download import deliver_record

        deliver_record(self.app, self.race)

    def action_details(self) -> None:
        """Show or hide the race's details (its seed)."""
        details = self.query_one("#details", Static)
        details.display = not details.display


__all__ = ["TROPHY", "ResultsScreen", "evening_msgid", "rematch_label", "rematch_msgid"]
