"""Helpers for the app's Pilot tests: scripted dice, waiting for the app to settle, and
reading the screen as text (what a person would see, without colours).

While the game speaks the pseudo-locale (``pytest --monza-lang xx``, or a test inside
``speaking("xx")``), every screen a test settles on or reads is also checked: no English
word left, no message cut off, the track on the cells of its layout
(:func:`app.language_checks.screen_problems`). A test whose screen is too small on purpose
says so with :func:`unchecked`."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Static

from app.language_checks import PSEUDO, screen_problems
from monza_tui import i18n
from monza_tui.app.app import MonzaApp
from monza_tui.app.screens.race import RaceScreen
from monza_tui.app.widgets.buttons import ButtonRow
from monza_tui.app.widgets.dice import DiceTray, TileTray
from monza_tui.engine import Colour, Phase, State
from monza_tui.race.setup import RaceSetup, Seat, start_race
from monza_tui.record import Race

DATA = Path(__file__).parent / "data"
SPRINT = str(DATA / "sprint.toml")
"""Two lanes of one-unit spaces: straight on or diagonal at every step (R5)."""

ANN, BEN = Seat("Ann", Colour.RED), Seat("Ben", Colour.BLUE)


def said(msgid: str, **params: Any) -> str:
    """A message as the game says it in the session's language: a test builds the text it
    expects from the app's own msgid, so it asserts the exact text in any language."""
    return i18n._(msgid).format(**params)


def said_n(singular: str, plural: str, n: int, **params: Any) -> str:
    """A plural message (``{n}`` filled) as the game says it in the session's language."""
    return i18n.ngettext(singular, plural, n).format(n=n, **params)


def as_in_english(text: str, english: str) -> str:
    """``text``, made with the app's own words, and in an English session checked against
    the ``english`` a reader reads: an expectation exact in every language that keeps the
    English run's literal text."""
    if i18n.current_language() == "en":
        assert text == english
    return text


def key_label(key: str, msgid: str) -> str:
    """A key of the footer as it reads in the session's language (``⏎ OK``)."""
    return f"{key} {i18n._(msgid)}"


def footer(*keys: tuple[str, str]) -> str:
    """The footer line of these keys (key, label msgid), as the game draws it."""
    return " " + "  ".join(key_label(key, msgid) for key, msgid in keys)


def bot_name(n: int) -> str:
    """The name the game gives its ``n``th bot ("Bot 1")."""
    return said("Bot {n}", n=n)


def sprint(seats: tuple[Seat, ...] = (ANN, BEN), **kwargs: Any) -> Race:
    """A race on the sprint board, seed 1, Ann and Ben unless told otherwise."""
    return start_race(RaceSetup(board=SPRINT, seats=seats, seed=1, **kwargs))


def played(race: Race, *actions: Any) -> Race:
    """``race`` after ``actions``, each checked by the engine."""
    for action in actions:
        race = race.apply(action)
    return race


def at(race: Race, space_id: str) -> int:
    """The index of a space by its id ("a7")."""
    return race.game.board.index_of(space_id)


