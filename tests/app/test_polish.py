"""What a QA tester still met as a new user after issue 8: a banner that broke inside a
name, a push-back that read as free, bonus steps lit as if a tile were needed, a ▶ on the
wrong car, footer keys that do nothing, results naming rules the race did not have, spent
tiles that looked unused, stale toasts and the palette key on the other screens."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from app.helpers import (
    ANN,
    BEN,
    ScriptedDice,
    at,
    bot_name,
    colours,
    footer,
    key_label,
    play_by_keys,
    played,
    press,
    race_app,
    run_async,
    said,
    said_n,
    screen_lines,
    settle,
    sprint,
    static_text,
    wait_for,
)
from app.language_checks import STANDINGS_CUT, TILES_CUT, known_problem
from monza_tui import i18n
from monza_tui.app.board_view import BoardView
from monza_tui.app.screens.results import ResultsScreen, dice_words, rule_note
from monza_tui.app.widgets.panel import wrap_words
from monza_tui.engine import Colour, Confirm, Die, Phase, Place, Roll
from monza_tui.i18n import _, ngettext
from monza_tui.i18n import colour_letter as letter
from monza_tui.race.narrate import (
    ordinal,
    places,
    push_lines,
    steps_to_finish,
    tell,
    to_go,
    where_short,
)
from monza_tui.race.setup import RaceSetup, Seat, start_race
from monza_tui.record import Race

FOUR = (
    ANN,
    Seat(bot_name(1), Colour.BLUE),
    Seat(bot_name(2), Colour.GREEN),
    Seat(bot_name(3), Colour.YELLOW),
)


def panel_lines(app: Any, width: int) -> list[str]:
    """The side panel's text lines (the panel is the last 36 columns)."""
    return [line[width - 36 :].rstrip() for line in screen_lines(app)]


def final_round_race() -> Race:
    """Ann reaches the finish in round 2; Bot 1, Bot 2 and Bot 3 still drive (R10)."""
    race = sprint(FOUR)
    race = played(
        race,
        Roll(colours("RGBYPW")),
        *[Place(Die(i), at(race, f"a{i + 1}")) for i in range(6)],
        Confirm(),
    )
    for _round in range(3):
        race = played(race, Roll(colours("WWWWWW")), Confirm())  # no white space ahead
    return played(
        race,
        Roll(colours("RGBYWW")),
        *[Place(Die(i), at(race, f"a{i + 7}")) for i in range(4)],
        Place(Die(4), race.game.board.finishes[0]),
        Confirm(),
    )


# 1. The final-round banner breaks between names, never inside one -------------------


def test_wrap_words_keeps_each_name_whole() -> None:
    words = ["FINAL", "ROUND", "·", "still", "to", "drive:", "Bot 1,", "Bot 2,", "Bot 3"]
    assert wrap_words(words, 33) == "FINAL ROUND · still to drive:\nBot 1, Bot 2, Bot 3"
    assert wrap_words(words, 35) == "FINAL ROUND · still to drive:\nBot 1, Bot 2, Bot 3"
    assert wrap_words(words, 12) == (
        "FINAL ROUND\n· still to\ndrive: Bot 1,\nBot 2, Bot 3"
    ).replace("drive: Bot 1,", "drive:\nBot 1,")


@run_async
async def test_final_round_banner_names_break_whole_at_both_sizes() -> None:
    for size in ((80, 24), (120, 40)):
        app = race_app(race=final_round_race())
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            lines = panel_lines(app, size[0])
            # The banner's words as the panel makes them, each name one word.
            names = [bot_name(n) for n in (1, 2, 3)]
            words = _("FINAL ROUND · still to drive:").split(" ")
            words += [name + _(",") for name in names[:-1]] + names[-1:]
            banner = ["▏ " + line for line in wrap_words(words, 33).split("\n")]
            if i18n.current_language() == "en":
                assert banner == ["▏ FINAL ROUND · still to drive:", "▏ Bot 1, Bot 2, Bot 3"]
            top = lines.index(banner[0])
            assert lines[top : top + len(banner)] == banner, size


# 2. A push-back says how far, and the place counts who is ahead on the board -----------


