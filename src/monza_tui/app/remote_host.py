"""A race played over the network, on this terminal: the race screen's host (``RaceHost``)
over a :class:`~monza_tui.net.client.RaceClient`, and the client's listener.

The server (``monza host``) is the one authority (docs/network.md); every terminal, the
host's own too, shows the client's mirror of its race. So nothing here changes the race:
a key sends its action (:meth:`RemoteHost.act`) or asks for the dice (:meth:`roll`), and
the screen moves when the server's answer comes back (:meth:`race_changed`), animating a
drive as a local race does. The screen waits for keys only for the seats a person drives
at this keyboard (:meth:`drives_here`); for every other seat it says whom it waits for
(:meth:`waiting_for`: a person elsewhere, one who is away with the grace time counting
down, a seat nobody took yet, a computer driver: the server runs the bots, a client never
thinks for one). When a turn becomes this terminal's person's, the bell rings once and the
title says so while it lasts (:meth:`_signal_turn`). At the end the server's record (with
the seed, now public) is saved in this home's history, so ``monza stats`` and ``monza
replay`` know the race.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from monza_tui.app import remote_words as words
from monza_tui.app import textual_shim
from monza_tui.app.hosts import RaceHost
from monza_tui.engine import Action, Phase
from monza_tui.errors import Said
from monza_tui.i18n import _
from monza_tui.net.client import FINAL_CODES, GAVE_UP
from monza_tui.net.mirror import CHECK_FAILED, FAIR
from monza_tui.race.pace import acting
from monza_tui.race.setup import seat_label
from monza_tui.record import Race
from monza_tui.seats import SeatKind
from monza_tui.wording import word

if TYPE_CHECKING:
    from monza_tui.app.screens.race import RaceScreen
    from monza_tui.app.shell import Shell
    from monza_tui.net.client import RaceClient
    from monza_tui.net.protocol import Presence
    from monza_tui.net.server import Invitation, RaceServer
    from monza_tui.net.uplink import RelayStatus

TICK = 1.0
"""Seconds between two redraws of a grace countdown."""
_UNSEEN = -2
"""No car seen acting yet (see :meth:`RemoteHost._signal_turn`)."""


class RemoteHost(RaceHost):
    """The race screen's host for a networked race, and the client's listener."""

    networked = True

    def __init__(self, app: Shell, *, server: RaceServer | None = None,
                 invitation: Invitation | None = None, bell: bool | None = None) -> None:
        super().__init__(app)
        if bell is None:
            from monza_tui import settings

            bell = settings.load().turn_bell
        self.bell = bell
        """Whether the bell rings when a turn becomes this person's (``--bell``, the
        settings: on by default)."""
        self._actor: int | None = _UNSEEN
        """The car last seen acting (None: the race is over)."""
        self._title: str | None = None
        """The terminal's title as last set."""
        self.server = server
        """The race server when this terminal hosts the race (``monza host``)."""
        self.invitation = invitation
        """The address(es) and code to give the other house (the host only)."""
        self.client: RaceClient | None = None
        self.screen: RaceScreen | None = None
        self.connected = True
        self._shown: Race | None = None
        """The race the screen last showed (the "before" of the next action)."""
        self._sent = False
        """An action or roll is on its way: further keys wait for its answer (no double
        moves from a quick double press)."""
        self._next: Action | None = None
        """The action sent once the answer to the one on its way is here (see :meth:`act`)."""
        self._final: Race | None = None
        self._check: str | None = None
        """The end's check of the host's word as the player reads it (the log, the results)."""
        self._results_wanted = False
        self._ticking: Any = None
        self._seen: dict[int, Presence] = {}
        """Each seat's presence as last told (news are told when it changes)."""

    # RaceHost ---------------------------------------------------------------------------

    @property
    def race(self) -> Race | None:
        """The race as the screen was last told of it (the client's mirror may already be
        a step further: its news wait in the app's queue)."""
        if self._final is not None:
            return self._final
        if self._shown is not None:
            return self._shown
        return self.client.race if self.client is not None else None

    @property
    def hands_seats(self) -> bool:  # type: ignore[override]
        """Only the host's keyboard hands cars over (the server does it: ``c`` asks it)."""
        return self.hosting

    def hand_seat(self, player: int, seat: SeatKind) -> Race | None:
        """Ask the server to give ``player``'s car to ``seat`` (a seat nobody joined, or a
        person's who left): the change comes back as news, so nothing to show yet."""
        if self.client is not None and self.client.is_host:
            self.client.hand_seat(player, seat)
        return None

    @property
    def hosting(self) -> bool:
        """Whether this is the host's own terminal."""
        return self.client is not None and self.client.is_host

    @property
    def watching(self) -> bool:
        """Whether this terminal only watches (drives no car, and is not the host's)."""
        return self.client is not None and not self.client.seats and not self.hosting

    def drives_here(self, player: int) -> bool:
        client = self.client
        if client is None or not self.connected or self._final is not None:
            return False
        race = self.race
        return (race is not None and player in client.seats
                and race.players[player].seat is SeatKind.HUMAN)

    @property
    def yours(self) -> frozenset[int]:
        """The cars a person at this terminal drives (not those handed to a computer
        driver, nor the host's own computer drivers), connected or not."""
        client, race = self.client, self.race
        if client is None or race is None:
            return frozenset()
        return frozenset(p for p in client.seats if not race.players[p].seat.is_bot)

    def waiting_for(self, player: int) -> str | None:
        client = self.client
        if client is None:
            return None
        if not self.connected:
            return words.offline_words()
        race = self.race
        assert race is not None
        seat = race.players[player]
        if seat.seat.is_bot:
            return words.bot_words(seat.name, seat_label(seat.seat))
        presence = client.presence.get(player)
        if presence is not None and presence.kind == "away":
            return words.away_words(seat.name, presence.seconds_left())
        joined = presence is None or presence.kind != "waiting"
        return words.waiting_words(seat.name, joined=joined, hosting=self.hosting)

    def act(self, action: Action) -> bool:
        """Send ``action``; while another is on its way, the first action after it waits
        for its answer and goes if it is still legal then (a die placed during the extra
        roll: the keep, then the placement), and any more are dropped (a double press)."""
        client = self.client
        if client is None or not self.connected:
            return False
        if self._sent:
            if self._next is None:
                self._next = action
            return False
        self._sent = True
        client.act(action)
        return True

    def roll(self) -> bool:
        """Ask for the roll of the dice (space); the turbo roll and the re-roll of marked
        dice the host rolls by itself."""
        client = self.client
        if client is None or self._sent or not self.connected:
            return False
        if client.race.state.phase is not Phase.ROLL:
            return False
        self._sent = True
        client.roll()
        return True

    def show_results(self) -> None:
        """The results once the server's record is here (it brings the seed)."""
        self._results_wanted = True
        if self._final is None:
            return
        from monza_tui.app.screens.results import ResultsScreen

        self.app.clear_notifications()
        self.app.push_screen(ResultsScreen(self._final, note=self._check))

    # ClientListener ---------------------------------------------------------------------
    # The client calls these from its own task; each is handled in the app's message
    # queue, in order, where Textual's timers and screens work as for a key (a task begun
    # before the app, as ``monza join`` begins it, knows no app). Before the app runs
    # there is nothing to draw: the screen shows the client's race when it comes up.

    def race_changed(self, race: Race, action: Action | None) -> None:
        self._post(self._race_changed, race, action)

    def presence_changed(self, presence: Mapping[int, Presence]) -> None:
        self._post(self._presence_changed, presence)

    def refused(self, code: str, params: Mapping[str, object]) -> None:
        self._post(self._refused, code, dict(params))

    def connection_changed(self, connected: bool) -> None:
        self._post(self._connection_changed, connected)

    def race_over(self, record_text: str) -> None:
        self._post(self._race_over, record_text)

    def relay_changed(self, status: RelayStatus) -> None:
        """The host's line to its relay came, went, or was refused (the uplink's news)."""
        self._post(self._relay_changed, status)

    def _relay_changed(self, status: RelayStatus) -> None:
        line = words.on_its_own(word(Said(status.code, dict(status.params))))
        screen = self._live_screen()
        if screen is not None:
            screen.log_lines([line])
        severity = "information" if status.connected else (
            "error" if status.final else "warning")
        self.app.notify(line, severity=severity, timeout=30 if status.final else 6)

    def _post(self, handler: Callable[..., None], *args: object) -> None:
        if self.app.is_running:
            self.app.call_later(handler, *args)

    def _race_changed(self, race: Race, action: Action | None) -> None:
        self._sent = False
        before, self._shown = self._shown, race
        screen = self._live_screen()
        if screen is not None and before is not None:
            if action is None:  # seats changed hands (a drop given to a bot, or back)
                if len(race.seat_changes) > len(before.seat_changes):
                    screen.seat_changed(race)
                else:
                    screen.state_changed()
                    screen.advance()
            else:
                screen.race_changed(before, action, race)
        self._signal_turn()
        waiting, self._next = self._next, None
        if waiting is not None and race.state.is_legal(waiting):
            actor = acting(race.state)
            if actor is not None and self.drives_here(actor):
                self.act(waiting)

    def _presence_changed(self, presence: Mapping[int, Presence]) -> None:
        seen, self._seen = self._seen, dict(presence)
        race, screen = self.race, self._live_screen()
        if race is not None and screen is not None:
            # Told in the log (and a toast) whatever turn it is: a person elsewhere who
            # joined, dropped (with the grace time) or came back.
            lines = [line for player, now in presence.items()
                     if (line := words.presence_news(race.players[player].name,
                                                     seen.get(player), now))]
            if lines:
                screen.log_lines(lines)
                for line in lines:
                    self.app.notify(line, timeout=4)
        away = any(p.kind == "away" for p in presence.values())
        if away and self._ticking is None:
            self._ticking = self.app.set_interval(TICK, self._tick)
        elif not away and self._ticking is not None:
            self._ticking.stop()
            self._ticking = None
        self._tick()

    def _refused(self, code: str, params: Mapping[str, object]) -> None:
        self._sent = False
        self._next = None
        if code in CHECK_FAILED:
            return  # (the end's check: said by _race_over, in the log and the results)
        text = words.refusal_words(code, params)
        if code in GAVE_UP or (code in FINAL_CODES and not self.connected):
            # The client gave up (the host is gone, or will not have us back): one line,
            # as the command line says its errors.
            error = word(Said(code, dict(params)))
            self.app.exit(message=_("monza: {error}").format(error=error), return_code=2)
            return
        screen = self._live_screen()
        if screen is not None:
            screen.advise(text)
        else:
            self.app.notify(text, severity="warning")

    def _connection_changed(self, connected: bool) -> None:
        self.connected = connected
        self._sent = False
        self._next = None
        line = words.back_words() if connected else words.offline_words()
        self._signal_turn()
        screen = self._live_screen()
        if screen is not None:
            screen.log_lines([line])
            screen.state_changed()
            if connected:
                screen.advance()
        self.app.notify(line, severity="information" if connected else "warning",
                        timeout=4 if connected else 8)

    def _race_over(self, record_text: str) -> None:
        # The client has put the host's record (with the seed) in place of its mirror,
        # when it read and matched it: that race is kept, else the mirror is shown.
        assert self.client is not None
        final = self.client.race
        check = self.client.dice_check
        if check == FAIR and not self.hosting:
            self._keep(final)  # (the host's own server keeps its save in its history)
        self._final = final
        if check is not None and self._check is None:
            # Whether the host kept its word about the dice, said once, and never only in
            # a toast that goes: in the race log and on the results.
            self._check = words.dice_check_words(check)
            screen = self._live_screen()
            if screen is not None:
                screen.log_lines([self._check])
            if check != FAIR:
                self.app.notify(self._check, severity="warning", timeout=15)
        self._signal_turn()
        if self._results_wanted:
            self.show_results()

    # This terminal ----------------------------------------------------------------------

    def start(self) -> None:
        """Show the race (the client has joined): the race screen, and on the host the
        invitation over it while a remote seat is still free."""
        assert self.client is not None
        self._shown = self.client.race
        self.connected = self.client.connected  # (news before the app ran were not told)
        if self.client.record_text is not None and self._final is None:
            self._race_over(self.client.record_text)  # (joined after the end)
        self.app.begin(self.client.race, self)
        assert self.screen is not None  # (made by begin: make_screen)
        if self.watching:
            self.screen.call_after_refresh(
                lambda: self.screen.log_lines([words.watching_words()]) if self.screen else None)
        elif not self.hosting and self.client.seats:  # whose seat this is: a line and a toast
            seat = self.client.race.players[min(self.client.seats)]
            welcome = words.driving_words(seat.name, seat.car)
            self.screen.call_after_refresh(
                lambda: self.screen.log_lines([welcome]) if self.screen else None)
            self.app.notify(welcome, timeout=8)
        if self.hosting and self.invitation is not None and self._free_seats():
            self.show_invitation()
        self._seen = dict(self.client.presence)
        self._presence_changed(self.client.presence)
        self._signal_turn(ring=False)  # (the person is at the keyboard: they just came)

    def make_screen(self) -> RaceScreen:
        from monza_tui.app.screens.race import RaceScreen

        self.screen = RaceScreen(self)
        return self.screen

    @property
    def wants_expert(self) -> bool:
        """The expert, for the hints asked here: a watcher asks none."""
        return not self.watching

    def quit(self) -> bool:
        """Quit, asking first while the race is on and someone here drives."""
        from monza_tui.app.screens.confirm import ConfirmScreen
        from monza_tui.web import served

        race, app = self.race, self.app
        if race is None or race.state.is_terminal() or self.watching:
            app.exit()
            return True
        if isinstance(app.screen, ConfirmScreen):
            return True
        question, message, yes = words.leave_words(hosting=self.hosting, served=served())

        def answered(leave: bool | None) -> None:
            if leave:
                app.exit(message=message)

        app.push_screen(ConfirmScreen(question, yes=yes, no=_("Play on")), answered)
        return True

    @property
    def can_invite(self) -> bool:
        return self.invitation is not None

    def invite(self) -> None:
        self.show_invitation()

    def leave(self) -> None:
        """The app leaves the race for the set-up screen: close its connection (and its
        server, on the host) in the background."""
        self.app.run_worker(self.close(), group="leave-race")

    def show_invitation(self) -> None:
        """The invitation (addresses, code, the line to give the other house) over the race."""
        from monza_tui.app.screens.invitation import InvitationScreen

        if self.invitation is None or isinstance(self.app.screen, InvitationScreen):
            return
        self.app.push_screen(InvitationScreen(self))

    async def close(self) -> None:
        """Close the connection (and stop the server on the host)."""
        if self._ticking is not None:
            self._ticking.stop()
            self._ticking = None
        if self.client is not None:
            await self.client.close()
        if self.server is not None:
            await self.server.stop()

    def _free_seats(self) -> list[int]:
        client = self.client
        if client is None:
            return []
        return [p for p, seen in client.presence.items() if seen.kind == "waiting"]

    def _signal_turn(self, *, ring: bool = True) -> None:
        """Tell this terminal's person that a turn is theirs: the bell, once, when the
        car acting becomes one they drive (a turn of theirs, or their bonus move after
        another's turn; not again for their own dice or bonus move within it, nor when the
        connection comes back), and the title "Your turn – Monza" while it lasts (the
        terminal's window, the browser's tab), "Monza" otherwise."""
        race = self.race
        actor = None if race is None else acting(race.state)
        yours = actor is not None and self.drives_here(actor)
        if yours and ring and self.bell and actor != self._actor:
            self.app.bell()
        self._actor = actor
        title = _("Your turn – Monza") if yours else _("Monza")
        if title != self._title:
            self._title = title
            self.app.title = title
            textual_shim.title_terminal(self.app, title)

    def _tick(self) -> None:
        screen = self._live_screen()
        if screen is not None and not screen.now.human:
            screen.show_prompt(screen.prompt_text())

    def _live_screen(self) -> RaceScreen | None:
        screen = self.screen
        if screen is None or not screen.is_mounted or not screen.is_attached:
            return None  # (not up yet: it draws the client's race when it mounts)
        return screen

    def _keep(self, race: Race) -> None:
        """The finished race in this home's history (``monza stats``, ``monza replay``)."""
        from monza_tui import saves

        try:
            saves.write_save(race, saves.new_save_path(race))
        except saves.SaveError as error:
            self.app.notify(str(error), severity="error", timeout=10)


async def connect(app: Shell, address: str, code: str | None, *, name: str | None = None,
                  watch: bool = False, token: str | None = None,
                  server: RaceServer | None = None,
                  invitation: Invitation | None = None,
                  bell: bool | None = None) -> RemoteHost:
    """Join the race at ``address`` with ``code`` (None: the code a relay's URL holds) on
    the running event loop (the app's): the host, its client joined (``JoinError``, one
    worded line, when refused or unreachable). :meth:`RemoteHost.start` then shows it.
    ``bell``: whether a turn that becomes this person's rings the bell (None: as the
    settings say, on by default). With ``server`` (this terminal hosts the race) the
    client joins it in memory: the host's own race never depends on a network."""
    from monza_tui.net.client import RaceClient

    host = RemoteHost(app, server=server, invitation=invitation, bell=bell)
    host.client = await RaceClient.join(address, code, host, name=name, watch=watch,
                                        token=token,
                                        dial=server.dial if server is not None else None)
    if server is not None and server.uplink is not None:
        server.uplink.watch(host.relay_changed)
    return host


__all__ = ["RemoteHost", "connect"]
