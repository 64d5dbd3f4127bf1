"""The end's check of the host's word on screen: a guest reads in the race log and on the
results that the dice were fair, or a warning that stays (and the race is not kept)."""

from __future__ import annotations

from typing import Any

import pytest

from app.helpers import log_lines
from app.test_remote_race import client, guest_app, play_by_keys, run, serve
from monza_tui.app.remote_words import dice_check_words
from monza_tui.app.screens.results import ResultsScreen
from monza_tui.net import codes
from monza_tui.net.mirror import FAIR
from monza_tui.net.run import new_race


@pytest.mark.parametrize("honest", [True, False])
def test_a_guest_reads_whether_the_dice_were_fair(honest: bool, tmp_path: Any,
                                                  monkeypatch: Any) -> None:
    from monza_tui import saves

    monkeypatch.setenv("MONZA_HOME", str(tmp_path))

    async def main() -> None:
        race = new_race("oval", ["Ann", "Ben"], [], seed=5)
        server, address = await serve(race, range(0, 2))
        if not honest:
            server.seed_hash = codes.seed_hash(6, server.salt)  # it promised seed 6
        ann = await guest_app(server, address, name="Ann")
        ben = await guest_app(server, address, name="Ben")
        try:
            async with ann.run_test(size=(120, 40)) as pa, ben.run_test(size=(120, 40)) as pb:
                await play_by_keys([(ann, pa), (ben, pb)], [pa, pb])
                for app in (ann, ben):
                    code = client(app).dice_check
                    assert code == (FAIR if honest else "net.seed_mismatch")
                    line = dice_check_words(code)
                    assert line in log_lines(app)
                    screen = app.screen
                    assert isinstance(screen, ResultsScreen)
                    shown = screen.query_one("#results-note")
                    assert str(shown.render()) == line
        finally:
            await server.stop()
        assert len(saves.list_saves()) == (2 if honest else 0)

    run(main)


def test_the_checks_words() -> None:
    assert dice_check_words(FAIR) == (
        "✓ The dice were fair: the host's seed matches what it promised at the start, and "
        "every roll was that seed's")
    assert dice_check_words("net.rolls_differ") == (
        "✗ The dice in the host's record are not the dice it rolled during the race: the "
        "dice were not fair")