def test_push_back_says_how_far_and_the_new_place() -> None:
    race = sprint()
    race = played(
        race, Roll(colours("RGWWWW")), Place(Die(0), at(race, "a1")),
        Place(Die(1), at(race, "a2")), Confirm(),
    )
    before = race.state
    race = played(race, Roll(colours("BGWWWW")), Place(Die(0), at(race, "b1")),
                  Place(Die(1), at(race, "a2")))
    after = race.apply(Confirm()).state
    lines = tell(race.state, Confirm(), after, ["Ann", "Ben"])
    def where(place: int, n: int) -> str:
        return said_n("{place}, {n} space to the finish", "{place}, {n} spaces to the finish",
                      n, place=ordinal(place))

    drives = said_n("{name} drives with {dice} die", "{name} drives with {dice} dice", 2,
                    name="Ben", dice=2)
    assert lines[:2] == [
        said("{line}: {where}", line=drives, where=where(1, 9)),
        said_n("{name} pushes {other} back {n} space: {where}",
               "{name} pushes {other} back {n} spaces: {where}", 1,
               name="Ben", other="Ann", where=where(2, 10)),
    ]
    assert push_lines(after, after.last_turn, ["Ann", "Ben"]) == lines[1:2]  # type: ignore[arg-type]
    assert before.positions[0] == at(race, "a2")


def test_cars_level_on_the_board_share_a_place_marked_with_equals() -> None:
    race = sprint()
    state = replace(race.state, positions=(at(race, "a1"), at(race, "b1")))
    assert places(state) == (1, 1)
    level = said("{place}, {n} to go", place=said("={place}", place=ordinal(1)), n=10)
    assert [where_short(state, p) for p in (0, 1)] == [level, level]


def test_equal_steps_are_ranked_by_who_is_ahead_on_the_board() -> None:
    race = start_race(RaceSetup(board="oval", seats=(ANN, BEN), seed=1))
    board = race.game.board
    distance = steps_to_finish(board)
    # Two spaces as many steps from the finish, one further ahead on the board.
    pair = next(
        (a, b)
        for a in range(len(board.spaces))
        for b in range(len(board.spaces))
        if a not in (board.start, *board.finishes)
        and b not in (board.start, *board.finishes)
        and distance[a] == distance[b]
        and board.spaces[a].front > board.spaces[b].front
    )
    state = replace(race.state, positions=pair)
    n = distance[pair[0]]
    assert places(state) == (1, 2)
    assert [where_short(state, p) for p in (0, 1)] == [
        said("{place}, {n} to go", place=ordinal(1), n=n),
        said("{place}, {n} to go", place=ordinal(2), n=n),
    ]


# 3. Bonus steps lit as plain steps; the ▶ on whoever acts ----------------------------


@known_problem(STANDINGS_CUT)
@run_async
async def test_bonus_steps_are_not_lit_as_tile_spaces_and_the_marker_follows_the_bonus() -> None:
    race = played(sprint(pro=True, bonus=True), Roll(colours("BRRRRR")))
    race = played(race, race.state.legal_actions()[0])  # keep the roll
    race = played(race, Place(Die(0), at(race, "b1")), Confirm())
    assert race.state.phase is Phase.BONUS and race.state.bonus_player == 1
    app = race_app(race=race)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        scene = app.screen.query_one(BoardView).scene
        assert scene.highlights == {at(race, "a1")}
        assert scene.tile_only == frozenset()
        lines = panel_lines(app, 120)
        ann = said("{place}, {n} to go", place=ordinal(1), n=10)
        assert f"▏  ●{letter(Colour.RED)}    Ann{ann:>23}" in lines
        assert f"▏  ●{letter(Colour.BLUE)}  ▶ Ben{_('start'):>23}" in lines, lines


# 4. The footer offers only keys that do something now ----------------------------------


@run_async
async def test_footer_shows_choose_and_hides_dice_and_tile_keys_that_do_nothing() -> None:
    app = race_app(race=sprint(pro=True), roller=ScriptedDice("RRRRRR"))
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space")  # the extra-roll question
        choose, die, tile, ok = ("⇥/←→", "Choose"), ("1-6", "Die"), ("t", "Tile"), ("⏎", "OK")
        end = (("h", "Hint"), ("^q", "Quit"), ("?", "Rules"))
        assert screen_lines(app)[-1] == footer(choose, die, ok, ("k", "Keep roll"), *end)
        await press(pilot, "k")
        assert screen_lines(app)[-1] == footer(choose, die, tile, ok, *end)
        await press(pilot, "1")  # the red die onto a1; no red space follows
        assert screen_lines(app)[-1] == footer(choose, tile, ok, ("⌫", "Take back"), *end)


