"""Seats that change hands (issue 13): a car handed to a computer driver mid-turn by keys,
taken back by a person, the bot playing on from the state as it is (placed dice stay), the
log telling it, the save keeping the drivers, and the record passing ``monza replay --check``."""

from __future__ import annotations

from pathlib import Path

from app.helpers import (
    as_in_english,
    human_turn,
    key_label,
    log_lines,
    press,
    race_app,
    run_async,
    said,
    screen_lines,
    sprint,
    wait_for,
)
from monza_tui.app.replay_screen import Timeline, describe
from monza_tui.app.screens.race import RaceScreen
from monza_tui.app.screens.seat_change import SeatScreen
from monza_tui.cli import main
from monza_tui.engine import Phase
from monza_tui.record import parse_records, record_text, write_records
from monza_tui.record.seating import SeatChange
from monza_tui.seats import SeatKind


def handed(name: str) -> str:
    """The log's line when ``name`` hands the car to the expert bot."""
    return as_in_english(
        said("{name}'s car: a computer driver takes the wheel ({driver})", name=name,
             driver=f"🤖 {said('expert')}"),
        f"{name}'s car: a computer driver takes the wheel (🤖 expert)",
    )


HANDED = handed("Ann")
BACK = as_in_english(said("{name}'s car: a person takes the wheel", name="Ann"),
                     "Ann's car: a person takes the wheel")
SEATS_KEY = as_in_english(f" {key_label('c', 'Seats')} ", " c Seats ")
RULES_KEY = as_in_english(key_label("?", "Rules"), "? Rules")
GOES_ON = as_in_english(said("(the race goes on where it stopped)"),
                        "(the race goes on where it stopped)")


async def _hand(pilot, *keys: str) -> None:  # type: ignore[no-untyped-def]
    """c, then the keys in the dialog (Enter: this car, Enter: the suggested driver)."""
    await pilot.press("c")
    await pilot.pause()
    assert isinstance(pilot.app.screen, SeatScreen)
    for key in keys:
        await pilot.press(key)
        await pilot.pause()
    assert isinstance(pilot.app.screen, RaceScreen)


@run_async
async def test_a_seat_handed_to_a_bot_mid_turn_and_back_by_keys(tmp_path: Path) -> None:
    # A long pause: the bot's step waits, so the seat can be taken back before it plays.
    app = race_app(race=sprint(), bot_delay=30)
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space", "enter")  # Ann rolls and places a die
        placed = app.race.state.path
        assert len(placed) == 1 and app.race.pending
        await _hand(pilot, "enter", "enter")  # Ann's car, to the expert (suggested)
        race = app.race
        assert race.players[0].seat is SeatKind.EXPERT
        assert race.seat_changes == (SeatChange(1, 2, 0, SeatKind.EXPERT, SeatKind.HUMAN),)
        assert race.state.path == placed  # the placed die stays; the bot goes on from it
        assert not human_turn(app) and app.host.driver(0) is not None
        assert log_lines(app)[-1] == HANDED
        # Back to a person before the bot's step: nothing was played meanwhile.
        await wait_for(pilot, lambda: not app.screen._thinking)
        await _hand(pilot, "enter", "enter")  # the suggestion for a bot's car: a person
        assert app.race.players[0].seat is SeatKind.HUMAN and app.host.driver(0) is None
        assert app.race.state.path == placed and human_turn(app)
        assert log_lines(app)[-1] == BACK
        # Handed over again, and the bot plays the turn on (s: no pause).
        await _hand(pilot, "enter", "enter")
        await pilot.press("s")
        await wait_for(pilot, lambda: human_turn(app) and app.race.state.player == 1)
        first = app.race.turns[0]
        assert first.moves[0] == placed[0] and len(first.moves) > 1
        # Ben, whose turn it is, takes Ann's car back for her: up to Ann, Enter, Enter.
        await _hand(pilot, "up", "enter", "enter")
        assert [p.seat for p in app.race.players] == [SeatKind.HUMAN, SeatKind.HUMAN]
        race = app.race
        assert [(c.turn, c.at, c.player, c.seat) for c in race.seat_changes] == [
            (1, 2, 0, SeatKind.EXPERT), (1, 2, 0, SeatKind.HUMAN), (1, 2, 0, SeatKind.EXPERT),
            (2, 0, 0, SeatKind.HUMAN),
        ]
    # The save keeps the drivers and the changes; the record replays and checks.
    text = record_text([race], save=True)
    (back,) = parse_records(text, "save")
    assert back.players == race.players and back.seat_changes == race.seat_changes
    assert back.starting_players()[0].seat is SeatKind.HUMAN
    path = tmp_path / "race.jsonl"
    write_records(path, [race], save=True)
    assert main(["replay", "--check", str(path)]) == 0
    # The replay tells each change at its moment.
    timeline = Timeline.of(back)
    told = [describe(timeline, k) for k in range(timeline.last + 1)]
    assert told[2].endswith(f" · {HANDED} · {BACK} · {HANDED}")
    assert told[timeline.last].endswith(f" · {BACK}")


