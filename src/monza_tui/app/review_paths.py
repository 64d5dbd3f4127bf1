"""A key moment of a review as the replay shows it: where to stand, its sentence, and the
two paths (the choice made and the expert's best) drawn on the board (``docs/review.md``).

Pure, no Textual. The paths are drawn by the board's own painter: the placement made as
placed tokens (the ``token`` look, like the dice of a race), the expert's as the hint draws
its plan (the ``hint`` look), each space marked with a glyph of its path so that the two
read apart without colour (``NO_COLOR``); a space on both paths shows one mark of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rich.text import Text

from monza_tui.app.legend import Legend
from monza_tui.engine import Board, BonusStep, InvalidActionError, Place, parse_action_text
from monza_tui.i18n import _
from monza_tui.palette import BOARD
from monza_tui.race.scene import Scene
from monza_tui.review.data import Review
from monza_tui.review.words import moment_line

CHOSEN_MARK = "◇"
"""A space of the choice made (hollow: what was played)."""
BEST_MARK = "◆"
"""A space of the expert's best choice (filled)."""
BOTH_MARK = "◈"
"""A space on both paths (the hollow and the filled diamond in one)."""


@dataclass(frozen=True)
class Moment:
    """A key moment of a review, ready to show in the replay."""

    number: int
    """1-based, in the review's order (the key that steps into it)."""
    count: int
    step: int
    """The replay's step: just before the decision, or just after a roll (its dice shown)."""
    sentence: str
    chosen: tuple[int, ...]
    """The spaces of the choice made, in order (a placement's dice and tiles, a bonus
    step); empty for a choice that places nothing (the extra roll, declining the bonus)."""
    best: tuple[int, ...]
    """The spaces of the expert's choice, in order."""

    @property
    def drawn(self) -> bool:
        """Whether the moment has paths to draw (a roll's luck has none)."""
        return bool(self.chosen or self.best)


def moment_at(review: Review, index: int, board: Board) -> Moment:
    """The review's moment ``index`` (0-based) on ``board``, the race's own."""
    moment = review.moments[index]
    sentence = _("Key moment {n} of {count}: {moment}").format(
        n=index + 1, count=len(review.moments), moment=moment_line(review, moment))
    if moment.kind != "loss":  # a roll's luck: stand on the roll, its dice in sight
        return Moment(index + 1, len(review.moments), moment.action + 1, sentence, (), ())
    decision = review.decisions[moment.index]
    return Moment(index + 1, len(review.moments), moment.action, sentence,
                  _spaces(board, decision.chosen), _spaces(board, decision.best))


def _spaces(board: Board, texts: tuple[str, ...]) -> tuple[int, ...]:
    """The spaces the actions ``texts`` (record notation) place on or step to, in order."""
    spaces: list[int] = []
    for text in texts:
        try:
            action = parse_action_text(board, text)
        except InvalidActionError:
            continue  # (the review's own output: never, but a mark less is no error)
        if isinstance(action, Place | BonusStep) and action.space not in spaces:
            spaces.append(action.space)
    return tuple(spaces)


def with_paths(scene: Scene, moment: Moment) -> Scene:
    """``scene`` with the moment's two paths marked: the choice made among the placed
    tokens, the expert's (and the spaces on both) among the hint's marks."""
    both = set(moment.chosen) & set(moment.best)
    chosen = tuple((s, CHOSEN_MARK) for s in moment.chosen if s not in both)
    best = tuple((s, BOTH_MARK if s in both else BEST_MARK) for s in moment.best)
    return replace(scene, tokens=scene.tokens + chosen, hinted=best)


def paths_legend(moment: Moment) -> Legend | None:
    """What the marks drawn mean, each in its look on the board, wrapped as whole entries
    (:class:`~monza_tui.app.legend.Legend`); None when nothing is drawn."""
    both = set(moment.chosen) & set(moment.best)
    entries = [
        (CHOSEN_MARK, "token", _("the choice made"), set(moment.chosen) - both),
        (BEST_MARK, "hint", _("the expert's best"), set(moment.best) - both),
        (BOTH_MARK, "hint", _("on both"), both),
    ]
    shown = [Text.assemble((mark, BOARD[look]), " " + words)
             for mark, look, words, spaces in entries if spaces]  # (the marks drawn only)
    return Legend([shown]) if shown else None


__all__ = ["BEST_MARK", "BOTH_MARK", "CHOSEN_MARK", "Moment", "moment_at", "paths_legend",
           "with_paths"]
