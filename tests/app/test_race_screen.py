"""The race screen's frame: too small a terminal, resizing mid-race, the rules screen, the
footer's keys, illegal input refused with a message, and the pure helpers behind it."""

from __future__ import annotations

from app import choices
from app.helpers import (
    SPRINT,
    ScriptedDice,
    colours,
    key_label,
    press,
    race_app,
    run_async,
    said,
    said_n,
    screen_text,
    settle,
    static_text,
    turn_heading,
    where,
)
from app.language_checks import speaking
from monza_tui import i18n
from monza_tui.app.screens.race import RaceScreen
from monza_tui.app.screens.rules import RulesScreen, rules_text
from monza_tui.boardfile import load_board
from monza_tui.engine import Colour, Confirm, Die, Game, KeepRoll, Phase, Place, Roll, Tile
from monza_tui.i18n import _, colour_name, pgettext
from monza_tui.race.narrate import dice_text, ordinal, tell
from monza_tui.race.setup import RaceSetup, Seat, start_race

ANN, BEN = Seat("Ann", Colour.RED), Seat("Ben", Colour.BLUE)


def sprint_race(**kwargs: object):  # type: ignore[no-untyped-def]
    return start_race(RaceSetup(board=SPRINT, seats=(ANN, BEN), seed=1, **kwargs))  # type: ignore[arg-type]


@run_async
async def test_too_small_then_resized_mid_race() -> None:
    app = race_app(race=sprint_race(), roller=ScriptedDice("RGBRRR"))
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space", "1")
        assert where(app) == ["start", "start"] and len(app.race.state.path) == 1
        await pilot.resize_terminal(50, 14)
        await settle(pilot)
        screen = app.screen
        assert screen.has_class("-too-small")
        assert screen_text(app)
        enlarge = said(
            "Please enlarge the terminal: the board and the panel do not fit in "
            "{width}×{height}.", width=50, height=14,
        )
        # The first of two sentences (then how big the race needs it), as the language
        # puts two sentences together (English: a space between).
        first = pgettext("two sentences", "{first} {second}").format(first=enlarge, second="\0")
        assert static_text(app, "#enlarge").startswith(first.split("\0")[0])
        assert first.split("\0")[0] == enlarge + " " or i18n.current_language() != "en"
        # Keys still reach the race, which is unharmed.
        await press(pilot, "2")
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert not screen.has_class("-too-small")
        assert [p.space for p in app.race.state.path] == [
            app.race.game.board.index_of(i) for i in ("a1", "a2")
        ]
        await press(pilot, "3", "enter")
        assert where(app) == ["a3", "start"]
        assert turn_heading(app) == said(
            "{name}'s turn ({car})", name="Ben", car=colour_name(Colour.BLUE)
        )


@run_async
async def test_rules_screen_from_the_race_and_back() -> None:
    app = race_app(race=sprint_race())
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "question_mark")
        assert isinstance(app.screen, RulesScreen)
        text = screen_text(app)
        heading = _("# Monza: the rules in short")  # a paragraph of rules.md, a msgid
        assert heading in rules_text() and heading.removeprefix("# ") in text
        await press(pilot, "escape")
        assert isinstance(app.screen, RaceScreen)
        await press(pilot, "f1")
        assert isinstance(app.screen, RulesScreen)
        await press(pilot, "q")
        assert isinstance(app.screen, RaceScreen)


def test_rules_summary_cites_the_rulings_and_variants() -> None:
    with speaking("en"):  # the source text (each language keeps the numbers, docs/i18n.md)
        text = rules_text()
    for ruling in range(1, 17):
        assert f"R{ruling}" in text, ruling
    assert "## Pro variant (--pro)" in text and "## Bonus-move variant (--bonus)" in text


