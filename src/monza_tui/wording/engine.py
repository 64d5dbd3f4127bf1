"""The engine's errors (:mod:`monza_tui.engine.problems`) as sentences: a board's lane
strings, actions, a race's set-up and every illegal move. The codes carry the ruling where
there is one; the sentences leave the ruling numbers out (they are for the rules screen)."""

from __future__ import annotations

from monza_tui.i18n import N_, ngettext
from monza_tui.wording.plural import Message, Plural

MESSAGES: dict[str, Message] = {
    # A board's lanes (engine/board.py)
    "lane.empty": N_("lane {lane}: no spaces"),
    "token.form": N_("{where}: a space is a letter and a length, like W2 or X1"),
    "token.length": N_("{where}: a length is 1 to 99 track units"),
    "token.finish_colour": N_("{where}: a finish field F needs the board's finish colour"),
    "token.letter": N_(
        "{where}: unknown letter {letter!r} (colours R B G Y P W, X tire, S start, F finish)"
    ),
    "token.star": N_("{where}: only a coloured space can be a finish space (*)"),
    "lanes.count": N_("a board has 1 to {most} lanes, not {count}"),
    "lanes.length": N_(
        "lane {lane} is {length} track units long but lane 1 is {first}: every lane must "
        "have the same length"
    ),
    "start.tire": N_("{where}: a tire on the start; lanes begin with S<n>"),
    "start.missing": N_("{where}: every lane begins with the start field S<n>"),
    "start.inside": N_("{where}: the start field S may only begin a lane"),
    "start.length": N_(
        "{where}: the start field spans all lanes, so it has the same length in each "
        "(lane 1: S{length})"
    ),
    "finish.inside": N_("{where}: a finish must be the last space of its lane"),
    "finish.field": N_("{where}: the finish field F spans all lanes, so every lane ends with it"),
    "finish.length": N_("the finish field F must have the same length in every lane"),
    "finish.none": N_("no finish: end the lanes with F<n> or mark finish spaces with *"),
    "finish.unreachable": N_("no finish reachable from the start: no car gets beyond {where}"),
    "track.dead_end": N_("{where}: a dead end, no path from it reaches a finish"),
    # Actions (engine/actions.py, engine/notation.py)
    "action.syntax": N_("not an action: {text!r}"),
    "action.no_space": N_("no space {space!r} on this board"),
    # A race's set-up (engine/state.py)
    "R2.players": N_("the {edition} races {least}-{most} cars, not {count}"),
    "R2.same_car": N_("every player drives a different car"),
    "R2.car": N_("the {edition} has no {car} car"),
    "R3.start": N_("no player {player} to start"),
    "worded": "{text}",
    "error": "{why}",  # an engine error passed on as a user's error
    # Illegal moves (State.apply)
    "R10.over": N_("{action}: the race is over"),
    "chance": Plural(
        "dice",
        lambda n: ngettext(
            "{action}: chance rolls {dice} die now", "{action}: chance rolls {dice} dice now", n
        ),
    ),
    "place.no_space": N_("{action}: no space {space} on this board"),
    "R5.not_forward": N_("{action}: {space} is not one forward step from {origin}"),
    "R5.not_forward.start": N_("{action}: {space} is not one forward step from the start"),
    "R6.die_used": N_("{action}: die {die} is not in hand"),
    "R6.die_colour": N_("{action}: die {die} is {rolled}, {space} is {colour}"),
    "R12.tile_used": N_("{action}: no {tile} tile in hand now"),
    "R6.tile_colour": N_("{action}: a {tile} tile on {colour} {space}"),
    "R6.die_fits": N_("{action}: a die still fits, the move must go on"),
    "phase": N_("{action}: not legal in the {phase} phase"),
}
"""The engine's codes to their English messages."""
