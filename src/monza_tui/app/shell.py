"""What the parts of the app that come and go (a race's host, the evening, the join form,
the lesson) may ask of the app around them: a protocol, so that none of them imports the
app's module and the app alone knows them all (``docs/architecture.md``: the app imports
its hosts, never the other way round)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from textual.screen import Screen
    from textual.timer import Timer

    from monza_tui.app.hosts import RaceHost
    from monza_tui.app.screens.race import RaceScreen
    from monza_tui.record import Race
    from monza_tui.stats.evening import Evening


class Shell(Protocol):
    """The Textual app as its race's host and its helpers see it (``MonzaApp``)."""

    bot_delay: float
    """Seconds between a computer driver's steps."""
    animation_delay: float
    """Seconds between the spaces of a car's drive."""
    evening: Evening | None
    """The evening of races under way, if any."""
    host: RaceHost | None
    """The host of the race shown (None: no race, the set-up screen)."""

    @property
    def race(self) -> Race | None:
        """The race shown (its host's)."""
        ...

    @property
    def is_running(self) -> bool: ...

    @property
    def screen(self) -> Screen[Any]: ...

    def begin(self, race: Race, host: RaceHost | None = None) -> None:
        """Show ``race`` on the race screen, through ``host`` (default: a race at this
        keyboard)."""
        ...

    def show_screen(self, screen: Screen[Any]) -> None:
        """Make ``screen`` the main screen (set-up, race or results)."""
        ...

    def race_changed(self, race: Race) -> None:
        """The race shown changed (autosave hooks in here)."""
        ...

    def save_now(self) -> None:
        """Write every action so far before going on."""
        ...

    def warm_up(self, race: Race) -> None:
        """Build the expert's tables for ``race`` in another process, after its first
        frame."""
        ...

    def race_screen(self) -> RaceScreen | None:
        """The race screen, if one is up (under whatever is on top of it)."""
        ...

    def show_results(self) -> None:
        """The race at this keyboard is over: the results screen."""
        ...

    def action_new_setup(self) -> None: ...

    def notify(self, message: str, *, title: str = "", severity: Any = "information",
               timeout: float | None = None, markup: bool = True) -> None: ...

    def clear_notifications(self) -> None: ...

    def push_screen(self, screen: Any, callback: Any = None,
                    wait_for_dismiss: bool = False) -> Any: ...

    def exit(self, result: Any = None, return_code: int = 0,
             message: Any = None) -> None: ...

    def call_later(self, callback: Callable[..., Any], *args: Any, **kwargs: Any) -> bool: ...

    def set_interval(self, interval: float, callback: Callable[[], Any]) -> Timer: ...

    def run_worker(self, work: Any, *args: Any, **kwargs: Any) -> Any: ...

    def bell(self) -> None: ...

    title: str
    """The app's title (the terminal's too, where the host sets it: a turn over the
    network)."""


__all__ = ["Shell"]
