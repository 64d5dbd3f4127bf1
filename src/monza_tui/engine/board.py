"""Boards as geometry: spaces with edges, and the forward steps derived from them (R4, R5).

A board is authored as one string of tokens per lane (see ``docs/boards.md``); every
token is a space with a length in track units, so the staggered edges are exact and the
steps between spaces are computed here, never typed by hand.
"""

from __future__ import annotations

import enum
import re
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from monza_tui.engine.colours import ANNIVERSARY_CARS, ORIGINAL_CARS, Colour
from monza_tui.engine.problems import Problem, Spot


class BoardError(Problem):
    """A board's lanes do not describe a playable track; the message names lane and token."""


class Edition(enum.Enum):
    """Which edition's pieces and rules a board belongs to (R2, R16)."""

    ANNIVERSARY = "anniversary"
    """The 20th Anniversary edition: 2-4 cars (red, blue, green, yellow)."""
    ORIGINAL = "original"
    """The original 2000 edition: 2-6 cars of all six colours."""

    @property
    def cars(self) -> tuple[Colour, ...]:
        """The cars that come in this edition's box (R2)."""
        return ANNIVERSARY_CARS if self is Edition.ANNIVERSARY else ORIGINAL_CARS

    @property
    def min_players(self) -> int:
        """Fewest players a race of this edition takes."""
        return 2

    @property
    def max_players(self) -> int:
        """Most players a race of this edition takes: one per car."""
        return len(self.cars)


class SpaceKind(enum.Enum):
    """What a space is for."""

    START = "start"
    """The start field: spans all lanes, holds any number of cars, never pushes (R8)."""
    TRACK = "track"
    """A coloured space in one lane."""
    BLOCKED = "blocked"
    """A grey space with a tire: nothing may ever enter it (R1)."""
    FINISH = "finish"
    """A finish field or space: entered with its colour, ends a path, never pushes (R8, R9)."""


@dataclass(frozen=True, slots=True)
class Space:
    """One space: the lanes it lies in and its back and front edge in track units (R4)."""

    index: int
    id: str
    kind: SpaceKind
    lanes: tuple[int, ...]
    back: int
    front: int
    colour: Colour | None

    @property
    def lane(self) -> int:
        """The lane of a one-lane space (for the start and a finish field: the first lane)."""
        return self.lanes[0]

    @property
    def holds_many(self) -> bool:
        """Start and finish hold any number of cars and never push back (R8)."""
        return self.kind in (SpaceKind.START, SpaceKind.FINISH)


@dataclass(frozen=True)
class Board:
    """A track: its spaces, the start, the finish spaces and the derived forward steps."""

    name: str
    edition: Edition
    lane_count: int
    spaces: tuple[Space, ...]
    steps: tuple[tuple[int, ...], ...]
    """``steps[a]``: the spaces one forward step from space ``a`` may go to (R5)."""
    start: int
    finishes: tuple[int, ...]
    title: str = ""
    lane_spaces: tuple[tuple[int, ...], ...] = field(default=(), compare=False, repr=False)
    """Per lane, its one-lane spaces from back to front (for push-back, R8)."""
    _by_id: Mapping[str, int] = field(default_factory=dict, compare=False, repr=False)

    @property
    def length(self) -> int:
        """The length of every lane in track units, start and finish included."""
        return max(space.front for space in self.spaces)

    def space(self, ref: int | str) -> Space:
        """A space by index or id; ``KeyError`` for an unknown id."""
        return self.spaces[ref] if isinstance(ref, int) else self.spaces[self._by_id[ref]]

    def index_of(self, space_id: str) -> int:
        """The index of the space with this id; ``KeyError`` if there is none."""
        return self._by_id[space_id]

    def is_finish(self, index: int) -> bool:
        """Whether a car on this space has reached the finish (R9)."""
        return self.spaces[index].kind is SpaceKind.FINISH

    @property
    def coloured_spaces(self) -> tuple[Space, ...]:
        """Spaces a die can go to: track and finish spaces."""
        return tuple(s for s in self.spaces if s.colour is not None)

    # Building ---------------------------------------------------------------------

    @classmethod
    def from_lanes(
        cls,
        name: str,
        lanes: Sequence[str],
        *,
        edition: Edition = Edition.ANNIVERSARY,
        finish_colour: Colour | None = None,
        title: str = "",
    ) -> Board:
        """Build a board from its lane strings; :class:`BoardError` names what is wrong."""
        return _build(name, lanes, edition, finish_colour, title)


