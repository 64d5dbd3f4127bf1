"""What a guest and a watcher of a race over the network see (issue 29): the dice the mover
has placed (also without colour), "(you)" beside their own cars, the bell once when a turn
becomes theirs, the title while it is, and no Skip while a person elsewhere decides. The
host, a guest and a watcher are app clients driven by Pilot on one loopback server."""

from __future__ import annotations

from contextlib import AsyncExitStack
from typing import Any

import pytest

from app.helpers import key_label, said, screen_lines
from app.test_remote_race import (
    SIZE,
    guest_app,
    host_app,
    hosted,
    key_for,
    play_by_keys,
    press,
    run,
    serve,
    until,
)
from monza_tui import settings
from monza_tui.app.app import MonzaApp
from monza_tui.app.remote_host import RemoteHost
from monza_tui.app.screens.race import RaceScreen
from monza_tui.app.widgets.buttons import ButtonRow
from monza_tui.cli import build_parser
from monza_tui.engine import Phase
from monza_tui.i18n import colour_letter
from monza_tui.race.now import Pointer
from monza_tui.race.offers import Waiting, offers

WATCHER_SIZE = (80, 24)


def spy_bell(app: MonzaApp, rings: list[str], name: str) -> None:
    """Count the bells ``app`` rings (the bell has nothing to show on a screen)."""
    app.bell = lambda: rings.append(name)  # type: ignore[method-assign]


def race_screen(app: MonzaApp) -> RaceScreen:
    screen = app.screen
    assert isinstance(screen, RaceScreen), screen
    return screen


def dice_row(app: MonzaApp) -> str:
    """The dice as the tray paints them, from the race shown: a placed die's dot instead
    of its colour's letter (``1·``), the others ``2R`` (text only, as under NO_COLOR)."""
    state = race_screen(app).race.state
    used = {p.token.index for p in state.path if hasattr(p.token, "index")}
    chips = [f"{i + 1}{'·' if i in used else colour_letter(c)}" for i, c in enumerate(state.roll)]
    return "".join(f" {chip}  " for chip in chips).strip()


def no_skip(app: MonzaApp) -> bool:
    """Skip is nowhere: not in the footer, not among the buttons, not a key."""
    screen = race_screen(app)
    footer = screen_lines(app)[-1]
    return (key_label("s", "Skip") not in footer
            and screen.query_one(ButtonRow).button_offset("skip") is None
            and not screen.check_action("skip", ()))


def test_a_guest_and_a_watcher_see_the_turn_theirs_and_the_dice_placed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")  # (every app of this test: the watcher's matters)

    async def main() -> None:
        race = hosted(["Ann"], ["Ben"])
        server, address = await serve(race, range(1, 2))
        host = await host_app(server, address)
        guest = await guest_app(server, address, name="Ben")
        watcher = await guest_app(server, address, watch=True)
        rings: list[str] = []
        for app, name in ((host, "Ann"), (guest, "Ben"), (watcher, "watcher")):
            spy_bell(app, rings, name)
        you = said("(you)")
        try:
            async with AsyncExitStack() as stack:
                ph = await stack.enter_async_context(host.run_test(size=SIZE))
                pg = await stack.enter_async_context(guest.run_test(size=SIZE))
                pw = await stack.enter_async_context(watcher.run_test(size=WATCHER_SIZE))
                pilots = [ph, pg, pw]
                await until(lambda: all(isinstance(p.app.screen, RaceScreen)
                                        for p in pilots), pilots)
                # Ann's turn, at the host's keyboard. Each terminal marks its own car.
                assert any(f"Ann {you}" in line for line in screen_lines(host))
                assert any(f"Ben {you}" in line for line in screen_lines(guest))
                assert not any(you in line for line in screen_lines(watcher))
                assert host.title == said("Your turn – Monza")
                assert guest.title == watcher.title == said("Monza")
                assert rings == []  # (nobody is rung at the start: they just came)
                # Ann decides: Skip would hurry nothing, so it is offered nowhere.
                assert no_skip(guest) and no_skip(watcher)
                # Ann rolls and places a die: the watcher sees which one is placed, by a
                # dot instead of its letter (no colour here).
                await press(host, ph, "space", pilots)
                await press(host, ph, "enter", pilots)
                placed = server.actions[1]
                assert placed.startswith("d"), placed
                index = int(placed[1:placed.index("@")])
                await until(lambda: len(race_screen(watcher).race.state.path) == 1, pilots)
                row = dice_row(watcher)
                assert f"{index + 1}·" in row and row.count("·") == 1
                await until(lambda: any(row in line for line in screen_lines(watcher)),
                            pilots)
                await until(lambda: any(row in line for line in screen_lines(guest)), pilots)
                assert no_skip(guest) and no_skip(watcher)
                # Ann drives: the turn is Ben's. His terminal rings once and says so.
                while server.race.state.player == 0:
                    key = key_for(host)
                    if key is not None:
                        await press(host, ph, key, pilots)
                    else:
                        await until(lambda: True, pilots)
                await until(lambda: key_for(guest) == "space", pilots)
                assert rings == ["Ben"]
                assert guest.title == said("Your turn – Monza")
                assert host.title == watcher.title == said("Monza")
                # Ben's own roll and dice ring nothing more.
                await press(guest, pg, "space", pilots)
                await press(guest, pg, "enter", pilots)
                assert rings == ["Ben"]
                assert no_skip(host) and no_skip(watcher)
                # The whole race: one bell per turn that became someone's (Ann's first
                # turn was hers from the start).
                await play_by_keys([(host, ph), (guest, pg)], pilots)
                turns = [log.player for log in server.race.turns]
                assert rings.count("Ben") == turns.count(1)
                assert rings.count("Ann") == turns.count(0) - 1
                assert "watcher" not in rings
                assert host.title == guest.title == said("Monza")
        finally:
            await server.stop()

    run(main)