def run_async(test: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    """Run an async test function with asyncio (no pytest async plugin is installed)."""

    @functools.wraps(test)
    def wrapper(*args: Any, **kwargs: Any) -> None:
        asyncio.run(test(*args, **kwargs))

    return wrapper


def colours(letters: str) -> tuple[Colour, ...]:
    """``"RGB"`` -> (red, green, blue)."""
    return tuple(Colour.from_letter(c) for c in letters)


class ScriptedDice:
    """The test hook for the app's dice: every roll in order, checked against what the
    engine asks for (6 dice, the re-rolled ones, or 2 for the turbo)."""

    def __init__(self, *rolls: str) -> None:
        self.rolls = [colours(r) for r in rolls]
        self.used = 0

    def __call__(self, state: State) -> tuple[Colour, ...]:
        roll = self.rolls[self.used]
        assert len(roll) == state.dice_to_roll(), (roll, state.phase)
        self.used += 1
        return roll


async def settle(pilot: Pilot[Any], rounds: int = 4000) -> None:
    """Wait until nothing is scheduled: no timer, no bot thinking, no animation frame, and
    every widget has handled its messages."""
    app = pilot.app
    for _ in range(rounds):
        await pilot._wait_for_screen()
        screen = app.screen
        busy = isinstance(screen, RaceScreen) and (
            screen._pending is not None or screen._thinking or screen._frame is not None
        )
        if not busy and not any(w.is_running for w in app.workers):
            await pilot._wait_for_screen()
            app.screen._on_timer_update()  # lay out and draw now, as Pilot.pause does
            check_language(app)
            return
        await asyncio.sleep(0.001)
    raise AssertionError("the app did not settle")


async def press(pilot: Pilot[Any], *keys: str) -> None:
    """Press keys one at a time, letting the app settle after each."""
    for key in keys:
        await pilot.press(key)
        await settle(pilot)


async def click(pilot: Pilot[Any], *selectors: str) -> None:
    """Click widgets one at a time, letting the app settle after each."""
    for selector in selectors:
        await click_one(pilot, selector)
        await settle(pilot)


async def click_one(pilot: Pilot[Any], selector: str, offset: tuple[int, int] = (0, 0)) -> None:
    """Click a widget once it can take the click: a button ignores clicks while it shows
    its pressed look (a fifth of a second), as no person clicks faster than that."""
    selector, offset = chip_place(pilot.app, selector, offset)
    widget = pilot.app.screen.query_one(selector)
    for _ in range(1000):
        if not widget.has_class("-active"):
            break
        await asyncio.sleep(0.01)
    assert await pilot.click(selector, offset=offset), selector


def chip_place(
    app: MonzaApp, selector: str, offset: tuple[int, int] = (0, 0)
) -> tuple[str, tuple[int, int]]:
    """Where to click for a button, a die or a tile, each a part of one widget of the race
    screen: ``#btn-roll`` is the label Roll in ``#buttons``, ``#die-2`` the third die in
    ``#dice``, ``#tile-red`` (``#tile-extra``) a tile in ``#tiles``. Other selectors are
    widgets. An absent button or die fails here (a person could not click it either)."""
    screen = app.screen
    if selector.startswith("#btn-"):
        row = screen.query_one("#buttons", ButtonRow)
        place = row.button_offset(selector.removeprefix("#btn-"))
        assert place is not None, f"{selector} is not shown"
        return "#buttons", (place[0] + offset[0], place[1] + offset[1])
    if selector.startswith("#die-"):
        x = screen.query_one("#dice", DiceTray).chip_x(int(selector.removeprefix("#die-")))
        assert x is not None, f"{selector} is not shown"
        return "#dice", (x + offset[0], offset[1])
    if selector.startswith("#tile-"):
        name = selector.removeprefix("#tile-")
        key: object = "extra" if name == "extra" else Colour(name)
        x = screen.query_one("#tiles", TileTray).chip_x(key)
        assert x is not None, f"{selector} is not shown"
        return "#tiles", (x + offset[0], offset[1])
    return selector, offset


_UNCHECKED: list[str] = []
"""Why the screens shown now are not checked for their language (see :func:`unchecked`)."""


@contextmanager
def unchecked(reason: str) -> Iterator[None]:
    """Screens that are not checked for English or cut text, for a ``reason`` (a terminal
    too small on purpose): keep these few."""
    _UNCHECKED.append(reason)
    try:
        yield
    finally:
        _UNCHECKED.remove(reason)


def check_language(app: Any) -> None:
    """In the pseudo-locale: the screen has no English, no cut-off text, an aligned track."""
    if i18n.current_language() != PSEUDO or _UNCHECKED:
        return
    problems = screen_problems(app)
    assert problems == [], (type(app.screen).__name__, problems, "\n".join(_lines(app)))


def _lines(app: Any) -> list[str]:
    strips = app.screen._compositor.render_strips()
    return [strip.text.rstrip() for strip in strips]


def screen_lines(app: MonzaApp) -> list[str]:
    """The screen as text lines (trailing spaces removed); checked in the pseudo-locale."""
    check_language(app)
    return _lines(app)


def screen_text(app: MonzaApp) -> str:
    """The screen as one string."""
    return "\n".join(screen_lines(app))


def log_lines(app: MonzaApp) -> list[str]:
    """The race log's lines as written (unwrapped)."""
    screens = [s for s in app.screen_stack if isinstance(s, RaceScreen)]
    assert screens, "no race screen"
    return list(screens[-1].told)


def static_text(app: MonzaApp, selector: str) -> str:
    """The text of a Static (or of a text of the race screen's panel) on the current
    screen, unwrapped."""
    from monza_tui.app.widgets.panel import PanelText

    widget = app.screen.query_one(selector)
    if isinstance(widget, PanelText):
        return widget.text
    assert isinstance(widget, Static), widget
    return str(widget.render())


def prompt_text(app: MonzaApp) -> str:
    """The race screen's prompt (what the person at the keyboard is asked to do)."""
    from monza_tui.app.widgets.panel import TurnBanner

    return app.screen.query_one(TurnBanner).prompt


def turn_heading(app: MonzaApp) -> str:
    """The race screen's "whose turn" line, without the car's chip."""
    from monza_tui.app.widgets.panel import TurnBanner

    return app.screen.query_one(TurnBanner).heading


def without_foresight(monkeypatch: Any) -> None:
    """Count only what a key does: not the foresight that follows its frame, working out
    the state after Enter or the dice due (``race_ahead.py``; test_speed_work.py tests
    it)."""
    from monza_tui.app.screens.race_ahead import Foresight

    monkeypatch.setattr(Foresight, "_foresee", lambda self: None)


def race_app(**kwargs: Any) -> MonzaApp:
    """An app without pauses or animation (tests assert outcomes, never timings)."""
    kwargs.setdefault("bot_delay", 0)
    kwargs.setdefault("animation_delay", 0)
    return MonzaApp(**kwargs)


def ids(app: MonzaApp, spaces: Iterable[int]) -> list[str]:
    """Space ids of the race's board."""
    assert app.race is not None
    board = app.race.game.board
    return [board.spaces[s].id for s in spaces]


def where(app: MonzaApp) -> list[str]:
    """Every car's space id, in player order."""
    assert app.race is not None
    return ids(app, app.race.state.positions)


async def wait_for(pilot: Pilot[Any], check: Callable[[], bool], rounds: int = 400) -> None:
    """Wait (without waiting for timers) until ``check()`` holds."""
    for _ in range(rounds):
        if check():
            return
        await pilot.pause(0.01)
    raise AssertionError("condition not reached")


def human_turn(app: MonzaApp) -> bool:
    """Whether a person has to act now on the race screen."""
    screen = app.screen
    return isinstance(screen, RaceScreen) and screen.human_to_act()


async def to_results(pilot: Pilot[Any]) -> Any:
    """Wait while the computer drivers race, until the results screen shows; it."""
    from monza_tui.app.screens.results import ResultsScreen

    for _ in range(200):
        await settle(pilot)
        if isinstance(pilot.app.screen, ResultsScreen):
            return pilot.app.screen
    raise AssertionError("no results")


async def play_by_keys(pilot: Pilot[Any], limit: int = 3000) -> None:
    """Play every human decision with keys only until the results screen: space rolls, k
    keeps the roll, Enter places a die on the first lit space (or drives once no die fits),
    Enter takes the first bonus step."""
    from monza_tui.app.screens.results import ResultsScreen

    app = pilot.app
    for _ in range(limit):
        await settle(pilot)
        if isinstance(app.screen, ResultsScreen):
            return
        assert human_turn(app), app.screen
        state = app.race.state
        key = {Phase.ROLL: "space", Phase.EXTRA_ROLL: "k"}.get(state.phase, "enter")
        await pilot.press(key)
    raise AssertionError("the race did not end")


async def play_by_mouse(pilot: Pilot[Any], limit: int = 3000) -> None:
    """Play every human decision with the mouse only until the results screen: the Roll,
    Keep and Drive buttons, and clicks on the first lit space of the board."""
    from app import choices
    from app.board_points import space_point
    from monza_tui.app.screens.results import ResultsScreen

    app = pilot.app
    for _ in range(limit):
        await settle(pilot)
        if isinstance(app.screen, ResultsScreen):
            return
        assert human_turn(app), app.screen
        state = app.race.state
        if state.phase is Phase.ROLL:
            await click_one(pilot, "#btn-roll")
        elif state.phase is Phase.EXTRA_ROLL:
            await click_one(pilot, "#btn-keep")
        elif state.phase in (Phase.PLACING, Phase.TURBO_PLACING) and choices.can_confirm(state):
            await click_one(pilot, "#btn-confirm")
        else:
            lit = choices.targets(state)
            assert lit, state.phase
            await click_one(pilot, "#board", space_point(app, lit[0]))
    raise AssertionError("the race did not end")
