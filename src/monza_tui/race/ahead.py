"""What is worked out ahead of a person's key: the one cache of the race's foresight.

While a person looks at the board, a front end may work out what the obvious key would
play (Enter, or the dice due: ``app/screens/race_ahead.py``) and the expert's hint for the
decision at hand, so the key finds them ready. Whatever is worked out lands here, in one
typed record per kind, and is taken only for the very race or state it was made from
(compared by identity: a race or state is never changed, so the same object means the same
moment), so a foresight never shows anything the race does not say. Any other moment finds
nothing and works it out as usual: the cache changes when a thing is ready, never what it
is (``tests/app/test_foresight.py`` plays random keys with it and without it and compares
every screen). ``Ahead(enabled=False)`` keeps nothing: the race without foresight.
"""

from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from monza_tui.engine import Action, State
from monza_tui.race.now import Now, Pointer
from monza_tui.race.scene import Scene
from monza_tui.record import Race

if TYPE_CHECKING:
    from monza_tui.bots import Hint


@dataclass(frozen=True, eq=False)
class Foreseen:
    """An action played ahead of its key, and what its key will show."""

    before: Race
    """The race it was played on."""
    action: Action
    after: Race
    """The race after it: taken by the key if the same action comes on ``before``."""
    lines: tuple[str, ...] | None = None
    """The race log's lines of the action, worded ahead."""
    human: bool | None = None
    """Whether a person decides after it, as ``now`` was derived for (None: not derived,
    as when the key's frame shows the car's first step instead)."""
    now: Now | None = None
    """The choices of ``after``'s state."""
    scene: Scene | None = None
    """The board's scene of ``now``, before any pointer."""


@dataclass(frozen=True, eq=False)
class HintAhead:
    """The expert's hint for one state, being worked out or ready, and its words."""

    state: State
    future: Future[Hint]
    words: tuple[Hint, str] | None = None
    """The hint and its sentence, once worded for the panel."""


class Ahead:
    """The cache of what is worked out ahead (see the module's docstring): at most one
    foreseen action and one hint, each for one moment of the race."""

    def __init__(self, *, enabled: bool = True) -> None:
        self.enabled = enabled
        """Whether anything is worked out ahead at all (off: every key works it out)."""
        self._foreseen: Foreseen | None = None
        self._hint: HintAhead | None = None
        self._tried: tuple[State, Pointer] | None = None

    # The foreseen action ------------------------------------------------------------------

    @property
    def foreseen(self) -> Foreseen | None:
        """The action foreseen last, with what was worked out of it (None: none yet)."""
        return self._foreseen

    def first_try(self, state: State, pointer: Pointer) -> bool:
        """Whether the moment (``state``, ``pointer``) is met for the first time: True once,
        so a redraw of the same moment foresees nothing more (False when disabled)."""
        if not self.enabled or self._tried == (state, pointer):
            return False
        self._tried = (state, pointer)
        return True

    def put(self, foreseen: Foreseen) -> None:
        """Keep ``foreseen`` (it replaces what was kept)."""
        if self.enabled:
            self._foreseen = foreseen

    def add(self, **worked_out: object) -> None:
        """Add what the screen worked out of the kept foresight (its lines, choices,
        scene)."""
        if self._foreseen is not None:
            self._foreseen = replace(self._foreseen, **worked_out)  # type: ignore[arg-type]

    def take(self, race: Race, action: Action) -> Race | None:
        """The race after ``action`` on ``race`` if it was played ahead; None otherwise
        (the record stays: the log's lines and the choices after it are asked next)."""
        foreseen = self._foreseen
        if foreseen is None or foreseen.before is not race or foreseen.action != action:
            return None
        return foreseen.after

    def choices(self, state: State, human: bool) -> tuple[Now, Scene] | None:
        """The choices and scene of ``state`` if they were derived ahead for whether a
        person decides in it as ``human`` says."""
        foreseen = self._foreseen
        if (foreseen is None or foreseen.after.state is not state or foreseen.human != human
                or foreseen.now is None or foreseen.scene is None):
            return None
        return foreseen.now, foreseen.scene

    def lines(self, before: State, action: Action, after: State) -> tuple[str, ...] | None:
        """The log's lines of ``action`` from ``before`` to ``after`` if worded ahead."""
        foreseen = self._foreseen
        if (foreseen is None or foreseen.lines is None or foreseen.before.state is not before
                or foreseen.action != action or foreseen.after.state is not after):
            return None
        return foreseen.lines

    # The hint -----------------------------------------------------------------------------

    def hint(self, state: State) -> Future[Hint] | None:
        """The hint of ``state`` being worked out or ready, if it was asked for already."""
        kept = self._hint
        return kept.future if kept is not None and kept.state is state else None

    def put_hint(self, state: State, future: Future[Hint]) -> None:
        """Keep the hint of ``state`` (being) worked out (asked for, or ahead)."""
        self._hint = HintAhead(state, future)

    def is_hint(self, future: Future[Hint]) -> bool:
        """Whether ``future`` is the hint kept now (not one of a moment gone by)."""
        return self._hint is not None and self._hint.future is future

    def word_hint(self, state: State, found: Hint, text: str) -> None:
        """Keep the sentence of the hint ``found`` for ``state``."""
        if self._hint is not None and self._hint.state is state:
            self._hint = replace(self._hint, words=(found, text))

    def hint_words(self, state: State, found: Hint | None) -> str | None:
        """The sentence of ``found`` for ``state`` if it was worded ahead."""
        kept = self._hint
        if kept is None or kept.state is not state or kept.words is None:
            return None
        return kept.words[1] if kept.words[0] is found else None

    def forget(self) -> None:
        """Keep nothing (a new race)."""
        self._foreseen = self._hint = self._tried = None


__all__ = ["Ahead", "Foreseen", "HintAhead"]
