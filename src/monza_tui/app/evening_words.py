"""An evening of races (:mod:`monza_tui.stats.evening`) in the player's words: the race
screen's line (which race, the points so far) and the evening screen's heading, winner
line and the note on equal points. The names are the screen's (a default name in its
language: :func:`monza_tui.seats.shown_names`); the evening file keeps them as set up."""

from __future__ import annotations

from monza_tui.i18n import N_, _, number
from monza_tui.record import Player
from monza_tui.seats import shown_names
from monza_tui.stats.evening import Evening, Score
from monza_tui.stats.words import TROPHY
from monza_tui.web import emoji

SEPARATOR = " · "
"""Between the race's number and the points on the race screen's line."""


def names_shown(evening: Evening) -> dict[str, str]:
    """Each seat's name as set up -> as the screen shows it."""
    seats = evening.setup.seats
    players = tuple(Player(s.name.strip(), s.car, s.kind) for s in seats)
    return dict(zip((p.name for p in players), shown_names(players), strict=True))


def race_line(evening: Evening, scores: tuple[Score, ...]) -> str:
    """The race screen's line: "Race 2 of 3 · points so far: Ann: 3, Ben: 1", best
    first; the first race says only its number (no points yet)."""
    line = _("Race {n} of {races}").format(n=number(evening.number),
                                           races=number(evening.races))
    if not evening.played:
        return line
    shown = names_shown(evening)
    points = _(", ").join(
        _("{name}: {points}").format(name=shown.get(s.name, s.name), points=number(s.points))
        for s in scores
    )
    return line + SEPARATOR + _("points so far: {scores}").format(scores=points)


def heading(evening: Evening) -> str:
    """The evening screen's heading: how far the evening is, or that it is over."""
    if evening.over:
        return _("The evening is over: the podium")
    return _("Evening: race {n} of {races} played").format(
        n=number(len(evening.played)), races=number(evening.races))


def winner_line(evening: Evening, scores: tuple[Score, ...]) -> str:
    """Who won the evening (the first place, alone or shared), with the trophy."""
    shown = names_shown(evening)
    first = [shown.get(s.name, s.name) for s in scores if s.place == 1]
    if len(first) == 1:
        return _("{trophy} {name} wins the evening!").format(trophy=emoji(TROPHY),
                                                             name=first[0])
    return _("{trophy} {names} share the evening's win").format(
        trophy=emoji(TROPHY), names=_(" and ").join(first))


def tie_note(scores: tuple[Score, ...]) -> str | None:
    """How equal points are settled, said only when two players have equal points: more
    race wins go ahead; equal wins too share the place (docs/stats.md)."""
    points = [s.points for s in scores]
    if len(set(points)) == len(points):
        return None
    return _("Equal points: more race wins go ahead; with as many wins, the place is shared.")


COLUMNS = (N_("Place"), N_("Player"), N_("Points"), N_("Wins"), N_("Last race"))
"""The evening screen's table: place, player, points, race wins, the last race's points."""


__all__ = ["COLUMNS", "heading", "names_shown", "race_line", "tie_note", "winner_line"]