@run_async
async def test_footer_offers_the_keys_of_the_moment() -> None:
    app = race_app(race=sprint_race(pro=True), roller=ScriptedDice("RGBYPW"))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        footer = screen_text(app).splitlines()[-1]
        roll = key_label(pgettext("key", "space"), "Roll")
        assert roll in footer and _("Take back") not in footer
        await press(pilot, "space")
        footer = screen_text(app).splitlines()[-1]
        assert key_label("1-6", "Die") in footer and key_label("k", "Keep roll") in footer
        assert roll not in footer
        await press(pilot, "k", "1")
        footer = screen_text(app).splitlines()[-1]
        assert key_label("⌫", "Take back") in footer and key_label("t", "Tile") in footer


@run_async
async def test_a_die_that_fits_nowhere_is_refused_with_a_message() -> None:
    app = race_app(race=sprint_race(), roller=ScriptedDice("RGBYPW"))
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space", "3")  # blue fits b1 from the start
        await press(pilot, "3")  # already placed
        assert [n.message for n in app._notifications] == [
            said("Die {n} is already placed (⌫ takes it back).", n=3)
        ]
        await press(pilot, "2")  # green fits a2 only (diagonal from b1): placed at once
        assert len(app.race.state.path) == 2
        await press(pilot, "6")  # white fits nothing from a2 (a3 B, b3 R)
        assert list(app._notifications)[-1].message == said(
            "Die {n} ({colour}) fits no space ahead.", n=6, colour=colour_name(Colour.WHITE)
        )
        # An illegal action from anywhere is refused by the engine's door.
        assert not app.host.act(Confirm())
        await settle(pilot)
        assert list(app._notifications)[-1].message == _("That is not allowed now.")


def test_choices_follow_the_legal_actions() -> None:
    board = load_board(SPRINT).board
    state = Game(board, (Colour.RED, Colour.BLUE), pro=True).new_state()
    state = state.apply(Roll(colours("RRGGYP"))).apply(KeepRoll())
    assert state.phase is Phase.PLACING
    a1, b1 = board.index_of("a1"), board.index_of("b1")
    assert choices.targets(state) == (a1, b1)  # red die, or the blue tile
    assert choices.die_targets(state, 0) == (a1,)
    assert choices.place_at(state, a1) == Place(Die(0), a1)
    assert choices.place_at(state, b1) == Place(Tile(Colour.BLUE), b1)
    assert choices.place_at(state, b1, Die(0)) is None
    assert not choices.can_confirm(state)
    assert choices.fitting_tiles(state) == [Tile(Colour.RED), Tile(Colour.BLUE)]


def test_the_log_tells_what_the_engine_did() -> None:
    board = load_board(SPRINT).board
    names = ["Ann", "Ben"]
    start = Game(board, (Colour.RED, Colour.BLUE), bonus=True).new_state()
    rolled = start.apply(Roll(colours("BRRRRR")))
    assert tell(start, Roll(colours("BRRRRR")), rolled, names) == [
        said("{name} rolls {dice}", name="Ann", dice=dice_text(colours("BRRRRR")))
    ]
    b1 = board.index_of("b1")
    placed = rolled.apply(Place(Die(0), b1))
    done = placed.apply(Confirm())
    # Blue last: Ben's car may step (R15).
    drives = said_n("{name} drives with {dice} die", "{name} drives with {dice} dice", 1,
                    name="Ann", dice=1)
    where = said_n("{place}, {n} space to the finish", "{place}, {n} spaces to the finish",
                   10, place=ordinal(1))
    assert tell(placed, Confirm(), done, names) == [
        said("{line}: {where}", line=drives, where=where),
        said("Bonus move: the {car} car may step forward", car=colour_name(Colour.BLUE)),
    ]


def test_every_race_key_has_its_own_id_for_keymaps() -> None:
    from monza_tui.app.screens.race_keys import KEYS

    ids = [binding.id for binding in KEYS]
    assert None not in ids
    assert len(set(ids)) == len(KEYS)
    assert ids[:3] == ["race.roll", "race.die-1", "race.die-2"]