@run_async
async def test_the_keys_on_offer_follow_a_seat_handed_over_at_the_same_moment() -> None:
    """The race screen answers ``check_action`` once a moment (state, frame, pointer); a
    seat handed over changes who decides with none of them changed."""
    app = race_app(race=sprint(), bot_delay=30)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RaceScreen)
        state, pointer = app.race.state, screen.pointer
        assert screen.check_action("roll", ()) is True  # Ann rolls
        await _hand(pilot, "enter", "enter")  # Ann's car, to the expert
        assert app.race.state is state and screen.pointer is pointer
        assert screen.check_action("roll", ()) is False  # the bot rolls
        assert screen.check_action("skip", ()) is True


@run_async
async def test_escape_leaves_the_seats_as_they_are() -> None:
    app = race_app(race=sprint())
    async with app.run_test(size=(80, 24)) as pilot:
        # The footer offers c where it has room: before the roll, not while placing (the
        # key works there too: the mid-turn test above presses it).
        assert SEATS_KEY in screen_lines(app)[-1]
        await press(pilot, "space")
        assert app.race.state.phase is Phase.PLACING
        footer = screen_lines(app)[-1]
        assert SEATS_KEY not in footer and footer.rstrip().endswith(RULES_KEY)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, SeatScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.race.seat_changes == () and human_turn(app)


@run_async
async def test_a_click_on_a_car_in_the_field_opens_its_seat() -> None:
    app = race_app(race=sprint())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.click("Standings", offset=(5, 1))  # Ben's row
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SeatScreen) and screen.seat == 1
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert app.race.players[1].seat is SeatKind.EXPERT


@run_async
async def test_a_resumed_race_keeps_the_drivers_of_now_and_retells_the_change() -> None:
    from app.helpers import played
    from monza_tui.engine import Place

    race = sprint()
    race = race.roll()
    place = next(a for a in race.state.legal_actions() if isinstance(a, Place))
    race = played(race, place).hand_seat(0, SeatKind.EXPERT)  # Ann left mid-turn
    (saved,) = parse_records(record_text([race], save=True), "save")
    app = race_app(race=saved)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: human_turn(app) and app.race.state.player == 1)
        assert app.host.driver(0) is not None and app.race.players[0].seat is SeatKind.EXPERT
        told = log_lines(app)
        assert HANDED in told
        assert told.index(HANDED) < told.index(GOES_ON)
        assert app.race.turns[0].moves[0].space == place.space  # the bot went on from it


@run_async
async def test_the_replay_marks_the_computer_drivers_of_the_moment() -> None:
    from monza_tui.app.replay_screen import ReplayApp

    race = sprint().roll().hand_seat(1, SeatKind.EXPERT)  # Ben leaves after Ann's roll
    app = ReplayApp([race])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        state = str(app.screen.query_one("#replay-state").render())
        assert "Ben 🤖" not in state and "Ben " in state  # at the start: a person
        await pilot.press("right")
        await pilot.pause()
        state = str(app.screen.query_one("#replay-state").render())
        assert "Ben 🤖" in state
        told = describe(app.screen.timeline, 1)
        assert told.endswith(f" · {handed('Ben')}")