# 5. Results say only the rules that apply; a 0 and a car not at the finish explained ----


def test_rule_note_names_tiles_and_turbo_only_in_the_pro_variant() -> None:
    assert rule_note(False) == _(
        "The finishers' dice in their turn of the final round decide: fewest wins."
    )
    assert rule_note(True) == _(
        "The finishers' dice in their turn of the final round decide: fewest wins, "
        "tiles do not count, turbo dice do."
    )


def test_dice_words_explain_a_bonus_step_finish_and_a_car_not_at_the_finish() -> None:
    race = sprint()
    finish = race.game.board.finishes[0]
    state = replace(race.state, positions=(finish, at(race, "a3")), round_dice=(None, 2),
                    phase=Phase.FINISHED)
    assert dice_words(state, 0) == _("0 (bonus step)")
    steps = to_go(state, 1)
    assert steps > 1
    assert dice_words(state, 1) == ngettext(
        "did not finish: {n} space to go", "did not finish: {n} spaces to go", steps
    ).format(n=steps)
    state = replace(state, round_dice=(3, 2))
    assert dice_words(state, 0) == "3"


@run_async
async def test_results_of_a_basic_race_do_not_mention_tiles_or_turbo() -> None:
    app = race_app(race=sprint())
    async with app.run_test(size=(120, 40)) as pilot:
        await play_by_keys(pilot)
        assert isinstance(app.screen, ResultsScreen)
        assert static_text(app, "#rule-note") == _(
            "The finishers' dice in their turn of the final round decide: fewest wins."
        )
        assert "palette" not in screen_lines(app)[-1]  # 8: no palette key here either


# 6. A placed tile is visibly gone without colour ---------------------------------------


@known_problem(TILES_CUT)
@run_async
async def test_a_placed_tile_shows_a_dot_like_a_placed_die() -> None:
    app = race_app(race=sprint(pro=True), roller=ScriptedDice("RRRRRR"), )
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "space", "k", "1")  # red die on a1
        marks = [letter(c).lower() for c in Colour]
        label, extra = _("Tiles"), _("+roll")
        tiles = next(line for line in panel_lines(app, 120) if label in line)
        assert tiles == f"▏ {label}  {'  '.join(marks)}   {extra}"
        await press(pilot, "t", "enter")  # the first tile that fits: green, onto a2
        marks[2] = "·"
        tiles = next(line for line in panel_lines(app, 120) if label in line)
        assert tiles == f"▏ {label}  {'  '.join(marks)}   {extra}"


# 7 and 8: stale answers go; no palette key on the set-up screen --------------------------


@run_async
async def test_an_answer_toast_goes_once_the_race_moves_on() -> None:
    app = race_app(race=sprint(), roller=ScriptedDice("RRRRRR"))
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "h")
        assert [n.message for n in app._notifications] == [
            _("Roll first (space): the hint looks at your dice.")
        ]
        await press(pilot, "space")
        assert [n.message for n in app._notifications] == []


@run_async
async def test_set_up_footer_has_no_palette_key() -> None:
    app = race_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        quit_key = key_label("^q", "Quit")
        await wait_for(pilot, lambda: quit_key in screen_lines(app)[-1])
        keys = screen_lines(app)[-1]
        assert "palette" not in keys and _("palette") not in keys


@run_async
async def test_the_race_s_news_is_not_toasted_over_the_screen_that_followed() -> None:
    # A toast of the race's news comes a frame after its move; when the race ended with
    # that move (a skipped bot's finish), the results may already be up: no toast on them.
    app = race_app(race=sprint(), roller=ScriptedDice("RRRRRR"))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        race_screen = app.screen
        race_screen._announce("news")  # type: ignore[attr-defined]
        await pilot.pause()
        assert [n.message for n in app._notifications] == ["news"]
        app.clear_notifications()
        from textual.screen import Screen

        await app.push_screen(Screen())  # as the results come over the race screen
        await pilot.pause()
        assert app.screen is not race_screen
        race_screen._announce("news")  # type: ignore[attr-defined]
        await pilot.pause()
        assert [n.message for n in app._notifications] == []
