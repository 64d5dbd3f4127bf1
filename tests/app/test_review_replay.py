"""The review inside the replay (issue 32): ``v`` in ``monza replay`` opens the race's
review, and a key moment's number steps into it: the replay stands just before the decision,
says the moment, and draws the choice made and the expert's best on the board, told apart
without colour; a step or Escape leaves the moment. From the results screen the same keys
open a replay over the review, whose ``v`` comes back to it."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.geometry import Offset

from app.helpers import (
    SPRINT,
    footer,
    press,
    race_app,
    run_async,
    screen_lines,
    screen_text,
    settle,
    to_results,
    wait_for,
)
from monza_tui.app.board_view import BoardView
from monza_tui.app.replay_screen import ReplayApp, ReplayScreen
from monza_tui.app.review_paths import BEST_MARK, BOTH_MARK, CHOSEN_MARK
from monza_tui.app.screens.results import ResultsScreen
from monza_tui.app.screens.review import ReviewScreen, reviewing
from monza_tui.engine import Board, Colour, Place, parse_action_text
from monza_tui.i18n import _, pgettext
from monza_tui.race.drivers import play_out
from monza_tui.race.setup import RaceSetup, Seat, start_race
from monza_tui.record import Race
from monza_tui.review.cache import cached_review
from monza_tui.review.data import Review
from monza_tui.review.words import moment_line

SEATS = (Seat("Ann", Colour.RED, "greedy"), Seat("Ben", Colour.BLUE, "random"))


def esc() -> str:
    """The escape key's name in the footer, in the session's language."""
    return pgettext("key", "esc")


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("MONZA_HOME", str(folder))
    return folder


def oval_race() -> Race:
    """A race of computer drivers on the oval whose second key moment is a placement
    (seed 1: the expert's path shares its first space with the one driven)."""
    return play_out(start_race(RaceSetup(board="oval", seats=SEATS, seed=1)))


def placed(board: Board, texts: tuple[str, ...]) -> set[int]:
    """The spaces the actions ``texts`` (record notation) place dice or tiles on."""
    actions = [parse_action_text(board, text) for text in texts]
    return {a.space for a in actions if isinstance(a, Place)}


def marked(app: object, *marks: str) -> set[int]:
    """The spaces whose cells on the board show one of ``marks``, read off the screen."""
    view = app.screen.query_one(BoardView)  # type: ignore[attr-defined]
    region = view.scrollable_content_region
    lines = screen_lines(app)  # type: ignore[arg-type]
    found: set[int] = set()
    for y in range(region.height):
        line = lines[region.y + y] if region.y + y < len(lines) else ""
        for x in range(region.width):
            if region.x + x < len(line) and line[region.x + x] in marks:
                space = view.space_at(Offset(x, y))
                assert space is not None, (x, y, line)
                found.add(space)
    return found


def has(text: str, where: str) -> bool:
    """Whether ``where`` holds ``text``, wherever a line wrapped either (the pseudo-
    locale's padding may break at any cell)."""
    return "".join(text.split()) in "".join(where.split())


def joined(app: object, selector: str | None = None) -> str:
    """The screen's text (or the text of the widget ``selector`` where it is drawn) with
    line breaks and runs of spaces as one space (a sentence wraps in the side panel)."""
    lines = screen_lines(app)  # type: ignore[arg-type]
    if selector is not None:
        region = app.screen.query_one(selector).region  # type: ignore[attr-defined]
        strips = app.screen._compositor.render_strips()  # type: ignore[attr-defined]
        lines = [strip.crop(region.x, region.right).text
                 for strip in strips[region.y:region.bottom]]
    return " ".join(" ".join(line.split()) for line in lines)


async def reviewed(pilot: object, app: object) -> Review:
    """Wait for the review screen to show its review; the review."""
    assert isinstance(app.screen, ReviewScreen)  # type: ignore[attr-defined]
    await wait_for(pilot, lambda: reviewing() not in screen_text(app),  # type: ignore[arg-type]
                   rounds=4000)
    return cached_review(app.screen.race)  # type: ignore[attr-defined]


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
@run_async
async def test_v_in_the_replay_reviews_and_a_moment_is_stepped_into_with_both_paths(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    race = oval_race()
    board = race.game.board
    app = ReplayApp([race])
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert footer(("v", "Review")).strip() in screen_lines(app)[-1]
        await press(pilot, "right", "right")
        await press(pilot, "v")
        review = await reviewed(pilot, app)
        keys = footer((esc(), "Replay"), ("1-3", "Step in"))
        assert keys.split() == screen_lines(app)[-1].split()  # (compact below 100 columns)
        # The key moments are numbered by the keys that step into them (at 80x24 they are
        # further down the words' pane).
        if size[0] >= 100:
            assert has("2 " + moment_line(review, review.moments[1]), joined(app))
        moment = review.moments[1]
        assert moment.kind == "loss"
        decision = review.decisions[moment.index]
        best, chosen = placed(board, decision.best), placed(board, decision.chosen)
        both = best & chosen
        assert best - chosen and chosen - best and both  # (every mark has a space to show)
        await press(pilot, "2")
        assert app.screen is replay and replay.step == moment.action
        status = screen_lines(app)[-2]
        state = replay.timeline.states[moment.action]
        assert status.strip() == _("step {step}/{last} · turn {turn}, round {round}{over}").format(
            step=moment.action, last=replay.timeline.last, turn=state.turn,
            round=state.round, over="")
        said = _("Key moment {n} of {count}: {moment}").format(
            n=2, count=len(review.moments), moment=moment_line(review, moment))
        assert has(said, joined(app, "#replay-moment"))
        # No car stands on a path's space then (a car would cover a one-cell space's mark).
        assert not set(replay.timeline.states[moment.action].positions) & (best | chosen)
        # Each path on its exact spaces, told apart by its marks without colour.
        assert marked(app, BEST_MARK, BOTH_MARK) == best
        assert marked(app, CHOSEN_MARK, BOTH_MARK) == chosen
        assert marked(app, BOTH_MARK) == both
        legend = joined(app, "#replay-moment")
        for mark, words in ((CHOSEN_MARK, "the choice made"), (BEST_MARK, "the expert's best"),
                            (BOTH_MARK, "on both")):
            assert has(f"{mark} {_(words)}", legend)
        # Stepping on leaves the moment: its sentence and both paths go.
        await press(pilot, "right")
        assert replay.step == moment.action + 1
        assert not has(said, joined(app))
        assert marked(app, BEST_MARK, BOTH_MARK, CHOSEN_MARK) == set()
        # Escape leaves a moment first, then the replay.
        await press(pilot, "v")
        await reviewed(pilot, app)
        await press(pilot, "2")
        assert marked(app, BEST_MARK, BOTH_MARK) == best
        await press(pilot, "escape")
        assert app.screen is replay and replay.step == moment.action
        assert not has(said, joined(app))
        assert marked(app, BEST_MARK, BOTH_MARK, CHOSEN_MARK) == set()
        await press(pilot, "escape")
        assert not app.is_running


@run_async
async def test_a_rolls_moment_stands_on_the_roll_and_draws_no_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    race = oval_race()
    app = ReplayApp([race])
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        await press(pilot, "v")
        review = await reviewed(pilot, app)
        moment = review.moments[0]
        assert moment.kind == "luck"
        await press(pilot, "1")
        # The roll itself is the step shown: the log's line of it, its dice in the panel.
        assert app.screen is replay and replay.step == moment.action + 1
        assert has(moment_line(review, moment), joined(app, "#replay-moment"))
        assert marked(app, BEST_MARK, BOTH_MARK, CHOSEN_MARK) == set()
        assert not has(_("the expert's best"), joined(app))
        # Escape back from the review leaves the replay where it stood.
        await press(pilot, "v")
        await reviewed(pilot, app)
        await press(pilot, "escape")
        assert app.screen is replay and replay.step == moment.action + 1


@run_async
async def test_from_the_results_a_moment_opens_the_replay_over_the_review(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = race_app(setup=RaceSetup(board=SPRINT, seats=SEATS, seed=2))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "ctrl+s")
        results = await to_results(pilot)
        await press(pilot, "v")
        review_screen = app.screen
        review = await reviewed(pilot, app)
        assert footer((esc(), "Results"), ("1-3", "Step in")) in screen_lines(app)[-1]
        index = next(i for i, m in enumerate(review.moments) if m.kind == "loss")
        moment = review.moments[index]
        decision = review.decisions[moment.index]
        await press(pilot, str(index + 1))
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and replay.step == moment.action
        assert replay.timeline.race is results.race
        best = placed(results.race.game.board, decision.best)
        assert marked(app, BEST_MARK, BOTH_MARK) == best
        # v goes back to the review it came from (no review opened over the replay).
        await press(pilot, "v")
        assert app.screen is review_screen
        await press(pilot, "escape")
        assert app.screen is results and isinstance(results, ResultsScreen)
