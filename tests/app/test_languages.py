"""Every shipped catalogue: complete, placeholders intact, plural forms right for n = 0, 1,
2, 5, 22, six colour letters distinct and one cell wide, and the track drawn cell for cell
as in English at 120x40 and 80x24.

The rulebooks' languages arrive from their translators one by one: a language whose
``locale/<code>/LC_MESSAGES/monza.po`` is not there yet is skipped (named in the skip
reason), so the tests start to bite the moment its file lands.
"""

from __future__ import annotations

import gettext
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len

from app.helpers import race_app, run_async, screen_lines, settle
from app.language_checks import region_lines, speaking
from monza_tui import i18n
from monza_tui.app.board_marks import CAR_MARK, car_glyph
from monza_tui.engine import Colour
from monza_tui.i18n import colour_letter
from monza_tui.locale import catalogue
from monza_tui.race.setup import RaceSetup, Seat, start_race

TRANSLATED = ("de", "fr", "pl", "zh", "ru")
"""The rulebooks' languages besides English (docs/i18n.md)."""
SHIPPED = ("en", catalogue.PSEUDO, *TRANSLATED)

PLURAL_INDEX = {
    "en": [1, 0, 1, 1, 1],
    catalogue.PSEUDO: [1, 0, 1, 1, 1],
    "de": [1, 0, 1, 1, 1],
    "fr": [0, 0, 1, 1, 1],  # 0 is singular in French
    "pl": [2, 0, 1, 2, 1],  # 1 plik, 2 pliki, 5 plików, 22 pliki
    "ru": [2, 0, 1, 2, 1],  # 1 файл, 2 файла, 5 файлов, 22 файла
    "zh": [0, 0, 0, 0, 0],
}
"""The form used for n = 0, 1, 2, 5, 22 in each language (written out, not computed)."""
COUNTS = (0, 1, 2, 5, 22)


def po_file(code: str) -> Path:
    path = catalogue.LOCALE / code / "LC_MESSAGES" / f"{catalogue.DOMAIN}.po"
    if not path.exists():
        pytest.skip(f"{code}: no catalogue delivered yet ({path.name})")
    return path


def mo_file(code: str) -> Path:
    path = catalogue.LOCALE / code / "LC_MESSAGES" / f"{catalogue.DOMAIN}.mo"
    if not path.exists():
        pytest.skip(f"{code}: no compiled catalogue yet")
    return path


PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\([a-z_]+\)[sdr]|%[sdr]")


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


@pytest.mark.parametrize("code", PLURAL_INDEX)
def test_our_plural_rule_table_gives_the_right_forms(code: str) -> None:
    expression = catalogue.PLURAL_FORMS[code].split("plural=", 1)[1].rstrip(";")
    rule = gettext.c2py(expression.strip())
    assert [rule(n) for n in COUNTS] == PLURAL_INDEX[code]


@pytest.mark.parametrize("code", SHIPPED)
def test_compiled_catalogue_uses_the_right_plural_forms(code: str) -> None:
    mo_file(code)
    translation = gettext.translation(
        catalogue.DOMAIN, localedir=catalogue.LOCALE, languages=[code]
    )
    assert isinstance(translation, gettext.GNUTranslations)
    assert translation.info()["plural-forms"] == catalogue.PLURAL_FORMS[code]
    assert [translation.plural(n) for n in COUNTS] == PLURAL_INDEX[code]


@pytest.mark.parametrize("code", TRANSLATED)
def test_catalogue_is_complete(code: str) -> None:
    translated = catalogue.updated(po_file(code), catalogue.extract())
    missing = [
        message.id for message in translated
        if message.id and (message.fuzzy or not all(
            message.string if isinstance(message.string, tuple) else (message.string,)
        ))
    ]
    assert missing == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_placeholders_are_intact(code: str) -> None:
    problems = []
    for message in catalogue.read_language(po_file(code)):
        if not message.id or not message.string or message.fuzzy:
            continue  # a fuzzy guess is never compiled, so it never reaches the screen
        ids = (message.id,) if isinstance(message.id, str) else message.id
        forms = (message.string,) if isinstance(message.string, str) else message.string
        wanted = set().union(*(placeholders(text) for text in ids))
        for form in filter(None, forms):
            found = placeholders(form)
            plural = not isinstance(message.id, str)
            # A plural's one-form ("one tile") may leave out the count; nothing may appear
            # that the English does not have.
            if not found <= wanted or (not plural and found != wanted):
                problems.append((ids[0], form))
    assert problems == []