# Geometry (R4, R5) -----------------------------------------------------------------


def touches(a: Space, b: Space) -> bool:
    """Whether ``b`` touches ``a``: end to end in a shared lane, or side by side (sharing
    part of a long side or at least a corner) in a neighbouring lane (R5)."""
    if set(a.lanes) & set(b.lanes):
        return b.back == a.front
    neighbours = any(abs(la - lb) == 1 for la in a.lanes for lb in b.lanes)
    return neighbours and b.back <= a.front and a.back <= b.front


def is_step(a: Space, b: Space, *, diagonal_only: bool = False) -> bool:
    """Whether one forward step may go from ``a`` to ``b`` (R5): ``b`` is not blocked,
    touches ``a``, and its front edge is strictly ahead of ``a``'s; nothing leaves a
    finish (R9) and nothing leaves a tire.

    ``diagonal_only`` is the original edition's rule (R17, boards of ``edition =
    "original"``): a step into a neighbouring lane must also begin strictly ahead of where
    ``a`` begins, so the space right beside ``a`` is never a step. The start field spans
    every lane, so R17 does not concern the steps off it."""
    if a.kind in (SpaceKind.FINISH, SpaceKind.BLOCKED) or b.kind is SpaceKind.BLOCKED:
        return False
    if not (b.front > a.front and touches(a, b)):
        return False
    changes_lane = not set(a.lanes) & set(b.lanes)
    return not (diagonal_only and changes_lane and b.back <= a.back)


# Parsing the lane strings ------------------------------------------------------------

_TOKEN = re.compile(r"^(?P<kind>[A-Za-z])(?P<length>[0-9]+)(?P<finish>\*?)$")
_LANE_LETTERS = "abcdefghijklmnopqrstuvwxyz"


@dataclass
class _Token:
    lane: int
    position: int  # 1-based position in the lane string, for messages
    text: str
    kind: SpaceKind
    colour: Colour | None
    back: int
    front: int

    def where(self) -> str:
        return f"lane {self.lane + 1}, token {self.position} {self.text!r}"

    def spot(self) -> Spot:
        return Spot(self.lane + 1, self.position, self.text)


def _parse_lane(lane: int, text: str, finish_colour: Colour | None) -> list[_Token]:
    tokens: list[_Token] = []
    at = 0
    words = text.split()
    if not words:
        raise BoardError(f"lane {lane + 1}: no spaces", "lane.empty", lane=lane + 1)
    for position, word in enumerate(words, start=1):
        match = _TOKEN.match(word)
        where = f"lane {lane + 1}, token {position} {word!r}"
        spot = Spot(lane + 1, position, word)
        if match is None:
            raise BoardError(
                f"{where}: a space is a letter and a length, like W2 or X1",
                "token.form",
                where=spot,
            )
        letter = match["kind"].upper()
        length = int(match["length"])
        finish = bool(match["finish"])
        if length < 1 or length > 99:
            raise BoardError(
                f"{where}: a length is 1 to 99 track units", "token.length", where=spot
            )
        colour: Colour | None = None
        if letter == "S":
            kind = SpaceKind.START
        elif letter == "F":
            kind, colour = SpaceKind.FINISH, finish_colour
            if finish_colour is None:
                raise BoardError(
                    f"{where}: a finish field F needs the board's finish colour",
                    "token.finish_colour",
                    where=spot,
                )
        elif letter == "X":
            kind = SpaceKind.BLOCKED
        else:
            try:
                colour = Colour.from_letter(letter)
            except KeyError:
                raise BoardError(
                    f"{where}: unknown letter {letter!r} (colours R B G Y P W, X tire, "
                    "S start, F finish)",
                    "token.letter",
                    where=spot,
                    letter=letter,
                ) from None
            kind = SpaceKind.FINISH if finish else SpaceKind.TRACK
        if finish and letter in "SFX":
            raise BoardError(
                f"{where}: only a coloured space can be a finish space (*)",
                "token.star",
                where=spot,
            )
        tokens.append(_Token(lane, position, word, kind, colour, at, at + length))
        at += length
    return tokens