def test_no_bell_for_a_guest_who_turned_it_off() -> None:
    async def main() -> None:
        race = hosted([], ["Ann", "Ben"])
        server, address = await serve(race, range(0, 2))
        ann = await guest_app(server, address, name="Ann")
        ben = await guest_app(server, address, name="Ben", bell=False)
        rings: list[str] = []
        spy_bell(ann, rings, "Ann")
        spy_bell(ben, rings, "Ben")
        try:
            async with ann.run_test(size=SIZE) as pa, ben.run_test(size=SIZE) as pb:
                pilots = [pa, pb]
                await until(lambda: all(isinstance(p.app.screen, RaceScreen)
                                        for p in pilots), pilots)
                while server.race.state.player == 0:
                    key = key_for(ann)
                    if key is not None:
                        await press(ann, pa, key, pilots)
                    else:
                        await until(lambda: True, pilots)
                await until(lambda: key_for(ben) == "space", pilots)
                assert rings == []  # (Ben said --no-bell)
                assert ben.title == said("Your turn – Monza")  # the title still says it
                assert race_screen(ben).race.state.phase is Phase.ROLL
        finally:
            await server.stop()

    run(main)


def test_skip_is_offered_only_while_the_race_paces_itself() -> None:
    def skip(waiting: Waiting) -> bool:
        return offers("skip", (), None, Pointer(), terminal=False, waiting=waiting)

    assert skip(Waiting.PACE)  # a computer driver, the dice, the car driving
    assert not skip(Waiting.PERSON)  # a person elsewhere decides
    assert not skip(Waiting.NOTHING)  # a person here decides
    assert not offers("skip", (), None, Pointer(), terminal=True, waiting=Waiting.PACE)


def test_the_bell_follows_the_flag_then_the_settings_then_rings(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    monkeypatch.setenv("MONZA_CONFIG", str(tmp_path))
    parser = build_parser()
    assert parser.parse_args(["join", "h:1", "C"]).bell is None
    assert parser.parse_args(["join", "h:1", "C", "--no-bell"]).bell is False
    assert parser.parse_args(["join", "h:1", "C", "--bell"]).bell is True
    app = MonzaApp(networked=True)
    assert RemoteHost(app).bell is True  # on by default
    settings.update(bell=False)
    assert settings.load().bell is False
    assert RemoteHost(app).bell is False
    assert RemoteHost(app, bell=True).bell is True  # the flag over the settings
    (tmp_path / settings.FILE_NAME).write_text('{"bell": "loud"}', "utf-8")
    assert settings.load() == settings.Settings()  # not ours: the defaults