def test_colour_words_follow_the_language_in_effect() -> None:
    # (they are looked up once per language: a switch must reach them)
    mo_file("de")
    mo_file("ru")
    english = i18n.colour_name(Colour.YELLOW), colour_letter(Colour.YELLOW)
    with speaking("de"):
        german = i18n.colour_name(Colour.YELLOW), colour_letter(Colour.YELLOW)
    with speaking("ru"):
        russian = i18n.colour_name(Colour.YELLOW), colour_letter(Colour.YELLOW)
    assert german == ("Gelb", "E") != english  # (english: the session's language)
    assert russian[1] != "Y" and russian[0] not in (english[0], german[0])
    assert (i18n.colour_name(Colour.YELLOW), colour_letter(Colour.YELLOW)) == english


@pytest.mark.parametrize("code", SHIPPED)
def test_colour_letters_are_distinct_and_one_cell(code: str) -> None:
    mo_file(code)
    with speaking(code):
        letters = [colour_letter(colour) for colour in Colour]
        glyphs = [car_glyph(colour) for colour in Colour]
        names = [i18n.colour_name(colour) for colour in Colour]
    assert len(set(letters)) == 6, letters
    assert [cell_len(letter) for letter in letters] == [1] * 6, letters
    assert [cell_len(glyph) for glyph in glyphs] == [1] * 6, glyphs
    assert [cell_len(CAR_MARK + letter) for letter in letters] == [2] * 6
    assert len(set(names)) == 6, names
    # Each catalogue chooses its letters explicitly (Chinese keeps the Latin ones on purpose).
    chosen = {
        message.id: message.string
        for message in catalogue.read_language(po_file(code))
        if message.context == "colour letter" and message.string and not message.fuzzy
    }
    assert sorted(chosen) == sorted("RBGYPW"), chosen


def board_picture(lines: list[str]) -> list[str]:
    """The track without its words: letters (space letters, cars' letters) become ``x``,
    so two languages' pictures compare cell for cell."""
    return ["".join("x" if ch.isalpha() or ch in "ⒶⒷⒸⒹⒺⒻⒼⒽⒾⒿⓀⓁⓂⓃⓄⓅⓆⓇⓈⓉⓊⓋⓌⓍⓎⓏ"
                    else ch for ch in line) for line in lines]


async def track(code: str, size: tuple[int, int]) -> list[str]:
    seats = (Seat("Ann", Colour.RED), Seat("Bob", Colour.BLUE), Seat("Cy", Colour.GREEN),
             Seat("Di", Colour.YELLOW))
    race = start_race(RaceSetup(board="long", seats=seats, seed=4))
    with speaking(code):
        app = race_app(race=race)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            board: Any = app.screen.query_one("#board")
            return board_picture(region_lines(screen_lines(app), tuple(board.region)))


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
@pytest.mark.parametrize("code", [c for c in SHIPPED if c != "en"])
@run_async
async def test_the_track_is_aligned_as_in_english(code: str, size: tuple[int, int]) -> None:
    mo_file(code)
    english = await track("en", size)
    assert await track(code, size) == english


def test_keys_of_screens_made_after_launch_speak_the_launch_language() -> None:
    # In a fresh process (no test has relabelled the classes yet), a game launched in German:
    # the race screen's module is imported after the app starts, and its keys must still
    # read in German, not as the English msgids they are marked with.
    script = """
import asyncio
from monza_tui import i18n
i18n.set_language("de")
from monza_tui.app.app import MonzaApp
from monza_tui.race.setup import RaceSetup, Seat, start_race
from monza_tui.engine import Colour

async def main():
    setup = RaceSetup(board="oval", seats=(Seat("Anna", Colour.RED), Seat("Ben", Colour.BLUE)),
                      seed=3)
    app = MonzaApp(race=start_race(setup), bot_delay=0, animation_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        strips = app.screen._compositor.render_strips()
        print(strips[-1].text)  # the footer: the keys of the moment

asyncio.run(main())
"""
    env = {**os.environ, "LANGUAGE": "de"}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "Würfeln" in done.stdout and "Roll" not in done.stdout, done.stdout


@run_async
async def test_the_rules_screen_explains_the_board_letters_in_german() -> None:
    from app.helpers import press
    from monza_tui.app.screens.rules import RulesScreen

    with speaking("de"):
        app = race_app()
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            await press(pilot, "f1")
            assert isinstance(app.screen, RulesScreen)
            rules = app.screen.query_one("#rules")
            rules.scroll_end(animate=False)
            await settle(pilot)
            text = "\n".join(screen_lines(app))
    assert "So liest du den Spielplan" in text
    assert "E = Gelb" in text and "L = Lila" in text  # German letters: Gelb E, Lila L
    assert "◎ Reifen (Hindernisfeld)" in text