def _build(
    name: str,
    lanes: Sequence[str],
    edition: Edition,
    finish_colour: Colour | None,
    title: str,
) -> Board:
    if not 1 <= len(lanes) <= len(_LANE_LETTERS):
        raise BoardError(
            f"a board has 1 to {len(_LANE_LETTERS)} lanes, not {len(lanes)}",
            "lanes.count",
            most=len(_LANE_LETTERS),
            count=len(lanes),
        )
    parsed = [_parse_lane(lane, text, finish_colour) for lane, text in enumerate(lanes)]

    # Every lane has the same length, so that the start and finish fields line up.
    lengths = {tokens[-1].front for tokens in parsed}
    if len(lengths) > 1:
        first = parsed[0][-1].front
        odd = next(tokens for tokens in parsed if tokens[-1].front != first)
        raise BoardError(
            f"lane {odd[0].lane + 1} is {odd[-1].front} track units long but lane 1 is "
            f"{first}: every lane must have the same length",
            "lanes.length",
            lane=odd[0].lane + 1,
            length=odd[-1].front,
            first=first,
        )

    # The start field spans all lanes: every lane begins with the same S<n>.
    for tokens in parsed:
        head = tokens[0]
        if head.kind is SpaceKind.BLOCKED:
            raise BoardError(
                f"{head.where()}: a tire on the start; lanes begin with S<n>",
                "start.tire",
                where=head.spot(),
            )
        if head.kind is not SpaceKind.START:
            raise BoardError(
                f"{head.where()}: every lane begins with the start field S<n>",
                "start.missing",
                where=head.spot(),
            )
        for token in tokens[1:]:
            if token.kind is SpaceKind.START:
                raise BoardError(
                    f"{token.where()}: the start field S may only begin a lane",
                    "start.inside",
                    where=token.spot(),
                )
    start_front = parsed[0][0].front
    for tokens in parsed:
        if tokens[0].front != start_front:
            raise BoardError(
                f"{tokens[0].where()}: the start field spans all lanes, so it has the same "
                f"length in each (lane 1: S{start_front})",
                "start.length",
                where=tokens[0].spot(),
                length=start_front,
            )

    # A finish field F ends every lane or none; a finish space (*) ends its lane.
    field_ends = [
        tokens[-1].kind is SpaceKind.FINISH and tokens[-1].text[0] in "Ff" for tokens in parsed
    ]
    for tokens in parsed:
        for token in tokens[:-1]:
            if token.kind is SpaceKind.FINISH:
                raise BoardError(
                    f"{token.where()}: a finish must be the last space of its lane",
                    "finish.inside",
                    where=token.spot(),
                )
    if any(field_ends) and not all(field_ends):
        lane = field_ends.index(False)
        raise BoardError(
            f"{parsed[lane][-1].where()}: the finish field F spans all lanes, so every lane "
            "ends with it",
            "finish.field",
            where=parsed[lane][-1].spot(),
        )
    if all(field_ends) and len({tokens[-1].back for tokens in parsed}) > 1:
        raise BoardError(
            "the finish field F must have the same length in every lane", "finish.length"
        )
    if not any(t.kind is SpaceKind.FINISH for tokens in parsed for t in tokens):
        raise BoardError(
            "no finish: end the lanes with F<n> or mark finish spaces with *", "finish.none"
        )

    # Lay out the spaces: the shared fields once, then each lane's own spaces.
    lane_count = len(parsed)
    all_lanes = tuple(range(lane_count))
    spaces: list[Space] = [Space(0, "start", SpaceKind.START, all_lanes, 0, start_front, None)]
    origin: dict[int, _Token] = {0: parsed[0][0]}
    lane_spaces: list[list[int]] = []
    for tokens in parsed:
        own: list[int] = []
        number = 0
        for token in tokens[1:]:
            if token.kind is SpaceKind.FINISH and token.text[0] in "Ff":
                continue
            number += 1
            index = len(spaces)
            space_id = f"{_LANE_LETTERS[token.lane]}{number}"
            spaces.append(
                Space(
                    index,
                    space_id,
                    token.kind,
                    (token.lane,),
                    token.back,
                    token.front,
                    token.colour,
                )
            )
            origin[index] = token
            own.append(index)
        lane_spaces.append(own)
    if all(field_ends):
        last = parsed[0][-1]
        index = len(spaces)
        spaces.append(
            Space(
                index, "finish", SpaceKind.FINISH, all_lanes, last.back, last.front, finish_colour
            )
        )
        origin[index] = last

    diagonal_only = edition is Edition.ORIGINAL  # R17: lane changes only diagonally
    # A step's target begins at or behind where ``a`` ends and ends ahead of it (what
    # ``touches`` and ``is_step`` ask first). No space is longer than ``longest``, so the
    # targets' backs lie in a short window before ``a.front``: found by bisection in the
    # spaces sorted by their backs, not by testing every pair (this runs at every launch).
    by_back = sorted(spaces, key=lambda s: s.back)
    backs = [s.back for s in by_back]
    longest = max(s.front - s.back for s in spaces)
    steps = tuple(
        tuple(
            b.index
            for b in sorted(
                (
                    b
                    for b in by_back[
                        bisect_right(backs, a.front - longest) : bisect_right(backs, a.front)
                    ]
                    if a.front < b.front and is_step(a, b, diagonal_only=diagonal_only)
                ),
                key=lambda s: (s.front, s.lane),
            )
        )
        for a in spaces
    )
    finishes = tuple(s.index for s in spaces if s.kind is SpaceKind.FINISH)

    # Every space a car can reach must lead on to a finish, or a car could be stranded.
    reachable = _reach(steps, [0])
    if not reachable & set(finishes):
        # Name where every path gets stuck, so the author knows which tires to look at.
        furthest = max(reachable, key=lambda i: (spaces[i].front, -spaces[i].lane))
        stuck = "the start field" if furthest == 0 else origin[furthest].where()
        raise BoardError(
            f"no finish reachable from the start: no car gets beyond {stuck}",
            "finish.unreachable",
            where=Spot(1) if furthest == 0 else origin[furthest].spot(),
        )
    reverse: list[list[int]] = [[] for _ in spaces]
    for a, targets in enumerate(steps):
        for b in targets:
            reverse[b].append(a)
    leads_home = _reach(tuple(tuple(r) for r in reverse), list(finishes))
    for index in sorted(reachable - leads_home, key=lambda i: (spaces[i].back, spaces[i].lane)):
        raise BoardError(
            f"{origin[index].where()}: a dead end, no path from it reaches a finish",
            "track.dead_end",
            where=origin[index].spot(),
        )

    return Board(
        name=name,
        edition=edition,
        lane_count=lane_count,
        spaces=tuple(spaces),
        steps=steps,
        start=0,
        finishes=finishes,
        title=title or name,
        lane_spaces=tuple(tuple(own) for own in lane_spaces),
        _by_id={s.id: s.index for s in spaces},
    )


def _reach(edges: Sequence[Sequence[int]], sources: list[int]) -> set[int]:
    seen = set(sources)
    todo = list(sources)
    while todo:
        for nxt in edges[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen
